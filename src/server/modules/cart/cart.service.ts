/**
 * The cart (requirements 000-3, 000-4, 000-9): one per user, grouped by seller. Prices are never taken from the
 * client nor stored: every read charges each line at the column the buyer's level sees (see
 * domain/cart), or the one its seller chose for this customer (客户等级, docs/customers.md),
 * with or without tax as the line says. A line is on sale (productSource 1) while
 * its stock is on sale, in stock and priced; only those count. Writes are idempotent at the edge.
 *
 * Two type codes, two carts: 配件产品 lines are stock rows; 临时产品 lines are quotes the buyer
 * accepted on its enquiries, charged at the quoted price with the tax flag the quote
 * was made with (none: the seller's price stands), limited to the quantity the quote offers, and
 * purchasable until the quote's validity passes or the enquiry is cancelled.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { cartText, ResultCode, type CartGroup, type CartItem, type CartList } from '../../../shared/contracts';
import { CART_MAX_LINES, cartTotals, PRODUCT_SOURCE_ON_SALE, PRODUCT_SOURCE_UNAVAILABLE, unitPrice, type CartTypeCode } from '../../../shared/domain/cart';
import type { PriceColumn } from '../../../shared/domain/prices';
import { companyWithLevel } from '../company/company.service';
import { customerPriceLevels, preferredSupplierIds } from '../customer/customer.service';
import type { CustomerPriceLevel } from '../../../shared/domain/customer';
import * as repo from './cart.repo';
import { circlePrice, circlePrices, type CircleTerms } from '../circle/circle-stock.service';
import { circleStockText } from '../../../shared/contracts/circle-stock';
import { promoOffer } from '../../../shared/domain/promo-plans';
import { promoPricer, type PromoPricer } from '../promo-plan/promo-plan.service';
import { fullReductionTerms } from '../activity/full-reduction.service';
import { orderReduction, tiersText, type OrderReduction } from '../../../shared/domain/full-reduction';

/** A quote offers its quantity; one that left it open (0) offers what the line asked for. */
const quotedQty = (r: { quote_qty: number; line_qty: number }) => r.quote_qty > 0 ? r.quote_qty : r.line_qty;

/** the price column an order line records when it was bought at a circle price */
const CIRCLE_PRICE_COLUMN = 'circle';

const notInCart = () => new AppError(ResultCode.notFound, 404, cartText.notInCart);

type Priced = Record<PriceColumn, number | null> & { quantity: number; state: 'on' | 'off' | 'suspended' };

const unavailableReason = (s: Priced, price: { fen: number } | null) =>
  s.state !== 'on' ? '已下架' : s.quantity <= 0 ? '无货' : price === null ? '暂无报价' : '';

