/**
 * What the 钱包 route reads before its page loads (its filter names), kept apart from the page so
 * the route does not pull the page and ListPage into the entry bundle (npm run bench:bundle).
 */
export const WALLET_FILTER_NAMES = ['kind', 'date_from', 'date_to'] as const;
