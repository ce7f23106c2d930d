/**
 * The cart (000 §3, §4, §9): one per user, grouped by seller. Prices are never taken from the
 * client nor stored: every read charges each line at the column the buyer's level sees (see
 * domain/cart), with or without tax as the line says. A line is on sale (productSource 1) while
 * its stock is on sale, in stock and priced; only those count. Writes are idempotent at the edge.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import { cartText, ResultCode, type CartGroup, type CartItem, type CartList } from '../../../shared/contracts';
import { CART_MAX_LINES, cartTotals, PRODUCT_SOURCE_ON_SALE, PRODUCT_SOURCE_UNAVAILABLE, unitPrice, type CartTypeCode } from '../../../shared/domain/cart';
import type { PriceColumn } from '../../../shared/domain/prices';
import * as companyRepo from '../company/company.repo';
import * as repo from './cart.repo';

const notInCart = () => new AppError(ResultCode.notFound, 404, cartText.notInCart);

type Priced = Record<PriceColumn, number | null> & { quantity: number; state: 'on' | 'off' };

const unavailableReason = (s: Priced, price: { fen: number } | null) =>
  s.state !== 'on' ? '已下架' : s.quantity <= 0 ? '无货' : price === null ? '暂无报价' : '';

export const createCartService = (clock: Clock) => {
  const levelOf = async (db: Kysely<DB>, caller: Caller) => {
    const company = await companyRepo.companyWithLevel(db, caller.companyId);
    if (!company) throw forbidden();
    return company.level_type;
  };

  const item = (r: repo.LineRow, level: 'free' | 'paid'): CartItem => {
    const price = unitPrice(r, level, r.include_tax);
    const reason = unavailableReason(r, price);
    return {
      id: r.id, stockId: r.stock_id, companyId: r.seller_id, companyName: r.seller_name,
      sellerCompanyProvinceName: r.province, sellerCompanyCityName: r.city,
      supplierOe: r.supplier_oe, name: r.name, uomName: r.uom_name, qty: r.qty, stockQty: r.quantity,
      price: price?.fen ?? null, priceColumn: price?.column ?? null, amount: (price?.fen ?? 0) * r.qty,
      isIncludeTaxProduct: r.include_tax, checked: r.checked, qualityName: r.quality_name, brandName: r.brand_name ?? '',
      isOriginal: r.is_original, productSource: reason ? PRODUCT_SOURCE_UNAVAILABLE : PRODUCT_SOURCE_ON_SALE, unavailableReason: reason,
      typeCode: r.type_code,
    };
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
      const level = await levelOf(trx, caller);
      return (await repo.linesForOrder(trx, caller.userId, typeCode, ids)).map((r) => item(r, level));
    },

    /** Ordered lines leave the cart (in the order's transaction). */
    removeOrdered: (trx: Kysely<DB>, caller: Caller, ids: number[]) => repo.removeLines(trx, caller.userId, ids),

    async list(db: Kysely<DB>, caller: Caller, typeCode: CartTypeCode): Promise<CartList> {
      const level = await levelOf(db, caller);
      const groups: CartGroup[] = [];
      for (const r of await repo.linesOf(db, caller.userId, typeCode)) {
        let g = groups.at(-1);
        if (!g || g.companyId !== r.seller_id) {
          const area = r.city && r.city !== r.province ? `${r.province} ${r.city}` : r.province;
          g = { companyId: r.seller_id, companyName: r.seller_name, deliveryArea: area, checked: false, items: [] };
          groups.push(g);
        }
        g.items.push(item(r, level));
      }
      for (const g of groups) {
        const live = g.items.filter((i) => i.productSource === PRODUCT_SOURCE_ON_SALE);
        g.checked = live.length > 0 && live.every((i) => i.checked);
      }
      return { groups, ...cartTotals(groups.flatMap((g) => g.items)) };
    },

    add: (db: Kysely<DB>, caller: Caller, p: { stock_id: number; qty: number; type_code: CartTypeCode }) =>
      inTransaction(db, async (trx) => {
        const stock = await repo.stockForUpdate(trx, p.stock_id);
        if (!stock || stock.state !== 'on') throw new AppError(ResultCode.notFound, 404, cartText.noStock);
        if (stock.company_id === caller.companyId) throw forbidden(cartText.ownStock);
        if (unitPrice(stock, await levelOf(trx, caller), false) === null) throw invalid('stock_id', cartText.noPrice);
        const line = await repo.lineOfStock(trx, caller.userId, p.type_code, p.stock_id);
        const inCart = line?.qty ?? 0;
        checkQty(inCart + p.qty, stock, inCart);
        const now = clock.now();
        if (line) return repo.setLine(trx, line.id, { qty: inCart + p.qty }, now).then((r) => ({ id: r.id, qty: r.qty }));
        if ((await repo.countLines(trx, caller.userId)) >= CART_MAX_LINES) throw invalid('stock_id', cartText.cartFull);
        return repo.insertLine(trx, { user_id: caller.userId, company_id: caller.companyId, stock_id: p.stock_id, type_code: p.type_code, qty: p.qty, now });
      }),

    updateQty: (db: Kysely<DB>, caller: Caller, p: { id: number; qty: number }) =>
      inTransaction(db, async (trx) => {
        const line = await repo.ownLineForUpdate(trx, caller.userId, p.id);
        if (!line) throw notInCart();
        if (line.state !== 'on') throw new AppError(ResultCode.notFound, 404, cartText.noStock);
        checkQty(p.qty, line, 0);
        const r = await repo.setLine(trx, line.id, { qty: p.qty }, clock.now());
        return { id: r.id, qty: r.qty };
      }),

    updateTax: (db: Kysely<DB>, caller: Caller, p: { id: number; is_include_tax: boolean }) =>
      inTransaction(db, async (trx) => {
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
        return { removed: await repo.removeLines(trx, caller.userId, ids) };
      }),
  };
};

export type CartService = ReturnType<typeof createCartService>;
