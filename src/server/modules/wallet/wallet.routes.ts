import type { Handlers } from '../../http/mount';
import type { WalletService } from './wallet.service';

type Names = 'walletGet' | 'walletEntries' | 'walletRecharge' | 'walletRechargeGet';

export const walletHandlers = (svc: WalletService): Pick<Handlers, Names> => ({
  walletGet: (_p, ctx) => svc.wallet(ctx.db, ctx.caller!),
  walletEntries: async (p, ctx) => {
    const { data, total } = await svc.entries(ctx.db, ctx.caller!, p);
    return { data, total };
  },
  walletRecharge: (p, ctx) => svc.recharge(ctx.db, ctx.caller!, p.amount_fen, p.device),
  walletRechargeGet: (p, ctx) => svc.rechargeGet(ctx.db, ctx.caller!, p.recharge_no),
});
