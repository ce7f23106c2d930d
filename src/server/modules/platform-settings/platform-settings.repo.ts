/** 汽配城, 汽配联盟, 包邮城市 and 公共页面 (docs/platform-settings.md): the tables of the platform-settings module. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

type Db = Kysely<DB>;
const byName = sql<string>`coalesce(u.username, '')`.as('updated_by');
export type Paging = { limit: number; offset: number };

/** One writer of a table at a time, so two new rows with one name cannot both pass the check. */
export const lockTable = (db: Db, table: string) => sql`select pg_advisory_xact_lock(hashtext(${`platform-settings:${table}`}))`.execute(db);

// 汽配城

const cityColumns = ['c.id', 'c.name', 'c.province', 'c.city', 'c.address', 'c.enabled', 'c.updated_at'] as const;
const cityRows = (db: Db) => db.selectFrom('autoparts_city as c').leftJoin('app_user as u', 'u.id', 'c.updated_by')
  .select([...cityColumns, byName, (eb) => eb.selectFrom('company_autoparts_city as m').select(sql<number>`count(*)::int`.as('n')).whereRef('m.autoparts_city_id', '=', 'c.id').as('company_count')]);

export const cities = async (db: Db, p: { k: string; province: string; enabled: '' | 'true' | 'false' } & Paging) => {
  let q = db.selectFrom('autoparts_city as c');
  if (p.k) q = q.where('c.name', 'ilike', `%${likeEscape(p.k)}%`);
  if (p.province) q = q.where('c.province', '=', p.province);
  if (p.enabled) q = q.where('c.enabled', '=', p.enabled === 'true');
  const ids = q.select('c.id');
  const [rows, total] = await Promise.all([
    cityRows(db).where('c.id', 'in', ids).orderBy('c.province').orderBy('c.city').orderBy('c.name').orderBy('c.id').limit(p.limit).offset(p.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};
export const cityById = (db: Db, id: number) => cityRows(db).where('c.id', '=', id).executeTakeFirst();
export const lockCity = (db: Db, id: number) =>
  db.selectFrom('autoparts_city').select(['id', 'name', 'province', 'city', 'address', 'enabled']).where('id', '=', id).forUpdate().executeTakeFirst();
export const cityTaken = async (db: Db, p: { province: string; city: string; name: string }, exceptId: number) =>
  (await db.selectFrom('autoparts_city').select('id').where('province', '=', p.province).where('city', '=', p.city).where('name', '=', p.name)
    .where('id', '<>', exceptId).executeTakeFirst()) !== undefined;
export type CityWrite = { name: string; province: string; city: string; address: string; enabled: boolean };
export const insertCity = (db: Db, c: CityWrite, by: number, at: Date) =>
  db.insertInto('autoparts_city').values({ ...c, updated_by: by, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
export const updateCity = (db: Db, id: number, c: CityWrite, by: number, at: Date) =>
  db.updateTable('autoparts_city').set({ ...c, updated_by: by, updated_at: at }).where('id', '=', id).execute();
export const enabledCities = (db: Db) =>
  db.selectFrom('autoparts_city').select(['id', 'name', 'province', 'city', 'address']).where('enabled', '=', true).orderBy('province').orderBy('city').orderBy('name').execute();
export const cityOfCompany = (db: Db, companyId: number) =>
  db.selectFrom('company_autoparts_city as m').innerJoin('autoparts_city as c', 'c.id', 'm.autoparts_city_id')
    .select(['c.id', 'c.name', 'c.enabled']).where('m.company_id', '=', companyId).executeTakeFirst();
/** The companies in an enabled market (the 企业黄页 filter). */
export const companiesInCity = async (db: Db, cityId: number) =>
  (await db.selectFrom('company_autoparts_city as m').innerJoin('autoparts_city as c', 'c.id', 'm.autoparts_city_id')
    .select('m.company_id').where('c.id', '=', cityId).where('c.enabled', '=', true).execute()).map((r) => Number(r.company_id));
/** Each company's enabled market, for a page of company cards. */
export const enabledCitiesOfCompanies = (db: Db, companyIds: readonly number[]) =>
  companyIds.length === 0 ? Promise.resolve([]) : db.selectFrom('company_autoparts_city as m').innerJoin('autoparts_city as c', 'c.id', 'm.autoparts_city_id')
    .select(['m.company_id', 'c.name']).where('m.company_id', 'in', companyIds).where('c.enabled', '=', true).execute();
/** Enabled markets with the number of listed sellers in each (sellers not suspended), those with none left out. */
export const marketsWithSellers = async (db: Db) =>
  (await sql<{ id: number; name: string; province: string; city: string; seller_count: number }>`
    select c.id, c.name, c.province, c.city, count(*)::int as seller_count
    from autoparts_city c join company_autoparts_city m on m.autoparts_city_id = c.id
    join company co on co.id = m.company_id and co.is_seller and co.suspended_at is null
    where c.enabled group by c.id order by c.province, c.city, c.name`.execute(db)).rows;
export const setCityOfCompany = async (db: Db, companyId: number, cityId: number, at: Date) => {
  if (cityId === 0) return db.deleteFrom('company_autoparts_city').where('company_id', '=', companyId).execute();
  return db.insertInto('company_autoparts_city').values({ company_id: companyId, autoparts_city_id: cityId, updated_at: at })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ autoparts_city_id: cityId, updated_at: at })).execute();
};

// 汽配联盟

const allianceRows = (db: Db) => db.selectFrom('autoparts_alliance as a').leftJoin('app_user as u', 'u.id', 'a.updated_by')
  .select(['a.id', 'a.name', 'a.description', 'a.enabled', 'a.updated_at', byName]);
export const membersOf = (db: Db, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('autoparts_alliance_member as m').innerJoin('company as c', 'c.id', 'm.company_id')
    .select(['m.alliance_id', 'c.id', 'c.name']).where('m.alliance_id', 'in', [...ids]).orderBy('m.alliance_id').orderBy('c.name').orderBy('c.id').execute();
export const alliances = async (db: Db, p: { k: string; enabled: '' | 'true' | 'false' } & Paging) => {
  let q = db.selectFrom('autoparts_alliance as a');
  if (p.k) q = q.where('a.name', 'ilike', `%${likeEscape(p.k)}%`);
  if (p.enabled) q = q.where('a.enabled', '=', p.enabled === 'true');
  const [rows, total] = await Promise.all([
    allianceRows(db).where('a.id', 'in', q.select('a.id')).orderBy('a.enabled', 'desc').orderBy('a.name').orderBy('a.id').limit(p.limit).offset(p.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};
export const allianceById = (db: Db, id: number) => allianceRows(db).where('a.id', '=', id).executeTakeFirst();
export const lockAlliance = (db: Db, id: number) =>
  db.selectFrom('autoparts_alliance').select(['id', 'name', 'description', 'enabled']).where('id', '=', id).forUpdate().executeTakeFirst();
export const allianceTaken = async (db: Db, name: string, exceptId: number) =>
  (await db.selectFrom('autoparts_alliance').select('id').where('name', '=', name).where('id', '<>', exceptId).executeTakeFirst()) !== undefined;
export type AllianceWrite = { name: string; description: string; enabled: boolean };
export const insertAlliance = (db: Db, a: AllianceWrite, by: number, at: Date) =>
  db.insertInto('autoparts_alliance').values({ ...a, updated_by: by, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
export const updateAlliance = (db: Db, id: number, a: AllianceWrite, by: number, at: Date) =>
  db.updateTable('autoparts_alliance').set({ ...a, updated_by: by, updated_at: at }).where('id', '=', id).execute();
export const memberIds = async (db: Db, allianceId: number) =>
  (await db.selectFrom('autoparts_alliance_member').select('company_id').where('alliance_id', '=', allianceId).orderBy('company_id').execute()).map((r) => r.company_id);
export const setMembers = async (db: Db, allianceId: number, add: readonly number[], remove: readonly number[], at: Date) => {
  if (remove.length > 0) await db.deleteFrom('autoparts_alliance_member').where('alliance_id', '=', allianceId).where('company_id', 'in', [...remove]).execute();
  if (add.length > 0) await db.insertInto('autoparts_alliance_member').values(add.map((company_id) => ({ alliance_id: allianceId, company_id, added_at: at }))).execute();
};
/** The enabled alliances a company belongs to, by name. */
export const alliancesOfCompany = async (db: Db, companyId: number) =>
  (await db.selectFrom('autoparts_alliance_member as m').innerJoin('autoparts_alliance as a', 'a.id', 'm.alliance_id')
    .select('a.name').where('m.company_id', '=', companyId).where('a.enabled', '=', true).orderBy('a.name').execute()).map((r) => r.name);

// 包邮城市

const freeRows = (db: Db) => db.selectFrom('free_city as f').leftJoin('app_user as u', 'u.id', 'f.updated_by')
  .select(['f.id', 'f.province', 'f.city', 'f.min_order_fen', 'f.enabled', 'f.updated_at', byName]);
export const freeCities = async (db: Db, p: { province: string; enabled: '' | 'true' | 'false' } & Paging) => {
  let q = db.selectFrom('free_city as f');
  if (p.province) q = q.where('f.province', '=', p.province);
  if (p.enabled) q = q.where('f.enabled', '=', p.enabled === 'true');
  const [rows, total] = await Promise.all([
    freeRows(db).where('f.id', 'in', q.select('f.id')).orderBy('f.province').orderBy('f.city').orderBy('f.id').limit(p.limit).offset(p.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};
export const freeCityById = (db: Db, id: number) => freeRows(db).where('f.id', '=', id).executeTakeFirst();
export const lockFreeCity = (db: Db, id: number) =>
  db.selectFrom('free_city').select(['id', 'province', 'city', 'min_order_fen', 'enabled']).where('id', '=', id).forUpdate().executeTakeFirst();
export const freeCityTaken = async (db: Db, p: { province: string; city: string }, exceptId: number) =>
  (await db.selectFrom('free_city').select('id').where('province', '=', p.province).where('city', '=', p.city).where('id', '<>', exceptId).executeTakeFirst()) !== undefined;
export type FreeCityWrite = { province: string; city: string; min_order_fen: number; enabled: boolean };
export const insertFreeCity = (db: Db, f: FreeCityWrite, by: number, at: Date) =>
  db.insertInto('free_city').values({ ...f, updated_by: by, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
export const updateFreeCity = (db: Db, id: number, f: FreeCityWrite, by: number, at: Date) =>
  db.updateTable('free_city').set({ ...f, updated_by: by, updated_at: at }).where('id', '=', id).execute();
export const enabledFreeCities = (db: Db) =>
  db.selectFrom('free_city').select(['province', 'city', 'min_order_fen']).where('enabled', '=', true).orderBy('province').orderBy('city').execute();

// 公共页面

const pageColumns = ['p.id', 'p.slug', 'p.title', 'p.body', 'p.status', 'p.sort', 'p.published_at', 'p.updated_at'] as const;
const pageRows = (db: Db) => db.selectFrom('pub_page as p').leftJoin('app_user as u', 'u.id', 'p.updated_by').select([...pageColumns, byName]);
export const pages = async (db: Db, p: { k: string; status: '' | 'draft' | 'published' } & Paging) => {
  let q = db.selectFrom('pub_page as p');
  if (p.k) q = q.where('p.title', 'ilike', `%${likeEscape(p.k)}%`);
  if (p.status) q = q.where('p.status', '=', p.status);
  const [rows, total] = await Promise.all([
    pageRows(db).where('p.id', 'in', q.select('p.id')).orderBy('p.sort').orderBy('p.id').limit(p.limit).offset(p.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};
export const pageById = (db: Db, id: number) => pageRows(db).where('p.id', '=', id).executeTakeFirst();
export const lockPage = (db: Db, id: number) =>
  db.selectFrom('pub_page').select(['id', 'slug', 'title', 'body', 'status', 'sort', 'published_at']).where('id', '=', id).forUpdate().executeTakeFirst();
export const slugTaken = async (db: Db, slug: string, exceptId: number) =>
  (await db.selectFrom('pub_page').select('id').where('slug', '=', slug).where('id', '<>', exceptId).executeTakeFirst()) !== undefined;
export type PageWrite = { slug: string; title: string; body: string; status: 'draft' | 'published'; sort: number; published_at: Date | null };
export const insertPage = (db: Db, p: PageWrite, by: number, at: Date) =>
  db.insertInto('pub_page').values({ ...p, updated_by: by, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
export const updatePage = (db: Db, id: number, p: PageWrite, by: number, at: Date) =>
  db.updateTable('pub_page').set({ ...p, updated_by: by, updated_at: at }).where('id', '=', id).execute();
export const publishedLinks = (db: Db) =>
  db.selectFrom('pub_page').select(['slug', 'title']).where('status', '=', 'published').orderBy('sort').orderBy('id').execute();
export const publishedPage = (db: Db, slug: string) =>
  db.selectFrom('pub_page').select(['slug', 'title', 'body', 'published_at']).where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst();
export const existingCompanies = async (db: Db, ids: readonly number[]) =>
  ids.length === 0 ? [] : (await db.selectFrom('company').select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id);
