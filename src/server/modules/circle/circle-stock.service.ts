/**
 * 商圈库存 (docs/circles.md): an approved member of a circle (the owner included) allocates its own
 * stock rows to the circle at a circle price; members read the circle's products and buy them at
 * that price; the owner reads totals per member and per product. An allocation never exceeds the
 * stock row when written, and is capped at the stock row when read (a sale elsewhere lowers the
 * stock, not the allocation). The cart, the orders and the search use the exports at the bottom.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, forbidden, invalid } from '../../http/errors';
import { circleStockText, ResultCode, type CircleJoinField } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import type { Caller, Clock } from '../../http/context';
import { inTransaction } from '../../db/helpers';
import * as circles from './trade-circle.repo';
import * as repo from './circle-stock.repo';

const notFound = () => new AppError(ResultCode.notFound, 404, msg.circleNotFound);

const forMembers = ({ circle_id, stock_id, supplier_oe, name, brand_name, company_id, company_name, available_qty, circle_price_fen }: repo.ProductRowRaw) =>
  ({ circle_id, stock_id, supplier_oe, name, brand_name, company_id, company_name, available_qty, circle_price_fen });

type Paging = { k: string; page_number: number; page_size: number };
const window = (p: Paging) => ({ k: p.k, offset: (p.page_number - 1) * p.page_size, limit: p.page_size });

export const createCircleStockService = (clock: Clock) => {
  const circle = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const c = await circles.byId(db, caller.companyId, id);
    if (!c) throw notFound();
    return c;
  };
  const asMember = async (db: Kysely<DB>, caller: Caller, id: number, refusal: string) => {
    const c = await circle(db, caller, id);
    if (c.member_state !== 'approved' && !c.is_owner) throw forbidden(refusal);
    return c;
  };
  const asOwner = async (db: Kysely<DB>, caller: Caller, id: number, refusal: string) => {
    const c = await circle(db, caller, id);
    if (!c.is_owner) throw forbidden(refusal);
    return c;
  };

  return {
    /** Adds or changes the allocation of one of the caller's stock rows (分配数量 ≤ 库存数量). */
    allocate: (db: Kysely<DB>, caller: Caller, p: { circle_id: number; stock_id: number; allocated_qty: number; circle_price_fen: number }) =>
      inTransaction(db, async (trx) => {
        await asMember(trx, caller, p.circle_id, circleStockText.circleAllocateMembersOnly);
        const stock = await repo.stockForUpdate(trx, p.stock_id);
        if (!stock) throw new AppError(ResultCode.notFound, 404, circleStockText.circleStockMissing);
        if (stock.company_id !== caller.companyId) throw forbidden(circleStockText.circleOwnStockOnly);
        if (stock.state !== 'on') throw new AppError(ResultCode.notFound, 404, circleStockText.circleStockMissing);
        if (p.allocated_qty > stock.quantity) throw invalid('allocated_qty', circleStockText.circleTooMany(stock.quantity));
        await repo.upsertAllocation(trx, { circleId: p.circle_id, stockId: p.stock_id, companyId: caller.companyId, qty: p.allocated_qty, priceFen: p.circle_price_fen, at: clock.now() });
        return (await repo.oneProduct(trx, p.circle_id, p.stock_id))!;
      }),

    withdraw: (db: Kysely<DB>, caller: Caller, p: { circle_id: number; stock_id: number }) =>
      inTransaction(db, async (trx) => {
        await circle(trx, caller, p.circle_id);
        if (!(await repo.deleteAllocation(trx, p.circle_id, p.stock_id, caller.companyId))) throw new AppError(ResultCode.notFound, 404, circleStockText.circleNoAllocation);
        return null;
      }),

    async products(db: Kysely<DB>, caller: Caller, p: Paging & { circle_id: number }) {
      await asMember(db, caller, p.circle_id, circleStockText.circleMembersOnly);
      const { rows, total } = await repo.circleProducts(db, p.circle_id, window(p));
      return { data: rows.map(forMembers), total };
    },

    async myProducts(db: Kysely<DB>, caller: Caller, p: Paging & { circle_id?: number }) {
      const { rows, total } = await repo.companyProducts(db, caller.companyId, { circleId: p.circle_id, ...window(p) });
      return { data: rows, total };
    },

    async stock(db: Kysely<DB>, caller: Caller, p: { circle_id: number }) {
      await asOwner(db, caller, p.circle_id, circleStockText.circleOwnerTotalsOnly);
      const data = await repo.memberTotals(db, p.circle_id);
      return { data, total: data.length };
    },

    async query(db: Kysely<DB>, caller: Caller, p: Paging & { circle_id: number }) {
      await asOwner(db, caller, p.circle_id, circleStockText.circleOwnerTotalsOnly);
      const { rows, total } = await repo.productTotals(db, p.circle_id, window(p));
      return { data: rows, total };
    },

    joinFields: (db: Kysely<DB>, caller: Caller, p: { circle_id: number; join_fields: CircleJoinField[] }) =>
      inTransaction(db, async (trx) => {
        await asOwner(trx, caller, p.circle_id, circleStockText.circleOwnerFieldsOnly);
        const fields = [...new Set(p.join_fields)];
        await repo.setJoinFields(trx, p.circle_id, fields);
        return { join_fields: fields };
      }),
  };
};

