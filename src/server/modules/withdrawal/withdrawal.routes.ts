import type { Handlers } from '../../http/mount';
import type { WithdrawalService } from './withdrawal.service';

type Names = 'bankCardList' | 'bankCardAdd' | 'bankCardRemove' | 'withdrawalList' | 'withdrawalApply'
  | 'opWithdrawalList' | 'opWithdrawalApprove' | 'opWithdrawalPay' | 'opWithdrawalReject' | 'opBankCardList' | 'opBankCardDecide';

export const withdrawalHandlers = (svc: WithdrawalService): Pick<Handlers, Names> => ({
  bankCardList: (_p, ctx) => svc.cards(ctx.db, ctx.caller!),
  bankCardAdd: (p, ctx) => svc.addCard(ctx.db, ctx.caller!, p),
  bankCardRemove: (p, ctx) => svc.removeCard(ctx.db, ctx.caller!, p.id),
  withdrawalList: (p, ctx) => svc.withdrawals(ctx.db, ctx.caller!, p),
  withdrawalApply: (p, ctx) => svc.apply(ctx.db, ctx.caller!, p),
  opWithdrawalList: (p, ctx) => svc.opWithdrawals(ctx.db, p),
  opWithdrawalApprove: (p, ctx) => svc.approve(ctx.db, ctx.caller!, p.withdrawal_no, ctx),
  opWithdrawalPay: (p, ctx) => svc.pay(ctx.db, ctx.caller!, p.withdrawal_no, p.payout_ref, ctx),
  opWithdrawalReject: (p, ctx) => svc.reject(ctx.db, ctx.caller!, p.withdrawal_no, p.reason, ctx),
  opBankCardList: (p, ctx) => svc.opCards(ctx.db, p),
  opBankCardDecide: (p, ctx) => svc.decideCard(ctx.db, ctx.caller!, p, ctx),
});
