import * as v from 'valibot';
import { vinParam } from '../vin/search-params';

const posInt = v.optional(v.pipe(v.unknown(), v.transform((x) => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,9}$/.test(x) ? Number(x) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
})));

/** /search/parts/illustration and /im/illustration: a VIN to decode, or the vehicle, then the subgroup. */
export const illustrationSearch = v.object({
  vin: v.optional(v.pipe(v.unknown(), v.transform(vinParam))),
  vehicle_id: posInt,
  subgroup_id: posInt,
});
export type IllustrationSearch = v.InferOutput<typeof illustrationSearch>;

/** The operator's editor: the subgroup being edited. */
export const opIllustrationSearch = v.object({ subgroup_id: posInt });

/** The filters of EPC图解's vehicle list (here, not in the page: the route's search check must not load the page). */
export const EPC_FILTER_NAMES = ['k', 'diagram'] as const;
