/**
 * After-sales (售后): the buyer's application on its own order, the two sides' moves, their lists
 * and details, and the operator's read-only view with 关闭.
 *
 * An application locks the order row (two applications on one order wait for each other), checks
 * the order may get one (shared/domain/aftersale: shipped, received or completed, within the window
 * after receipt), each line (on the order, once, no open after-sale on it, at most what was bought
 * minus what completed after-sales took back) and the images (the buyer's company uploaded them),
 * then writes the after-sale, its lines at the order's unit prices, the event and the seller's
 * notice, or nothing. Every move locks the after-sale, checks the caller's company is the side
 * the move belongs to, asks the state machine and writes the change, the event and the other
 * side's notice in one transaction.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { afterSaleText as t, ResultCode, type AfterSaleDetail, type AfterSaleSummary, type OrderAfterSale, type PayloadOut } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import {
  AFTERSALE_ACTION_SIDE, AFTERSALE_BUYER_CODES, AFTERSALE_ORDER_STATUSES, AFTERSALE_SELLER_CODES, afterSaleTransition, isOpen, lineAvailability, orderAfterSaleRefusal, refundMethodRefusal,
  type AfterSaleAction, type AfterSaleStatus,
} from '../../../shared/domain/aftersale';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { paidOnline } from '../../../shared/domain/orders';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { afterSaleNotice, type AfterSaleNoticeAction } from '../im/notices';
import { firstForeignUpload } from '../upload/upload.service';
import * as audit from '../operation/audit.service';
import * as repo from './aftersale.repo';
import { warrantyCover } from '../warranty/warranty.service';
import { warrantyText } from '../../../shared/domain/warranty';
import { refundAfterVoucher } from '../../../shared/domain/vouchers';
import { returnedReduction } from '../../../shared/domain/full-reduction';
import type { OrderMoney } from '../orders/order-payment.service';

type Ctx = Pick<RequestContext, 'afterCommit'>;

const notFound = () => new AppError(ResultCode.notFound, 404, t.notFound);

/** AS + China time to the second + 6 random digits. */
const newNo = (now: Date) => `AS${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const mayBuy = (c: Caller) => hasAnyPermission(c.permissions, AFTERSALE_BUYER_CODES);
const maySell = (c: Caller) => hasAnyPermission(c.permissions, AFTERSALE_SELLER_CODES);

type SummaryRow = Pick<repo.AfterSaleRow, 'id' | 'as_no' | 'order_no' | 'type' | 'status' | 'reason' | 'buyer_company_id' | 'buyer_company_name'
  | 'seller_company_id' | 'seller_company_name' | 'total_qty' | 'refund_fen' | 'created_at' | 'updated_at' | 'first_line' | 'line_count' | 'warranty_months'>;

const summary = (a: SummaryRow): AfterSaleSummary => ({
  id: Number(a.id), as_no: a.as_no, order_no: a.order_no, type: a.type, status: a.status, reason: a.reason,
  buyer_company_id: a.buyer_company_id, buyer_company_name: a.buyer_company_name, seller_company_id: a.seller_company_id, seller_company_name: a.seller_company_name,
  total_qty: a.total_qty, refund_fen: Number(a.refund_fen), first_line: a.first_line ?? '', line_count: a.line_count,
  created_at: unix(a.created_at), updated_at: unix(a.updated_at), warranty_months: a.warranty_months ?? 0,
});

const detailOf = async (db: Kysely<DB>, a: repo.AfterSaleRow, side: AfterSaleDetail['side']): Promise<AfterSaleDetail> => {
  const [lines, events] = await Promise.all([repo.linesOf(db, a.id), repo.eventsOf(db, a.id)]);
  return {
    ...summary(a), side,
    buyer_user_name: a.buyer_user_name, description: a.description, img_infos: a.img_infos,
    reject_reason: a.reject_reason ?? '', cancel_reason: a.cancel_reason ?? '', close_reason: a.close_reason ?? '',
    logistics_company: a.logistics_company ?? '', logistics_no: a.logistics_no ?? '', refund_method: a.refund_method ?? '', refund_note: a.refund_note ?? '',
    agreed_at: unix(a.agreed_at), returned_at: unix(a.returned_at), received_at: unix(a.received_at), completed_at: unix(a.completed_at),
    rejected_at: unix(a.rejected_at), cancelled_at: unix(a.cancelled_at), closed_at: unix(a.closed_at), order_status: a.order_status, order_paid: a.order_pay_status === 'paid',
    order_pay_kind: a.order_pay_status !== 'paid' ? 'unpaid' : paidOnline(a.order_pay_channel) ? 'online' : 'offline',
    order_refundable_fen: Number(a.order_pay_status === 'paid' ? a.order_refundable_fen : a.order_due_fen),
    lines: lines.map((l) => ({
      order_line_id: Number(l.order_line_id), supplier_oe: l.supplier_oe, name: l.name, brand_name: l.brand_name, uom_name: l.uom_name,
      bought_qty: l.bought_qty, qty: l.qty, unit_price_fen: l.unit_price_fen, amount_fen: Number(l.amount_fen),
    })),
    events: events.map((e) => ({ action: e.action, from_status: e.from_status ?? '', to_status: e.to_status, note: e.note, user_name: e.user_name, company_name: e.company_name, created_at: unix(e.created_at) })),
  };
};

/** The after-sales of an order, for the order's detail (orders.service). */
export const afterSalesOfOrder = async (db: Kysely<DB>, orderId: string): Promise<OrderAfterSale[]> => {
  const rows = await repo.takenOnOrder(db, orderId);
  const byNo = new Map<string, OrderAfterSale>();
  for (const r of rows) {
    const a = byNo.get(r.as_no) ?? { as_no: r.as_no, type: r.type, status: r.status, refund_fen: Number(r.refund_fen), refund_method: r.refund_method ?? '', created_at: unix(r.created_at), lines: [] };
    a.lines.push({ order_line_id: Number(r.order_line_id), qty: r.qty });
    byNo.set(r.as_no, a);
  }
  return [...byNo.values()];
};

const STAMP: Partial<Record<AfterSaleStatus, keyof repo.AfterSaleChange>> = {
  awaiting_return: 'agreed_at', returned: 'returned_at', completed: 'completed_at', rejected: 'rejected_at', cancelled: 'cancelled_at', closed: 'closed_at',
};

export interface AfterSaleDeps {
  clock: Clock;
  /** the message assistant's notices to the other side of each step */
  notices?: Pick<ImService, 'postNotice'>;
  /** refunds with real money on paid orders (docs/money.md, "Refunds") */
  money: Pick<OrderMoney, 'refund' | 'afterRefunds'>;
}

export const createAfterSaleService = ({ clock, notices, money }: AfterSaleDeps) => {
  /** The after-sale, if the caller's company is one of its two sides and holds that side's codes. */
  const readable = async (db: Kysely<DB>, caller: Caller, asNo: string) => {
    const a = await repo.afterSaleByNo(db, asNo);
    if (!a) throw notFound();
    if (a.buyer_company_id === caller.companyId) {
      if (!mayBuy(caller)) throw forbidden(t.noBuyerRight);
      return { a, side: 'buyer' as const };
    }
    if (a.seller_company_id === caller.companyId) {
      if (!maySell(caller)) throw forbidden(t.noSellerRight);
      return { a, side: 'seller' as const };
    }
    throw forbidden(t.otherCompany);
  };

  /** Tells the other side (or both, for the platform's close); stored with the move, delivered after commit. */
  const tell = async (trx: Kysely<DB>, action: AfterSaleNoticeAction, asNo: string, note: string | undefined, ctx?: Ctx) => {
    if (!notices || !ctx) return;
    const a = (await repo.afterSaleByNo(trx, asNo))!;
    const sellers = () => imRead.usersWithCodes(trx, a.seller_company_id, AFTERSALE_SELLER_CODES);
    const to = action === 'close' ? [a.buyer_user_id, ...(await sellers())]
      : AFTERSALE_ACTION_SIDE[action as AfterSaleAction] === 'buyer' || action === 'apply' ? await sellers() : [a.buyer_user_id];
    await notices.postNotice(trx, { to, ...afterSaleNotice(action, { ...a, refund_fen: Number(a.refund_fen), note }) }, ctx);
  };

  /** One move: locked row, the right side, the state machine, the change, the event, the notice. */
  const move = async (db: Kysely<DB>, caller: Caller, asNo: string, action: AfterSaleAction, extra: repo.AfterSaleChange, note: string, ctx?: Ctx,
    /** a check of the move's own, after side and state, inside the transaction; a refusal text stops it */
    guard?: (trx: Kysely<DB>, afterSaleId: string) => Promise<string | null>,
    /** what the move does besides its own row, after it, in the same transaction */
    then?: (trx: Kysely<DB>, afterSaleId: string) => Promise<void>) => {
    await inTransaction(db, async (trx) => {
      const a = await repo.lockAfterSale(trx, asNo);
      if (!a) throw notFound();
      const side = AFTERSALE_ACTION_SIDE[action];
      if (side !== 'operator') {
        const own = side === 'buyer' ? a.buyer_company_id : a.seller_company_id;
        if (own !== caller.companyId) {
          const other = side === 'buyer' ? a.seller_company_id : a.buyer_company_id;
          throw forbidden(other === caller.companyId ? (side === 'buyer' ? t.buyerOnly : t.sellerOnly) : t.otherCompany);
        }
      }
      const step = afterSaleTransition({ status: a.status, type: a.type }, action);
      if (!step.ok) throw conflict(step.reason);
      const refused = guard ? await guard(trx, a.id) : null;
      if (refused) throw conflict(refused);
      const now = clock.now();
      const stamps: repo.AfterSaleChange = { updated_at: now };
      const at = action === 'agree' ? 'agreed_at' : action === 'receipt' ? 'received_at' : STAMP[step.to];
      if (at) (stamps as Record<string, Date>)[at] = now;
      await repo.setAfterSale(trx, a.id, { status: step.to, ...stamps, ...extra });
      if (!isOpen(step.to)) await repo.releaseLines(trx, a.id);
      await repo.addEvent(trx, { after_sale_id: a.id, action, actor_user_id: caller.userId, from_status: a.status, to_status: step.to, note, created_at: now });
      if (then) await then(trx, a.id);
      if (side === 'operator') {
        await audit.record(trx, caller, now, [{ entity: 'after_sale', entity_id: asNo, action: 'close', old: { status: a.status }, new: { status: step.to }, note }]);
      }
      await tell(trx, action, asNo, note || undefined, ctx);
    });
  };

  const view = async (db: Kysely<DB>, caller: Caller, asNo: string) => {
    const { a, side } = await readable(db, caller, asNo);
    return detailOf(db, a, side);
  };

  const operatorView = async (db: Kysely<DB>, asNo: string) => {
    const a = await repo.afterSaleByNo(db, asNo);
    if (!a) throw notFound();
    return detailOf(db, a, 'operator');
  };

  return {
    apply: async (db: Kysely<DB>, caller: Caller, p: PayloadOut<'afterSaleApply'>, ctx?: Ctx): Promise<AfterSaleDetail> => {
      const asNo = await inTransaction(db, async (trx) => {
        const o = await repo.lockOrder(trx, p.order_no);
        if (!o) throw new AppError(ResultCode.notFound, 404, t.orderNotFound);
        if (o.buyer_company_id !== caller.companyId) throw forbidden(t.notBuyer);
        const now = clock.now();
        const refusal = orderAfterSaleRefusal({ status: o.status, receivedAt: unix(o.received_at) }, Math.floor(now.getTime() / 1000));
        // past the ordinary window, a quality problem may still be taken under the seller's platform warranty (docs/warranty.md)
        const warranty = refusal && AFTERSALE_ORDER_STATUSES.includes(o.status)
          ? await warrantyCover(trx, { sellerId: o.seller_company_id, reason: p.reason, receivedAtS: unix(o.received_at), lineIds: p.lines.map((l) => String(l.order_line_id)), now })
          : null;
        if (refusal && !warranty) throw conflict(refusal);
        const images = [...new Set(p.img_infos)];
        const foreign = await firstForeignUpload(trx, caller.companyId, images);
        if (foreign >= 0) throw invalid(`img_infos.${foreign}`, t.imageNotOurs);
        const [lines, taken] = await Promise.all([repo.orderLines(trx, o.id), repo.takenOnOrder(trx, o.id)]);
        const takenLines = taken.map((x) => ({ orderLineId: Number(x.order_line_id), qty: x.qty, status: x.status, asNo: x.as_no }));
        const seen = new Set<number>();
        const chosen: Array<{ order_line_id: number; qty: number; unit_price_fen: number }> = [];
        // the returned goods at their line prices less their share of the order's 满减 (docs/activities.md "满减")
        let goodsFen = 0;
        for (const [i, pl] of p.lines.entries()) {
          const line = lines.find((l) => Number(l.id) === pl.order_line_id);
          if (!line) throw invalid(`lines.${i}.order_line_id`, t.lineNotInOrder);
          if (seen.has(pl.order_line_id)) throw invalid(`lines.${i}.order_line_id`, t.lineTwice);
          seen.add(pl.order_line_id);
          const name = `${line.supplier_oe} ${line.name}`;
          const { available, openAsNo } = lineAvailability({ id: pl.order_line_id, qty: line.qty }, takenLines);
          if (openAsNo) throw conflict(t.lineOpen(name, openAsNo));
          if (pl.qty > available) throw invalid(`lines.${i}.qty`, t.qtyTooMany(name, available));
          chosen.push({ order_line_id: pl.order_line_id, qty: pl.qty, unit_price_fen: line.unit_price_fen });
          goodsFen += pl.qty * line.unit_price_fen - returnedReduction(Number(line.reduction_fen), pl.qty, line.qty, line.qty - available);
        }
        const no = newNo(now);
        const id = await repo.insertAfterSale(trx, {
          as_no: no, order_id: o.id, buyer_company_id: o.buyer_company_id, buyer_user_id: caller.userId, seller_company_id: o.seller_company_id,
          type: p.type, reason: p.reason, description: p.description, img_infos: images,
          total_qty: chosen.reduce((s, l) => s + l.qty, 0), refund_fen: refundAfterVoucher(goodsFen, Number(o.total_fen) + Number(o.voucher_fen), Number(o.voucher_fen)), created_at: now,
          warranty_term_id: warranty?.id ?? null, warranty_months: warranty?.months ?? null,
        }, chosen);
        await repo.addEvent(trx, { after_sale_id: id, action: 'apply', actor_user_id: caller.userId, from_status: null, to_status: 'pending', note: `${warranty ? `${warrantyText.afterSale}（${warranty.months}个月）· ` : ''}${p.description ? `${p.reason}：${p.description}` : p.reason}`, created_at: now });
        await tell(trx, 'apply', no, undefined, ctx);
        return no;
      });
      return view(db, caller, asNo);
    },

    async search(db: Kysely<DB>, caller: Caller, p: PayloadOut<'afterSaleSearch'>) {
      if (p.side === 'buyer' && !mayBuy(caller)) throw forbidden(t.noBuyerRight);
      if (p.side === 'seller' && !maySell(caller)) throw forbidden(t.noSellerRight);
      const f: repo.AfterSaleFilter = { side: p.side, companyId: caller.companyId, status: p.status, type: p.type, no: p.no, date_from: p.date_from, date_to: p.date_to };
      const [rows, counts] = await Promise.all([
        repo.searchAfterSales(db, f, p.page_size, (p.page_number - 1) * p.page_size),
        repo.countByStatus(db, f),
      ]);
      const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n]));
      const all = counts.reduce((s, c) => s + c.n, 0);
      return { data: rows.map(summary), total: p.status ? (byStatus[p.status] ?? 0) : all, counts: { ...byStatus, all } };
    },

    retrieve: view,

    async logistics(db: Kysely<DB>, caller: Caller, asNo: string) {
      const { a } = await readable(db, caller, asNo);
      return { as_no: a.as_no, status: a.status, logistics_company: a.logistics_company ?? '', logistics_no: a.logistics_no ?? '', returned_at: unix(a.returned_at), received_at: unix(a.received_at) };
    },

    agree: async (db: Kysely<DB>, caller: Caller, asNo: string, ctx?: Ctx) => { await move(db, caller, asNo, 'agree', {}, '', ctx); return view(db, caller, asNo); },
    reject: async (db: Kysely<DB>, caller: Caller, asNo: string, reason: string, ctx?: Ctx) => {
      await move(db, caller, asNo, 'reject', { reject_reason: reason }, reason, ctx);
      return view(db, caller, asNo);
    },
    cancel: async (db: Kysely<DB>, caller: Caller, asNo: string, reason: string, ctx?: Ctx) => {
      await move(db, caller, asNo, 'cancel', { cancel_reason: reason }, reason, ctx);
      return view(db, caller, asNo);
    },
    deliver: async (db: Kysely<DB>, caller: Caller, p: PayloadOut<'afterSaleDeliver'>, ctx?: Ctx) => {
      await move(db, caller, p.as_no, 'deliver', { logistics_company: p.logistics_company, logistics_no: p.logistics_no }, `${p.logistics_company} ${p.logistics_no}`, ctx);
      return view(db, caller, p.as_no);
    },
    receipt: async (db: Kysely<DB>, caller: Caller, asNo: string, ctx?: Ctx) => { await move(db, caller, asNo, 'receipt', {}, '', ctx); return view(db, caller, asNo); },
    /**
     * 确认退款 (docs/money.md, "Refunds"): on an order paid online the amount goes back to where the
     * money came from (held amount before the payout, the seller's wallet after it: 余额不足 if it
     * cannot cover it); on one paid offline the refund is recorded; on an unpaid one it lowers what
     * is owed (冲减货款, never below zero). `amount_fen` refunds less than asked; never more than was
     * paid less earlier refunds. The refund and the completion commit together.
     */
    complete: async (db: Kysely<DB>, caller: Caller, p: PayloadOut<'afterSaleComplete'>, ctx?: Ctx) => {
      let amount = 0;
      let pending: string | null = null;
      await move(db, caller, p.as_no, 'complete', { refund_method: p.refund_method, refund_note: p.note }, p.note ? `${p.refund_method}：${p.note}` : p.refund_method, ctx,
        async (trx, id) => {
          const o = await repo.orderMoneyForUpdate(trx, id);
          const refused = refundMethodRefusal(p.refund_method, o.kind);
          if (refused) return refused;
          const asked = Number((await trx.selectFrom('after_sale').select('refund_fen').where('id', '=', id).executeTakeFirstOrThrow()).refund_fen);
          amount = p.amount_fen ?? asked;
          if (amount > asked) return t.amountOverAsked(asked);
          if (o.kind === 'unpaid' && amount > o.due_fen) return t.amountOverDue(o.due_fen);
          return null;
        },
        async (trx, id) => {
          await repo.setAfterSale(trx, id, { refund_fen: amount });
          const o = await repo.orderMoneyForUpdate(trx, id);
          if (o.kind !== 'unpaid') pending = await money.refund(trx, o.id, amount, { key: `aftersale:${p.as_no}`, afterSaleId: id, createdBy: caller.userId });
          if (pending) await money.afterRefunds(trx, [pending], ctx);
        });
      return view(db, caller, p.as_no);
    },

    // ---- the operator's view (D12) ----
    async operatorList(db: Kysely<DB>, p: PayloadOut<'opAfterSaleList'>, o: { mallOnly?: boolean } = {}) {
      const f: repo.AfterSaleFilter = { status: p.status, type: p.type, no: p.no, buyer: p.buyer, seller: p.seller, date_from: p.date_from, date_to: p.date_to, mallOnly: o.mallOnly };
      const [rows, total] = await Promise.all([
        repo.searchAfterSales(db, f, p.page_size, (p.page_number - 1) * p.page_size),
        repo.totalOf(db, f),
      ]);
      return { data: rows.map(summary), total: total.n, refund_fen: Number(total.fen) };
    },
    operatorDetail: operatorView,
    /** The lines (order line, pieces, fen) of these after-sales, for another module's own prices of them. */
    linesOfMany: async (db: Kysely<DB>, afterSaleIds: number[]) =>
      (await repo.linesOfMany(db, afterSaleIds)).map((l) => ({ after_sale_id: Number(l.after_sale_id), order_line_id: Number(l.order_line_id), qty: l.qty, amount_fen: Number(l.amount_fen) })),
    close: async (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opAfterSaleClose'>, ctx?: Ctx) => {
      await move(db, caller, p.as_no, 'close', { close_reason: p.reason }, p.reason, ctx);
      return operatorView(db, p.as_no);
    },
  };
};

export type AfterSaleService = ReturnType<typeof createAfterSaleService>;
