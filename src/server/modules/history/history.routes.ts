/** Search history per user: newest first, 10 shown, the same value kept once (its newest use). */
import type { Handlers } from '../../http/mount';
import type { Clock } from '../../http/context';
import { unix } from '../../db/helpers';
import { MODED_KINDS } from '../../../shared/contracts';

export const HISTORY_SHOWN = 10;

export const historyHandlers = (clock: Clock): Pick<Handlers, 'keywordHistoryList' | 'oeSearchHistory'> => ({
  keywordHistoryList: async (_p, ctx) => {
    const rows = await ctx.db.selectFrom('search_history').selectAll().where('user_id', '=', ctx.caller!.userId)
      .orderBy('created_at', 'desc').limit(HISTORY_SHOWN).execute();
    return rows.map((r) => ({ search_value: r.search_value, search_type: r.search_type, search_mode: r.search_mode, create_time: unix(r.created_at) }));
  },
  oeSearchHistory: async (p, ctx) => {
    const now = clock.now();
    const search_mode = MODED_KINDS.includes(p.search_type) ? p.search_mode ?? 'fuzzy' : null;
    const values = { user_id: ctx.caller!.userId, search_type: p.search_type, search_value: p.search_value, search_mode, created_at: now };
    await ctx.db.insertInto('search_history').values(values)
      .onConflict((oc) => oc.columns(['user_id', 'search_value']).doUpdateSet({ search_type: p.search_type, search_mode, created_at: now })).execute();
    return { search_value: p.search_value, search_type: p.search_type, search_mode, create_time: unix(now) };
  },
});
