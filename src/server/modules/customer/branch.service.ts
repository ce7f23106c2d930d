/**
 * 分公司 (branch companies, docs/customers.md "Branch companies"). A head company's owner invites
 * another company by its full name; the branch's owner accepts or declines. Only an accepted
 * invitation links the two (a row of company_relation, shared with the operators' 总分公司 page
 * and its one-level rules); either side's owner ends the link. The head reads its branches'
 * orders and stock; a branch buys at its head's customer level and credit term where it has none
 * of its own (customer.service: customerPriceLevels, creditTermFor).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type BranchInvite, type PayloadOut } from '../../../shared/contracts';
import { branchText } from '../../../shared/domain/customer';
import { chinaDay } from '../../../shared/domain/china-time';
import { ordersOfCompaniesPage } from '../orders/orders.service';
import { stockOfCompaniesPage } from '../stock/stock.service';
import * as repo from './branch.repo';

const notFound = (text: string) => new AppError(ResultCode.notFound, 404, text);

const inviteShape = (r: repo.InviteRow): BranchInvite => ({
  id: Number(r.id), head_company_id: r.head_id, head_company_name: r.head_name, branch_company_id: r.branch_id, branch_company_name: r.branch_name,
  state: r.state, invited_by_name: r.invited_by_name, invited_at: unix(r.invited_at), decided_at: unix(r.decided_at),
});

export const createBranchService = (clock: Clock) => {
  const owner = async (db: Kysely<DB>, caller: Caller) => {
    if (!(await repo.isOwner(db, caller.userId))) throw forbidden(branchText.ownerOnly);
  };

  const overview = async (db: Kysely<DB>, caller: Caller) => {
    const [head, branches, sent, received, mayManage] = await Promise.all([
      repo.headOf(db, caller.companyId), repo.branchesOf(db, caller.companyId), repo.invitesOf(db, 'head', caller.companyId),
      repo.invitesOf(db, 'branch', caller.companyId), repo.isOwner(db, caller.userId),
    ]);
    return {
      head: head ? { company_id: head.head_id, company_name: head.name, since: unix(head.created_at) } : null,
      branches: branches.map((b) => ({ company_id: b.branch_id, company_name: b.name, since: unix(b.created_at), by_operator: b.invite_id === null })),
      sent: sent.map(inviteShape), received: received.map(inviteShape), may_manage: mayManage,
    };
  };

  /** The caller's branches (all, or the one asked for, refused when it is not one). */
  const branchIds = async (db: Kysely<DB>, caller: Caller, only: number | undefined) => {
    const ids = (await repo.branchesOf(db, caller.companyId)).map((b) => b.branch_id);
    if (only === undefined) return ids;
    if (!ids.includes(only)) throw notFound(branchText.notBranch);
    return [only];
  };

  return {
    overview,

    invite: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'branchInvite'>) =>
      inTransaction(db, async (trx) => {
        await owner(trx, caller);
        const named = await repo.companiesNamed(trx, p.company_name);
        if (named.length === 0) throw invalid('company_name', branchText.companyUnknown);
        if (named.length > 1) throw invalid('company_name', branchText.companyAmbiguous);
        const branch = named[0].id;
        if (branch === caller.companyId) throw invalid('company_name', branchText.self);
        if (caller.companyId === 1) throw forbidden(branchText.platform);
        await repo.lockRelations(trx);
        const myHead = await repo.headOf(trx, caller.companyId);
        if (myHead) throw conflict(branchText.headIsBranch(myHead.name));
        const theirHead = await repo.headOf(trx, branch);
        if (theirHead) throw invalid('company_name', theirHead.head_id === caller.companyId ? branchText.alreadyBranch : branchText.hasHead(theirHead.name));
        if (await repo.hasBranches(trx, branch)) throw invalid('company_name', branchText.branchIsHead);
        if (await repo.pendingInvite(trx, caller.companyId, branch)) throw invalid('company_name', branchText.alreadyInvited);
        const id = await repo.insertInvite(trx, { head: caller.companyId, branch, by: caller.userId, now: clock.now() });
        return inviteShape((await repo.inviteById(trx, Number(id)))!);
      }),

    /** The branch's owner accepts (the link is made, under the relations' lock and rules) or declines. */
    respond: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'branchInviteRespond'>) =>
      inTransaction(db, async (trx) => {
        await owner(trx, caller);
        await repo.lockRelations(trx);
        const inv = await repo.lockInvite(trx, p.id);
        if (!inv || inv.branch_id !== caller.companyId) throw notFound(branchText.inviteNotFound);
        if (inv.state !== 'pending') throw conflict(branchText.inviteClosed);
        const now = clock.now();
        if (p.decision === 'accept') {
          const myHead = await repo.headOf(trx, caller.companyId);
          if (myHead) throw conflict(myHead.head_id === inv.head_id ? branchText.alreadyBranch : branchText.hasHead(myHead.name));
          if (await repo.hasBranches(trx, caller.companyId)) throw conflict(branchText.branchIsHead);
          const headsHead = await repo.headOf(trx, inv.head_id);
          if (headsHead) throw conflict(branchText.inviterIsBranch(headsHead.name));
          await repo.link(trx, { head: inv.head_id, branch: caller.companyId, invite: inv.id, now });
          await repo.closeOtherInvites(trx, caller.companyId, inv.id, caller.userId, now);
        }
        await repo.decideInvite(trx, inv.id, p.decision === 'accept' ? 'accepted' : 'declined', caller.userId, now);
        return inviteShape((await repo.inviteById(trx, p.id))!);
      }),

    withdraw: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'branchInviteWithdraw'>) =>
      inTransaction(db, async (trx) => {
        await owner(trx, caller);
        const inv = await repo.lockInvite(trx, p.id);
        if (!inv || inv.head_id !== caller.companyId) throw notFound(branchText.inviteNotFound);
        if (inv.state !== 'pending') throw conflict(branchText.inviteClosed);
        await repo.decideInvite(trx, inv.id, 'withdrawn', caller.userId, clock.now());
        return inviteShape((await repo.inviteById(trx, p.id))!);
      }),

    /** Either side ends the link: the head names its branch, the branch names its head. */
    async end(db: Kysely<DB>, caller: Caller, p: PayloadOut<'branchEnd'>) {
      await inTransaction(db, async (trx) => {
        await owner(trx, caller);
        await repo.lockRelations(trx);
        const ended = (await repo.unlink(trx, caller.companyId, p.company_id)) || (await repo.unlink(trx, p.company_id, caller.companyId));
        if (!ended) throw notFound(branchText.notLinked);
      });
      return overview(db, caller);
    },

    async orders(db: Kysely<DB>, caller: Caller, p: PayloadOut<'branchOrders'>) {
      await owner(db, caller);
      const ids = await branchIds(db, caller, p.branch_company_id);
      const { rows, total } = await ordersOfCompaniesPage(db, {
        companyIds: ids, status: p.status, offset: (p.page_number - 1) * p.page_size, limit: p.page_size, today: chinaDay(clock.now()),
      });
      return {
        total,
        data: rows.map((o) => {
          const side = ids.includes(o.buyer_company_id) ? 'buyer' as const : 'seller' as const;
          return {
            order_no: o.order_no, branch_company_id: side === 'buyer' ? o.buyer_company_id : o.seller_company_id,
            branch_company_name: side === 'buyer' ? o.buyer_company_name : o.seller_company_name, side,
            partner_company_name: side === 'buyer' ? o.seller_company_name : o.buyer_company_name,
            status: o.status, pay_status: o.pay_status, total_fen: o.total_fen, first_line: o.first_line, created_at: o.created_at,
            credit_due_date: o.credit_due_date, credit_overdue: o.credit_overdue,
          };
        }),
      };
    },

    async stock(db: Kysely<DB>, caller: Caller, p: PayloadOut<'branchStock'>) {
      await owner(db, caller);
      const ids = await branchIds(db, caller, p.branch_company_id);
      const { rows, total } = await stockOfCompaniesPage(db, { companyIds: ids, keyword: p.keyword, offset: (p.page_number - 1) * p.page_size, limit: p.page_size });
      return {
        total,
        data: rows.map((r) => ({
          id: r.id, branch_company_id: r.company_id, branch_company_name: r.company_name, supplier_oe: r.supplier_oe, name: r.name,
          brand_name: r.brand_name, quality_name: r.quality_name, quantity: r.quantity, price99: r.price99 === null ? null : Number(r.price99), state: r.state,
        })),
      };
    },
  };
};
export type BranchService = ReturnType<typeof createBranchService>;
