/**
 * The reports' default range, apart from the report pages: their routes fill it in while the route
 * tree loads, and importing the pages for it would put them (and their charts) into the entry bundle.
 */
export const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
export const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
export const defaultRange = () => ({ date_from: daysBefore(chinaToday(), 29), date_to: chinaToday() });
