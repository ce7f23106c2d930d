/**
 * The rows of the browser database (local/db.ts) and their check on reading: valibot only, no
 * Dexie, so a module can name and check rows without loading the database.
 */
import * as v from 'valibot';
import { SEARCH_KINDS, SEARCH_MODES } from '../../shared/contracts/history';

export const searchHistoryRow = v.object({
  user_uuid: v.string(),
  search_value: v.string(),
  /** the kinds of version 3 ('oe', 'keyword') stay valid: no upgrade of old rows is needed */
  search_type: v.picklist(SEARCH_KINDS),
  /** 精确 / 模糊 of a keyword-type search; absent in rows written before it was kept */
  search_mode: v.optional(v.nullable(v.picklist(SEARCH_MODES))),
  create_time: v.number(),
});
export type SearchHistoryRow = v.InferOutput<typeof searchHistoryRow>;

export const outboxRow = v.object({
  seq: v.optional(v.number()),
  user_uuid: v.string(),
  name: v.string(),
  payload: v.unknown(),
  idempotencyKey: v.string(),
  createdAt: v.number(),
  attempts: v.number(),
  state: v.picklist(['pending', 'failed']),
  lastError: v.optional(v.string()),
});
export type OutboxRow = v.InferOutput<typeof outboxRow>;

/** A line of the company's 常购清单 as this device last saw it (or as an offline edit left it), per user. */
export const basketRow = v.object({
  user_uuid: v.string(),
  key: v.string(),
  oe: v.string(),
  oeNorm: v.string(),
  name: v.string(),
  quality: v.string(),
  brand: v.string(),
  qty: v.number(),
  note: v.string(),
  createdBy: v.string(),
  updatedAt: v.number(),
  /** newest first, as the server lists them */
  order: v.number(),
});
export type BasketRow = v.InferOutput<typeof basketRow>;

/** One of the user's follows (关注) as last fetched. */
export const followRow = v.object({
  user_uuid: v.string(),
  id: v.number(),
  kind: v.picklist(['seller', 'oe']),
  sellerId: v.number(),
  sellerName: v.string(),
  oe: v.string(),
  oeNorm: v.string(),
  name: v.string(),
  lowPrice: v.nullable(v.number()),
  inStock: v.boolean(),
  createdAt: v.number(),
});
export type FollowRow = v.InferOutput<typeof followRow>;

/** Keeps the rows that match their schema and warns about the rest. */
export const validRows = <S extends v.GenericSchema>(schema: S, rows: unknown[], table: string): v.InferOutput<S>[] => {
  const out: v.InferOutput<S>[] = [];
  for (const row of rows) {
    const r = v.safeParse(schema, row);
    if (r.success) out.push(r.output);
    else console.warn(`qipeihub: dropped a bad ${table} row`, r.issues[0]?.message);
  }
  return out;
};
