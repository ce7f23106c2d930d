/** The /quote nav badge (requirements 000-6, 000-9): hidden at 0, capped at 99+, polled every 10 minutes. */
export const QUOTE_POLL_MS = 600_000;

export const QUOTE_CODES: readonly string[] = ['C14'];

export const quoteBadgeText = (count: number): string | null => {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
};
