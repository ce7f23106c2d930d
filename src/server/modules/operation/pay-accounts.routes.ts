import type { Handlers } from '../../http/mount';
import type { PayAccountsService } from './pay-accounts.service';

type Names = 'opPayAccounts' | 'opAdjustmentList' | 'opAdjustmentCreate' | 'opAdjustmentDecide' | 'opReconcile' | 'opPayChannels' | 'opPayChannelSet';

export const payAccountsHandlers = (svc: PayAccountsService): Pick<Handlers, Names> => ({
  opPayAccounts: (p, ctx) => svc.accounts(ctx.db, p),
  opAdjustmentList: (p, ctx) => svc.adjustments(ctx.db, p),
  opAdjustmentCreate: (p, ctx) => svc.create(ctx.db, ctx.caller!, p),
  opAdjustmentDecide: (p, ctx) => svc.decide(ctx.db, ctx.caller!, p),
  opReconcile: (p, ctx) => svc.reconcile(ctx.db, p.fast),
  opPayChannels: (_p, ctx) => svc.channels(ctx.db),
  opPayChannelSet: (p, ctx) => svc.setChannel(ctx.db, ctx.caller!, p),
});