export type CircleStockService = ReturnType<typeof createCircleStockService>;

/** 商圈价 beside circle-search rows: only circles the company is an approved member of. */
export const circleOffers = (db: Kysely<DB>, companyId: number, stockIds: readonly number[]) => repo.offersFor(db, companyId, stockIds);

/**
 * The circle price a buyer is charged for a stock row, and the pieces on offer: null when the
 * buyer is no longer an approved member or the row is no longer allocated (the cart shows the
 * line as unavailable). lock: for an order, so two orders on one allocation queue.
 */
export type CircleTerms = { refusal: string } | { priceFen: number; available: number };

const termsOf = (a: { qty: number; price_fen: number; member: boolean } | undefined, stock: { quantity: number; state: string }): CircleTerms => {
  if (!a) return { refusal: circleStockText.circleNotAllocated };
  if (!a.member) return { refusal: circleStockText.circleNotBuyable };
  return { priceFen: a.price_fen, available: stock.state === 'on' ? Math.max(0, Math.min(a.qty, stock.quantity)) : 0 };
};

/** circlePrice for many cart lines in one read (the cart's list and pricing); by the caller's key. */
export const circlePrices = async <K>(
  db: Kysely<DB>, buyerCompanyId: number, lines: ReadonlyArray<{ key: K; circleId: number; stock: { id: number; quantity: number; state: string } }>, lock = false,
): Promise<Map<K, CircleTerms>> => {
  const found = await repo.allocationsForBuyer(db, buyerCompanyId, lines.map((l) => ({ circleId: l.circleId, stockId: l.stock.id })), lock);
  return new Map(lines.map((l) => [l.key, termsOf(found.get(`${l.circleId}:${l.stock.id}`), l.stock)]));
};

export const circlePrice = async (db: Kysely<DB>, buyerCompanyId: number, circleId: number, stock: { id: number; quantity: number; state: string }, lock = false): Promise<CircleTerms> => {
  return termsOf(await repo.allocationForBuyer(db, buyerCompanyId, circleId, stock.id, lock), stock);
};

/** An order at the circle price takes its pieces from the allocation (in the order's transaction). */
export const takeCircleAllocation = (trx: Kysely<DB>, circleId: number, stockId: number, qty: number, at: Date) => repo.takeAllocation(trx, circleId, stockId, qty, at);

/** A company that leaves a circle takes its allocations with it. */
export const dropCompanyAllocations = (trx: Kysely<DB>, circleId: number, companyId: number) => repo.deleteCompanyAllocations(trx, circleId, companyId);
