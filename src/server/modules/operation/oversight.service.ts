/**
 * Orders and enquiries of the whole platform for operators: read only, except that an
 * operator may cancel an order that is neither shipped nor paid (operatorMayCancel). The cancel
 * goes through the same steps as a buyer's: locked row, stock given back, an order event (so both
 * sides see who cancelled and why on their order page), and the audit log, in one transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { inTransaction, likeEscape, unix } from '../../db/helpers';
import { ResultCode, type PayloadOut } from '../../../shared/contracts';
import { opCatalogueText as t, operatorMayCancel } from '../../../shared/domain/operation';
import { ORDER_STATUS_TEXT, type OrderStatus, type PayStatus } from '../../../shared/domain/orders';
import { effectiveState } from '../../../shared/domain/enquiry';
import * as orders from '../orders/orders.service';
import { returnVoucherOf } from '../voucher/voucher.service';
import * as audit from './audit.repo';
import { chinaMidnight } from '../../../shared/domain/china-time';

const nextChinaMidnight = (day: string) => new Date(chinaMidnight(day).getTime() + 86_400_000);

/** A company named by id (digits) or by part of its name or short name. */
const companyMatch = (col: 'o.buyer_company_id' | 'o.seller_company_id' | 'e.buyer_company_id', text: string) =>
  /^\d{1,9}$/.test(text)
    ? sql<boolean>`${sql.ref(col)} = ${Number(text)}`
    : sql<boolean>`${sql.ref(col)} in (select id from company where name ilike ${`%${likeEscape(text)}%`} or short_name ilike ${`%${likeEscape(text)}%`})`;

interface EnquiryListRow {
  enquiry_no: string; state: 'draft' | 'open' | 'ended' | 'cancelled'; buyer_company_id: number; buyer_company_name: string; vin: string; quote_count: number;
  created_at: Date; sent_at: Date | null; expires_at: Date | null; make_name: string | null; lines: number; recipients: number; first_line: string | null;
}

const enquiryRow = (r: EnquiryListRow, nowS: number) => ({
  enquiry_no: r.enquiry_no, state: effectiveState({ state: r.state, expiresAt: r.expires_at ? unix(r.expires_at) : null, quoteCount: r.quote_count }, nowS),
  buyer_company_id: r.buyer_company_id, buyer_company_name: r.buyer_company_name, make_name: r.make_name ?? '', vin: r.vin,
  lines: r.lines, recipients: r.recipients, quote_count: r.quote_count, first_line: r.first_line ?? '',
  created_at: unix(r.created_at), sent_at: unix(r.sent_at), expires_at: unix(r.expires_at),
});

