/** The warranty terms (warranty_term), the sellers' warranty end (company.warranty_until) and what an order line's part is (docs/warranty.md). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

const termColumns = ['t.id', 't.name', 't.months', 't.categories', 't.description', 't.enabled', 't.updated_at'] as const;

export const terms = async (db: Kysely<DB>, p: { k: string; enabled: '' | 'true' | 'false'; limit: number; offset: number }) => {
  let q = db.selectFrom('warranty_term as t');
  if (p.k) q = q.where('t.name', 'ilike', `%${likeEscape(p.k)}%`);
  if (p.enabled) q = q.where('t.enabled', '=', p.enabled === 'true');
  const [rows, total] = await Promise.all([
    q.leftJoin('app_user as u', 'u.id', 't.updated_by').select([...termColumns, sql<string>`coalesce(u.username, '')`.as('updated_by')])
      .orderBy('t.enabled', 'desc').orderBy('t.months', 'desc').orderBy('t.id').limit(p.limit).offset(p.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};

export const termById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('warranty_term as t').leftJoin('app_user as u', 'u.id', 't.updated_by')
    .select([...termColumns, sql<string>`coalesce(u.username, '')`.as('updated_by')]).where('t.id', '=', id).executeTakeFirst();

export const lockTerm = (db: Kysely<DB>, id: number) =>
  db.selectFrom('warranty_term as t').select(termColumns).where('t.id', '=', id).forUpdate().executeTakeFirst();

export const nameTaken = async (db: Kysely<DB>, name: string, exceptId: number) =>
  (await db.selectFrom('warranty_term').select('id').where('name', '=', name).where('id', '<>', exceptId).executeTakeFirst()) !== undefined;

/** One writer of terms at a time, so two new terms with one name cannot both pass the check. */
export const lockTerms = (db: Kysely<DB>) => sql`select pg_advisory_xact_lock(hashtext('warranty-terms'))`.execute(db);

export type TermWrite = { name: string; months: number; categories: string[]; description: string; enabled: boolean };

export const insertTerm = (db: Kysely<DB>, t: TermWrite, by: number, at: Date) =>
  db.insertInto('warranty_term').values({ ...t, created_by: by, created_at: at, updated_by: by, updated_at: at }).returning('id').executeTakeFirstOrThrow();

export const updateTerm = (db: Kysely<DB>, id: number, t: TermWrite, by: number, at: Date) =>
  db.updateTable('warranty_term').set({ ...t, updated_by: by, updated_at: at }).where('id', '=', id).execute();

/** The enabled terms: a handful of rows, read once per answer. */
export const enabledTerms = (db: Kysely<DB>) =>
  db.selectFrom('warranty_term').select(['id', 'months', 'categories', 'enabled']).where('enabled', '=', true).orderBy('months', 'desc').orderBy('id').execute();

/** The companies among these whose warranty runs at `now`, with its end. */
export const activeSellers = (db: Kysely<DB>, ids: readonly number[], now: Date) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('company').select(['id', 'warranty_until']).where('id', 'in', [...ids]).where('warranty_until', '>', now).execute();

export const warrantyUntil = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('warranty_until').where('id', '=', companyId).executeTakeFirst())?.warranty_until ?? null;

export const setWarrantyUntil = (db: Kysely<DB>, companyId: number, until: Date) =>
  db.updateTable('company').set({ warranty_until: until }).where('id', '=', companyId).execute();

/** The parts categories of order lines (the stock row they were bought from; '' when it is gone). */
export const lineCategories = (db: Kysely<DB>, lineIds: readonly string[]) =>
  lineIds.length === 0 ? Promise.resolve([]) : db.selectFrom('goods_order_line as l').leftJoin('stock as s', 's.id', 'l.stock_id')
    .select(['l.id', sql<string>`coalesce(s.category_name, '')`.as('category_name')]).where('l.id', 'in', [...lineIds]).execute();

export const warrantyEnds = (db: Kysely<DB>, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('company').select(['id', 'warranty_until']).where('id', 'in', [...ids]).execute();
