/**
 * Company presence: the shop page of a seller (/company/{id}) and its decoration
 * (/backend/store, M14, own company only), and "who viewed me" (/quote, C14).
 *
 * Prices and contacts follow the search rules (search.service shapeRow, domain/prices): formal
 * members see every price column and the contacts; everyone else gets neither from the server.
 * A company looking at its own shop sees all of it. Opening another company's shop records a
 * view, at most one per viewer company per shop per hour; operators of the head company browse
 * without leaving a trace, since their visits are not business interest.
 */
import { shopBadges } from '../platform-settings/platform-settings.service';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ResultCode, type Decoration } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { PRICE_COLUMNS, visiblePriceColumns } from '../../../shared/domain/prices';
import { AppError, invalid } from '../../http/errors';
import type { Caller, Clock } from '../../http/context';
import { shapeRow } from '../search/search.service';
import { shopWarrantyMonths, withWarrantyMarks } from '../warranty/warranty.service';
import * as repo from './shop.repo';
import { unix } from '../../db/helpers';

export const SHOP_NOT_FOUND = '店铺不存在：该公司不是卖家或尚未开通店铺';
export const FEATURED_NOT_OWN = '精选产品只能从本公司在售库存中选择';
export const NOT_A_SELLER = '本公司还不是卖家，开通卖家后才能装修店铺';

export const createShopService = (clock: Clock) => {
  /** What the caller may see of this company's stock and contacts. */
  const visibility = async (db: Kysely<DB>, caller: Caller, companyId: number) => {
    const own = caller.companyId === companyId;
    const level = own ? 'paid' : await repo.levelTypeOf(db, caller.companyId);
    return { own, prices: own ? PRICE_COLUMNS : visiblePriceColumns(level), contacts: own || level === 'paid' };
  };

  const shopOf = async (db: Kysely<DB>, companyId: number) => {
    const company = await repo.shopCompany(db, companyId);
    if (!company) throw new AppError(ResultCode.notFound, 404, SHOP_NOT_FOUND);
    return company;
  };

  const noteView = async (db: Kysely<DB>, caller: Caller, companyId: number) => {
    if (caller.companyId === companyId || caller.companyId === HEAD_COMPANY_ID) return;
    await repo.recordView(db, { companyId, viewerCompanyId: caller.companyId, viewerUserId: caller.userId, now: clock.now() });
  };

  const decorationOf = async (db: Kysely<DB>, companyId: number, show: { prices: readonly (typeof PRICE_COLUMNS)[number][]; contacts: boolean }): Promise<Decoration> => {
    const { shop, media } = await repo.decoration(db, companyId);
    const ids = (shop?.featured_stock_ids ?? []).map(Number);
    const featured = await repo.stockOfCompany(db, companyId, ids);
    return {
      banner_url: shop?.banner_url ?? '',
      intro: shop?.intro ?? '',
      factory_desc: shop?.factory_desc ?? '',
      photos: media.filter((m) => m.kind === 'photo').map(({ url, title }) => ({ url, title })),
      videos: media.filter((m) => m.kind === 'video').map(({ url, title }) => ({ url, title })),
      featured: await withWarrantyMarks(db, featured.map((r) => shapeRow(r, show.prices, show.contacts)), clock.now()),
      updated_at: shop ? unix(shop.updated_at) : 0,
    };
  };

  return {
    async shop(db: Kysely<DB>, caller: Caller, companyId: number) {
      const c = await shopOf(db, companyId);
      const show = await visibility(db, caller, companyId);
      await noteView(db, caller, companyId);
      const { phone, qq, main_brands, ...rest } = c;
      return {
        company: { ...rest, main_brands: main_brands ?? [], ...(show.contacts ? { phone, qq } : {}) },
        decoration: await decorationOf(db, companyId, show),
        price_columns: [...show.prices],
        contacts_visible: show.contacts,
        own: show.own,
        // the 质保 mark while the seller's platform warranty runs (docs/warranty.md)
        warranty_months: await shopWarrantyMonths(db, companyId, clock.now()),
        ...(await shopBadges(db, companyId)),
      };
    },

    async products(db: Kysely<DB>, caller: Caller, p: { company_id: number; k: string; page_number: number; page_size: number }) {
      await shopOf(db, p.company_id);
      const show = await visibility(db, caller, p.company_id);
      await noteView(db, caller, p.company_id);
      const { rows, total } = await repo.products(db, p.company_id, p.k, (p.page_number - 1) * p.page_size, p.page_size);
      return { rows: await withWarrantyMarks(db, rows.map((r) => shapeRow(r, show.prices, show.contacts)), clock.now()), total, price_columns: [...show.prices], contacts_visible: show.contacts };
    },

    async ownDecoration(db: Kysely<DB>, caller: Caller) {
      if (!(await repo.shopCompany(db, caller.companyId))) throw new AppError(ResultCode.forbidden, 403, NOT_A_SELLER);
      return decorationOf(db, caller.companyId, { prices: PRICE_COLUMNS, contacts: true });
    },

    async saveDecoration(db: Kysely<DB>, caller: Caller, d: repo.DecorationRow) {
      if (!(await repo.shopCompany(db, caller.companyId))) throw new AppError(ResultCode.forbidden, 403, NOT_A_SELLER);
      await db.transaction().execute(async (trx) => {
        const found = await repo.stockOfCompany(trx, caller.companyId, d.featured_stock_ids);
        if (found.length !== d.featured_stock_ids.length) throw invalid('featured_stock_ids', FEATURED_NOT_OWN);
        await repo.saveDecoration(trx, caller.companyId, d, clock.now());
      });
      return decorationOf(db, caller.companyId, { prices: PRICE_COLUMNS, contacts: true });
    },

    quoteCount: (db: Kysely<DB>, caller: Caller) => repo.unseenViews(db, caller.companyId, caller.userId),

    async views(db: Kysely<DB>, caller: Caller, p: { page_number: number; page_size: number }) {
      const asOf = unix(clock.now());
      const contacts = (await repo.levelTypeOf(db, caller.companyId)) === 'paid';
      const { rows, total } = await repo.views(db, caller.companyId, caller.userId, (p.page_number - 1) * p.page_size, p.page_size);
      return {
        data: rows.map(({ phone, qq, viewed_at, ...r }) => ({ ...r, viewed_at: unix(viewed_at), ...(contacts ? { phone, qq } : {}) })),
        total,
        contacts_visible: contacts,
        as_of: asOf,
      };
    },

    async markSeen(db: Kysely<DB>, caller: Caller, asOf: number) {
      const until = new Date(Math.min(asOf * 1000, clock.now().getTime()));
      await repo.markSeen(db, caller.userId, until);
      return repo.unseenViews(db, caller.companyId, caller.userId);
    },
  };
};

export type ShopService = ReturnType<typeof createShopService>;
