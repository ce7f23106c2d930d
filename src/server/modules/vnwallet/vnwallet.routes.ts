import type { Handlers } from '../../http/mount';
import type { VnWalletService } from './vnwallet.service';

type Names = 'vnWalletGet' | 'vnWalletEntries' | 'vnWalletRecharge' | 'vnWalletRechargeGet' | 'opForeignAccounts' | 'opForeignAccountEntries' | 'opForeignRecharges';

export const vnWalletHandlers = (svc: VnWalletService): Pick<Handlers, Names> => ({
  vnWalletGet: (_p, ctx) => svc.wallet(ctx.db, ctx.caller!),
  vnWalletEntries: (p, ctx) => svc.entries(ctx.db, ctx.caller!, p.page_number, p.page_size),
  vnWalletRecharge: (p, ctx) => svc.recharge(ctx.db, ctx.caller!, p.amount_dong, p.device),
  vnWalletRechargeGet: (p, ctx) => svc.rechargeGet(ctx.db, ctx.caller!, p.recharge_no),
  opForeignAccounts: (p, ctx) => svc.opAccounts(ctx.db, p),
  opForeignAccountEntries: (p, ctx) => svc.opAccountEntries(ctx.db, p),
  opForeignRecharges: (p, ctx) => svc.opRecharges(ctx.db, p),
});
