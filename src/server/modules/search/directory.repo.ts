import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

/** Seller companies whose name, short name or city contains the text (any, when ''), among the given ids when given, with their stock size and main brands. */
export const searchCompanies = async (db: Kysely<DB>, k: string, within: readonly number[] | undefined, offset: number, limit: number) => {
  const pattern = `%${likeEscape(k)}%`;
  const text = k === '' ? sql`true` : sql`(c.name like ${pattern} or c.short_name like ${pattern} or c.city like ${pattern} or c.province like ${pattern})`;
  const among = within === undefined ? sql`true` : sql`c.id = any(${sql.val(within)}::bigint[])`;
  const where = sql`c.is_seller and c.suspended_at is null and ${text} and ${among}`;
  const [{ rows }, count] = await Promise.all([
    sql<{ id: number; name: string; short_name: string; province: string; city: string; address: string; phone: string; qq: string; level_name: string; stock_count: number; main_brands: string[] | null }>`
      select c.id, c.name, c.short_name, c.province, c.city, c.address, c.phone, c.qq, l.name as level_name,
        (select count(*)::int from stock s where s.company_id = c.id and s.state = 'on') as stock_count,
        (select array_agg(b.name) from (select pb.name from stock s join part_brand pb on pb.id = s.part_brand_id
           where s.company_id = c.id group by pb.name order by count(*) desc limit 3) b) as main_brands
      from company c join company_level l on l.id = c.level_id
      where ${where} order by c.id offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from company c where ${where}`.execute(db),
  ]);
  return { rows, total: count.rows[0].n };
};

export const partBrands = async (db: Kysely<DB>, keyword: string, offset: number, limit: number) => {
  const pattern = `%${likeEscape(keyword.toLowerCase())}%`;
  const [{ rows }, count] = await Promise.all([
    sql<{ id: number; name: string }>`select id, name from part_brand where active and lower(name) like ${pattern} order by id offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from part_brand where active and lower(name) like ${pattern}`.execute(db),
  ]);
  return { data: rows, total: count.rows[0].n };
};

export const partBrandExists = async (db: Kysely<DB>, id: number) =>
  (await db.selectFrom('part_brand').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
