/** Wanted requests (求购, table wanted_request): what a company asks to buy, always read per company. */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface WantedRow {
  id: number; company: number; content: string; make_id: number; make_name: string; vin: string; img_infos: string[];
  quote_count: number; enquiry_id: number | null; user_name: string; created: Date;
}

/** A wanted request with its zone enquiry's quote count (migration 0053). */
const selectWanted = (db: Kysely<DB>) =>
  db.selectFrom('wanted_request as w')
    .innerJoin('make as m', 'm.id', 'w.make_id')
    .innerJoin('app_user as u', 'u.id', 'w.user')
    .select(['w.id', 'w.company', 'w.content', 'w.make_id', 'm.name as make_name', 'w.vin', 'w.img_infos', 'u.display_name as user_name', 'w.created',
      sql<number>`coalesce((select e.quote_count from enquiry e where e.wanted_id = w.id), w.quote_count)`.as('quote_count'),
      sql<number | null>`(select e.id from enquiry e where e.wanted_id = w.id)`.as('enquiry_id')]);

export const makeExists = async (db: Kysely<DB>, id: number) =>
  (await db.selectFrom('make').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const makes = (db: Kysely<DB>) => db.selectFrom('make').select(['id', 'name', 'initial', 'logo']).where('active', '=', true).orderBy('initial').orderBy('id').execute();

export const insert = async (db: Kysely<DB>, row: Insertable<DB['wanted_request']>) =>
  (await db.insertInto('wanted_request').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const byId = async (db: Kysely<DB>, id: number) => (await selectWanted(db).where('w.id', '=', id).executeTakeFirst()) as WantedRow | undefined;

export const update = (db: Kysely<DB>, id: number, p: { content: string; make_id: number; vin: string; img_infos: string }) =>
  db.updateTable('wanted_request').set(p).where('id', '=', id).execute();

export const listOfCompany = async (db: Kysely<DB>, companyId: number, offset: number, limit: number) => {
  const [rows, count] = await Promise.all([
    selectWanted(db).where('w.company', '=', companyId).orderBy('w.created', 'desc').orderBy('w.id', 'desc').offset(offset).limit(limit).execute(),
    sql<{ n: number }>`select count(*)::int as n from wanted_request where company = ${companyId}`.execute(db),
  ]);
  return { rows: rows as WantedRow[], total: count.rows[0].n };
};
