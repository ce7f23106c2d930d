import { msg } from '../messages';

/**
 * The VIN decode quota of a company (requirements 000-9): unlimited while a date-based period runs,
 * otherwise limited to the decodes bought. The same VIN decoded again by the same company on the
 * same China business day is free, so reloading a result page or coming back to it never costs a
 * second decode.
 */
export interface VinQuotaInput {
  /** company_level.vin_type: vin_company_order_current_type */
  type: 'date' | 'count';
  /** end of the date-based period */
  endAt: Date | null;
  /** decodes bought (company.vin_sum_qty) */
  bought: number;
  /** decodes counted so far */
  used: number;
}

export interface VinQuotaState {
  unlimited: boolean;
  /** decodes left; null when unlimited */
  available: number | null;
}

export const vinQuotaState = (q: VinQuotaInput, now: Date): VinQuotaState => {
  const periodRuns = q.type === 'date' && q.endAt !== null && q.endAt.getTime() > now.getTime();
  return periodRuns ? { unlimited: true, available: null } : { unlimited: false, available: Math.max(0, q.bought - q.used) };
};

export type VinAdmission = { ok: true; counted: boolean } | { ok: false; message: string };

/** Whether a decode may run and whether it counts; `repeatToday`: this company decoded this VIN today. */
export const admitVinDecode = (q: VinQuotaInput, now: Date, repeatToday: boolean): VinAdmission => {
  if (repeatToday) return { ok: true, counted: false };
  const state = vinQuotaState(q, now);
  if (state.unlimited || (state.available ?? 0) > 0) return { ok: true, counted: true };
  return { ok: false, message: q.type === 'date' ? msg.vinPeriodEnded : msg.vinQuotaExhausted(q.bought) };
};
