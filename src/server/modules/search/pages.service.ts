/**
 * The other search pages (docs/search.md, "My stock and purchases", "Purchase history", "Oils and
 * fluids", "New vehicles"). They read the caller's own data or the catalogue, so none counts a
 * stock query of the day; the OE search a result links to does. Purchases come from the orders
 * module's service, vehicles from the VIN module's.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/context';
import { forbidden } from '../../http/errors';
import { unix } from '../../db/helpers';
import { OIL_FACETS, searchPagesText, type MyPartRow, type OilFacet, type OilRow, type PayloadOut, type PurchaseLine } from '../../../shared/contracts';
import { normalizeOe } from '../../../shared/domain/oe';
import { unitPrice } from '../../../shared/domain/cart';
import { chinaMidnight } from '../../../shared/domain/china-time';
import { companyWithLevel } from '../company/company.service';
import { customerPriceLevels } from '../customer/customer.service';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { STOCK_CODES } from '../../../shared/domain/stock';
import { mayReadPurchases, purchasedParts, purchaseLinesPage } from '../orders/orders.service';
import { vehiclesAddedIn } from '../vin/vin.service';
import * as repo from './pages.repo';

/** rows of each kind 我的库存与曾采购 shows */
export const MY_PARTS_MAX = 50;
/** an OE prefix shorter than this is not looked up as a number (a word like "A4" would match thousands) */
const OE_PREFIX_MIN = 3;

const oePrefixOf = (k: string) => {
  const norm = normalizeOe(k);
  return norm.length >= OE_PREFIX_MIN ? norm : '';
};

/** 0W-20 < 5W-30 < 10W-40 < 15W-40 < 75W-90; grades without a W after them */
const viscosityKey = (s: string) => {
  const m = /^(\d+)W-(\d+)$/.exec(s);
  return m ? Number(m[1]) * 1000 + Number(m[2]) : 1_000_000;
};

export type OilFilter = Pick<PayloadOut<'oilSearch'>, OilFacet>;

const valuesOf = (r: OilRow, f: OilFacet): string[] =>
  f === 'spec' ? r.specs : f === 'volume_ml' ? [String(r.volume_ml)] : f === 'viscosity' ? (r.viscosity ? [r.viscosity] : []) : [r[f]];

const matches = (r: OilRow, filter: OilFilter, except?: OilFacet) =>
  OIL_FACETS.every((f) => f === except || filter[f] === '' || valuesOf(r, f).includes(filter[f]));

/**
 * Each facet's values with the number of products having it among those the other facets leave
 * (a value chosen stays listed, with 0 if nothing is left).
 */
export const oilFacets = (rows: OilRow[], filter: OilFilter) => {
  const out = {} as Record<OilFacet, Array<{ value: string; count: number }>>;
  for (const f of OIL_FACETS) {
    const counts = new Map<string, number>();
    for (const r of rows) if (matches(r, filter, f)) for (const value of valuesOf(r, f)) counts.set(value, (counts.get(value) ?? 0) + 1);
    if (filter[f] !== '' && !counts.has(filter[f])) counts.set(filter[f], 0);
    const list = [...counts].map(([value, count]) => ({ value, count }));
    list.sort(f === 'viscosity' ? (a, b) => viscosityKey(a.value) - viscosityKey(b.value) || a.value.localeCompare(b.value)
      : f === 'volume_ml' ? (a, b) => Number(a.value) - Number(b.value)
        : (a, b) => b.count - a.count || a.value.localeCompare(b.value, 'zh-CN'));
    out[f] = list;
  }
  return out;
};

