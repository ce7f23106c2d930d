import type { Handlers } from '../../http/mount';
import type { BonusService } from './bonus.service';

type Names = 'opBonusRules' | 'opBonusRuleSave' | 'opBonusCurrentMonth' | 'opBonusHistory' | 'opBonusSettle' | 'bonusMine';

/** The performance bonus's calls (docs/bonus.md). */
export const bonusHandlers = (svc: BonusService): Pick<Handlers, Names> => ({
  opBonusRules: (_p, ctx) => svc.rules(ctx.db),
  opBonusRuleSave: (p, ctx) => svc.saveRule(ctx.db, ctx.caller!, p),
  opBonusCurrentMonth: (p, ctx) => svc.currentMonth(ctx.db, p),
  opBonusHistory: (p, ctx) => svc.history(ctx.db, p),
  opBonusSettle: (p, ctx) => svc.settle(ctx.db, ctx.caller!, p),
  bonusMine: (_p, ctx) => svc.mine(ctx.db, ctx.caller!),
});
