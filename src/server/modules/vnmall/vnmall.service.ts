/**
 * The Vietnam mall (docs/overseas.md, "The Vietnam mall").
 *
 * Sellers offer rows (their own terms) or rules (brand, make, category at a markup); a Vietnamese
 * company (company.country 'VN') searches, carts and orders only what is offered, in whole dong at
 * the day's rate: the VND rate the operators set on the current China day. Without it nothing is
 * sold (no rate is guessed from an earlier day). A checkout freezes the rate, the dong amounts and
 * the fen amounts on the order; when the total changed since the buyer's page (a new rate or
 * price), it is refused with the new total, and the buyer confirms that total to place the order.
 */
import { randomInt } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, likeEscape, unix } from '../../db/helpers';
import { ResultCode, type AnswerOf, type PayloadOut } from '../../../shared/contracts';
import { chinaDay, formatChina } from '../../../shared/domain/china-time';
import { normalizeOe } from '../../../shared/domain/oe';
import {
  bandOf, bandsOverlap, bandText, belowFloor, dongInFen, dongPayment, dongRefund, dongText, fenInDong, floorDong, markupDong, rateMicros, serviceCharge, vnText, DELIVERY_TERM_ZH,
  type ChargeBand, type DeliveryTerm,
} from '../../../shared/domain/vn-mall';
import { ONLINE_PAYABLE_STATUSES, type OrderStatus } from '../../../shared/domain/orders';
import * as audit from '../operation/audit.service';
import { addEvent, insertOrder, onStockReturned, takeStock } from '../orders/orders.service';
import { onDongRefund, type OrderMoney } from '../orders/order-payment.service';
import type { VnWalletService } from '../vnwallet/vnwallet.service';
import { markFollowedOesChanged } from '../basket/follow.service';
import type { AfterSaleService } from '../aftersale/aftersale.service';
import { checkBillMonth, monthBounds } from '../bill/bill.service';
import { billText } from '../../../shared/contracts/bill';
import * as repo from './vnmall.repo';

// a cancelled or rejected mall order gives its pieces back to the offers they were sold from
onStockReturned(async (trx, lines) => {
  const mall = lines.filter((l) => l.price_column === 'vn_mall');
  if (mall.length > 0) await repo.raiseOfferQty(trx, mall);
});

// a refund of a dong-paid order goes back in dong at the payment's rate (docs/money.md "Paying a mall order in dong")
onDongRefund(async (trx, o, amountFen, whole) => {
  const v = (await repo.lockVnOrder(trx, o.id))!;
  const goodsBack = await repo.goodsRefunded(trx, o.id);
  const goods = dongRefund({ fen: amountFen, paid_fen: o.paid_fen, refunded_fen: o.refunded_fen, goods_dong: Number(v.paid_goods_dong), refunded_dong: goodsBack, pay_rate: v.pay_rate! });
  // the service charge goes back only with the whole order (cancelled or rejected), once
  const serviceBack = whole && (await repo.serviceRefunded(trx, o.id)) === 0;
  const service_fen = serviceBack ? Number(v.paid_service_fen) : 0;
  const service_dong = serviceBack ? Number(v.paid_service_dong) : 0;
  return {
    goods_dong: goods, service_fen, service_dong, rate_micro: Number(rateMicros(v.pay_rate!)),
    record: (t, r) => repo.insertVnRefund(t, {
      order_id: o.id, refund_no: r.refund_no, amount_fen: amountFen, goods_dong: goods, service_fen, service_dong, ledger_transaction_id: r.transaction_id, created_at: r.at,
    }),
  };
});

type Rate = AnswerOf<'vnMallOverview'>['rate'];
type Terms = NonNullable<AnswerOf<'vnOfferList'>['data'][number]['terms']>;

const notOffered = () => new AppError(ResultCode.notFound, 404, vnText.notOffered);

/**
 * A Vietnamese company buys only in the Vietnam mall: the Chinese searches and cart refuse it, so
 * it never reaches a row that was not offered there (or a CNY price) by another door.
 */
export const refuseVnBuyer = async (db: Kysely<DB>, caller: Caller) => {
  if ((await repo.companyCountry(db, caller.companyId)) === 'VN') throw forbidden(vnText.vnBuyerOnlyMall);
};

/** What a mall row sells at today, or why it does not. */
export interface Resolved {
  offered_by: 'row' | 'rule' | '';
  terms: Terms | null;
  vn_quantity: number;
  dong: number | null;
  problem: string;
}

export const resolve = (r: repo.MallRow, rate: string | null): Resolved => {
  const by = r.price_mode ? 'row' : r.rule_id !== null ? 'rule' : '';
  const terms: Terms | null = r.price_mode
    ? { price_mode: r.price_mode, vn_price: r.vn_price === null ? null : Number(r.vn_price), markup_bp: r.o_markup, floor_fen: Number(r.o_floor) }
    : r.rule_id !== null ? { price_mode: 'markup', vn_price: null, markup_bp: r.r_markup, floor_fen: Number(r.r_floor) } : null;
  const vnQty = Math.max(0, by === 'row' ? Math.min(r.o_qty ?? 0, r.quantity) : by === 'rule' ? Math.min(r.quantity_cap ?? r.quantity, r.quantity) : 0);
  const out: Resolved = { offered_by: by, terms, vn_quantity: vnQty, dong: null, problem: '' };
  if (!terms) return { ...out, problem: '未上架越南商城' };
  if (terms.price_mode === 'direct') out.dong = terms.vn_price;
  else if (r.price1 === null || r.price1 <= 0) return { ...out, problem: vnText.noBasePrice(r.supplier_oe) };
  else if (rate !== null) out.dong = markupDong(r.price1, terms.markup_bp!, rate);
  if (r.removed_reason !== null) return { ...out, problem: `平台已移出：${r.removed_reason}` };
  if (r.state !== 'on') return { ...out, problem: '库存不在售' };
  if (rate === null) return { ...out, problem: vnText.noRateSeller };
  if (out.dong === null || out.dong <= 0) return { ...out, dong: null, problem: vnText.noBasePrice(r.supplier_oe) };
  if (belowFloor(out.dong, terms.floor_fen, rate)) return { ...out, problem: vnText.belowFloor(r.supplier_oe, out.dong, floorDong(terms.floor_fen, rate)) };
  // an order line keeps a price of at least one fen
  if (dongInFen(out.dong, rate) < 1) return { ...out, problem: '越南盾价格低于1分人民币，不能销售' };
  if (vnQty <= 0) return { ...out, problem: '越南可售数量为0' };
  return out;
};

