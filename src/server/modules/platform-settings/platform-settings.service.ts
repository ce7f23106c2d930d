/**
 * 汽配城, 汽配联盟, 包邮城市 and 公共页面 (docs/platform-settings.md). The operator's writes check the
 * input, refuse a duplicate (one name per city, one alliance name, one rule per city, one page
 * address) naming the field, and append to the audit log in their own transaction; nothing is
 * deleted. The reads for the storefront give only what is enabled or published.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type Alliance, type AutopartsCity, type FreeCity, type PayloadOut, type PubPage } from '../../../shared/contracts';
import { settingsText } from '../../../shared/domain/platform-settings';
import { orgText } from '../../../shared/domain/organisation';
import type { AuditAction, AuditEntity } from '../../../shared/domain/operation';
import * as audit from '../operation/audit.service';
import { mayEditEnterprise } from '../enterprise/enterprise.service';
import * as repo from './platform-settings.repo';

const notFound = (text: string) => new AppError(ResultCode.notFound, 404, text);
const paging = (p: { page_number: number; page_size: number }) => ({ limit: p.page_size, offset: (p.page_number - 1) * p.page_size });

/** The fields that changed between two records, for the audit entry; [] when none. */
const diff = <T extends Record<string, unknown>>(before: T, next: T) =>
  (Object.keys(next) as (keyof T & string)[]).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]));

const auditChange = async <T extends Record<string, unknown>>(trx: Kysely<DB>, caller: Caller, at: Date, e: {
  entity: AuditEntity; id: number; note: string; before?: T; next: T; action?: AuditAction;
}) => {
  if (!e.before) return audit.record(trx, caller, at, [{ entity: e.entity, entity_id: e.id, action: 'create', new: e.next, note: e.note }]);
  const changed = diff(e.before, e.next);
  const onlySwitch = changed.length === 1 && changed[0] === 'enabled';
  return audit.record(trx, caller, at, [{
    entity: e.entity, entity_id: e.id, note: e.note,
    action: e.action ?? (onlySwitch ? (e.next.enabled ? 'enable' : 'disable') : 'update'),
    old: Object.fromEntries(changed.map((k) => [k, e.before![k]])), new: Object.fromEntries(changed.map((k) => [k, e.next[k]])),
  }]);
};

type CityRow = NonNullable<Awaited<ReturnType<typeof repo.cityById>>>;
const cityShape = (r: CityRow): AutopartsCity => ({ ...r, company_count: r.company_count ?? 0, updated_at: unix(r.updated_at) });
type AllianceRow = NonNullable<Awaited<ReturnType<typeof repo.allianceById>>>;
type FreeRow = NonNullable<Awaited<ReturnType<typeof repo.freeCityById>>>;
const freeShape = (r: FreeRow): FreeCity => ({ ...r, min_order_fen: Number(r.min_order_fen), updated_at: unix(r.updated_at) });
type PageRow = NonNullable<Awaited<ReturnType<typeof repo.pageById>>>;
const pageShape = (r: PageRow): PubPage => ({ ...r, published_at: unix(r.published_at), updated_at: unix(r.updated_at) });

/** For the shop page: the 汽配城 a company says it is in ('' when none or switched off) and its enabled alliances. */
export const shopBadges = async (db: Kysely<DB>, companyId: number) => {
  const [city, alliances] = await Promise.all([repo.cityOfCompany(db, companyId), repo.alliancesOfCompany(db, companyId)]);
  return { autoparts_city: city?.enabled ? city.name : '', autoparts_city_id: city?.enabled ? Number(city.id) : 0, alliances };
};

/**
 * The 企业黄页's market filter (docs/platform-settings.md#autoparts-markets): the companies in an
 * enabled market; an unknown or switched-off market is refused on autoparts_city_id.
 */
export const companiesInMarket = async (db: Kysely<DB>, cityId: number) => {
  const city = await repo.cityById(db, cityId);
  if (!city) throw invalid('autoparts_city_id', settingsText.cityNotFound);
  if (!city.enabled) throw invalid('autoparts_city_id', settingsText.cityDisabled);
  return repo.companiesInCity(db, cityId);
};

/** Each company's enabled market by company id (absent: none), for a page of company cards. */
export const marketsOfCompanies = async (db: Kysely<DB>, companyIds: readonly number[]) =>
  new Map((await repo.enabledCitiesOfCompanies(db, companyIds)).map((r) => [Number(r.company_id), r.name]));

/** The markets the 企业黄页 offers as a filter: enabled, with at least one listed seller. */
export const marketsWithSellers = (db: Kysely<DB>) => repo.marketsWithSellers(db);