export const createCartService = (clock: Clock) => {
  const levelOf = async (db: Kysely<DB>, caller: Caller) => {
    const company = await companyWithLevel(db, caller.companyId);
    if (!company) throw forbidden();
    return company.level_type;
  };

  /** Each seller's price level for the caller's company (客户等级, docs/customers.md), read through the customer service. */
  const levelsOf = (db: Kysely<DB>, caller: Caller, sellers: readonly number[]) => customerPriceLevels(db, caller.companyId, sellers);

  /**
   * A line added from a circle is charged at the circle price (商圈价) and limited to what the
   * allocation offers, decided here from the allocation, never from the client (docs/circles.md).
   */
  const circleTerms = (db: Kysely<DB>, caller: Caller, rows: repo.LineRow[], lock: boolean) =>
    // every circle line's allocation in one read, not one per line
    circlePrices(db, caller.companyId, rows.flatMap((r) => (r.circle_id !== null
      ? [{ key: r.id, circleId: r.circle_id, stock: { id: r.stock_id!, quantity: r.quantity, state: r.state } }] : [])), lock);

  const circleItem = (r: repo.LineRow, terms: CircleTerms, plain: CartItem): CartItem => {
    if ('refusal' in terms) return { ...plain, price: null, priceColumn: CIRCLE_PRICE_COLUMN, amount: 0, productSource: PRODUCT_SOURCE_UNAVAILABLE, unavailableReason: '商圈价已失效' };
    const reason = r.state !== 'on' ? '已下架' : terms.available <= 0 ? '无货' : '';
    return {
      ...plain, stockQty: terms.available, price: terms.priceFen, priceColumn: CIRCLE_PRICE_COLUMN, amount: terms.priceFen * r.qty,
      productSource: reason ? PRODUCT_SOURCE_UNAVAILABLE : PRODUCT_SOURCE_ON_SALE, unavailableReason: reason,
    };
  };

  /**
   * A stock line at its column's price, lowered by the seller's best promotion plan for this buyer
   * (docs/promotions.md); a line bought at a circle price takes no plan.
   */
  const item = (r: repo.LineRow, level: 'free' | 'paid', levels: Map<number, CustomerPriceLevel>, pricer: PromoPricer, circles?: Map<number, CircleTerms>): CartItem => {
    const list = unitPrice(r, level, r.include_tax, levels.get(r.seller_id));
    const terms = circles?.get(r.id);
    const promo = list && !terms && r.stock_id !== null ? pricer(r.stock_id, list.fen) : null;
    const price = list && promo ? { ...list, fen: promo.fen } : list;
    const reason = unavailableReason(r, price);
    const plain = plainItem(r, price, reason);
    if (terms) return circleItem(r, terms, plain);
    return promo && list ? { ...plain, promo: { planId: promo.plan.id, name: promo.plan.name, offer: promoOffer(promo.plan), listPrice: list.fen } } : plain;
  };
  const pricerOf = (db: Kysely<DB>, caller: Caller, rows: repo.LineRow[]) =>
    promoPricer(db, caller.companyId, rows.flatMap((r) => (r.stock_id === null ? [] : [r.stock_id])), clock.now());

  const plainItem = (r: repo.LineRow, price: { fen: number; column: PriceColumn } | null, reason: string): CartItem => {
    return {
      id: r.id, stockId: r.stock_id, quoteId: null, enquiryId: 0, enquiryNo: '', validUntil: 0, deliveryDays: 0, companyId: r.seller_id, companyName: r.seller_name,
      sellerCompanyProvinceName: r.province, sellerCompanyCityName: r.city,
      supplierOe: r.supplier_oe, name: r.name, uomName: r.uom_name, qty: r.qty, stockQty: r.quantity,
      price: price?.fen ?? null, priceColumn: price?.column ?? null, amount: (price?.fen ?? 0) * r.qty,
      isIncludeTaxProduct: r.include_tax, checked: r.checked, qualityName: r.quality_name, brandName: r.brand_name,
      isOriginal: r.is_original, productSource: reason ? PRODUCT_SOURCE_UNAVAILABLE : PRODUCT_SOURCE_ON_SALE, unavailableReason: reason,
      typeCode: r.type_code, circleId: r.circle_id,
    };
  };

  const quoteItem = (r: repo.QuoteLineRow): CartItem => {
    const reason = r.enquiry_state === 'cancelled' ? '询价单已取消' : r.valid_until.getTime() <= clock.now().getTime() ? '报价已过期' : '';
    return {
      id: r.id, stockId: null, quoteId: r.quote_id, enquiryId: r.enquiry_id, enquiryNo: r.enquiry_no, validUntil: unix(r.valid_until),
      deliveryDays: r.delivery_days, companyId: r.seller_id, companyName: r.seller_name,
      sellerCompanyProvinceName: r.province, sellerCompanyCityName: r.city,
      supplierOe: r.oe, name: r.name, uomName: '', qty: r.qty, stockQty: quotedQty(r),
      price: r.price_fen, priceColumn: 'quote', amount: r.price_fen * r.qty, isIncludeTaxProduct: false, checked: r.checked,
      qualityName: r.quality, brandName: r.brand, isOriginal: r.quality === '原厂件',
      productSource: reason ? PRODUCT_SOURCE_UNAVAILABLE : PRODUCT_SOURCE_ON_SALE, unavailableReason: reason, typeCode: '临时产品',
      circleId: null,
    };
  };

  /** Group lines by seller in the order they come. */
  const grouped = (rows: Array<{ seller_id: number; seller_name: string; province: string; city: string }>, items: CartItem[]): CartList => {
    const groups: CartGroup[] = [];
    rows.forEach((r, n) => {
      let g = groups.at(-1);
      if (!g || g.companyId !== r.seller_id) {
        const area = r.city && r.city !== r.province ? `${r.province} ${r.city}` : r.province;
        g = { companyId: r.seller_id, companyName: r.seller_name, deliveryArea: area, checked: false, items: [] };
        groups.push(g);
      }
      g.items.push(items[n]);
    });
    for (const g of groups) {
      const live = g.items.filter((i) => i.productSource === PRODUCT_SOURCE_ON_SALE);
      g.checked = live.length > 0 && live.every((i) => i.checked);
    }
    return { groups, ...cartTotals(groups.flatMap((g) => g.items)) };
  };

  /**
   * 满减 per seller over these lines (docs/activities.md "满减"): the running 满减 activity of
   * their rows, the tier reached on the lines' amounts (promotion plans' prices included) and
   * each line's share. By seller id; sellers without one are absent.
   */
  const reductionsOf = async (db: Kysely<DB>, lines: readonly CartItem[]): Promise<Map<number, OrderReduction>> => {
    const out = new Map<number, OrderReduction>();
    const stockIds = lines.flatMap((l) => (l.stockId === null ? [] : [l.stockId]));
    if (stockIds.length === 0) return out;
    const terms = await fullReductionTerms(db, stockIds, clock.now());
    if (terms.size === 0) return out;
    for (const seller of new Set(lines.map((l) => l.companyId))) {
      const r = orderReduction(lines.filter((l) => l.companyId === seller).map((l) => ({ key: l.id, stockId: l.stockId, amount: l.amount })), (id) => terms.get(id));
      if (r) out.set(seller, r);
    }
    return out;
  };

  /** The 满减 of each group's ticked lines on sale, on the group and the lines (the checkout takes these lines). */
  const withReductions = async (db: Kysely<DB>, list: CartList): Promise<CartList> => {
    const chosen = list.groups.flatMap((g) => g.items).filter((i) => i.checked && i.productSource === PRODUCT_SOURCE_ON_SALE);
    const reductions = await reductionsOf(db, chosen);
    if (reductions.size === 0) return list;
    return {
      ...list,
      groups: list.groups.map((g) => {
        const r = reductions.get(g.companyId);
        if (!r) return g;
        return {
          ...g,
          items: g.items.map((i) => (r.shares.has(i.id) ? { ...i, reductionFen: r.shares.get(i.id)! } : i)),
          fullReduction: { activityId: r.activityId, name: r.name, tiersText: tiersText(r.tiers), goodsFen: r.goodsFen, offFen: r.offFen, nextGapFen: r.nextGapFen, nextOffFen: r.nextOffFen },
        };
      }),
    };
  };

  /** The buyer's preferred suppliers' groups first (设为优选供应商, docs/customers.md), the rest as they came. */
  const preferredFirst = async (db: Kysely<DB>, caller: Caller, list: CartList): Promise<CartList> => {
    if (list.groups.length < 2) return list;
    const preferred = new Set(await preferredSupplierIds(db, caller.companyId));
    if (preferred.size === 0) return list;
    return { ...list, groups: [...list.groups.filter((g) => preferred.has(g.companyId)), ...list.groups.filter((g) => !preferred.has(g.companyId))] };
  };

  /** The quantity must fit the stock as it is now. */
  const checkQty = (qty: number, stock: Priced, inCart: number) => {
    if (stock.quantity <= 0) throw invalid('qty', cartText.outOfStock);
    if (qty > stock.quantity) throw invalid('qty', cartText.notEnough(stock.quantity, inCart));
  };

  return {
    /**
     * For an order: the caller's lines of these ids, locked with their stock and priced exactly as
     * the cart prices them. Lines that are not the caller's, or not of this type, are left out.
     */
    async pricedForOrder(trx: Kysely<DB>, caller: Caller, typeCode: CartTypeCode, ids: number[]): Promise<CartItem[]> {
      if (typeCode === '临时产品') return (await repo.quoteLinesForOrder(trx, caller.userId, ids)).map(quoteItem);
      const level = await levelOf(trx, caller);
      const rows = await repo.linesForOrder(trx, caller.userId, typeCode, ids);
      const levels = await levelsOf(trx, caller, rows.map((r) => r.seller_id));
      const circles = await circleTerms(trx, caller, rows, true);
      const pricer = await pricerOf(trx, caller, rows);
      return rows.map((r) => item(r, level, levels, pricer, circles));
    },

    reductionsOf,

    /** Ordered lines leave the cart (in the order's transaction). */
    removeOrdered: (trx: Kysely<DB>, caller: Caller, ids: number[]) => repo.removeLines(trx, caller.userId, ids),

    async list(db: Kysely<DB>, caller: Caller, typeCode: CartTypeCode): Promise<CartList> {
      if (typeCode === '临时产品') {
        const rows = await repo.quoteLinesOf(db, caller.userId);
        return preferredFirst(db, caller, grouped(rows, rows.map(quoteItem)));
      }
      const level = await levelOf(db, caller);
      const rows = await repo.linesOf(db, caller.userId, typeCode);
      const levels = await levelsOf(db, caller, rows.map((r) => r.seller_id));
      const circles = await circleTerms(db, caller, rows, false);
      const pricer = await pricerOf(db, caller, rows);
      return withReductions(db, await preferredFirst(db, caller, grouped(rows, rows.map((r) => item(r, level, levels, pricer, circles)))));
    },

    /**
     * Accepted quotes into the 临时产品 cart (the enquiry service has checked they may be taken),
     * each at the enquiry line's quantity within what the quote offers; a quote already in the
     * cart stays as it is. How many lines were added.
     */
    async addQuotes(trx: Kysely<DB>, caller: Caller, quotes: Array<{ id: number; qty: number }>) {
      let added = 0;
      const now = clock.now();
      for (const q of quotes) {
        if (!(await repo.insertQuoteLine(trx, { user_id: caller.userId, company_id: caller.companyId, quote_id: q.id, qty: q.qty, now }))) continue;
        added += 1;
      }
      if (added > 0 && (await repo.countLines(trx, caller.userId)) > CART_MAX_LINES) throw invalid('quote_ids', cartText.cartFull);
      return added;
    },

    /** With circle_id the line is bought at that circle's price; the last add decides how a line is priced (docs/circles.md). */
    add: (db: Kysely<DB>, caller: Caller, p: { stock_id: number; qty: number; type_code: CartTypeCode; circle_id?: number }) =>
      inTransaction(db, async (trx) => {
        if (p.type_code !== '配件产品') throw invalid('type_code', cartText.quoteTypeOnlyByAccept);
        const stock = await repo.stockForUpdate(trx, p.stock_id);
        if (!stock || stock.state !== 'on') throw new AppError(ResultCode.notFound, 404, cartText.noStock);
        if (stock.company_id === caller.companyId) throw forbidden(cartText.ownStock);
        const line = await repo.lineOfStock(trx, caller.userId, p.type_code, p.stock_id);
        const inCart = line?.qty ?? 0;
        if (p.circle_id !== undefined) {
          const terms = await circlePrice(trx, caller.companyId, p.circle_id, stock, true);
          if ('refusal' in terms) throw terms.refusal === circleStockText.circleNotBuyable ? forbidden(terms.refusal) : invalid('circle_id', terms.refusal);
          if (inCart + p.qty > terms.available) throw invalid('qty', circleStockText.circleNotEnough(terms.available));
        } else {
          const levels = await levelsOf(trx, caller, [stock.company_id]);
          if (unitPrice(stock, await levelOf(trx, caller), false, levels.get(stock.company_id)) === null) throw invalid('stock_id', cartText.noPrice);
          checkQty(inCart + p.qty, stock, inCart);
        }
        const now = clock.now();
        const circleId = p.circle_id ?? null;
        if (line) return repo.setLine(trx, line.id, { qty: inCart + p.qty, circle_id: circleId }, now).then((r) => ({ id: r.id, qty: r.qty }));
        if ((await repo.countLines(trx, caller.userId)) >= CART_MAX_LINES) throw invalid('stock_id', cartText.cartFull);
        return repo.insertLine(trx, { user_id: caller.userId, company_id: caller.companyId, stock_id: p.stock_id, type_code: p.type_code, qty: p.qty, now, circle_id: circleId });
      }),

    updateQty: (db: Kysely<DB>, caller: Caller, p: { id: number; qty: number }) =>
      inTransaction(db, async (trx) => {
        const own = await repo.ownCartRowForUpdate(trx, caller.userId, p.id);
        if (!own) throw notInCart();
        if (own.quote_id !== null) {
          const q = (await repo.quoteLineForUpdate(trx, caller.userId, p.id))!;
          if (p.qty > quotedQty(q)) throw invalid('qty', cartText.notEnoughQuoted(quotedQty(q)));
          const r = await repo.setLine(trx, q.id, { qty: p.qty }, clock.now());
          return { id: r.id, qty: r.qty };
        }
        const line = await repo.ownLineForUpdate(trx, caller.userId, p.id);
        if (!line) throw notInCart();
        if (line.state !== 'on') throw new AppError(ResultCode.notFound, 404, cartText.noStock);
        if (line.circle_id !== null) {
          const terms = await circlePrice(trx, caller.companyId, line.circle_id, { id: line.stock_id, quantity: line.quantity, state: line.state }, true);
          if ('refusal' in terms) throw forbidden(terms.refusal);
          if (p.qty > terms.available) throw invalid('qty', circleStockText.circleNotEnough(terms.available));
        } else checkQty(p.qty, line, 0);
        const r = await repo.setLine(trx, line.id, { qty: p.qty }, clock.now());
        return { id: r.id, qty: r.qty };
      }),

    updateTax: (db: Kysely<DB>, caller: Caller, p: { id: number; is_include_tax: boolean }) =>
      inTransaction(db, async (trx) => {
        const own = await repo.ownCartRowForUpdate(trx, caller.userId, p.id);
        if (!own) throw notInCart();
        if (own.quote_id !== null) throw invalid('is_include_tax', cartText.quoteTaxFixed);
        const line = await repo.ownLineForUpdate(trx, caller.userId, p.id);
        if (!line) throw notInCart();
        const r = await repo.setLine(trx, line.id, { include_tax: p.is_include_tax }, clock.now());
        return { id: r.id, isIncludeTaxProduct: r.include_tax };
      }),

    /** All the ids must be the caller's lines, or nothing changes. */
    check: (db: Kysely<DB>, caller: Caller, p: { ids: number[]; checked: boolean }) =>
      inTransaction(db, async (trx) => {
        const ids = [...new Set(p.ids)];
        if ((await repo.ownIds(trx, caller.userId, ids)).length !== ids.length) throw notInCart();
        return { changed: await repo.setChecked(trx, caller.userId, ids, p.checked, clock.now()) };
      }),

    remove: (db: Kysely<DB>, caller: Caller, p: { ids: number[] }) =>
      inTransaction(db, async (trx) => {
        const ids = [...new Set(p.ids)];
        if ((await repo.ownIds(trx, caller.userId, ids)).length !== ids.length) throw notInCart();
        const quotes = await repo.quoteIdsOfLines(trx, caller.userId, ids);
        const removed = await repo.removeLines(trx, caller.userId, ids);
        // a quote taken out of the cart before it was ordered is no longer accepted
        await repo.releaseQuotes(trx, quotes);
        return { removed };
      }),
  };
};

export type CartService = ReturnType<typeof createCartService>;
