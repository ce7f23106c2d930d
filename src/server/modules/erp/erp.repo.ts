/**
 * The SQL of ERP products and companies' ERP choices (migration 0410; docs/open-platform.md,
 * "ERP and the operator's pages").
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

const productColumns = ['p.id', 'p.name', 'p.vendor', 'p.note', 'p.sort', 'p.active', 'p.updated_at'] as const;
const companiesOf = sql<number>`(select count(*)::int from company_erp ce where ce.erp_product_id = p.id)`.as('companies');

export const products = async (db: Kysely<DB>, f: { k: string; active: '' | 'true' | 'false'; offset: number; limit: number }) => {
  let q = db.selectFrom('erp_product as p');
  if (f.k) q = q.where((eb) => eb.or([eb('p.name', 'ilike', `%${likeEscape(f.k)}%`), eb('p.vendor', 'ilike', `%${likeEscape(f.k)}%`)]));
  if (f.active) q = q.where('p.active', '=', f.active === 'true');
  const [rows, total] = await Promise.all([
    q.select([...productColumns, companiesOf]).orderBy('p.sort').orderBy('p.name').orderBy('p.id').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};

export const productById = (db: Kysely<DB>, id: number, lock = false) => {
  const q = db.selectFrom('erp_product as p').select([...productColumns, companiesOf]).where('p.id', '=', id);
  return (lock ? q.forUpdate('p') : q).executeTakeFirst();
};

export const productByName = (db: Kysely<DB>, name: string, notId: number) =>
  db.selectFrom('erp_product').select('id').where(sql`lower(name)`, '=', name.toLowerCase()).where('id', '<>', notId).executeTakeFirst();

export const insertProduct = (db: Kysely<DB>, v: { name: string; vendor: string; note: string; sort: number; now: Date }) =>
  db.insertInto('erp_product').values({ name: v.name, vendor: v.vendor, note: v.note, sort: v.sort, created_at: v.now, updated_at: v.now })
    .returning('id').executeTakeFirstOrThrow();

export const updateProduct = (db: Kysely<DB>, id: number, v: { name: string; vendor: string; note: string; sort: number; now: Date }) =>
  db.updateTable('erp_product').set({ name: v.name, vendor: v.vendor, note: v.note, sort: v.sort, updated_at: v.now }).where('id', '=', id).execute();

export const lockProducts = (db: Kysely<DB>, ids: number[]) =>
  db.selectFrom('erp_product').select(['id', 'name', 'active']).where('id', 'in', ids).orderBy('id').forUpdate().execute();

export const setActive = (db: Kysely<DB>, ids: number[], active: boolean, now: Date) =>
  db.updateTable('erp_product').set({ active, updated_at: now }).where('id', 'in', ids).execute();

/** The enabled products, in the operator's order (what a company may pick). */
export const activeProducts = (db: Kysely<DB>) =>
  db.selectFrom('erp_product').select(['id', 'name', 'vendor', 'note']).where('active', '=', true).orderBy('sort').orderBy('name').orderBy('id').execute();

/** Every product's id, name, state and how many companies chose it (the company pages' filter). */
export const productOptions = (db: Kysely<DB>) =>
  db.selectFrom('erp_product as p').select(['p.id', 'p.name', 'p.active', companiesOf]).orderBy('p.sort').orderBy('p.name').orderBy('p.id').execute();

export const choiceOf = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company_erp as c').innerJoin('erp_product as p', 'p.id', 'c.erp_product_id')
    .select(['c.erp_product_id', 'p.name', 'p.active', 'c.version', 'c.updated_at']).where('c.company_id', '=', companyId).executeTakeFirst();

export const saveChoice = (db: Kysely<DB>, v: { companyId: number; productId: number; version: string; userId: number; now: Date }) =>
  db.insertInto('company_erp').values({ company_id: v.companyId, erp_product_id: v.productId, version: v.version, chosen_by: v.userId, updated_at: v.now })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ erp_product_id: v.productId, version: v.version, chosen_by: v.userId, updated_at: v.now }))
    .execute();

export const clearChoice = (db: Kysely<DB>, companyId: number) => db.deleteFrom('company_erp').where('company_id', '=', companyId).execute();

export const isOwner = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('app_user').select('is_owner').where('id', '=', userId).executeTakeFirst())?.is_owner ?? false;

export interface CompanyFilter { company_name: string; erp_product_id: number | '' }

/**
 * A page of companies with their ERP choice: among `ids` when given (the connected companies),
 * else the companies that chose an ERP. Ordered by company id, newest first.
 */
export const companies = async (db: Kysely<DB>, f: CompanyFilter & { ids?: number[]; offset: number; limit: number }) => {
  if (f.ids && f.ids.length === 0) return { rows: [], total: 0 };
  let q = f.ids
    ? db.selectFrom('company as co').leftJoin('company_erp as c', 'c.company_id', 'co.id').leftJoin('erp_product as p', 'p.id', 'c.erp_product_id').where('co.id', 'in', f.ids)
    : db.selectFrom('company as co').innerJoin('company_erp as c', 'c.company_id', 'co.id').leftJoin('erp_product as p', 'p.id', 'c.erp_product_id');
  if (f.company_name) q = q.where((eb) => eb.or([eb('co.name', 'ilike', `%${likeEscape(f.company_name)}%`), eb('co.short_name', 'ilike', `%${likeEscape(f.company_name)}%`)]));
  if (f.erp_product_id !== '') q = q.where('c.erp_product_id', '=', f.erp_product_id);
  const [rows, total] = await Promise.all([
    q.select(['co.id as company_id', 'co.name as company_name', 'c.erp_product_id', 'p.name as erp_name', 'c.version', 'c.updated_at'])
      .orderBy('co.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};
