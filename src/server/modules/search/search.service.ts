/**
 * Parts search. OE codes arrive normalised (contracts/search.ts). Each query counts against the
 * company's daily stock-query quota (9999 = unlimited). Registered (non-formal) members get no
 * contact details in the answer at all, and only the price columns of their level.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, forbidden, invalid } from '../../http/errors';
import { ResultCode, type PayloadOut } from '../../../shared/contracts';
import { KEYWORD_MAX_ROWS, keywordTooDeep, OE_PAGE_MAX, priceColumnHidden, type KeywordPayload, type StockRow } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { visiblePriceColumns, type PriceColumn } from '../../../shared/domain/prices';
import { msg } from '../../../shared/messages';
import type { Caller, Clock } from '../../http/context';
import { companyWithLevel, UNLIMITED_STOCK_QUERIES } from '../company/company.service';
import { chinaDay } from '../../../shared/domain/china-time';
import * as repo from './search.repo';
import * as keyword from './keyword.repo';
import * as circles from './circle.repo';
import * as directory from './directory.repo';
import { takeExtraStockQuery } from '../paid-service/paid-service.read';
import { createSearchPages } from './pages.service';
import { preferredSupplierIds } from '../customer/customer.service';
import { withWarrantyMarks } from '../warranty/warranty.service';
import { circleOffers } from '../circle/circle-stock.service';
import { cutoffText } from '../../../shared/domain/spot';
import { unitPrice } from '../../../shared/domain/cart';
import { promoOffer, promoPrice } from '../../../shared/domain/promo-plans';
import { promoPricer } from '../promo-plan/promo-plan.service';
import * as platformSettings from '../platform-settings/platform-settings.service';

/** sellers of one OE number per answer (oeSearch's first page, oeSellers' pages) */
export const ROWS_PER_OE = OE_PAGE_MAX;
export const SUGGESTIONS = 10;

export const UNKNOWN_BRAND = '配件品牌不存在，请重新选择';

export const NOT_IN_CIRCLE = '您的公司尚未加入已通过审核的商圈，无法圈内搜索';

export const OE_NOT_SEARCHED = '请先用OE号搜索查询该OE号，再查看更多卖家';

export const quotaExhausted = (limit: number) => `今日库存查询次数已用完（每日${limit}次），请明天再试或联系客服升级会员`;

type RawRow = repo.StockJoined;

/** 优选 on the rows of the caller's preferred suppliers (docs/customers.md "Suppliers and preferred suppliers"). */
const markPreferred = (rows: StockRow[], preferred: readonly number[]): StockRow[] => {
  if (preferred.length === 0) return rows;
  const set = new Set(preferred);
  return rows.map((r) => (set.has(r.company_id) ? { ...r, preferred: true } : r));
};

export const shapeRow = (r: RawRow, prices: readonly PriceColumn[], contacts: boolean): StockRow => {
  const row: StockRow = {
    id: r.id, company_id: r.company_id, company_name: r.company_name, province: r.province, city: r.city,
    supplier_oe: r.supplier_oe, supplier_code: r.supplier_code, default_code: r.default_code, name: r.name,
    part_brand_name: r.part_brand_name ?? '', custom_brand_name: r.custom_brand_name,
    quality_name: r.quality_name, is_original: r.is_original, make_name: r.make_name ?? '', factory_make_name: r.factory_make_name ?? '',
    generic_name: r.generic_name ?? '', category_name: r.category_name, supplier_vehicle: r.supplier_vehicle,
    product_specification: r.product_specification, producing_area: r.producing_area, country_id: r.country_id, country_name: r.country_name ?? '',
    uom_name: r.uom_name, quantity: r.quantity, vn_quantity: r.vn_quantity, sale_state: r.sale_state, clean_state: r.clean_state,
    spot: r.spot && r.quantity > 0, spot_cutoff: cutoffText(r.spot_cutoff ?? null),
    length_mm: r.length_mm, width_mm: r.width_mm, height_mm: r.height_mm, weight_g: r.weight_g, volume_cm3: r.volume_cm3,
    packing_count: r.packing_count, usage_per_car: r.usage_per_car, note: r.note,
  };
  for (const p of prices) row[p] = r[p];
  // the Vietnamese price goes with the wholesale prices
  if (prices.includes('price0')) row.vn_price = r.vn_price;
  if (contacts) {
    row.phone = r.phone;
    row.qq = r.qq;
  }
  return row;
};

