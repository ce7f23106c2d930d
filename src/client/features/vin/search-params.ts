import * as v from 'valibot';
import { vinSchema } from '../../../shared/contracts/vin';

/**
 * Typed search params of the VIN and vehicle routes. Anything unreadable becomes undefined and the
 * route sends the user back to its first step instead of showing a broken page.
 */
const posInt = v.optional(v.pipe(v.unknown(), v.transform((x) => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,9}$/.test(x) ? Number(x) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
})));
const text = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === 'string' || typeof x === 'number' ? String(x).trim() : ''))));
const vin = v.optional(v.pipe(v.unknown(), v.transform((x) => {
  const r = v.safeParse(vinSchema, typeof x === 'string' ? x : '');
  return r.success ? r.output : undefined;
})));

export const vinSearch = v.object({ vin });
export const vinVehicleSearch = v.object({ vin, vehicle_id: posInt });
export const vinGroupSearch = v.object({ vin, vehicle_id: posInt, group_id: posInt });
export const vinPartsSearch = v.object({ vin, vehicle_id: posInt, subgroup_id: posInt });
export const vinKeywordSearch = v.object({ vin, vehicle_id: posInt, k: text });
export const vehiclePickSearch = v.object({ make: text, model: text });
export const vehicleGroupSearch = v.object({ vehicle_id: posInt, group_id: posInt });
export const vehiclePartsSearch = v.object({ vehicle_id: posInt, subgroup_id: posInt });
