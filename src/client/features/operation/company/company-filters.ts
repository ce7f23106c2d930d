/** Search-param names of the fourth part's list pages (kept apart from the pages; see list-filters.ts). */
export const RELATION_FILTER_NAMES = ['k'] as const;
export const REVIEW_FILTER_NAMES = ['state', 'k'] as const;
export const CHAT_FILTER_NAMES = ['kind', 'name', 'a', 'b'] as const;
export const CIRCLE_FILTER_NAMES = ['k', 'owner', 'members_min', 'members_max'] as const;
export const GROUP_FILTER_NAMES = ['k'] as const;
export const GROUP_NOTICE_FILTER_NAMES = ['k', 'sender', 'date_from', 'date_to'] as const;