/**
 * 促销 on the rows a seller's promotion plan lowers for the caller (docs/promotions.md): the plan
 * best at the price the caller's membership is charged (不含税), and every visible price column
 * as that plan makes it. Rows without a plan stay as they were.
 */
export const withPromos = async (db: Kysely<DB>, companyId: number, rows: StockRow[], prices: readonly PriceColumn[], levelType: 'free' | 'paid', now: Date, apply = true): Promise<StockRow[]> => {
  if (rows.length === 0 || !apply) return rows;
  const pricer = await promoPricer(db, companyId, rows.map((r) => r.id), now);
  return rows.map((r) => {
    const charged = unitPrice(r, levelType, false);
    const best = charged ? pricer(r.id, charged.fen) : null;
    if (!best) return r;
    const lowered: Record<string, number> = {};
    for (const p of prices) {
      const fen = r[p] ? promoPrice(r[p]!, best.plan) : null;
      if (fen !== null) lowered[p] = fen;
    }
    return { ...r, promo: { plan_id: best.plan.id, name: best.plan.name, offer: promoOffer(best.plan), end_at: best.plan.end_at, prices: lowered } };
  });
};

export const createSearchService = (clock: Clock) => {
  /** The caller's level, after counting this query against the daily quota. */
  const admit = async (db: Kysely<DB>, caller: Caller, companyId: number | undefined) => {
    if (companyId !== undefined && companyId !== caller.companyId && caller.companyId !== HEAD_COMPANY_ID) throw forbidden(msg.otherCompany);
    const company = await companyWithLevel(db, caller.companyId);
    if (!company) throw forbidden();
    const limit = company.stock_per_day === UNLIMITED_STOCK_QUERIES ? null : company.stock_per_day;
    const day = chinaDay(clock.now());
    const used = await repo.countStockQuery(db, caller.companyId, day, limit);
    if (used === null) {
      // the day's free queries are used: one bought query, if any is left (docs/money.md#paid-services)
      if (!(await takeExtraStockQuery(db, caller.companyId, day))) throw new AppError(ResultCode.tooManyRequests, 429, quotaExhausted(company.stock_per_day));
      return { levelType: company.level_type, used: company.stock_per_day, total: company.stock_per_day };
    }
    return { levelType: company.level_type, used, total: company.stock_per_day };
  };

  return {
    // 我的库存与曾采购, 采购记录, 油品, 新车型 (pages.service.ts)
    ...createSearchPages(),

    async oeSearch(db: Kysely<DB>, caller: Caller, codes: string[], companyId: number | undefined) {
      const level = await admit(db, caller, companyId);
      const relations = await repo.relationsOf(db, codes);
      const all = [...new Set([...codes, ...relations.map((r) => r.related_norm)])];
      // the caller's preferred suppliers' offers first (设为优选供应商, docs/customers.md)
      const preferred = await preferredSupplierIds(db, caller.companyId);
      const [rows, products] = await Promise.all([repo.stockOf(db, all, ROWS_PER_OE, preferred), repo.productsOf(db, all)]);
      const prices = visiblePriceColumns(level.levelType);
      const contacts = level.levelType === 'paid';
      const byOe = new Map<string, StockRow[]>();
      // the 质保 mark of sellers under the platform warranty (docs/warranty.md)
      const shaped = await withPromos(db, caller.companyId, markPreferred(await withWarrantyMarks(db, rows.map((r) => shapeRow(r, prices, contacts)), clock.now()), preferred), prices, level.levelType, clock.now());
      for (const [i, r] of rows.entries()) {
        const list = byOe.get(r.oe_norm) ?? [];
        list.push(shaped[i]!);
        byOe.set(r.oe_norm, list);
      }
      const product = new Map(products.map((p) => [p.oe_norm, p]));
      const total = new Map(rows.map((r) => [r.oe_norm, r.total]));
      const group = (oe: string, number: string, relation: 'exact' | 'supersession' | 'alias') => {
        const p = product.get(number);
        const list = byOe.get(number) ?? [];
        return {
          oe, oe_number: p?.oe_number ?? list[0]?.supplier_oe ?? number, relation, brand_code: p?.make_name ?? list[0]?.make_name ?? '',
          name: p?.name ?? list[0]?.name ?? '', rows: list, total: total.get(number) ?? 0,
        };
      };
      const items = codes.flatMap((code) => [
        group(code, code, 'exact'),
        ...relations.filter((r) => r.oe_norm === code).map((r) => group(code, r.related_norm, r.kind)),
      ]).filter((g) => g.rows.length > 0 || g.relation === 'exact');
      const more = [...total].filter(([, n]) => n > ROWS_PER_OE).map(([oe]) => oe);
      await repo.grantOePages(db, caller.companyId, chinaDay(clock.now()), more);
      await repo.recordMisses(db, chinaDay(clock.now()), 'oe', codes.filter((code) => items.every((g) => g.oe !== code || g.rows.length === 0)));
      return { items, price_columns: [...prices], contacts_visible: contacts, quota: { used: level.used, total_per_day: level.total } };
    },

    /**
     * 查看更多 of an OE group: a number the company searched today (oeSearch granted it) pages
     * without counting another stock query; any other number has to be searched first.
     */
    async oeSellers(db: Kysely<DB>, caller: Caller, p: { oe: string; offset: number; limit: number }) {
      if (!(await repo.hasOeGrant(db, caller.companyId, chinaDay(clock.now()), p.oe))) throw forbidden(OE_NOT_SEARCHED);
      const company = await companyWithLevel(db, caller.companyId);
      if (!company) throw forbidden();
      const prices = visiblePriceColumns(company.level_type);
      const contacts = company.level_type === 'paid';
      const preferred = await preferredSupplierIds(db, caller.companyId);
      const [rows, total] = await Promise.all([repo.stockPage(db, p.oe, p.offset, p.limit, preferred), repo.stockCountOf(db, p.oe)]);
      const shaped = markPreferred(await withWarrantyMarks(db, rows.map((r) => shapeRow(r, prices, contacts)), clock.now()), preferred);
      return { rows: await withPromos(db, caller.companyId, shaped, prices, company.level_type, clock.now()), total, price_columns: [...prices], contacts_visible: contacts };
    },

    suggest: (db: Kysely<DB>, prefix: string) => repo.suggest(db, prefix, SUGGESTIONS),

    tradeList: (db: Kysely<DB>, caller: Caller, p: { is_in_member: boolean; show_internal: boolean; page_size: number }) =>
      circles.circlesFor(db, caller.companyId, { inMember: p.is_in_member, showInternal: p.show_internal, limit: p.page_size }),

    async companySearch(db: Kysely<DB>, caller: Caller, p: PayloadOut<'companySearch'>) {
      const company = await companyWithLevel(db, caller.companyId);
      const contacts = company?.level_type === 'paid';
      const within = p.autoparts_city_id > 0 ? await platformSettings.companiesInMarket(db, p.autoparts_city_id) : undefined;
      const { rows, total } = await directory.searchCompanies(db, p.k, within, (p.page_number - 1) * p.page_size, p.page_size);
      const markets = await platformSettings.marketsOfCompanies(db, rows.map((r) => r.id));
      return {
        data: rows.map(({ phone, qq, main_brands, ...c }) => ({ ...c, main_brands: main_brands ?? [], autoparts_city: markets.get(c.id) ?? '', ...(contacts ? { phone, qq } : {}) })),
        total,
        contacts_visible: contacts,
      };
    },

    companySearchMarkets: (db: Kysely<DB>) => platformSettings.marketsWithSellers(db),

    partBrands: (db: Kysely<DB>, p: { keyword: string; page_number: number; page_size: number }) =>
      directory.partBrands(db, p.keyword, (p.page_number - 1) * p.page_size, p.page_size),

    async keywordSearch(db: Kysely<DB>, caller: Caller, p: KeywordPayload & { circle: boolean; dismantled: boolean; spot: boolean }) {
      const offset = (p.page_number - 1) * p.page_size;
      if (offset >= KEYWORD_MAX_ROWS) throw invalid('page_number', keywordTooDeep);
      if (p.brand_id !== undefined && !(await directory.partBrandExists(db, p.brand_id))) throw invalid('brand_id', UNKNOWN_BRAND);
      const peers = p.circle ? await circles.circlePeers(db, caller.companyId) : undefined;
      if (peers && peers.length === 0) throw forbidden(NOT_IN_CIRCLE);
      // the level decides the visible price columns: read it before counting a query we would refuse
      const visible = visiblePriceColumns((await companyWithLevel(db, caller.companyId))?.level_type ?? 'free');
      const priceFiltered = p.min_price !== undefined || p.max_price !== undefined;
      if (priceFiltered && !visible.includes(p.price_colum_name)) throw invalid('price_colum_name', priceColumnHidden);
      if (p.sort_field && p.sort_field.startsWith('price') && !visible.includes(p.sort_field as PriceColumn)) throw invalid('sort_field', priceColumnHidden);
      const level = await admit(db, caller, undefined);
      const tokens = keyword.tokensOf(p.k);
      const terms = await Promise.all(tokens.map((t) => keyword.matchTerms(db, t, p.mode)));
      const { ids, total, cap } = await keyword.searchIds(db, terms, offset, p.page_size, {
        companies: peers, dismantled: p.dismantled, brandId: p.brand_id, spot: p.spot,
        // 现货 are rows in stock: 最低库存 at least 1 (docs/spot-goods.md)
        filters: { priceColumn: p.price_colum_name, minPrice: p.min_price, maxPrice: p.max_price, minStock: p.spot ? Math.max(1, p.min_stock_qty ?? 1) : p.min_stock_qty, maxStock: p.max_stock_qty },
        sort: p.sort_field ? { field: p.sort_field, order: p.sort_order } : undefined,
      });
      const rows = await repo.stockByIds(db, ids);
      // only a plain first page says the words find nothing; a filter or a circle narrows on purpose
      const plain = offset === 0 && !peers && !p.dismantled && !p.spot && p.brand_id === undefined && !priceFiltered && p.min_stock_qty === undefined && p.max_stock_qty === undefined;
      if (plain && total === 0) await repo.recordMisses(db, chinaDay(clock.now()), 'keyword', [p.k]);
      let emptyHelp: { fuzzy_finds: boolean; queries: string[] } | undefined;
      if (total === 0 && offset === 0) {
        const scope = { companies: peers, dismantled: p.dismantled, brandId: p.brand_id, spot: p.spot };
        const fuzzyFinds = p.mode === 'exact'
          && (await keyword.searchIds(db, await Promise.all(tokens.map((t) => keyword.matchTerms(db, t, 'fuzzy'))), 0, 1, scope)).ids.length > 0;
        emptyHelp = { fuzzy_finds: fuzzyFinds, queries: await keyword.nearbyQueries(db, tokens, scope) };
      }
      const prices = visiblePriceColumns(level.levelType);
      const contacts = level.levelType === 'paid';
      // 商圈价 only inside 圈内搜索, and only of circles the caller is an approved member of (docs/circles.md)
      const offers = peers ? await circleOffers(db, caller.companyId, rows.map((r) => r.id)) : undefined;
      return {
        ...(offers ? { circle_offers: offers } : {}),
        // 优选 as on OE rows; the keyword walk keeps its index order (docs/customers.md)
        // 促销: the sellers' promotion plans for the caller, not inside 圈内搜索, whose rows sell at circle prices (docs/promotions.md)
        rows: await withPromos(db, caller.companyId,
          markPreferred(await withWarrantyMarks(db, rows.map((r) => shapeRow(r, prices, contacts)), clock.now()), rows.length ? await preferredSupplierIds(db, caller.companyId) : []),
          prices, level.levelType, clock.now(), !peers),
        total: Math.min(total, cap),
        total_capped: total > cap,
        terms: terms.flat().slice(0, 20).map((t) => ({ kind: t.kind, term: t.term })),
        price_columns: [...prices],
        contacts_visible: contacts,
        quota: { used: level.used, total_per_day: level.total },
        ...(emptyHelp ? { empty_help: emptyHelp } : {}),
      };
    },
  };
};

export type SearchService = ReturnType<typeof createSearchService>;