export const createPlatformSettingsService = (deps: { clock: Clock }) => {
  const withMembers = async (db: Kysely<DB>, rows: AllianceRow[]): Promise<Alliance[]> => {
    const members = await repo.membersOf(db, rows.map((r) => r.id));
    return rows.map((r) => ({
      ...r, updated_at: unix(r.updated_at), members: members.filter((m) => m.alliance_id === r.id).map((m) => ({ id: m.id, name: m.name })),
    }));
  };

  return {
    // 汽配城

    async cities(db: Kysely<DB>, p: PayloadOut<'opAutopartsCities'>) {
      const { rows, total } = await repo.cities(db, { ...p, ...paging(p) });
      return { data: rows.map(cityShape), total };
    },

    async saveCity(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opAutopartsCitySave'>) {
      const id = await inTransaction(db, async (trx) => {
        await repo.lockTable(trx, 'autoparts_city');
        const old = p.id ? await repo.lockCity(trx, p.id) : undefined;
        if (p.id && !old) throw notFound(settingsText.cityNotFound);
        const next: repo.CityWrite = { name: p.name, province: p.province, city: p.city, address: p.address, enabled: p.enabled };
        if (await repo.cityTaken(trx, next, p.id)) throw invalid('name', settingsText.cityTaken);
        const now = deps.clock.now();
        if (!old) {
          const row = await repo.insertCity(trx, next, caller.userId, now);
          await auditChange(trx, caller, now, { entity: 'autoparts_city', id: row.id, note: p.name, next });
          return row.id;
        }
        const before: repo.CityWrite = { name: old.name, province: old.province, city: old.city, address: old.address, enabled: old.enabled };
        if (diff(before, next).length === 0) return old.id;
        await repo.updateCity(trx, old.id, next, caller.userId, now);
        await auditChange(trx, caller, now, { entity: 'autoparts_city', id: old.id, note: p.name, before, next });
        return old.id;
      });
      return cityShape((await repo.cityById(db, id))!);
    },

    async myCity(db: Kysely<DB>, caller: Caller) {
      const [current, options, editable] = await Promise.all([
        repo.cityOfCompany(db, caller.companyId), repo.enabledCities(db), mayEditEnterprise(db, caller),
      ]);
      return { autoparts_city_id: current?.id ?? 0, editable, options };
    },

    saveMyCity: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'myAutopartsCitySave'>) =>
      inTransaction(db, async (trx) => {
        if (!(await mayEditEnterprise(trx, caller))) throw forbidden(orgText.enterpriseOwnerOrM07);
        if (p.autoparts_city_id) {
          const city = await repo.lockCity(trx, p.autoparts_city_id);
          if (!city) throw invalid('autoparts_city_id', settingsText.cityNotFound);
          if (!city.enabled) throw invalid('autoparts_city_id', settingsText.cityDisabled);
        }
        await repo.setCityOfCompany(trx, caller.companyId, p.autoparts_city_id, deps.clock.now());
        return { autoparts_city_id: p.autoparts_city_id };
      }),

    // 汽配联盟

    async alliances(db: Kysely<DB>, p: PayloadOut<'opAlliances'>) {
      const { rows, total } = await repo.alliances(db, { ...p, ...paging(p) });
      return { data: await withMembers(db, rows), total };
    },

    async saveAlliance(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opAllianceSave'>) {
      const id = await inTransaction(db, async (trx) => {
        await repo.lockTable(trx, 'autoparts_alliance');
        const old = p.id ? await repo.lockAlliance(trx, p.id) : undefined;
        if (p.id && !old) throw notFound(settingsText.allianceNotFound);
        if (await repo.allianceTaken(trx, p.name, p.id)) throw invalid('name', settingsText.allianceTaken);
        const known = new Set(await repo.existingCompanies(trx, p.company_ids));
        const unknown = p.company_ids.find((c) => !known.has(c));
        if (unknown !== undefined) throw invalid('company_ids', settingsText.noCompany(unknown));
        const now = deps.clock.now();
        const fields: repo.AllianceWrite = { name: p.name, description: p.description, enabled: p.enabled };
        const members = [...p.company_ids].sort((a, b) => a - b);
        if (!old) {
          const row = await repo.insertAlliance(trx, fields, caller.userId, now);
          await repo.setMembers(trx, row.id, members, [], now);
          await auditChange(trx, caller, now, { entity: 'autoparts_alliance', id: row.id, note: p.name, next: { ...fields, company_ids: members } });
          return row.id;
        }
        const was = await repo.memberIds(trx, old.id);
        const before = { name: old.name, description: old.description, enabled: old.enabled, company_ids: was };
        const next = { ...fields, company_ids: members };
        if (diff(before, next).length === 0) return old.id;
        await repo.updateAlliance(trx, old.id, fields, caller.userId, now);
        await repo.setMembers(trx, old.id, members.filter((c) => !was.includes(c)), was.filter((c) => !members.includes(c)), now);
        await auditChange(trx, caller, now, { entity: 'autoparts_alliance', id: old.id, note: p.name, before, next });
        return old.id;
      });
      return (await withMembers(db, [(await repo.allianceById(db, id))!]))[0];
    },

    // 包邮城市

    async freeCities(db: Kysely<DB>, p: PayloadOut<'opFreeCities'>) {
      const { rows, total } = await repo.freeCities(db, { ...p, ...paging(p) });
      return { data: rows.map(freeShape), total };
    },

    async saveFreeCity(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opFreeCitySave'>) {
      const id = await inTransaction(db, async (trx) => {
        await repo.lockTable(trx, 'free_city');
        const old = p.id ? await repo.lockFreeCity(trx, p.id) : undefined;
        if (p.id && !old) throw notFound(settingsText.freeCityNotFound);
        const next: repo.FreeCityWrite = { province: p.province, city: p.city, min_order_fen: p.min_order_fen, enabled: p.enabled };
        if (await repo.freeCityTaken(trx, next, p.id)) throw invalid('city', settingsText.freeCityTaken);
        const now = deps.clock.now();
        if (!old) {
          const row = await repo.insertFreeCity(trx, next, caller.userId, now);
          await auditChange(trx, caller, now, { entity: 'free_city', id: row.id, note: `${p.province}${p.city}`, next });
          return row.id;
        }
        const before: repo.FreeCityWrite = { province: old.province, city: old.city, min_order_fen: Number(old.min_order_fen), enabled: old.enabled };
        if (diff(before, next).length === 0) return old.id;
        await repo.updateFreeCity(trx, old.id, next, caller.userId, now);
        await auditChange(trx, caller, now, { entity: 'free_city', id: old.id, note: `${p.province}${p.city}`, before, next });
        return old.id;
      });
      return freeShape((await repo.freeCityById(db, id))!);
    },

    freeCityRules: async (db: Kysely<DB>) =>
      (await repo.enabledFreeCities(db)).map((r) => ({ ...r, min_order_fen: Number(r.min_order_fen) })),

    // 公共页面

    async pages(db: Kysely<DB>, p: PayloadOut<'opPubPages'>) {
      const { rows, total } = await repo.pages(db, { ...p, ...paging(p) });
      return { data: rows.map(pageShape), total };
    },

    async savePage(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPubPageSave'>) {
      const id = await inTransaction(db, async (trx) => {
        await repo.lockTable(trx, 'pub_page');
        const old = p.id ? await repo.lockPage(trx, p.id) : undefined;
        if (p.id && !old) throw notFound(settingsText.pageNotFound);
        if (await repo.slugTaken(trx, p.slug, p.id)) throw invalid('slug', settingsText.slugTaken);
        const now = deps.clock.now();
        // published_at: when it was first published in this run of being published
        const publishedAt = p.status === 'draft' ? null : old?.status === 'published' ? old.published_at : now;
        const next: repo.PageWrite = { slug: p.slug, title: p.title, body: p.body, status: p.status, sort: p.sort, published_at: publishedAt };
        const log = { slug: p.slug, title: p.title, body: p.body, status: p.status, sort: p.sort };
        if (!old) {
          const row = await repo.insertPage(trx, next, caller.userId, now);
          await auditChange(trx, caller, now, { entity: 'pub_page', id: row.id, note: p.title, next: log });
          return row.id;
        }
        const before = { slug: old.slug, title: old.title, body: old.body, status: old.status, sort: old.sort };
        if (diff(before, log).length === 0) return old.id;
        await repo.updatePage(trx, old.id, next, caller.userId, now);
        const action = before.status !== log.status ? (log.status === 'published' ? 'publish' as const : 'unpublish' as const) : undefined;
        await auditChange(trx, caller, now, { entity: 'pub_page', id: old.id, note: p.title, before, next: log, action });
        return old.id;
      });
      return pageShape((await repo.pageById(db, id))!);
    },

    pageLinks: (db: Kysely<DB>) => repo.publishedLinks(db),

    async page(db: Kysely<DB>, slug: string) {
      const row = await repo.publishedPage(db, slug);
      if (!row) throw notFound(settingsText.pageNotFound);
      return { ...row, published_at: unix(row.published_at) };
    },
  };
};

export type PlatformSettingsService = ReturnType<typeof createPlatformSettingsService>;