const toBand = (b: repo.BandRow): ChargeBand & { id: number } =>
  ({ id: b.id, min_dong: Number(b.min_dong), max_dong: b.max_dong === null ? null : Number(b.max_dong), kind: b.kind, value: Number(b.value) });

const orderOut = (o: repo.VnOrderRow): AnswerOf<'opVnOrderList'>['data'][number] => ({
  id: Number(o.id), order_no: o.order_no, checkout_no: o.checkout_no, status: o.status, created_at: unix(o.created_at),
  buyer_company_id: o.buyer_company_id, buyer_company_name: o.buyer_company_name, seller_company_id: o.seller_company_id, seller_company_name: o.seller_company_name,
  line_count: o.line_count, total_qty: o.total_qty, goods_fen: Number(o.total_fen), service_fen: Number(o.service_fen),
  goods_dong: Number(o.goods_dong), service_dong: Number(o.service_dong), total_dong: Number(o.total_dong),
  rate: Number(o.rate_value), rate_day: o.rate_day, delivery_term: o.delivery_term, service_rule: o.service_rule,
  pay_status: o.pay_status, pay_channel: o.pay_channel ?? '', paid_fen: Number(o.paid_fen), refunded_fen: Number(o.refunded_fen),
  paid_dong: Number(o.paid_dong ?? 0), credited_fen: Number(o.credited_fen ?? 0), paid_service_fen: Number(o.paid_service_fen ?? 0),
  pay_rate: Number(o.pay_rate ?? 0), pay_rate_day: o.pay_rate_day ?? '', paid_at: unix(o.paid_at), refunded_dong: Number(o.refunded_dong),
});

/** What paying this order from the dong wallet takes at the rate, or null when it is not payable online now. */
const payableNow = (o: repo.VnOrderRow) =>
  o.pay_status === 'unpaid' && ONLINE_PAYABLE_STATUSES.includes(o.status as OrderStatus) && Number(o.total_fen) - Number(o.deducted_fen) > 0;
const payNow = (o: repo.VnOrderRow, rate: string | null) => {
  const due = Number(o.total_fen) - Number(o.deducted_fen);
  if (rate === null || !payableNow(o)) return null;
  return dongPayment({ due_fen: due, total_fen: Number(o.total_fen), goods_dong: Number(o.goods_dong), service_dong: Number(o.service_dong), rate: o.rate_value }, rate);
};

