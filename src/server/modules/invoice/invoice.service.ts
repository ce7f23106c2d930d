/**
 * Invoices (发票, docs/money.md#invoices): the buyer company's titles (抬头), its requests to one
 * seller for an invoice on paid orders, and the seller's issue or refusal.
 *
 * A request reads the orders through the orders module (ordersForInvoice, FOR SHARE: a refund of
 * them waits), checks each is the buyer's, paid, received or completed, of one seller and not held
 * by another request that is 待开票 or 已开票, and writes the request with a copy of the title, its
 * orders at what was paid less refunds, the event and the seller's notice, or nothing. The
 * database's partial unique index on the open order rows refuses a second request on an order
 * even when two arrive at once. Every move locks the request, checks the caller's company is the
 * side the move belongs to, asks the state machine (shared/domain/invoice) and writes the change,
 * the event and the other side's notice in one transaction.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { invoiceText as t, ResultCode, type InvoiceDetail, type InvoiceOrder, type InvoiceRequest, type InvoiceTitle, type PayloadOut } from '../../../shared/contracts';
import { chinaDay, formatChina } from '../../../shared/domain/china-time';
import {
  holdsOrders, INVOICE_ACTION_SIDE, INVOICE_TITLES_MAX, INVOICE_TYPE_LONG_TEXT, invoiceTransition,
  issueAmountRefusal, normaliseInvoiceTitle, orderInvoiceRefusal, type InvoiceAction, type InvoiceStatus,
} from '../../../shared/domain/invoice';
import { INVOICE_BUYER_CODES, INVOICE_SELLER_CODES } from '../../../shared/contracts/codes';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { formatFen } from '../../../shared/domain/prices';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { ordersForInvoice, type OrderForInvoice } from '../orders/orders.service';
import { firstForeignUpload } from '../upload/upload.service';
import * as repo from './invoice.repo';

type Ctx = Pick<RequestContext, 'afterCommit'>;

const requestNotFound = () => new AppError(ResultCode.notFound, 404, t.requestNotFound);
const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/** IV + China time to the second + 6 random digits. */
const newNo = (now: Date) => `IV${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const mayBuy = (c: Caller) => hasAnyPermission(c.permissions, INVOICE_BUYER_CODES);
const maySell = (c: Caller) => hasAnyPermission(c.permissions, INVOICE_SELLER_CODES);

const titleOut = (r: repo.TitleRow): InvoiceTitle => ({
  id: Number(r.id), kind: r.kind, invoice_type: r.invoice_type, name: r.name, tax_no: r.tax_no, address: r.address, phone: r.phone,
  bank: r.bank, account: r.account, is_default: r.is_default, updated_at: unix(r.updated_at),
});

type SummaryRow = Omit<repo.RequestRow, 'buyer_user_id'>;

const requestOut = (r: SummaryRow, companyId: number): InvoiceRequest => ({
  request_no: r.request_no, status: r.status, side: r.seller_company_id === companyId ? 'seller' : 'buyer',
  buyer_company_id: r.buyer_company_id, buyer_company_name: r.buyer_company_name, seller_company_id: r.seller_company_id, seller_company_name: r.seller_company_name,
  title_kind: r.title_kind as InvoiceRequest['title_kind'], invoice_type: r.invoice_type as InvoiceRequest['invoice_type'], title_name: r.title_name,
  tax_no: r.tax_no, address: r.address, phone: r.phone, bank: r.bank, account: r.account, remark: r.remark,
  amount_fen: Number(r.amount_fen), issued_fen: Number(r.issued_fen ?? 0), invoice_number: r.invoice_number ?? '', invoice_date: r.invoice_date ?? '',
  file_path: r.file_path ?? '', refuse_reason: r.refuse_reason ?? '', order_count: r.order_count,
  red_number: r.red_number ?? '', red_date: r.red_date ?? '', red_file_path: r.red_file_path ?? '', red_reason: r.red_reason ?? '', reversed_at: unix(r.reversed_at),
  created_at: unix(r.created_at), updated_at: unix(r.updated_at), issued_at: unix(r.issued_at), refused_at: unix(r.refused_at), withdrawn_at: unix(r.withdrawn_at),
});

const orderOut = (o: OrderForInvoice): InvoiceOrder => ({
  order_no: o.order_no, seller_company_id: o.seller_company_id, seller_company_name: o.seller_company_name, status: o.status,
  total_fen: o.total_fen, refunded_fen: o.refunded_fen, invoiceable_fen: o.invoiceable_fen, created_at: unix(o.created_at), completed_at: unix(o.completed_at ?? o.received_at),
});

/** The title fields a request keeps. */
const titleCopy = (title: repo.TitleRow) => ({
  title_kind: title.kind, invoice_type: title.invoice_type, title_name: title.name, tax_no: title.tax_no,
  address: title.address, phone: title.phone, bank: title.bank, account: title.account,
});

export interface InvoiceDeps {
  clock: Clock;
  /** the message assistant's notices to the other side */
  notices?: Pick<ImService, 'postNotice'>;
}

export const createInvoiceService = ({ clock, notices }: InvoiceDeps) => {
  const buyerOnly = (c: Caller) => { if (!mayBuy(c)) throw forbidden(t.noBuyerRight); };

  const titleOrRefuse = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const title = await repo.titleOf(db, caller.companyId, id);
    if (!title) throw invalid('title_id', t.titleNotFound);
    return title;
  };

  /**
   * The orders named, read through the orders module under a share lock, each checked for the
   * caller's company, its state and money, one seller, and no other open request holding it.
   */
  const checkedOrders = async (trx: Kysely<DB>, caller: Caller, orderNos: string[]) => {
    const rows = await ordersForInvoice(trx, { buyerCompanyId: caller.companyId, orderNos, lock: true });
    const byNo = new Map(rows.map((r) => [r.order_no, r]));
    const orders = orderNos.map((no, i) => {
      const o = byNo.get(no);
      if (!o) throw new AppError(ResultCode.forbidden, 403, t.notBuyer(no), { field: `order_nos.${i}` });
      const why = orderInvoiceRefusal(o);
      if (why) throw conflict(t.orderRefused(no, why));
      return o;
    });
    if (new Set(orders.map((o) => o.seller_company_id)).size > 1) throw invalid('order_nos', t.oneSeller);
    const held = await repo.heldOrders(trx, orders.map((o) => o.id));
    if (held.length > 0) {
      const o = orders.find((x) => x.id === String(held[0].order_id))!;
      throw conflict(t.orderHeld(o.order_no, held[0].request_no));
    }
    return orders;
  };

  /** Tells the other side of a step; stored with the step, delivered after commit. */
  const tell = async (trx: Kysely<DB>, action: InvoiceAction | 'apply', requestNo: string, ctx?: Ctx) => {
    if (!notices || !ctx) return;
    const r = (await repo.requestByNo(trx, requestNo))!;
    const toSeller = action === 'apply' || action === 'withdraw' || action === 'resubmit';
    const to = toSeller ? await imRead.usersWithCodes(trx, r.seller_company_id, INVOICE_SELLER_CODES) : [r.buyer_user_id];
    const amount = formatFen(Number(r.amount_fen));
    // facts (im.service.ts, Notice): money in fen, the invoice type by its code
    const say = (
      title: string, scene: 'im_invoice_apply' | 'im_invoice_issue' | 'im_invoice_refuse' | 'im_invoice_withdraw' | 'im_invoice_resubmit' | 'im_invoice_reverse',
      values: Record<string, string>, facts: Record<string, string> = values,
    ) =>
      notices.postNotice(trx, {
        to, event: `iv-${requestNo}-${action}-${Date.now()}`,
        notice: { title, scene, values: { request_no: requestNo, ...values }, facts: { request_no: requestNo, ...facts }, no: requestNo, link: toSeller ? '/backend/accounting/invoiceIssue' : '/backend/accounting/invoiceHistory' },
      }, ctx);
    switch (action) {
      case 'apply':
        return say('新开票申请', 'im_invoice_apply', { buyer: r.buyer_company_name, orders: String(r.order_count), amount, title: r.title_name, invoice_type: INVOICE_TYPE_LONG_TEXT[r.invoice_type as 'normal'] },
          { buyer: r.buyer_company_name, orders: String(r.order_count), amount: String(r.amount_fen), title: r.title_name, invoice_type: r.invoice_type });
      case 'issue':
        return say('发票已开具', 'im_invoice_issue', { seller: r.seller_company_name, invoice_number: r.invoice_number ?? '', amount: formatFen(Number(r.issued_fen)) },
          { seller: r.seller_company_name, invoice_number: r.invoice_number ?? '', amount: String(r.issued_fen) });
      case 'refuse':
        return say('开票被拒绝', 'im_invoice_refuse', { seller: r.seller_company_name, reason: r.refuse_reason ?? '' });
      case 'withdraw':
        return say('开票申请已撤回', 'im_invoice_withdraw', { buyer: r.buyer_company_name });
      case 'resubmit':
        return say('开票申请已重新提交', 'im_invoice_resubmit', { buyer: r.buyer_company_name, amount, title: r.title_name },
          { buyer: r.buyer_company_name, amount: String(r.amount_fen), title: r.title_name });
      case 'reverse':
        return say('发票已红冲', 'im_invoice_reverse', { seller: r.seller_company_name, invoice_number: r.invoice_number ?? '', red_number: r.red_number ?? '', reason: r.red_reason ?? '' });
    }
  };

  /** The request, if the caller's company is one of its sides and holds that side's codes. */
  const readable = async (db: Kysely<DB>, caller: Caller, requestNo: string) => {
    const r = await repo.requestByNo(db, requestNo);
    if (!r) throw requestNotFound();
    if (r.buyer_company_id === caller.companyId) {
      if (!mayBuy(caller)) throw forbidden(t.noBuyerRight);
    } else if (r.seller_company_id === caller.companyId) {
      if (!maySell(caller)) throw forbidden(t.noSellerRight);
    } else {
      throw forbidden(t.otherCompany);
    }
    return r;
  };

  const view = async (db: Kysely<DB>, caller: Caller, requestNo: string): Promise<InvoiceDetail> => {
    const r = await readable(db, caller, requestNo);
    const [orders, events] = await Promise.all([repo.ordersOf(db, r.id), repo.eventsOf(db, r.id)]);
    const now = await ordersForInvoice(db, { buyerCompanyId: r.buyer_company_id, orderNos: orders.map((o) => o.order_no) });
    const current = new Map(now.map((o) => [o.order_no, o]));
    return {
      ...requestOut(r, caller.companyId),
      orders: orders.map((o) => ({
        order_no: o.order_no, amount_fen: Number(o.amount_fen), invoiceable_fen: current.get(o.order_no)?.invoiceable_fen ?? 0,
        status: current.get(o.order_no)?.status ?? '', created_at: unix(current.get(o.order_no)?.created_at ?? null),
      })),
      events: events.map((e) => ({ action: e.action, from_status: e.from_status ?? '', to_status: e.to_status, note: e.note, user_name: e.user_name, company_name: e.company_name, created_at: unix(e.created_at) })),
    };
  };

  /** One move: locked request, the right side, the state machine, the move's own work, the event, the notice. */
  const move = async (db: Kysely<DB>, caller: Caller, requestNo: string, action: InvoiceAction, note: string, ctx: Ctx | undefined,
    work: (trx: Kysely<DB>, r: NonNullable<Awaited<ReturnType<typeof repo.lockRequest>>>, now: Date, to: InvoiceStatus) => Promise<repo.RequestChange>) => {
    await inTransaction(db, async (trx) => {
      const r = await repo.lockRequest(trx, requestNo);
      if (!r) throw requestNotFound();
      const side = INVOICE_ACTION_SIDE[action];
      const own = side === 'buyer' ? r.buyer_company_id : r.seller_company_id;
      if (own !== caller.companyId) {
        const other = side === 'buyer' ? r.seller_company_id : r.buyer_company_id;
        throw forbidden(other === caller.companyId ? (side === 'buyer' ? t.buyerOnly : t.sellerOnly) : t.otherCompany);
      }
      const step = invoiceTransition(r.status, action);
      if (!step.ok) throw conflict(step.reason);
      const now = clock.now();
      const change = await work(trx, r, now, step.to);
      await repo.setRequest(trx, r.id, { ...change, status: step.to, updated_at: now });
      if (holdsOrders(r.status) && !holdsOrders(step.to)) await repo.setOrdersOpen(trx, r.id, false);
      await repo.addEvent(trx, { request_id: r.id, action, actor_user_id: caller.userId, from_status: r.status, to_status: step.to, note, created_at: now });
      await tell(trx, action, requestNo, ctx);
    });
    return view(db, caller, requestNo);
  };

  return {
    // ---- titles ----
    async titles(db: Kysely<DB>, caller: Caller) {
      buyerOnly(caller);
      return (await repo.titlesOf(db, caller.companyId)).map(titleOut);
    },

    async saveTitle(db: Kysely<DB>, caller: Caller, p: PayloadOut<'invoiceTitleSave'>): Promise<InvoiceTitle> {
      buyerOnly(caller);
      const fields = normaliseInvoiceTitle({ kind: p.kind, invoice_type: p.invoice_type, name: p.name, tax_no: p.tax_no, address: p.address, phone: p.phone, bank: p.bank, account: p.account });
      const id = await inTransaction(db, async (trx) => {
        const mine = await repo.lockTitles(trx, caller.companyId);
        const now = clock.now();
        let id = p.id;
        if (id) {
          const was = mine.find((x) => Number(x.id) === id);
          if (!was) throw invalid('id', t.titleNotFound);
          await repo.updateTitle(trx, id, fields, now);
          if (!p.is_default && was.is_default) await repo.clearDefault(trx, caller.companyId);
        } else {
          if (mine.length >= INVOICE_TITLES_MAX) throw conflict(t.titlesFull);
          id = Number(await repo.insertTitle(trx, caller.companyId, fields, now));
        }
        // the first title is the default one
        if (p.is_default || mine.length === 0) {
          await repo.clearDefault(trx, caller.companyId);
          await repo.setDefault(trx, id);
        }
        return id;
      });
      return titleOut((await repo.titleOf(db, caller.companyId, id))!);
    },

    async removeTitle(db: Kysely<DB>, caller: Caller, id: number) {
      buyerOnly(caller);
      await inTransaction(db, async (trx) => {
        const mine = await repo.lockTitles(trx, caller.companyId);
        const was = mine.find((x) => Number(x.id) === id);
        if (!was) throw invalid('id', t.titleNotFound);
        await repo.deleteTitle(trx, id);
        const next = mine.find((x) => Number(x.id) !== id);
        if (was.is_default && next) await repo.setDefault(trx, Number(next.id));
      });
      return { id };
    },

    async defaultTitle(db: Kysely<DB>, caller: Caller, id: number) {
      buyerOnly(caller);
      await inTransaction(db, async (trx) => {
        const mine = await repo.lockTitles(trx, caller.companyId);
        if (!mine.some((x) => Number(x.id) === id)) throw invalid('id', t.titleNotFound);
        await repo.clearDefault(trx, caller.companyId);
        await repo.setDefault(trx, id);
      });
      return titleOut((await repo.titleOf(db, caller.companyId, id))!);
    },

    // ---- requests ----
    async orders(db: Kysely<DB>, caller: Caller, p: PayloadOut<'invoiceOrders'>): Promise<InvoiceOrder[]> {
      buyerOnly(caller);
      const rows = (await ordersForInvoice(db, { buyerCompanyId: caller.companyId, sellerCompanyId: p.seller_company_id || undefined }))
        .filter((o) => orderInvoiceRefusal(o) === null);
      const held = new Set((await repo.heldOrders(db, rows.map((o) => o.id))).map((h) => String(h.order_id)));
      return rows.filter((o) => !held.has(o.id)).map(orderOut);
    },

    async apply(db: Kysely<DB>, caller: Caller, p: PayloadOut<'invoiceApply'>, ctx?: Ctx): Promise<InvoiceDetail> {
      buyerOnly(caller);
      const no = await inTransaction(db, async (trx) => {
        const orders = await checkedOrders(trx, caller, p.order_nos);
        const title = await titleOrRefuse(trx, caller, p.title_id);
        const now = clock.now();
        const requestNo = newNo(now);
        try {
          const id = await repo.insertRequest(trx, {
            request_no: requestNo, buyer_company_id: caller.companyId, buyer_user_id: caller.userId, seller_company_id: orders[0].seller_company_id,
            ...titleCopy(title), remark: p.remark, amount_fen: orders.reduce((s, o) => s + o.invoiceable_fen, 0), created_at: now,
          }, orders.map((o) => ({ order_id: o.id, order_no: o.order_no, amount_fen: o.invoiceable_fen })));
          await repo.addEvent(trx, { request_id: id, action: 'apply', actor_user_id: caller.userId, from_status: null, to_status: 'requested', note: p.remark, created_at: now });
        } catch (e) {
          // another request took one of the orders at the same moment (invoice_request_order_open)
          if (isUniqueViolation(e)) throw conflict(t.orderTaken(p.order_nos.join('、')));
          throw e;
        }
        await tell(trx, 'apply', requestNo, ctx);
        return requestNo;
      });
      return view(db, caller, no);
    },

    async search(db: Kysely<DB>, caller: Caller, p: PayloadOut<'invoiceSearch'>) {
      if (p.side === 'buyer' && !mayBuy(caller)) throw forbidden(t.noBuyerRight);
      if (p.side === 'seller' && !maySell(caller)) throw forbidden(t.noSellerRight);
      const f: repo.RequestFilter = { side: p.side, companyId: caller.companyId, status: p.status, no: p.no };
      const [rows, counts] = await Promise.all([repo.searchRequests(db, f, p.page_size, (p.page_number - 1) * p.page_size), repo.countByStatus(db, f)]);
      const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n]));
      const all = counts.reduce((s, c) => s + c.n, 0);
      return { data: rows.map((r) => requestOut(r, caller.companyId)), total: p.status ? (byStatus[p.status] ?? 0) : all, counts: { ...byStatus, all } };
    },

    retrieve: view,

    issue: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'invoiceIssue'>, ctx?: Ctx) =>
      move(db, caller, p.request_no, 'issue', `${p.invoice_number} ¥${formatFen(p.amount_fen)}`, ctx, async (trx, r, now) => {
        if (p.invoice_date > chinaDay(now)) throw invalid('invoice_date', t.invoiceDateFuture);
        if ((await firstForeignUpload(trx, caller.companyId, [p.file_path], { documents: true })) >= 0) throw invalid('file_path', t.fileNotOurs);
        const orders = await repo.ordersOf(trx, r.id);
        const current = await ordersForInvoice(trx, { buyerCompanyId: r.buyer_company_id, orderNos: orders.map((o) => o.order_no), lock: true });
        const now_fen = current.reduce((s, o) => s + o.invoiceable_fen, 0);
        const refused = issueAmountRefusal(p.amount_fen, Math.min(now_fen, Number(r.amount_fen)));
        if (refused) throw invalid('amount_fen', refused);
        return { invoice_number: p.invoice_number, invoice_date: p.invoice_date, issued_fen: p.amount_fen, file_path: p.file_path, issued_at: now };
      }),

    refuse: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'invoiceRefuse'>, ctx?: Ctx) =>
      move(db, caller, p.request_no, 'refuse', p.reason, ctx, async (_trx, _r, now) => ({ refuse_reason: p.reason, refused_at: now })),

    /** 红冲: a red-letter invoice reverses the issued one in full; the orders may be invoiced again (docs/money.md, "Invoices"). */
    reverse: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'invoiceReverse'>, ctx?: Ctx) =>
      move(db, caller, p.request_no, 'reverse', `${p.red_number}：${p.reason}`, ctx, async (trx, r, now) => {
        if (p.red_number === r.invoice_number) throw invalid('red_number', t.redSameNumber);
        if (p.red_date > chinaDay(now) || p.red_date < (r.invoice_date ?? '')) throw invalid('red_date', t.redDateRange);
        if ((await firstForeignUpload(trx, caller.companyId, [p.file_path], { documents: true })) >= 0) throw invalid('file_path', t.fileNotOurs);
        return { red_number: p.red_number, red_date: p.red_date, red_file_path: p.file_path, red_reason: p.reason, reversed_at: now };
      }),

    withdraw: (db: Kysely<DB>, caller: Caller, requestNo: string, ctx?: Ctx) =>
      move(db, caller, requestNo, 'withdraw', '', ctx, async (_trx, _r, now) => ({ withdrawn_at: now })),

    resubmit: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'invoiceResubmit'>, ctx?: Ctx) =>
      move(db, caller, p.request_no, 'resubmit', p.remark, ctx, async (trx, r) => {
        const title = await titleOrRefuse(trx, caller, p.title_id);
        const mine = await repo.ordersOf(trx, r.id);
        const orders = await checkedOrders(trx, caller, mine.map((o) => o.order_no));
        try {
          await repo.setOrdersOpen(trx, r.id, true);
        } catch (e) {
          if (isUniqueViolation(e)) throw conflict(t.orderTaken(mine.map((o) => o.order_no).join('、')));
          throw e;
        }
        for (const o of orders) await repo.setOrderAmount(trx, r.id, o.id, o.invoiceable_fen);
        return { ...titleCopy(title), remark: p.remark, amount_fen: orders.reduce((s, o) => s + o.invoiceable_fen, 0), refuse_reason: null, refused_at: null };
      }),
  };
};

export type InvoiceService = ReturnType<typeof createInvoiceService>;
