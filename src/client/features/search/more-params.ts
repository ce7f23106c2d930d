import * as v from 'valibot';
import { textParam } from './search-params';

/**
 * Address params of 我的库存与曾采购, 采购记录, 油品 and 新车型 (docs/search.md). Read while the route tree
 * loads, so no contract module here; a value of the wrong kind falls back to its default, and the
 * server checks what is sent.
 */
const day = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x.trim()) ? x.trim() : ''))));
const month = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(x.trim()) ? x.trim() : ''))));
const page = v.optional(v.pipe(v.unknown(), v.transform((x) => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,5}$/.test(x) ? Number(x) : 1;
  return Number.isInteger(n) && n >= 1 && n <= 10000 ? n : 1;
})));
export const PURCHASE_PAGE_SIZES = [20, 50, 100] as const;
const pageSize = v.optional(v.pipe(v.unknown(), v.transform((x) => {
  const n = Number(x);
  return (PURCHASE_PAGE_SIZES as readonly number[]).includes(n) ? n : 50;
})));

export const myPartsParams = v.object({ k: textParam });
export const purchaseParams = v.object({ oe: textParam, name: textParam, seller: textParam, date_from: day, date_to: day, page_number: page, page_size: pageSize });
export const oilParams = v.object({ k: textParam, viscosity: textParam, spec: textParam, volume_ml: textParam, brand: textParam, kind: textParam });
export const newVehicleParams = v.object({ month, make: textParam });

export type PurchaseParams = v.InferOutput<typeof purchaseParams>;
export type OilParams = v.InferOutput<typeof oilParams>;

/** The filter as the call takes it: every field present. */
export const purchaseFilterOf = (p: PurchaseParams) => ({
  oe: p.oe ?? '', name: p.name ?? '', seller: p.seller ?? '', date_from: p.date_from ?? '', date_to: p.date_to ?? '',
  page_number: p.page_number ?? 1, page_size: p.page_size ?? 50,
});
export const oilFilterOf = (p: OilParams) => ({
  k: p.k ?? '', viscosity: p.viscosity ?? '', spec: p.spec ?? '', volume_ml: p.volume_ml ?? '', brand: p.brand ?? '', kind: p.kind ?? '',
});
