/**
 * 保养套餐 (tables maintenance_package and maintenance_package_line, migration 0530,
 * docs/maintenance.md): a seller's packages and their lines (stock row and quantity, in the
 * seller's order). Every statement of the seller's side is scoped by company_id.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { containsIgnoringCase } from '../../db/helpers';

export interface PackageValues {
  name: string; make_id: number | null; vehicle: string; interval_km: number | null; interval_months: number | null; note: string; active: boolean;
}

const packageQuery = (db: Kysely<DB>) =>
  db.selectFrom('maintenance_package as p').leftJoin('make as m', 'm.id', 'p.make_id')
    .select([
      'p.id', 'p.company_id', 'p.name', 'p.make_id', 'p.vehicle', 'p.interval_km', 'p.interval_months', 'p.note', 'p.active', 'p.updated_at',
      sql<string>`coalesce(m.name, '')`.as('make_name'),
    ]);
export type PackageRow = Awaited<ReturnType<ReturnType<typeof packageQuery>['executeTakeFirstOrThrow']>>;

export const isSeller = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('is_seller').where('id', '=', companyId).executeTakeFirst())?.is_seller ?? false;

export const makeExists = async (db: Kysely<DB>, id: number) =>
  (await db.selectFrom('make').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const insertPackage = (db: Kysely<DB>, companyId: number, by: number, p: PackageValues, now: Date) =>
  db.insertInto('maintenance_package').values({ company_id: companyId, created_by: by, ...p, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow().then((r) => r.id);

export const updatePackage = (db: Kysely<DB>, companyId: number, id: number, p: PackageValues, now: Date) =>
  db.updateTable('maintenance_package').set({ ...p, updated_at: now }).where('id', '=', id).where('company_id', '=', companyId)
    .executeTakeFirst().then((r) => Number(r.numUpdatedRows) === 1);

/** The package's lines become these, in this order. */
export const replaceLines = async (db: Kysely<DB>, packageId: number, lines: ReadonlyArray<{ stock_id: number; qty: number }>) => {
  await db.deleteFrom('maintenance_package_line').where('package_id', '=', packageId).execute();
  if (lines.length > 0) {
    await db.insertInto('maintenance_package_line')
      .values(lines.map((l, position) => ({ package_id: packageId, position, stock_id: l.stock_id, qty: l.qty }))).execute();
  }
};

/** The company's package, locked for the caller's transaction when asked. */
export const packageOf = (db: Kysely<DB>, companyId: number, id: number, lock = false) => {
  const q = packageQuery(db).where('p.company_id', '=', companyId).where('p.id', '=', id);
  return (lock ? q.forUpdate('p') : q).executeTakeFirst();
};

export interface PackageFilter { keyword: string; make_id: number | null; active: '' | 'on' | 'off' }

const filtered = (db: Kysely<DB>, companyId: number, f: PackageFilter) => {
  let q = db.selectFrom('maintenance_package as p').where('p.company_id', '=', companyId);
  if (f.keyword) q = q.where(({ or }) => or([sql<boolean>`${containsIgnoringCase(sql`p.name`, f.keyword)}`, sql<boolean>`${containsIgnoringCase(sql`p.vehicle`, f.keyword)}`]));
  if (f.make_id !== null) q = q.where('p.make_id', '=', f.make_id);
  if (f.active) q = q.where('p.active', '=', f.active === 'on');
  return q;
};

export const packagesOf = async (db: Kysely<DB>, companyId: number, f: PackageFilter, offset: number, limit: number) => {
  const ids = (await filtered(db, companyId, f).select('p.id').orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').offset(offset).limit(limit).execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await packageQuery(db).where('p.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
};

export const countPackages = async (db: Kysely<DB>, companyId: number, f: PackageFilter) =>
  (await filtered(db, companyId, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

/** A shop's packages that are on; with a make, those for it and those for every make. */
export const activeOfShop = (db: Kysely<DB>, companyId: number, makeId: number | null) => {
  let q = packageQuery(db).where('p.company_id', '=', companyId).where('p.active', '=', true);
  if (makeId !== null) q = q.where(({ or, eb }) => or([eb('p.make_id', '=', makeId), eb('p.make_id', 'is', null)]));
  return q.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').limit(200).execute();
};

/** The makes of a shop's packages that are on, to filter by. */
export const activeMakesOfShop = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('maintenance_package as p').innerJoin('make as m', 'm.id', 'p.make_id')
    .select(['m.id', 'm.name']).distinct().where('p.company_id', '=', companyId).where('p.active', '=', true).orderBy('m.name').execute();

export const linesOf = async (db: Kysely<DB>, packageIds: number[]) =>
  packageIds.length === 0 ? [] : db.selectFrom('maintenance_package_line').select(['package_id', 'position', sql<number>`stock_id::int`.as('stock_id'), 'qty'])
    .where('package_id', 'in', packageIds).orderBy('package_id').orderBy('position').execute();

export const setActive = async (db: Kysely<DB>, companyId: number, ids: number[], active: boolean, now: Date) =>
  Number((await db.updateTable('maintenance_package').set({ active, updated_at: now })
    .where('company_id', '=', companyId).where('id', 'in', ids).where('active', '<>', active).executeTakeFirst()).numUpdatedRows);

export const countOwn = async (db: Kysely<DB>, companyId: number, ids: number[]) =>
  (await db.selectFrom('maintenance_package').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).where('id', 'in', ids).executeTakeFirstOrThrow()).n;

export const deletePackage = async (db: Kysely<DB>, companyId: number, id: number) =>
  Number((await db.deleteFrom('maintenance_package').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1;
