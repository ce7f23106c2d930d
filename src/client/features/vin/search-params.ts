import * as v from 'valibot';

/**
 * Typed search params of the VIN and vehicle routes. Anything unreadable becomes undefined and the
 * route sends the user back to its first step instead of showing a broken page.
 */
const posInt = v.optional(v.pipe(v.unknown(), v.transform((x) => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,9}$/.test(x) ? Number(x) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
})));
const text = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === 'string' || typeof x === 'number' ? String(x).trim() : ''))));
/**
 * The shape of vinSchema (17 of A-Z and 0-9 without I, O, Q, after the same normalising), written
 * out here: the contract module would bring the VIN decoder's maker table into the entry bundle,
 * as these params are read while the route tree loads. vin-params.test.ts holds them together.
 */
export const vinParam = (x: unknown): string | undefined => {
  const s = typeof x === 'string' ? x.replace(/[\s-]/g, '').toUpperCase() : '';
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(s) ? s : undefined;
};
const vin = v.optional(v.pipe(v.unknown(), v.transform(vinParam)));

export const vinSearch = v.object({ vin });
export const vinVehicleSearch = v.object({ vin, vehicle_id: posInt });
export const vinGroupSearch = v.object({ vin, vehicle_id: posInt, group_id: posInt });
export const vinPartsSearch = v.object({ vin, vehicle_id: posInt, subgroup_id: posInt });
export const vinKeywordSearch = v.object({ vin, vehicle_id: posInt, k: text });
export const vehiclePickSearch = v.object({ make: text, model: text });
export const vehicleGroupSearch = v.object({ vehicle_id: posInt, group_id: posInt });
export const vehiclePartsSearch = v.object({ vehicle_id: posInt, subgroup_id: posInt });
