/**
 * The best offer of an OE number for a buyer (常购清单's 一键加入购物车, docs/basket-follows.md):
 * as the search lists them, the buyer's preferred suppliers first (设为优选供应商, docs/customers.md),
 * then the lowest price the cart would charge this buyer (its level, or the seller's 客户等级),
 * among rows on sale with at least the wanted quantity and, when the line names them, of the wanted
 * quality and brand. Other modules read it here, never through the search repo.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { unitPrice } from '../../../shared/domain/cart';
import type { CustomerPriceLevel } from '../../../shared/domain/customer';
import { customerPriceLevels, preferredSupplierIds } from '../customer/customer.service';
import * as repo from './best-offer.repo';

/** candidate rows read per wanted line, among the rows that meet it (quantity, quality, brand) */
const CANDIDATES_PER_OE = 50;

export interface Wanted { oe_norm: string; qty: number; quality: string; brand: string }
export interface BestOffer { stockId: number; companyId: number; companyName: string; priceFen: number; quantity: number }

export const bestOffers = async (db: Kysely<DB>, buyerCompanyId: number, levelType: 'free' | 'paid', wants: readonly Wanted[]): Promise<Array<BestOffer | null>> => {
  if (wants.length === 0) return [];
  const preferred = await preferredSupplierIds(db, buyerCompanyId);
  // the repo filters by quantity, quality and brand before it ranks and cuts (docs/basket-follows.md)
  const rows = await repo.offersOf(db, wants, buyerCompanyId, preferred, CANDIDATES_PER_OE);
  const levels = await customerPriceLevels(db, buyerCompanyId, [...new Set(rows.map((r) => r.company_id))]);
  const isPreferred = new Set(preferred);
  const best: Array<(BestOffer & { preferred: boolean }) | null> = wants.map(() => null);
  for (const r of rows) {
    const price = unitPrice(r, levelType, false, levels.get(r.company_id));
    if (!price) continue;
    const candidate = { stockId: r.id, companyId: r.company_id, companyName: r.company_name, priceFen: price.fen, quantity: r.quantity, preferred: isPreferred.has(r.company_id) };
    const now = best[r.want];
    if (!now || (candidate.preferred && !now.preferred) || (candidate.preferred === now.preferred && candidate.priceFen < now.priceFen)) best[r.want] = candidate;
  }
  return best.map((b) => {
    if (!b) return null;
    const { preferred: _p, ...offer } = b;
    return offer;
  });
};

export type PricedRow = repo.PricedRow;
export interface OeLow { low_fen: number | null; in_stock: boolean }

/** Every row on sale and in stock of these OE numbers, by number (关注, docs/basket-follows.md). */
export const inStockRowsByOe = async (db: Kysely<DB>, oes: readonly string[]) => {
  const byOe = new Map<string, PricedRow[]>();
  for (const r of oes.length ? await repo.inStockRowsOf(db, oes) : []) byOe.set(r.oe_norm, [...(byOe.get(r.oe_norm) ?? []), r]);
  return byOe;
};

/**
 * Among rows of other companies than the buyer's: whether any is in stock, and the lowest price
 * the cart would charge the buyer (unitPrice at its level; with `customerLevels`, the sellers'
 * 客户等级 for it too), without tax; null when none has a price for it.
 */
export const lowFor = (rows: readonly PricedRow[] | undefined, buyerCompanyId: number, levelType: 'free' | 'paid', customerLevels?: ReadonlyMap<number, CustomerPriceLevel>): OeLow => {
  let low: number | null = null;
  let inStock = false;
  for (const r of rows ?? []) {
    if (r.company_id === buyerCompanyId) continue;
    inStock = true;
    const price = unitPrice(r, levelType, false, customerLevels?.get(r.company_id));
    if (price && (low === null || price.fen < low)) low = price.fen;
  }
  return { low_fen: low, in_stock: inStock };
};

/** Per OE number, for one buyer: lowFor with the sellers' 客户等级 for it (what its cart would charge now). */
export const oeLowsFor = async (db: Kysely<DB>, oes: readonly string[], buyerCompanyId: number, levelType: 'free' | 'paid') => {
  const byOe = await inStockRowsByOe(db, oes);
  const sellers = [...new Set([...byOe.values()].flat().map((r) => r.company_id))];
  const levels = sellers.length ? await customerPriceLevels(db, buyerCompanyId, sellers) : new Map<number, CustomerPriceLevel>();
  return new Map(oes.map((oe) => [oe, lowFor(byOe.get(oe), buyerCompanyId, levelType, levels)]));
};

/**
 * The sellers' 客户等级 for each of these buyers (a follower's company): what each one's cart would
 * charge at these sellers, for lowFor (关注's notices, docs/basket-follows.md). One read per buyer.
 */
export const customerLevelsOfBuyers = async (db: Kysely<DB>, buyerIds: readonly number[], sellerIds: readonly number[]) => {
  const out = new Map<number, Map<number, CustomerPriceLevel>>();
  for (const buyer of new Set(buyerIds)) out.set(buyer, sellerIds.length ? await customerPriceLevels(db, buyer, sellerIds) : new Map());
  return out;
};
