/**
 * Rules that compare two fields of one payload (a price range, a date range, a member count
 * range …). They live in the payload's schema, so the server refuses a reversed pair at its edge
 * and a page finds the same refusal, under the same field, with `fieldErrors` before it sends.
 *
 * Each rule is a `partialCheck` forwarded to one field: it runs as soon as its two fields are right,
 * even while other fields are still wrong, so a page shows it beside their messages.
 */
import * as v from 'valibot';

/** A bound of a range: '' or absent is an open end. Days are YYYY-MM-DD, so text compares in order. */
export type Bound = string | number | null | undefined;

const open = (b: Bound) => b === '' || b === null || b === undefined;

/** True unless both ends are given and the low one is above the high one. */
export const inOrder = (low: Bound, high: Bound) => open(low) || open(high) || (low as string | number) <= (high as string | number);

/** True unless both China days (YYYY-MM-DD) are given and they span more than `days` days, both included. */
export const withinDays = (days: number) => (from: Bound, to: Bound) =>
  open(from) || open(to) || (Date.parse(String(to)) - Date.parse(String(from))) / 86_400_000 < days;

/**
 * `ok(payload[a], payload[b])` must hold, else `message` under the field `under` (which the server's
 * refusal names and `fieldErrors` keys). For a payload schema's pipe: `v.pipe(v.object({…}), pairRule(…))`.
 */
export const pairRule = <T extends Record<string, unknown>, const A extends keyof T & string, const B extends keyof T & string>(
  a: A, b: B, ok: (a: Bound, b: Bound) => boolean, message: string, under: A | B,
): v.BaseValidation<T, T, v.BaseIssue<unknown>> => {
  const rule = v.partialCheck([[a], [b]], (p) => ok((p as Record<string, Bound>)[a], (p as Record<string, Bound>)[b]), message);
  return v.forward(rule as unknown as v.BaseValidation<T, T, v.BaseIssue<unknown>>, [under] as never);
};

/** A range: `low` may not be above `high` (an open end passes); `message` under `under`, the high end unless told. */
export const rangeRule = <T extends Record<string, unknown>, const L extends keyof T & string, const H extends keyof T & string>(
  low: L, high: H, message: string, under: L | H = high,
) => pairRule<T, L, H>(low, high, inOrder, message, under);
