import * as v from 'valibot';
import { PAGE_SIZES } from '../../../shared/contracts/search';

export const SHOP_TABS = ['exhibition', 'factory', 'product', 'maintenance', 'video'] as const;
export type ShopTab = (typeof SHOP_TABS)[number];

/** Search params of /company/{id} and /company/m/{id}: the tab, and the product tab's keyword and page. */
export const shopSearchSchema = v.object({
  tab: v.optional(v.fallback(v.picklist(SHOP_TABS), 'exhibition'), 'exhibition'),
  // the router parses ?k=12345 as a number: keep it as the text the user typed
  k: v.optional(v.pipe(v.unknown(), v.transform((x) => (x === undefined || x === null ? '' : String(x).trim().slice(0, 50)))), ''),
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  size: v.optional(v.fallback(v.picklist([...PAGE_SIZES]), 50), 50),
});
export type ShopSearch = v.InferOutput<typeof shopSearchSchema>;

/** ?id= of the /company/{exhibition|factory|product|video} aliases. */
export const shopIdSearchSchema = v.object({
  id: v.optional(v.fallback(v.pipe(v.unknown(), v.transform((x) => (/^\d{1,9}$/.test(String(x)) ? Number(x) : undefined))), undefined)),
});

export const parseShopId = (raw: string): number | null => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
