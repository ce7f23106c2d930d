/** 常购清单 (table basket_line): a buyer company's standing list of parts, keyed by the client's key. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const COLUMNS = ['l.id', 'l.key', 'l.oe', 'l.oe_norm', 'l.name', 'l.quality', 'l.brand', 'l.qty', 'l.note', 'l.updated_at', 'u.display_name as created_by_name'] as const;

const lines = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('basket_line as l').innerJoin('app_user as u', 'u.id', 'l.created_by').select([...COLUMNS]).where('l.company_id', '=', companyId);

export const page = (db: Kysely<DB>, companyId: number, offset: number, limit: number) =>
  lines(db, companyId).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').offset(offset).limit(limit).execute();
export type LineRow = Awaited<ReturnType<typeof page>>[number];

export const count = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('basket_line').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n;

export const byKey = (db: Kysely<DB>, companyId: number, key: string) => lines(db, companyId).where('l.key', '=', key).executeTakeFirst();

export const byKeys = (db: Kysely<DB>, companyId: number, keys: readonly string[]) => lines(db, companyId).where('l.key', 'in', [...keys]).execute();

/** The company's line of this OE number other than `exceptKey`. */
export const otherWithOe = (db: Kysely<DB>, companyId: number, oeNorm: string, exceptKey: string) =>
  db.selectFrom('basket_line').select(['key', 'oe']).where('company_id', '=', companyId).where('oe_norm', '=', oeNorm).where('key', '<>', exceptKey).executeTakeFirst();

export interface LineValues { oe: string; oe_norm: string; name: string; quality: string; brand: string; qty: number; note: string }

export const insert = (db: Kysely<DB>, row: LineValues & { company_id: number; key: string; created_by: number; now: Date }) =>
  db.insertInto('basket_line')
    .values({ company_id: row.company_id, key: row.key, oe: row.oe, oe_norm: row.oe_norm, name: row.name, quality: row.quality, brand: row.brand,
      qty: row.qty, note: row.note, created_by: row.created_by, created_at: row.now, updated_at: row.now })
    .executeTakeFirstOrThrow();

export const update = async (db: Kysely<DB>, companyId: number, key: string, values: LineValues, now: Date) =>
  Number((await db.updateTable('basket_line').set({ ...values, updated_at: now }).where('company_id', '=', companyId).where('key', '=', key).executeTakeFirst()).numUpdatedRows);

export const remove = async (db: Kysely<DB>, companyId: number, keys: readonly string[]) =>
  Number((await db.deleteFrom('basket_line').where('company_id', '=', companyId).where('key', 'in', [...keys]).executeTakeFirst()).numDeletedRows);

/** Serialises the company's adds, so two of them cannot both pass the size and OE checks. */
export const lockCompany = (db: Kysely<DB>, companyId: number) =>
  sql`select pg_advisory_xact_lock(hashtext('basket'), ${companyId})`.execute(db);
