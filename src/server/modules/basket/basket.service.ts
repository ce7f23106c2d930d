/**
 * 常购清单 (docs/basket-follows.md): a buyer company's standing list of parts it buys often. Every
 * line belongs to the caller's company; a key of another company's line is answered as a line
 * that does not exist. 一键加入购物车 takes each line's best offer now (search's bestOffers) into
 * the caller's cart through the cart service, with the line's usual quantity.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { basketText, BASKET_MAX_LINES, ResultCode, type BasketCartResult, type BasketLine } from '../../../shared/contracts';
import { normalizeOe } from '../../../shared/domain/oe';
import { companyWithLevel } from '../company/company.service';
import { bestOffers } from '../search/best-offer.service';
import type { CartService } from '../cart/cart.service';
import * as repo from './basket.repo';

const notFound = () => new AppError(ResultCode.notFound, 404, basketText.notFound);

const shape = (r: repo.LineRow): BasketLine => ({
  id: r.id, key: r.key, type_code: '配件产品', oe: r.oe, oeNorm: r.oe_norm, name: r.name, quality: r.quality, brand: r.brand,
  qty: r.qty, note: r.note, createdBy: r.created_by_name, updatedAt: unix(r.updated_at),
});

interface LineIn { key: string; oe: string; name: string; quality: string; brand: string; qty: number; note: string }
const values = (p: LineIn): repo.LineValues => ({ oe: p.oe, oe_norm: normalizeOe(p.oe), name: p.name, quality: p.quality, brand: p.brand, qty: p.qty, note: p.note });

export const createBasketService = (clock: Clock, cart: Pick<CartService, 'add'>) => ({
  async list(db: Kysely<DB>, caller: Caller, p: { company_id?: number; page_number: number; page_size: number }) {
    if (p.company_id !== undefined && p.company_id !== caller.companyId) throw forbidden(basketText.otherCompany);
    const [rows, total] = await Promise.all([repo.page(db, caller.companyId, (p.page_number - 1) * p.page_size, p.page_size), repo.count(db, caller.companyId)]);
    return { data: rows.map(shape), total };
  },

  /** A key already on the list (a replayed add) leaves the line as it is. */
  add: (db: Kysely<DB>, caller: Caller, p: LineIn) =>
    inTransaction(db, async (trx) => {
      await repo.lockCompany(trx, caller.companyId);
      const had = await repo.byKey(trx, caller.companyId, p.key);
      if (had) return shape(had);
      const v = values(p);
      const twin = await repo.otherWithOe(trx, caller.companyId, v.oe_norm, p.key);
      if (twin) throw invalid('oe', basketText.duplicate(twin.oe));
      if ((await repo.count(trx, caller.companyId)) >= BASKET_MAX_LINES) throw invalid('key', basketText.full);
      await repo.insert(trx, { ...v, company_id: caller.companyId, key: p.key, created_by: caller.userId, now: clock.now() });
      return shape((await repo.byKey(trx, caller.companyId, p.key))!);
    }),

  update: (db: Kysely<DB>, caller: Caller, p: LineIn) =>
    inTransaction(db, async (trx) => {
      await repo.lockCompany(trx, caller.companyId);
      const v = values(p);
      const twin = await repo.otherWithOe(trx, caller.companyId, v.oe_norm, p.key);
      if (twin) throw invalid('oe', basketText.duplicate(twin.oe));
      if ((await repo.update(trx, caller.companyId, p.key, v, clock.now())) === 0) throw notFound();
      return shape((await repo.byKey(trx, caller.companyId, p.key))!);
    }),

  /** All the keys must be lines of the caller's company, or nothing is removed. */
  remove: (db: Kysely<DB>, caller: Caller, p: { keys: string[] }) =>
    inTransaction(db, async (trx) => {
      const keys = [...new Set(p.keys)];
      if ((await repo.byKeys(trx, caller.companyId, keys)).length !== keys.length) throw notFound();
      return { removed: await repo.remove(trx, caller.companyId, keys) };
    }),

  /**
   * Each chosen line at its best offer into the cart, in the list's order. A line no seller can
   * serve now (or that the cart refuses, e.g. full) is reported with why and changes nothing.
   */
  toCart: (db: Kysely<DB>, caller: Caller, p: { keys: string[] }) =>
    inTransaction(db, async (trx): Promise<BasketCartResult> => {
      const keys = [...new Set(p.keys)];
      const rows = await repo.byKeys(trx, caller.companyId, keys);
      if (rows.length !== keys.length) throw notFound();
      const company = await companyWithLevel(trx, caller.companyId);
      if (!company) throw forbidden();
      const ordered = keys.map((k) => rows.find((r) => r.key === k)!);
      const offers = await bestOffers(trx, caller.companyId, company.level_type, ordered.map((r) => ({ oe_norm: r.oe_norm, qty: r.qty, quality: r.quality, brand: r.brand })));
      const out: BasketCartResult = { added: [], missing: [] };
      for (const [n, r] of ordered.entries()) {
        const offer = offers[n];
        const label = { key: r.key, oe: r.oe, name: r.name };
        if (!offer) {
          out.missing.push({ ...label, reason: basketText.noOffer });
          continue;
        }
        try {
          await cart.add(trx, caller, { stock_id: offer.stockId, qty: r.qty, type_code: '配件产品' });
          out.added.push({ ...label, stockId: offer.stockId, companyName: offer.companyName, qty: r.qty, price: offer.priceFen });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          out.missing.push({ ...label, reason: e.message });
        }
      }
      return out;
    }),
});

export type BasketService = ReturnType<typeof createBasketService>;