/** SO + China time to the second + 6 random digits, as every goods order. */
const newNo = (prefix: 'SO' | 'CO', now: Date) =>
  `${prefix}${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/**
 * An after-sale's refund in dong (docs/overseas.md "After-sales (海外售后)"): what its lines cost in
 * dong while the refund is the lines' fen amount; a completion that refunded another fen amount
 * is that amount at the order's frozen rate, rounded half up.
 */
const refundDong = (refundFen: number, lines: Array<{ qty: number; amount_fen: number; unit_price_dong: number }>, rate: string) =>
  refundFen === lines.reduce((n, l) => n + l.amount_fen, 0) ? lines.reduce((n, l) => n + l.qty * l.unit_price_dong, 0) : fenInDong(refundFen, rate);

type VnLine = Awaited<ReturnType<typeof repo.vnLinesOf>>[number];
type DongSide = Pick<AnswerOf<'opVnAfterSaleDetail'>, 'refund_dong' | 'dong_refunded' | 'rate' | 'rate_day' | 'rate_kind'>;

/**
 * The dong side of an after-sale (docs/overseas.md "After-sales (海外售后)"). An order paid from the
 * dong wallet shows the payment's rate and, once its completion refunded, exactly the dong that
 * went back (vn_order_refund, by the after-sale's refund numbers); before that, the refund at the
 * payment's rate. Any other order shows the order's frozen rate, as refundDong reckons it.
 */
const dongSide = (
  a: { refund_fen: number }, lines: Array<{ qty: number; amount_fen: number; unit_price_dong: number }>, order: VnLine,
  refunds: Array<{ goods_dong: string; service_dong: string }>,
): DongSide => {
  if (order.pay_rate === null) {
    return { refund_dong: refundDong(a.refund_fen, lines, order.rate_value), dong_refunded: false, rate: Number(order.rate_value), rate_day: order.rate_day, rate_kind: 'order' };
  }
  const given = refunds.length > 0;
  return {
    refund_dong: given ? refunds.reduce((n, r) => n + Number(r.goods_dong) + Number(r.service_dong), 0) : fenInDong(a.refund_fen, order.pay_rate),
    dong_refunded: given, rate: Number(order.pay_rate), rate_day: order.pay_rate_day ?? '', rate_kind: 'payment',
  };
};

export const createVnMallService = ({ clock, afterSales, money, vnWallet }: {
  clock: Clock;
  afterSales: Pick<AfterSaleService, 'operatorList' | 'operatorDetail' | 'close' | 'linesOfMany'>;
  money: Pick<OrderMoney, 'payFromDong' | 'afterSaleRefunds'>;
  vnWallet: Pick<VnWalletService, 'holder' | 'wallet'>;
}) => {
  /** The day's rate: the VND rate if the operators set it on the current China day, else none. */
  const dayRate = async (db: Kysely<DB>): Promise<{ rate: string | null; out: Rate }> => {
    const now = clock.now();
    const day = chinaDay(now);
    const row = await repo.vndRate(db);
    const rate = row && chinaDay(row.updated_at) === day ? row.rate : null;
    return { rate, out: { rate: rate === null ? null : Number(rate), day, last_rate: row ? Number(row.rate) : null, last_set_at: row ? unix(row.updated_at) : 0 } };
  };

  /** The caller's company must be Vietnamese to buy here. */
  const vnBuyer = async (db: Kysely<DB>, caller: Caller) => {
    if ((await repo.companyCountry(db, caller.companyId)) !== 'VN') throw forbidden(vnText.notVnBuyer);
  };

  const sellingRate = async (db: Kysely<DB>) => {
    const { rate, out } = await dayRate(db);
    if (rate === null) throw conflict(vnText.noRate);
    return { rate, out };
  };

  // ---- the buyer's cart, priced the one way for the list and the checkout ----

  const pricedCart = async (db: Kysely<DB>, caller: Caller, rate: string | null, lock = false) => {
    const items = await repo.cartItems(db, caller.companyId, lock);
    const ids = items.map((i) => i.stock_id);
    const rows = ids.length ? await repo.mallRows(db, sql`s.id = any(${sql.val(ids)}::int[])`, sql`s.id`, 0, ids.length) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const bands = (await repo.bands(db)).map(toBand);
    const groups = new Map<number, AnswerOf<'vnCartList'>['groups'][number]>();
    const lines: Array<{ item: (typeof items)[number]; row: repo.MallRow; dong: number }> = [];
    for (const item of items) {
      const row = byId.get(item.stock_id);
      if (!row) continue;
      const r = resolve(row, rate);
      let problem = r.problem;
      if (r.offered_by === '' || row.removed_reason !== null) problem = vnText.notOffered;
      else if (!problem && item.qty > r.vn_quantity) problem = vnText.notEnough(row.supplier_oe, r.vn_quantity);
      if (row.company_id === caller.companyId) problem = vnText.ownStock;
      const sellable = problem === '' && r.dong !== null;
      const g = groups.get(row.company_id) ?? { seller_company_id: row.company_id, seller_company_name: row.company_name, lines: [], goods_dong: 0, service_dong: 0, service_rule: '', total_dong: 0 };
      groups.set(row.company_id, g);
      g.lines.push({
        id: item.id, stock_id: row.id, qty: item.qty, supplier_oe: row.supplier_oe, name: row.name, brand_name: row.brand_name,
        seller_company_id: row.company_id, seller_company_name: row.company_name,
        vn_price: sellable ? r.dong : null, amount_dong: sellable ? r.dong! * item.qty : 0, vn_quantity: r.vn_quantity, problem,
      });
      if (sellable) { g.goods_dong += r.dong! * item.qty; lines.push({ item, row, dong: r.dong! }); }
    }
    for (const g of groups.values()) {
      const band = bandOf(bands, g.goods_dong);
      g.service_dong = g.goods_dong > 0 ? serviceCharge(bands, g.goods_dong) : 0;
      g.service_rule = g.goods_dong > 0 && band ? bandText(band) : '';
      g.total_dong = g.goods_dong + g.service_dong;
    }
    const list = [...groups.values()];
    return {
      groups: list, lines,
      goods_dong: list.reduce((s, g) => s + g.goods_dong, 0),
      service_dong: list.reduce((s, g) => s + g.service_dong, 0),
      total_dong: list.reduce((s, g) => s + g.total_dong, 0),
    };
  };

  const cartAnswer = async (db: Kysely<DB>, caller: Caller): Promise<AnswerOf<'vnCartList'>> => {
    const { rate, out } = await dayRate(db);
    const c = await pricedCart(db, caller, rate);
    return { rate: out.rate, day: out.day, problem: rate === null ? vnText.noRate : '', groups: c.groups, goods_dong: c.goods_dong, service_dong: c.service_dong, total_dong: c.total_dong };
  };

  /** An offered, selling row for a Vietnamese buyer, or 404 (not offered) / 409 (why it does not sell today). */
  const sellingRow = async (db: Kysely<DB>, caller: Caller, stockId: number, rate: string) => {
    const [row] = await repo.mallRows(db, sql`s.id = ${stockId} and ${repo.OFFERED} and ${repo.NOT_REMOVED} and s.state = 'on'`, sql`s.id`, 0, 1);
    if (!row || row.company_id === caller.companyId) throw notOffered();
    const r = resolve(row, rate);
    if (r.problem) throw conflict(r.problem);
    return { row, r };
  };

  const offerOut = (row: repo.MallRow, r: Resolved): AnswerOf<'vnMallOffer'> => ({
    stock_id: row.id, supplier_oe: row.supplier_oe, name: row.name, brand_name: row.brand_name, make_name: row.make_name, category_name: row.category_name,
    uom_name: row.uom_name, seller_company_id: row.company_id, seller_company_name: row.company_name, vn_price: r.dong!, vn_quantity: r.vn_quantity,
  });

  const sellerRowOut = (row: repo.MallRow, rate: string | null): AnswerOf<'vnOfferList'>['data'][number] => {
    const r = resolve(row, rate);
    return {
      id: row.id, supplier_oe: row.supplier_oe, name: row.name, brand_name: row.brand_name, make_name: row.make_name, category_name: row.category_name,
      quantity: row.quantity, price1: row.price1, offered_by: r.offered_by, terms: r.terms, vn_quantity: r.vn_quantity,
      dong: r.problem && r.problem !== vnText.noRateSeller ? null : r.dong, problem: r.offered_by === '' ? '' : r.problem, removed_reason: row.removed_reason ?? '',
    };
  };

  const ruleOut = (r: repo.RuleRow): AnswerOf<'vnRuleList'>[number] => ({
    id: r.id, part_brand_id: r.part_brand_id, brand_name: r.brand_name ?? '', make_id: r.make_id, make_name: r.make_name ?? '', category_name: r.category_name,
    markup_bp: r.markup_bp, floor_fen: Number(r.floor_fen), quantity_cap: r.quantity_cap, rows: r.rows, created_at: unix(r.created_at),
  });

  /** The dong refunds (vn_order_refund) each after-sale's completion made: its refund numbers come from the order money service. */
  const dongRefundsOf = async (db: Kysely<DB>, afterSaleIds: number[]) => {
    const nos = await money.afterSaleRefunds(db, afterSaleIds);
    const byNo = new Map((await repo.vnRefundsByNo(db, nos.map((r) => r.refund_no))).map((r) => [r.refund_no, r]));
    return (id: number) => nos.flatMap((r) => (r.after_sale_id === id && byNo.has(r.refund_no) ? [byNo.get(r.refund_no)!] : []));
  };

  const service = {
    dayRate,

    // ---- the seller ----

    /** 越南商城账单 (docs/money.md#overseas-bills): the seller's mall payments and refunds of a China month, in dong and fen. */
    async sellerSettlement(db: Kysely<DB>, caller: Caller, month: string): Promise<AnswerOf<'vnSellerSettlement'>> {
      const c = await repo.sellerCompany(db, caller.companyId);
      if (!c || !c.is_seller || c.country === 'VN') throw forbidden(billText.sellerOnly);
      checkBillMonth(month, clock.now());
      const { from, to } = monthBounds(month);
      const [paid, refunds] = await Promise.all([repo.sellerPaidOrders(db, caller.companyId, from, to), repo.sellerRefunds(db, caller.companyId, from, to)]);
      const orders = paid.map((o) => ({
        order_no: o.order_no, buyer_name: o.buyer_name, paid_at: unix(o.paid_at), goods_dong: Number(o.paid_goods_dong ?? 0), rate: o.pay_rate ?? '', goods_fen: Number(o.goods_fen ?? 0),
      }));
      const back = refunds.map((r) => ({ refund_no: r.refund_no, order_no: r.order_no, created_at: unix(r.created_at), goods_dong: Number(r.goods_dong), fen: Number(r.amount_fen) }));
      const paidFen = orders.reduce((s, o) => s + o.goods_fen, 0);
      const refundFen = back.reduce((s, r) => s + r.fen, 0);
      return {
        company_id: caller.companyId, company_name: c.name, month, starts_at: unix(from), ends_at: unix(to) - 1, orders, refunds: back,
        paid_dong: orders.reduce((s, o) => s + o.goods_dong, 0), paid_fen: paidFen,
        refund_dong: back.reduce((s, r) => s + r.goods_dong, 0), refund_fen: refundFen, net_fen: paidFen - refundFen,
      };
    },

    async overview(db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnMallOverview'>): Promise<AnswerOf<'vnMallOverview'>> {
      const { out } = await dayRate(db);
      const own = sql`s.company_id = ${caller.companyId}`;
      const [offered, removed, rules, orders] = await Promise.all([
        repo.mallCount(db, sql`${own} and s.state = 'on' and ${repo.OFFERED} and ${repo.NOT_REMOVED}`),
        repo.mallCount(db, sql`${own} and ${repo.REMOVED}`),
        repo.rules(db, caller.companyId),
        repo.vnOrders(db, sql`g.seller_company_id = ${caller.companyId}`, (p.page_number - 1) * p.page_size, p.page_size),
      ]);
      return { rate: out, offered_rows: offered, rule_count: rules.length, removed_rows: removed, orders: orders.rows.map(orderOut), order_total: orders.total };
    },

    async offerList(db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnOfferList'>): Promise<AnswerOf<'vnOfferList'>> {
      const { rate, out } = await dayRate(db);
      const conds: RawBuilder<unknown>[] = [sql`s.company_id = ${caller.companyId}`, sql`(s.state = 'on' or ${repo.REMOVED})`];
      if (p.keyword) conds.push(repo.keywordWhere(p.keyword, normalizeOe(p.keyword)));
      if (p.offered === 'yes') conds.push(repo.OFFERED);
      if (p.offered === 'no') conds.push(sql`not ${repo.OFFERED}`);
      const where = sql.join(conds, sql` and `);
      const [rows, total] = await Promise.all([
        repo.mallRows(db, where, sql`s.id desc`, (p.page_number - 1) * p.page_size, p.page_size),
        repo.mallCount(db, where),
      ]);
      return { data: rows.map((r) => sellerRowOut(r, rate)), total, rate: out };
    },

    offerSet: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnOfferSet'>) =>
      inTransaction(db, async (trx) => {
        if (p.price_mode === 'direct' && p.vn_price === null) throw invalid('vn_price', vnText.vnPriceRequired);
        if (p.price_mode === 'markup' && p.markup_bp === null) throw invalid('markup_bp', vnText.markupRequired);
        const rows = await repo.lockStock(trx, p.stock_ids);
        if (rows.length !== p.stock_ids.length || rows.some((r) => r.company_id !== caller.companyId)) throw forbidden(vnText.notOwnStock);
        const notOn = rows.find((r) => r.state !== 'on');
        if (notOn) throw conflict(vnText.stockNotOn(notOn.supplier_oe));
        const removed = (await repo.removalsOf(trx, p.stock_ids))[0];
        if (removed) throw conflict(vnText.removedByPlatform(rows.find((r) => r.id === removed.stock_id)!.supplier_oe, removed.reason));
        const { rate } = await dayRate(trx);
        for (const r of rows) {
          let dong: number | null = p.vn_price;
          if (p.price_mode === 'markup') {
            if (r.price1 === null || r.price1 <= 0) throw invalid('markup_bp', vnText.noBasePrice(r.supplier_oe));
            dong = rate === null ? null : markupDong(r.price1, p.markup_bp!, rate);
          }
          // the floor is checked at today's rate when there is one, and again at every sale
          if (rate !== null && dong !== null && belowFloor(dong, p.floor_fen, rate)) {
            throw invalid(p.price_mode === 'direct' ? 'vn_price' : 'floor_fen', vnText.belowFloor(r.supplier_oe, dong, floorDong(p.floor_fen, rate)));
          }
        }
        const now = clock.now();
        await repo.upsertOffers(trx, rows.map((r) => ({
          stock_id: r.id, company_id: caller.companyId, price_mode: p.price_mode, vn_price: p.price_mode === 'direct' ? p.vn_price : null,
          markup_bp: p.price_mode === 'markup' ? p.markup_bp : null, floor_fen: p.floor_fen, vn_quantity: p.vn_quantity, user_id: caller.userId, updated_at: now,
        })));
        return { changed: rows.length };
      }),

    offerRemove: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnOfferRemove'>) =>
      inTransaction(db, async (trx) => {
        const rows = await repo.lockStock(trx, p.stock_ids);
        if (rows.length !== p.stock_ids.length || rows.some((r) => r.company_id !== caller.companyId)) throw forbidden(vnText.notOwnStock);
        return { changed: await repo.deleteOffers(trx, caller.companyId, p.stock_ids) };
      }),

    ruleList: async (db: Kysely<DB>, caller: Caller) => (await repo.rules(db, caller.companyId)).map(ruleOut),

    ruleAdd: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnRuleAdd'>) =>
      inTransaction(db, async (trx) => {
        if (p.part_brand_id === null && p.make_id === null && p.category_name === '') throw invalid('part_brand_id', vnText.ruleEmpty);
        if (p.part_brand_id !== null && !(await repo.brandExists(trx, p.part_brand_id))) throw invalid('part_brand_id', vnText.brandUnknown);
        if (p.make_id !== null && !(await repo.makeExists(trx, p.make_id))) throw invalid('make_id', vnText.makeUnknown);
        // one company's rule writes one at a time, so two same rules cannot pass the check together
        await sql`select id from company where id = ${caller.companyId} for update`.execute(trx);
        if ((await repo.sameRule(trx, caller.companyId, p)).rows.length) throw conflict(vnText.ruleSame);
        const id = await repo.insertRule(trx, { company_id: caller.companyId, ...p, user_id: caller.userId, created_at: clock.now() });
        return ruleOut((await repo.rules(trx, caller.companyId, id))[0]);
      }),

    ruleRemove: async (db: Kysely<DB>, caller: Caller, id: number) => {
      const removed = await repo.deleteRule(db, caller.companyId, id);
      if (!removed) throw new AppError(ResultCode.notFound, 404, vnText.ruleNotFound);
      return { removed };
    },

    // ---- the operators ----

    async goodsList(db: Kysely<DB>, p: PayloadOut<'opVnGoodsList'>): Promise<AnswerOf<'opVnGoodsList'>> {
      const { rate, out } = await dayRate(db);
      const conds: RawBuilder<unknown>[] = [p.state === 'removed' ? repo.REMOVED : sql`s.state = 'on' and ${repo.OFFERED} and ${repo.NOT_REMOVED}`];
      if (p.oe) conds.push(sql`s.oe_norm like ${`${likeEscape(normalizeOe(p.oe))}%`}`);
      if (p.seller) {
        conds.push(/^\d{1,9}$/.test(p.seller) ? sql`s.company_id = ${Number(p.seller)}` : sql`c.name like ${`%${likeEscape(p.seller)}%`}`);
      }
      const where = sql.join(conds, sql` and `);
      const [rows, total] = await Promise.all([
        repo.mallRows(db, where, p.state === 'removed' ? sql`x.removed_at desc, s.id desc` : sql`s.id desc`, (p.page_number - 1) * p.page_size, p.page_size),
        repo.mallCount(db, where),
      ]);
      return {
        data: rows.map((row) => {
          const r = resolve(row, rate);
          return {
            id: row.id, supplier_oe: row.supplier_oe, name: row.name, brand_name: row.brand_name, company_id: row.company_id, company_name: row.company_name,
            offered_by: r.offered_by, price1: row.price1, dong: r.dong, vn_quantity: r.vn_quantity, problem: r.problem,
            removed_reason: row.removed_reason ?? '', removed_at: unix(row.removed_at), removed_by: row.removed_by ?? '', part_removed: row.part_removed,
          };
        }),
        total, rate: out,
      };
    },

    goodsRemove: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opVnGoodsRemove'>) =>
      inTransaction(db, async (trx) => {
        const ids = [...new Set(p.ids)];
        await repo.lockStock(trx, ids);
        const rows = await repo.mallRows(trx, sql`s.id = any(${sql.val(ids)}::int[])`, sql`s.id`, 0, ids.length);
        if (rows.length !== ids.length) throw new AppError(ResultCode.notFound, 404, '商品不存在');
        const bad = rows.find((r) => r.removed_reason !== null || (r.price_mode === null && r.rule_id === null));
        if (bad) throw conflict(bad.removed_reason !== null ? `${bad.supplier_oe} 已移出越南商城` : `${bad.supplier_oe} 没有在越南商城上架`);
        const now = clock.now();
        await repo.insertRemovals(trx, rows.map((r) => ({ stock_id: r.id, company_id: r.company_id, reason: p.reason, removed_at: now, user_id: caller.userId, username: caller.username })));
        await audit.record(trx, caller, now, rows.map((r) => ({
          entity: 'vn_goods' as const, entity_id: r.id, action: 'off_sale' as const, old: { offered_by: r.price_mode ? 'row' : 'rule' },
          new: { removed: true, reason: p.reason, company_id: r.company_id, oe: r.supplier_oe, name: r.name },
        })));
        return { changed: rows.length };
      }),

    goodsRestore: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opVnGoodsRestore'>) =>
      inTransaction(db, async (trx) => {
        const ids = [...new Set(p.ids)];
        const gone = await repo.deleteRemovals(trx, ids);
        if (gone.length !== ids.length) throw conflict(vnText.rowInPartRemoval);
        const now = clock.now();
        await audit.record(trx, caller, now, gone.map((g) => ({
          entity: 'vn_goods' as const, entity_id: g.stock_id, action: 'on_sale' as const, old: { removed: true, reason: g.reason }, new: { removed: false, company_id: g.company_id },
        })));
        return { changed: gone.length };
      }),

    // ---- parts (海外商品, docs/overseas.md "Parts (海外商品)") ----

    async productList(db: Kysely<DB>, p: PayloadOut<'opVnProductList'>): Promise<AnswerOf<'opVnProductList'>> {
      const { rate, out } = await dayRate(db);
      const oe = normalizeOe(p.oe);
      const offset = (p.page_number - 1) * p.page_size;
      type Part = { oe_norm: string; brand_name: string; supplier_oe: string; name: string; reason: string; removed_at: Date | null; removed_by: string };
      let parts: Part[];
      let total: number;
      if (p.state === 'removed') {
        const r = await repo.partRemovals(db, oe, p.brand, offset, p.page_size);
        parts = r.rows.map((x) => ({ ...x, name: '', removed_by: x.username }));
        total = r.total;
      } else {
        const conds: RawBuilder<unknown>[] = [sql`true`];
        if (oe) conds.push(sql`s.oe_norm like ${`${likeEscape(oe)}%`}`);
        if (p.brand) conds.push(sql`${repo.BRAND} like ${`%${likeEscape(p.brand)}%`}`);
        if (p.seller) {
          const who = /^\d{1,9}$/.test(p.seller) ? sql`s2.company_id = ${Number(p.seller)}` : sql`c2.name like ${`%${likeEscape(p.seller)}%`}`;
          conds.push(sql`exists (select 1 from stock s2 join company c2 on c2.id = s2.company_id left join part_brand pb2 on pb2.id = s2.part_brand_id
            where s2.oe_norm = s.oe_norm and coalesce(pb2.name, nullif(s2.custom_brand_name, ''), '') = ${repo.BRAND} and s2.state = 'on' and ${who})`);
        }
        const r = await repo.partPage(db, sql.join(conds, sql` and `), offset, p.page_size);
        parts = r.rows.map((x) => ({ ...x, reason: '', removed_at: null, removed_by: '' }));
        total = r.total;
      }
      const keyOf = (k: { oe_norm: string; brand_name: string }) => `${k.oe_norm}\u0000${k.brand_name}`;
      const [rows, sold] = await Promise.all([repo.rowsOfParts(db, parts, false), repo.soldOfParts(db, parts)]);
      const soldBy = new Map(sold.map((x) => [keyOf(x), x]));
      return {
        data: parts.map((part) => {
          const own = rows.filter((row) => row.oe_norm === part.oe_norm && row.brand_name === part.brand_name);
          // a removed part's rows are priced as if it were back (what undoing would put on sale)
          const selling = own.map((row) => resolve({ ...row, removed_reason: null, part_removed: false }, rate)).filter((x) => x.problem === '' && x.dong !== null);
          const dongs = selling.map((x) => x.dong!);
          const s = soldBy.get(keyOf(part));
          return {
            oe_norm: part.oe_norm, supplier_oe: part.supplier_oe, brand_name: part.brand_name, name: part.name || (own[0]?.name ?? ''),
            sellers: new Set(own.map((row) => row.company_id)).size, rows: own.length,
            dong_min: dongs.length ? Math.min(...dongs) : null, dong_max: dongs.length ? Math.max(...dongs) : null,
            vn_quantity: selling.reduce((n, x) => n + x.vn_quantity, 0), orders: s?.orders ?? 0, pieces: s?.pieces ?? 0,
            removed_reason: part.reason, removed_at: unix(part.removed_at), removed_by: part.removed_by,
          };
        }),
        total, rate: out,
      };
    },

    productRemove: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opVnProductRemove'>) =>
      inTransaction(db, async (trx) => {
        const oe = normalizeOe(p.oe);
        if (!oe) throw invalid('oe', vnText.partOe);
        const key = { oe_norm: oe, brand_name: p.brand };
        const rows = await repo.rowsOfParts(trx, [key], true);
        if (rows.some((r) => r.part_removed)) throw conflict(vnText.partRemoved(p.oe, p.brand));
        const offered = rows.filter((r) => r.removed_reason === null);
        if (offered.length === 0) throw new AppError(ResultCode.notFound, 404, vnText.partNotOffered(p.oe, p.brand));
        const now = clock.now();
        const supplierOe = offered[0].supplier_oe;
        if (!(await repo.insertPartRemoval(trx, { ...key, supplier_oe: supplierOe, reason: p.reason, removed_at: now, user_id: caller.userId, username: caller.username }))) {
          throw conflict(vnText.partRemoved(p.oe, p.brand));
        }
        await audit.record(trx, caller, now, [{
          entity: 'vn_part' as const, entity_id: `${oe} ${p.brand}`.trim(), action: 'off_sale' as const, old: { removed: false, rows: offered.length },
          new: { removed: true, reason: p.reason, oe: supplierOe, brand: p.brand, rows: offered.length, sellers: new Set(offered.map((r) => r.company_id)).size },
        }]);
        return { changed: offered.length };
      }),

    productRestore: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opVnProductRestore'>) =>
      inTransaction(db, async (trx) => {
        const oe = normalizeOe(p.oe);
        if (!oe) throw invalid('oe', vnText.partOe);
        const gone = await repo.deletePartRemoval(trx, oe, p.brand);
        if (!gone) throw conflict(vnText.partNotRemoved(p.oe, p.brand));
        const back = (await repo.rowsOfParts(trx, [{ oe_norm: oe, brand_name: p.brand }], false)).length;
        await audit.record(trx, caller, clock.now(), [{
          entity: 'vn_part' as const, entity_id: `${oe} ${p.brand}`.trim(), action: 'on_sale' as const, old: { removed: true, reason: gone.reason },
          new: { removed: false, oe: gone.supplier_oe, brand: p.brand, rows: back },
        }]);
        return { changed: back };
      }),

    // ---- after-sales of mall orders (海外售后, docs/overseas.md "After-sales (海外售后)"), through the after-sale service ----

    async afterSaleList(db: Kysely<DB>, p: PayloadOut<'opVnAfterSaleList'>): Promise<AnswerOf<'opVnAfterSaleList'>> {
      const page = await afterSales.operatorList(db, { ...p, date_from: '', date_to: '' }, { mallOnly: true });
      const ids = page.data.map((a) => a.id);
      const lines = await afterSales.linesOfMany(db, ids);
      const vn = new Map((await repo.vnLinesOf(db, lines.map((l) => l.order_line_id))).map((l) => [Number(l.line_id), l]));
      const refundsOf = await dongRefundsOf(db, ids);
      return {
        ...page,
        data: page.data.flatMap((a) => {
          const own = lines.filter((l) => l.after_sale_id === a.id).flatMap((l) => {
            const x = vn.get(l.order_line_id);
            return x ? [{ ...l, unit_price_dong: Number(x.unit_price_dong), order: x }] : [];
          });
          if (own.length === 0) return [];
          return [{ ...a, ...dongSide(a, own, own[0].order, refundsOf(a.id)) }];
        }),
      };
    },

    afterSaleDetail: async (db: Kysely<DB>, asNo: string): Promise<AnswerOf<'opVnAfterSaleDetail'>> => {
      const a = await afterSales.operatorDetail(db, asNo);
      const vn = new Map((await repo.vnLinesOf(db, a.lines.map((l) => l.order_line_id))).map((l) => [Number(l.line_id), l]));
      const first = vn.values().next().value;
      if (!first) throw new AppError(ResultCode.notFound, 404, vnText.notMallAfterSale);
      const lines = a.lines.map((l) => {
        const unit = Number(vn.get(l.order_line_id)?.unit_price_dong ?? 0);
        return { order_line_id: l.order_line_id, unit_price_dong: unit, amount_dong: unit * l.qty, qty: l.qty, amount_fen: l.amount_fen };
      });
      return {
        after_sale: a, ...dongSide(a, lines, first, (await dongRefundsOf(db, [a.id]))(a.id)),
        lines: lines.map(({ order_line_id, unit_price_dong, amount_dong }) => ({ order_line_id, unit_price_dong, amount_dong })),
        order_total_dong: Number(first.total_dong),
      };
    },

    /** 关闭 as on 售后 (the after-sale service's move, audited there), for a mall order's after-sale only. */
    afterSaleClose: async (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opVnAfterSaleClose'>, ctx?: Pick<RequestContext, 'afterCommit'>) => {
      const a = await afterSales.operatorDetail(db, p.as_no);
      if ((await repo.vnLinesOf(db, a.lines.slice(0, 1).map((l) => l.order_line_id))).length === 0) throw new AppError(ResultCode.notFound, 404, vnText.notMallAfterSale);
      await afterSales.close(db, caller, p, ctx);
      return service.afterSaleDetail(db, p.as_no);
    },

    bandList: async (db: Kysely<DB>) => (await repo.bands(db)).map((b) => ({ ...toBand(b), updated_at: unix(b.updated_at), username: b.username })),

    bandSave: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opServiceChargeSave'>) =>
      inTransaction(db, async (trx) => {
        if (p.max_dong !== null && p.max_dong <= p.min_dong) throw invalid('max_dong', vnText.bandMax);
        if (p.kind === 'percent' && p.value > 10_000) throw invalid('value', vnText.bandValuePercent);
        await repo.lockBands(trx);
        const all = (await repo.bands(trx)).map(toBand);
        const before = p.id === null ? undefined : all.find((b) => b.id === p.id);
        if (p.id !== null && !before) throw new AppError(ResultCode.notFound, 404, vnText.bandNotFound);
        const other = all.find((b) => b.id !== p.id && bandsOverlap(b, p));
        if (other) throw invalid('min_dong', vnText.bandOverlap(bandText(other)));
        const now = clock.now();
        const values = { min_dong: p.min_dong, max_dong: p.max_dong, kind: p.kind, value: p.value, updated_at: now, username: caller.username };
        const id = p.id === null ? await repo.insertBand(trx, values) : (await repo.updateBand(trx, p.id, values), p.id);
        await audit.record(trx, caller, now, [{
          entity: 'service_charge_rule', entity_id: id, action: p.id === null ? 'create' : 'set', old: before,
          new: { min_dong: p.min_dong, max_dong: p.max_dong, kind: p.kind, value: p.value },
        }]);
        return { id, min_dong: p.min_dong, max_dong: p.max_dong, kind: p.kind, value: p.value, updated_at: unix(now), username: caller.username };
      }),

    bandRemove: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        await repo.lockBands(trx);
        const before = (await repo.bands(trx)).map(toBand).find((b) => b.id === id);
        if (!before) throw new AppError(ResultCode.notFound, 404, vnText.bandNotFound);
        const removed = await repo.deleteBand(trx, id);
        await audit.record(trx, caller, clock.now(), [{ entity: 'service_charge_rule', entity_id: id, action: 'delete', old: before }]);
        return { removed };
      }),

    async orderList(db: Kysely<DB>, p: PayloadOut<'opVnOrderList'>): Promise<AnswerOf<'opVnOrderList'>> {
      const conds: RawBuilder<unknown>[] = [sql`true`];
      if (p.order_no) conds.push(sql`(g.order_no = ${p.order_no} or g.checkout_no = ${p.order_no})`);
      if (p.buyer) conds.push(sql`b.name like ${`%${likeEscape(p.buyer)}%`}`);
      if (p.seller) conds.push(sql`sc.name like ${`%${likeEscape(p.seller)}%`}`);
      const r = await repo.vnOrders(db, sql.join(conds, sql` and `), (p.page_number - 1) * p.page_size, p.page_size);
      return { data: r.rows.map(orderOut), total: r.total };
    },

    // ---- the Vietnamese buyer ----

    async search(db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnMallSearch'>): Promise<AnswerOf<'vnMallSearch'>> {
      await vnBuyer(db, caller);
      const { rate, out } = await sellingRate(db);
      const size = 20;
      const where = sql`s.state = 'on' and ${repo.OFFERED} and ${repo.NOT_REMOVED} and s.company_id <> ${caller.companyId}
        and ${repo.keywordWhere(p.keyword, normalizeOe(p.keyword))}`;
      const rows = await repo.mallRows(db, where, sql`s.id`, (p.page_number - 1) * size, size + 1);
      const data = rows.slice(0, size).flatMap((row) => {
        const r = resolve(row, rate);
        return r.problem ? [] : [offerOut(row, r)];
      });
      return { rate: out.rate!, day: out.day, data, more: rows.length > size };
    },

    /** The names of offers a Vietnamese buyer may find (the search's rows), for their translated lines (docs/i18n.md, "Translated lines"). */
    async offerNames(db: Kysely<DB>, caller: Caller, stockIds: number[]) {
      await vnBuyer(db, caller);
      const where = sql`s.id = any(${sql.val(stockIds)}::int[]) and s.state = 'on' and ${repo.OFFERED} and ${repo.NOT_REMOVED} and s.company_id <> ${caller.companyId}`;
      return (await repo.mallRows(db, where, sql`s.id`, 0, stockIds.length)).map((r) => r.name);
    },

    async offer(db: Kysely<DB>, caller: Caller, stockId: number) {
      await vnBuyer(db, caller);
      const { rate } = await sellingRate(db);
      const { row, r } = await sellingRow(db, caller, stockId, rate);
      return offerOut(row, r);
    },

    async cartList(db: Kysely<DB>, caller: Caller) {
      await vnBuyer(db, caller);
      return cartAnswer(db, caller);
    },

    cartAdd: async (db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnCartAdd'>) => {
      await inTransaction(db, async (trx) => {
        await vnBuyer(trx, caller);
        const { rate } = await sellingRate(trx);
        const { row, r } = await sellingRow(trx, caller, p.stock_id, rate);
        const inCart = (await repo.cartItems(trx, caller.companyId)).find((i) => i.stock_id === p.stock_id)?.qty ?? 0;
        if (inCart + p.qty > r.vn_quantity) throw conflict(vnText.notEnough(row.supplier_oe, r.vn_quantity));
        await repo.addToCart(trx, caller.companyId, caller.userId, p.stock_id, p.qty);
      });
      return cartAnswer(db, caller);
    },

    cartSetQty: async (db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnCartSetQty'>) => {
      await vnBuyer(db, caller);
      if (!(await repo.setCartQty(db, caller.companyId, p.id, p.qty))) throw new AppError(ResultCode.notFound, 404, vnText.cartLineNotFound);
      return cartAnswer(db, caller);
    },

    cartRemove: async (db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnCartRemove'>) => {
      await vnBuyer(db, caller);
      await repo.removeCart(db, caller.companyId, p.ids);
      return cartAnswer(db, caller);
    },

    checkout: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnCheckout'>) =>
      inTransaction(db, async (trx): Promise<AnswerOf<'vnCheckout'>> => {
        await vnBuyer(trx, caller);
        const { rate, out } = await sellingRate(trx);
        const items = await repo.cartItems(trx, caller.companyId, true);
        if (items.length === 0) throw conflict(vnText.cartEmpty);
        // the rows are locked before they are priced, so the pieces counted are the pieces taken
        await repo.lockStock(trx, items.map((i) => i.stock_id));
        const cart = await pricedCart(trx, caller, rate);
        const bad = cart.groups.flatMap((g) => g.lines).find((l) => l.problem);
        if (bad) throw conflict(`${bad.supplier_oe}：${bad.problem}`);
        if (cart.total_dong !== p.expected_total_dong) throw new AppError(ResultCode.conflict, 409, vnText.rateChanged(cart.total_dong), { field: 'expected_total_dong' });
        const now = clock.now();
        const checkoutNo = newNo('CO', now);
        const orderIds: string[] = [];
        const taken: number[] = [];
        for (const g of cart.groups) {
          const own = cart.lines.filter((l) => l.row.company_id === g.seller_company_id);
          for (const l of own) {
            if (!(await takeStock(trx, l.row.id, l.item.qty))) throw conflict(vnText.notEnough(l.row.supplier_oe, l.row.quantity));
            if (l.row.price_mode) await repo.lowerOfferQty(trx, l.row.id, l.item.qty);
            taken.push(l.row.id);
          }
          // the CNY side of each line: the unit price in fen at the frozen rate, times the pieces (as every order line)
          const fenLines = own.map((l) => { const unit = dongInFen(l.dong, rate); return { l, unit, amount: unit * l.item.qty }; });
          const id = await insertOrder(trx, {
            order_no: newNo('SO', now), checkout_no: checkoutNo, buyer_company_id: caller.companyId, buyer_user_id: caller.userId, seller_company_id: g.seller_company_id,
            line_count: own.length, total_qty: own.reduce((s, l) => s + l.item.qty, 0), total_fen: fenLines.reduce((s, f) => s + f.amount, 0),
            contact_name: p.contact_name, contact_phone: p.contact_phone, address: p.address,
            remark: `越南商城 · ${DELIVERY_TERM_ZH[p.delivery_term as DeliveryTerm]}`, created_at: now,
          }, fenLines.map(({ l, unit, amount }) => ({
            stock_id: l.row.id, quote_id: null, type_code: '配件产品', supplier_oe: l.row.supplier_oe, name: l.row.name, brand_name: l.row.brand_name,
            quality_name: '', uom_name: l.row.uom_name, qty: l.item.qty, include_tax: true, price_column: 'vn_mall', unit_price_fen: unit, amount_fen: amount,
          })));
          await repo.insertVnOrder(trx, {
            order_id: id, rate_value: rate, rate_day: out.day, goods_dong: g.goods_dong, service_dong: g.service_dong, service_fen: dongInFen(g.service_dong, rate),
            total_dong: g.total_dong, service_rule: g.service_rule, delivery_term: p.delivery_term,
          });
          const lineIds = await repo.linesOfOrder(trx, id);
          await repo.insertVnLines(trx, lineIds.map((li, i) => ({ line_id: li.id, order_id: id, unit_price_dong: own[i].dong, amount_dong: own[i].dong * own[i].item.qty })));
          await addEvent(trx, { order_id: id, action: 'create', actor_user_id: caller.userId, from_status: null, to_status: 'pending', note: '越南商城', created_at: now });
          orderIds.push(id);
        }
        await markFollowedOesChanged(trx, { stockIds: taken });
        await repo.removeCart(trx, caller.companyId, items.map((i) => i.id));
        const placed = await repo.vnOrders(trx, sql`g.id = any(${sql.val(orderIds)}::bigint[])`, 0, orderIds.length);
        return { checkout_no: checkoutNo, orders: placed.rows.map(orderOut), total_dong: cart.total_dong };
      }),

    // ---- paying in dong (docs/money.md "Paying a mall order in dong") ----

    async myOrders(db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnMyOrders'>): Promise<AnswerOf<'vnMyOrders'>> {
      await vnBuyer(db, caller);
      const { rate, out } = await dayRate(db);
      const r = await repo.vnOrders(db, sql`g.buyer_company_id = ${caller.companyId}`, (p.page_number - 1) * p.page_size, p.page_size);
      return {
        rate: out.rate, day: out.day, total: r.total,
        data: r.rows.map((o) => { const m = payNow(o, rate); return { ...orderOut(o), pay_now_dong: m?.dong ?? null, payable: payableNow(o) }; }),
      };
    },

    /**
     * Pays a mall order of the caller's company from its dong wallet, at the rate of this moment:
     * the owner or accounting staff of a Vietnamese company (the dong wallet's holders); the day's
     * rate must be published; the dong the page showed must still be the dong asked. Everything
     * commits together or nothing changes; a second tab finds the order paid (the order's row lock).
     */
    payOrder: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'vnOrderPay'>, ctx?: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx): Promise<AnswerOf<'vnOrderPay'>> => {
        await vnWallet.holder(trx, caller);
        const now = clock.now();
        let paid: ReturnType<typeof dongPayment> | null = null;
        let payRate = '';
        const r = await money.payFromDong(trx, caller, p.order_no, async (o, dueFen) => {
          const v = await repo.lockVnOrder(trx, o.id);
          if (!v) throw conflict(vnText.notMallOrder);
          const { rate } = await sellingRate(trx);
          const m = dongPayment({ due_fen: dueFen, total_fen: Number(o.total_fen), goods_dong: Number(v.goods_dong), service_dong: Number(v.service_dong), rate: v.rate_value }, rate);
          if (m.dong !== p.expected_dong) throw new AppError(ResultCode.conflict, 409, vnText.payTotalChanged(m.dong), { field: 'expected_dong' });
          paid = m;
          payRate = rate;
          return { dong: m.dong, service_fen: m.service_fen, rate_micro: Number(rateMicros(rate)), note: `${dongText(m.dong)}，汇率 ${Number(rate)}（${chinaDay(now)}）` };
        }, ctx);
        const m = paid!;
        await repo.markVnPaid(trx, r.order_id, {
          paid_dong: m.dong, paid_goods_dong: m.goods_dong, paid_service_dong: m.service_dong, credited_fen: m.credited_fen, paid_service_fen: m.service_fen,
          pay_rate: payRate, pay_rate_day: chinaDay(now), paid_at: r.paid_at,
        });
        const [row] = (await repo.vnOrders(trx, sql`g.id = ${r.order_id}`, 0, 1)).rows;
        return { order: orderOut(row), balance_dong: (await vnWallet.wallet(trx, caller)).balance_dong };
      }),

    /** Whether a company buys in the mall (then it may not reach stock through the Chinese cart). */
    isVnCompany: async (db: Kysely<DB>, companyId: number) => (await repo.companyCountry(db, companyId)) === 'VN',
  };
  return service;
};

export type VnMallService = ReturnType<typeof createVnMallService>;