export const createSearchPages = () => ({
  async myPartsSearch(db: Kysely<DB>, caller: Caller, k: string) {
    const oePrefix = oePrefixOf(k);
    const purchasesVisible = mayReadPurchases(caller);
    // the stock half as the stock pages show it: to its keepers only (M03; docs/search.md)
    const stockVisible = hasAnyPermission(caller.permissions, STOCK_CODES);
    const [stock, bought] = await Promise.all([
      stockVisible ? repo.ownStock(db, caller.companyId, oePrefix, k, MY_PARTS_MAX + 1) : Promise.resolve([]),
      purchasesVisible ? purchasedParts(db, caller.companyId, oePrefix, k, MY_PARTS_MAX + 1) : Promise.resolve([]),
    ]);
    const rows: MyPartRow[] = [
      ...stock.slice(0, MY_PARTS_MAX).map((s) => ({
        source: 'stock' as const, supplier_oe: s.supplier_oe, name: s.name, brand_name: s.brand_name, quantity: s.quantity, last_price_fen: s.price0,
        last_at: unix(s.last_at), stock_id: s.id, state: s.state, seller_company_id: 0, seller_company_name: '', order_count: 0, last_order_no: '',
      })),
      ...bought.slice(0, MY_PARTS_MAX).map((p) => ({
        source: 'purchase' as const, supplier_oe: p.supplier_oe, name: p.name, brand_name: p.brand_name, quantity: p.quantity, last_price_fen: p.last_price_fen,
        last_at: unix(p.last_at), stock_id: null, state: '', seller_company_id: p.seller_company_id, seller_company_name: p.seller_company_name,
        order_count: p.order_count, last_order_no: p.last_order_no,
      })),
    ];
    return { rows, purchases_visible: purchasesVisible, stock_visible: stockVisible, truncated: stock.length > MY_PARTS_MAX || bought.length > MY_PARTS_MAX };
  },

  async purchaseHistorySearch(db: Kysely<DB>, caller: Caller, p: PayloadOut<'purchaseHistorySearch'>) {
    // the endpoint's codes say the same; kept so a direct call cannot read another side's lines
    if (!mayReadPurchases(caller)) throw forbidden();
    const { rows, total } = await purchaseLinesPage(db, {
      buyerCompanyId: caller.companyId, oePrefix: normalizeOe(p.oe), name: p.name, seller: p.seller,
      from: p.date_from ? chinaMidnight(p.date_from) : undefined, before: p.date_to ? chinaMidnight(p.date_to, 1) : undefined,
    }, (p.page_number - 1) * p.page_size, p.page_size);
    const [offers, company] = await Promise.all([repo.currentOffers(db, rows), companyWithLevel(db, caller.companyId)]);
    const level = company?.level_type ?? 'free';
    // the price the cart will charge: the seller's customer level for this buyer (docs/customers.md)
    const levels = await customerPriceLevels(db, caller.companyId, [...new Set(rows.map((r) => r.seller_company_id))]);
    const byLine = new Map(offers.map((o) => [o.i - 1, o]));
    const lines: PurchaseLine[] = rows.map((r, n) => {
      const o = byLine.get(n);
      return {
        line_id: Number(r.line_id), order_no: r.order_no, order_status: r.order_status, seller_company_id: r.seller_company_id, seller_company_name: r.seller_company_name,
        supplier_oe: r.supplier_oe, name: r.name, brand_name: r.brand_name, quality_name: r.quality_name, uom_name: r.uom_name,
        qty: r.qty, unit_price_fen: r.unit_price_fen, amount_fen: Number(r.amount_fen), created_at: unix(r.created_at),
        offer: o ? { stock_id: o.id, quantity: o.quantity, price_fen: unitPrice(o, level, false, levels.get(r.seller_company_id))?.fen ?? null } : null,
        offer_note: !o ? searchPagesText.noLongerSold : o.quantity <= 0 ? searchPagesText.outOfStock : '',
      };
    });
    return { rows: lines, total };
  },

  async oilSearch(db: Kysely<DB>, p: PayloadOut<'oilSearch'>) {
    const all: OilRow[] = await repo.oils(db, p.k, oePrefixOf(p.k));
    const filter: OilFilter = { viscosity: p.viscosity, spec: p.spec, volume_ml: p.volume_ml, brand: p.brand, kind: p.kind };
    const rows = all.filter((r) => matches(r, filter)).sort((a, b) => Number(b.seller_count > 0) - Number(a.seller_count > 0));
    return { rows, facets: oilFacets(all, filter) };
  },

  newVehicleSearch: (db: Kysely<DB>, p: PayloadOut<'newVehicleSearch'>) => vehiclesAddedIn(db, p.month, p.make_name),
});
