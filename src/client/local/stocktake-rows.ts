/**
 * The rows of a stocktake kept on the device (Dexie tables 'stocktakeCounts' and
 * 'stocktakeCatalogs', local/db.ts) and their check on reading: valibot only, no Dexie.
 */
import * as v from 'valibot';

/** A count typed on this device (docs/warehouse.md "Stocktake"): kept until its stocktake is no longer opened here. */
export const stocktakeCountRow = v.object({
  user_uuid: v.string(),
  clientKey: v.string(),
  stocktakeId: v.number(),
  locationId: v.number(),
  locationCode: v.string(),
  stockId: v.number(),
  oe: v.string(),
  name: v.string(),
  brand: v.string(),
  counted: v.number(),
  /** unix seconds: the scan */
  countedAt: v.number(),
  /** milliseconds: when it was typed (the list's order) */
  typedAtMs: v.number(),
  /** the server's answer, once it has one */
  result: v.optional(v.object({ id: v.number(), expected: v.number(), delta: v.number(), state: v.string() })),
});
export type StocktakeCountRow = v.InferOutput<typeof stocktakeCountRow>;

const part = v.object({
  stockId: v.number(), oe: v.string(), oeNorm: v.string(), name: v.string(), brand: v.string(), quality: v.string(), locationIds: v.array(v.number()),
});

/** A stocktake's locations and the warehouse's placed rows, as last fetched: what counting offline needs. */
export const stocktakeCatalogRow = v.object({
  user_uuid: v.string(),
  stocktakeId: v.number(),
  warehouseName: v.string(),
  state: v.picklist(['open', 'closed']),
  locations: v.array(v.object({ id: v.number(), code: v.string() })),
  rows: v.array(part),
  truncated: v.boolean(),
  /** unix seconds */
  savedAt: v.number(),
});
export type StocktakeCatalogRow = v.InferOutput<typeof stocktakeCatalogRow>;
