import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import type { AnswerOf, BonusRuleView, PayloadIn } from '../../../../shared/contracts';

/** The rule sets as a list: one row each (id: the month as a number), newest month first. */
export type BonusRulesList = AnswerOf<'opBonusRules'> & { data: Array<BonusRuleView & { id: number }>; total: number };

/** Query keys of the operator's 业绩奖励 pages (docs/bonus.md). */
export const opBonusKeys = {
  all: () => ['op', 'bonus'] as const,
  rules: () => ['op', 'bonus', 'rules'] as const,
  current: (p: PayloadIn<'opBonusCurrentMonth'>) => ['op', 'bonus', 'current', p] as const,
  history: (p: PayloadIn<'opBonusHistory'>) => ['op', 'bonus', 'history', p] as const,
};

/** The rule sets, as the list block reads a list (one row each, newest month first). */
export const opBonusRulesQuery = () =>
  queryOptions({
    queryKey: opBonusKeys.rules(),
    queryFn: async ({ signal }): Promise<BonusRulesList> => {
      const a = await request('get', 'opBonusRules', {}, undefined, { signal });
      return { ...a, data: a.rules.map((r) => ({ ...r, id: Number(r.effective_month.replace('-', '')) })), total: a.rules.length };
    },
  });
export const opBonusCurrentQuery = (p: PayloadIn<'opBonusCurrentMonth'>) =>
  queryOptions({ queryKey: opBonusKeys.current(p), queryFn: ({ signal }) => request('get', 'opBonusCurrentMonth', p, undefined, { signal }) });
export const opBonusHistoryQuery = (p: PayloadIn<'opBonusHistory'>) =>
  queryOptions({ queryKey: opBonusKeys.history(p), queryFn: ({ signal }) => request('get', 'opBonusHistory', p, undefined, { signal }) });
