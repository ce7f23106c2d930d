import * as v from 'valibot';
import { chinaDay, chinaMidnight } from '../../../../shared/domain/china-time';
/**
 * The reports' default range, apart from the report pages: their routes fill it in while the route
 * tree loads, and importing the pages for it would put them (and their charts) into the entry bundle.
 */
export const chinaToday = () => chinaDay(new Date());
export const daysBefore = (day: string, n: number) => chinaDay(chinaMidnight(day, -n));
export const defaultRange = () => ({ date_from: daysBefore(chinaToday(), 29), date_to: chinaToday() });

const day = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);
/** the search of a ranged report's route: China days, a malformed one dropped */
export const reportRangeSearch = v.object({ date_from: day, date_to: day });
/** the range a report shows: the address's days, else the last 30 days */
export const rangeOrDefault = (s: v.InferOutput<typeof reportRangeSearch>) => {
  const d = defaultRange();
  return { date_from: s.date_from ?? d.date_from, date_to: s.date_to ?? d.date_to };
};

const grain = v.fallback(v.optional(v.picklist(['day', 'week', 'month'])), undefined);
const province = v.fallback(v.optional(v.string()), undefined);
/** the search of the market reports' routes (docs/reports.md): the range, the period and a buyer province */
export const marketSearch = v.object({ date_from: day, date_to: day, grain, province });
export const marketOrDefault = (s: v.InferOutput<typeof marketSearch>) =>
  ({ ...rangeOrDefault(s), grain: s.grain ?? 'week' as const, province: s.province ?? '' });
