/** Wanted requests (求购, table wanted_request): what a company asks to buy, always read per company. */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface WantedRow {
  id: number; content: string; make_id: number; make_name: string; vin: string; img_infos: string[];
  quote_count: number; user_name: string; created: Date;
}

const selectWanted = (db: Kysely<DB>) =>
  db.selectFrom('wanted_request as w')
    .innerJoin('make as m', 'm.id', 'w.make_id')
    .innerJoin('app_user as u', 'u.id', 'w.user')
    .select(['w.id', 'w.content', 'w.make_id', 'm.name as make_name', 'w.vin', 'w.img_infos', 'w.quote_count', 'u.display_name as user_name', 'w.created']);

export const makeExists = async (db: Kysely<DB>, id: number) =>
  (await db.selectFrom('make').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const makes = (db: Kysely<DB>) => db.selectFrom('make').select(['id', 'name', 'initial', 'logo']).orderBy('initial').orderBy('id').execute();

export const insert = async (db: Kysely<DB>, row: Insertable<DB['wanted_request']>): Promise<WantedRow> => {
  const { id } = await db.insertInto('wanted_request').values(row).returning('id').executeTakeFirstOrThrow();
  return (await selectWanted(db).where('w.id', '=', id).executeTakeFirstOrThrow()) as WantedRow;
};

export const listOfCompany = async (db: Kysely<DB>, companyId: number, offset: number, limit: number) => {
  const [rows, count] = await Promise.all([
    selectWanted(db).where('w.company', '=', companyId).orderBy('w.created', 'desc').orderBy('w.id', 'desc').offset(offset).limit(limit).execute(),
    sql<{ n: number }>`select count(*)::int as n from wanted_request where company = ${companyId}`.execute(db),
  ]);
  return { rows: rows as WantedRow[], total: count.rows[0].n };
};
