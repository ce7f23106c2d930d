import type { Handlers } from '../../http/mount';
import type { CashPledgeService } from './cash-pledge.service';

type Names = 'cashPledgeGet' | 'cashPledgeEvents' | 'cashPledgePay' | 'cashPledgeMark'
  | 'opCashPledgeLevels' | 'opCashPledgeLevelSave' | 'opCashPledgeList' | 'opCashPledgeEvents' | 'opCashPledgeDeduct' | 'opCashPledgeReturn';

export const cashPledgeHandlers = (svc: CashPledgeService): Pick<Handlers, Names> => ({
  cashPledgeGet: (_p, ctx) => svc.status(ctx.db, ctx.caller!),
  cashPledgeEvents: (p, ctx) => svc.events(ctx.db, ctx.caller!, p),
  cashPledgePay: (p, ctx) => svc.pay(ctx.db, ctx.caller!, p),
  cashPledgeMark: (p, ctx) => svc.mark(ctx.db, p.company_id),
  opCashPledgeLevels: (_p, ctx) => svc.levels(ctx.db),
  opCashPledgeLevelSave: (p, ctx) => svc.saveLevel(ctx.db, ctx.caller!, p),
  opCashPledgeList: (p, ctx) => svc.list(ctx.db, p),
  opCashPledgeEvents: (p, ctx) => svc.operatorEvents(ctx.db, p),
  opCashPledgeDeduct: (p, ctx) => svc.deduct(ctx.db, ctx.caller!, p, ctx),
  opCashPledgeReturn: (p, ctx) => svc.giveBack(ctx.db, ctx.caller!, p, ctx),
});