export const createOversightService = (deps: { clock: Clock }) => ({
  async orderList(db: Kysely<DB>, p: PayloadOut<'opOrderList'>) {
    let q = db.selectFrom('goods_order as o')
      .innerJoin('company as bc', 'bc.id', 'o.buyer_company_id')
      .innerJoin('company as sc', 'sc.id', 'o.seller_company_id');
    if (p.no) {
      const like = `%${likeEscape(p.no).toUpperCase()}%`;
      q = q.where((eb) => eb.or([eb('o.order_no', 'like', like), eb('o.checkout_no', 'like', like)]));
    }
    if (p.buyer) q = q.where(companyMatch('o.buyer_company_id', p.buyer));
    if (p.seller) q = q.where(companyMatch('o.seller_company_id', p.seller));
    if (p.status) q = q.where('o.status', '=', p.status);
    if (p.pay_status) q = q.where('o.pay_status', '=', p.pay_status);
    if (p.date_from) q = q.where('o.created_at', '>=', chinaMidnight(p.date_from));
    if (p.date_to) q = q.where('o.created_at', '<', nextChinaMidnight(p.date_to));
    const [rows, total] = await Promise.all([
      q.select([
        'o.order_no', 'o.checkout_no', 'o.status', 'o.pay_status', 'o.buyer_company_id', 'bc.name as buyer_company_name', 'o.seller_company_id',
        'sc.name as seller_company_name', 'o.line_count', 'o.total_qty', 'o.total_fen', 'o.created_at',
        sql<string>`(select l.name from goods_order_line l where l.order_id = o.id order by l.id limit 1)`.as('first_line'),
      ]).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute(),
      q.select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(o.total_fen), 0)::text`.as('fen')]).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((r) => ({ ...r, total_fen: Number(r.total_fen), first_line: r.first_line ?? '', created_at: unix(r.created_at) })),
      total: total.n, total_fen: Number(total.fen),
    };
  },

  async orderDetail(db: Kysely<DB>, orderNo: string) {
    const o = await orders.orderByNo(db, orderNo);
    if (!o) throw new AppError(ResultCode.notFound, 404, t.orderNotFound);
    const [lines, events] = await Promise.all([orders.linesOf(db, o.id), orders.eventsOf(db, o.id)]);
    return {
      order_no: o.order_no, checkout_no: o.checkout_no, status: o.status, pay_status: o.pay_status,
      buyer_company_id: o.buyer_company_id, buyer_company_name: o.buyer_company_name, seller_company_id: o.seller_company_id, seller_company_name: o.seller_company_name,
      line_count: o.line_count, total_qty: o.total_qty, total_fen: Number(o.total_fen), first_line: o.first_line ?? '', created_at: unix(o.created_at),
      buyer_user_name: o.buyer_user_name, contact_name: o.contact_name, contact_phone: o.contact_phone, address: o.address, remark: o.remark,
      reject_reason: o.reject_reason ?? '', cancel_reason: o.cancel_reason ?? '', logistics_company: o.logistics_company ?? '', logistics_no: o.logistics_no ?? '',
      pay_method: o.pay_method ?? '',
      lines: lines.map((l) => ({ supplier_oe: l.supplier_oe, name: l.name, brand_name: l.brand_name, quality_name: l.quality_name, qty: l.qty, unit_price_fen: l.unit_price_fen, amount_fen: Number(l.amount_fen) })),
      events: events.map((e) => ({ action: e.action, from_status: e.from_status ?? '', to_status: e.to_status, note: e.note, user_name: e.user_name, created_at: unix(e.created_at) })),
      may_cancel: operatorMayCancel({ status: o.status, payStatus: o.pay_status }),
    };
  },

  cancelOrder: (db: Kysely<DB>, caller: Caller, p: { order_no: string; reason: string }) =>
    inTransaction(db, async (trx) => {
      const o = await orders.lockOrder(trx, p.order_no);
      if (!o) throw new AppError(ResultCode.notFound, 404, t.orderNotFound);
      if (!operatorMayCancel({ status: o.status, payStatus: o.pay_status })) {
        throw conflict(t.orderNoCancel(`${ORDER_STATUS_TEXT[o.status as OrderStatus]}${(o.pay_status as PayStatus) === 'paid' ? '、已付款' : ''}`));
      }
      const now = deps.clock.now();
      await orders.setOrder(trx, o.id, { status: 'cancelled', cancelled_at: now, cancel_reason: `平台取消：${p.reason}` });
      await orders.returnStock(trx, o.id);
      // a voucher used on the order comes back while still valid (docs/vouchers.md)
      await returnVoucherOf(trx, o.id, now);
      await orders.addEvent(trx, { order_id: o.id, action: 'cancel', actor_user_id: caller.userId, from_status: o.status, to_status: 'cancelled', note: `平台取消：${p.reason}`, created_at: now });
      await audit.record(trx, caller, now, [{ entity: 'order', entity_id: p.order_no, action: 'cancel', old: { status: o.status }, new: { status: 'cancelled' }, note: p.reason }]);
      return { status: 'cancelled' };
    }),

  /** 支付记录: membership package orders of every company (the packages carry the VIN and stock query allowances). */
  async payList(db: Kysely<DB>, p: PayloadOut<'opPayList'>) {
    let q = db.selectFrom('package_order as o').innerJoin('company as c', 'c.id', 'o.company_id').innerJoin('app_user as u', 'u.id', 'o.user_id');
    if (p.company) {
      q = /^\d{1,9}$/.test(p.company) ? q.where('o.company_id', '=', Number(p.company))
        : q.where((eb) => eb.or([eb('c.name', 'ilike', `%${likeEscape(p.company)}%`), eb('c.short_name', 'ilike', `%${likeEscape(p.company)}%`)]));
    }
    if (p.no) q = q.where('o.order_no', 'like', `%${likeEscape(p.no).toUpperCase()}%`);
    if (p.state) q = q.where('o.state', '=', p.state);
    if (p.date_from) q = q.where('o.created_at', '>=', chinaMidnight(p.date_from));
    if (p.date_to) q = q.where('o.created_at', '<', nextChinaMidnight(p.date_to));
    const [rows, total] = await Promise.all([
      q.select(['o.order_no', 'o.company_id', 'c.name as company_name', 'u.display_name as username', 'o.level_name', 'o.amount_fen', 'o.duration_months', 'o.state',
        'o.provider', 'o.trade_no', 'o.created_at', 'o.paid_at', 'o.level_end_after'])
        .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute(),
      q.select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(o.amount_fen) filter (where o.state = 'paid'), 0)::text`.as('fen')]).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((r) => ({
        ...r, provider: r.provider ?? '', trade_no: r.trade_no ?? '', created_at: unix(r.created_at), paid_at: unix(r.paid_at), level_end_after: unix(r.level_end_after),
      })),
      total: total.n, paid_fen: Number(total.fen),
    };
  },

  async enquiryList(db: Kysely<DB>, p: PayloadOut<'opEnquiryList'>) {
    const now = deps.clock.now();
    const conds = [sql`e.state <> 'draft'`];
    if (p.no) conds.push(sql`e.enquiry_no like ${`%${likeEscape(p.no).toUpperCase()}%`}`);
    if (p.buyer) conds.push(companyMatch('e.buyer_company_id', p.buyer));
    if (p.oe) {
      const norm = p.oe.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
      const byName = sql`l.name ilike ${`%${likeEscape(p.oe)}%`}`;
      conds.push(sql`exists (select 1 from enquiry_line l where l.enquiry_id = e.id
        and (${norm ? sql`l.oe_norm like ${`%${norm}%`} or ` : sql``}${byName}))`);
    }
    if (p.state === 'open') conds.push(sql`e.state = 'open' and e.expires_at > ${now}`);
    else if (p.state === 'expired') conds.push(sql`e.state = 'open' and e.expires_at <= ${now}`);
    else if (p.state) conds.push(sql`e.state = ${p.state}`);
    if (p.date_from) conds.push(sql`e.created_at >= ${chinaMidnight(p.date_from)}`);
    if (p.date_to) conds.push(sql`e.created_at < ${nextChinaMidnight(p.date_to)}`);
    const where = sql.join(conds, sql` and `);
    const [rows, total] = await Promise.all([
      sql<EnquiryListRow>`
        select e.enquiry_no, e.state, e.buyer_company_id, bc.name as buyer_company_name, e.vin, e.quote_count, e.created_at, e.sent_at, e.expires_at,
          (select name from make where id = e.make_id) as make_name,
          (select count(*)::int from enquiry_line l where l.enquiry_id = e.id) as lines,
          (select count(*)::int from enquiry_recipient r where r.enquiry_id = e.id) as recipients,
          (select coalesce(nullif(l.name, ''), l.oe) from enquiry_line l where l.enquiry_id = e.id order by l.line_no limit 1) as first_line
        from enquiry e join company bc on bc.id = e.buyer_company_id
        where ${where}
        order by e.created_at desc, e.id desc offset ${(p.page_number - 1) * p.page_size} limit ${p.page_size}`.execute(db),
      sql<{ n: number }>`select count(*)::int as n from enquiry e where ${where}`.execute(db),
    ]);
    const nowS = unix(now);
    return { data: rows.rows.map((r) => enquiryRow(r, nowS)), total: total.rows[0].n };
  },

  async enquiryDetail(db: Kysely<DB>, enquiryNo: string) {
    const e = (await sql<EnquiryListRow & { id: number; buyer_user_name: string; note: string }>`
      select e.id, e.enquiry_no, e.state, e.buyer_company_id, bc.name as buyer_company_name, u.display_name as buyer_user_name, e.vin, e.note,
        e.quote_count, e.created_at, e.sent_at, e.expires_at, (select name from make where id = e.make_id) as make_name,
        (select count(*)::int from enquiry_line l where l.enquiry_id = e.id) as lines,
        (select count(*)::int from enquiry_recipient r where r.enquiry_id = e.id) as recipients,
        (select coalesce(nullif(l.name, ''), l.oe) from enquiry_line l where l.enquiry_id = e.id order by l.line_no limit 1) as first_line
      from enquiry e join company bc on bc.id = e.buyer_company_id join app_user u on u.id = e.buyer_user_id
      where e.enquiry_no = ${enquiryNo} and e.state <> 'draft'`.execute(db)).rows[0];
    if (!e) throw new AppError(ResultCode.notFound, 404, t.enquiryNotFound);
    const [items, sellers, quotes] = await Promise.all([
      sql<{ line_no: number; oe: string; name: string; qty: number; quality: string }>`
        select line_no, oe, name, qty, quality from enquiry_line where enquiry_id = ${e.id} order by line_no`.execute(db),
      sql<{ company_id: number; name: string }>`
        select c.id as company_id, c.name from enquiry_recipient r join company c on c.id = r.seller_company_id where r.enquiry_id = ${e.id} order by c.id`.execute(db),
      sql<{ line_no: number; seller_company_name: string; price_fen: number; currency: string; brand: string; quality: string; qty: number; delivery_days: number; accepted: boolean; created_at: Date }>`
        select l.line_no, c.name as seller_company_name, q.price_fen, q.currency, q.brand, q.quality, q.qty, q.delivery_days, q.accepted, q.created_at
        from quote q join enquiry_line l on l.id = q.line_id join company c on c.id = q.seller_company_id
        where q.enquiry_id = ${e.id} order by l.line_no, q.price_fen`.execute(db),
    ]);
    return {
      ...enquiryRow(e, unix(deps.clock.now())), buyer_user_name: e.buyer_user_name, note: e.note,
      items: items.rows, sellers: sellers.rows,
      quotes: quotes.rows.map((q) => ({ ...q, created_at: unix(q.created_at) })),
    };
  },
});

export type OversightService = ReturnType<typeof createOversightService>;
