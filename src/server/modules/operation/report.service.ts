/**
 * Operator reports (issue 13): figures per China day over a chosen range, every day of the range
 * present (a day with nothing is a 0, so a chart's axis has no gaps), and the stock on sale by
 * make and part brand. China days are computed with a fixed +8 h offset (China has no daylight
 * saving), which needs no time-zone database in PGlite.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const chinaDayOf = (col: string) => sql`((${sql.ref(col)} at time zone 'UTC') + interval '8 hours')::date`;
const days = (from: string, to: string) => sql`(select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d)`;
const fromInstant = (day: string) => new Date(`${day}T00:00:00+08:00`);
const toInstant = (day: string) => new Date(fromInstant(day).getTime() + 86_400_000);

type Range = { date_from: string; date_to: string };

const byStock = (group: 'make' | 'brand') => sql<{ name: string; rows: number; qty: number; sellers: number }>`
  select coalesce(${group === 'make' ? sql`(select name from make where id = s.make_id)` : sql`coalesce((select name from part_brand where id = s.part_brand_id), nullif(s.custom_brand_name, ''))`}, '未填写') as name,
    count(*)::int as rows, coalesce(sum(s.quantity), 0)::float8 as qty, count(distinct s.company_id)::int as sellers
  from stock s where s.state = 'on'
  group by 1 order by rows desc, name limit 30`;

export const createReportService = () => ({
  async members(db: Kysely<DB>, r: Range) {
    const from = fromInstant(r.date_from);
    const to = toInstant(r.date_to);
    const { rows } = await sql<{ day: string; registrations: number; upgrades: number; active: number }>`
      select to_char(d.day, 'YYYY-MM-DD') as day,
        coalesce(reg.n, 0)::int as registrations, (coalesce(pk.n, 0) + coalesce(op.n, 0))::int as upgrades, coalesce(act.n, 0)::int as active
      from ${days(r.date_from, r.date_to)} d
      left join (select ${chinaDayOf('created_at')} as day, count(*) as n from company where created_at >= ${from} and created_at < ${to} group by 1) reg on reg.day = d.day
      left join (select ${chinaDayOf('paid_at')} as day, count(*) as n from package_order where state = 'paid' and paid_at >= ${from} and paid_at < ${to} group by 1) pk on pk.day = d.day
      left join (select ${chinaDayOf('at')} as day, count(*) as n from operator_audit
                 where entity = 'company' and action = 'set_level' and at >= ${from} and at < ${to}
                   and (new_value->>'level_id')::int in (select id from company_level where level_type = 'paid')
                   and coalesce((old_value->>'level_id')::int, 0) not in (select id from company_level where level_type = 'paid')
                 group by 1) op on op.day = d.day
      left join (select day, count(distinct company_id) as n from stock_query_count where used > 0 and day between ${r.date_from}::date and ${r.date_to}::date group by 1) act on act.day = d.day
      order by d.day`.execute(db);
    return { rows };
  },

  async searches(db: Kysely<DB>, r: Range) {
    const [series, top] = await Promise.all([
      sql<{ day: string; searches: number; misses: number }>`
        select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(q.n, 0)::int as searches, coalesce(m.n, 0)::int as misses
        from ${days(r.date_from, r.date_to)} d
        left join (select day, sum(used) as n from stock_query_count where day between ${r.date_from}::date and ${r.date_to}::date group by 1) q on q.day = d.day
        left join (select day, sum(n) as n from search_miss where day between ${r.date_from}::date and ${r.date_to}::date group by 1) m on m.day = d.day
        order by d.day`.execute(db),
      sql<{ kind: 'oe' | 'keyword'; text: string; n: number }>`
        select kind, text, n from (
          select kind, text, sum(n)::int as n, row_number() over (partition by kind order by sum(n) desc, text) as rank
          from search_miss where day between ${r.date_from}::date and ${r.date_to}::date group by kind, text
        ) t where rank <= 20 order by kind, rank`.execute(db),
    ]);
    const of = (kind: 'oe' | 'keyword') => top.rows.filter((t) => t.kind === kind).map((t) => ({ text: t.text, n: t.n }));
    return { rows: series.rows, top_oe: of('oe'), top_keyword: of('keyword') };
  },

  async orders(db: Kysely<DB>, r: Range) {
    const { rows } = await sql<{ day: string; orders: number; amount_fen: string; cancelled: number }>`
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(o.n, 0)::int as orders, coalesce(o.fen, 0)::text as amount_fen, coalesce(o.off, 0)::int as cancelled
      from ${days(r.date_from, r.date_to)} d
      left join (select ${chinaDayOf('created_at')} as day, count(*) as n, sum(total_fen) as fen, count(*) filter (where status in ('cancelled', 'rejected')) as off
                 from goods_order where created_at >= ${fromInstant(r.date_from)} and created_at < ${toInstant(r.date_to)} group by 1) o on o.day = d.day
      order by d.day`.execute(db);
    return { rows: rows.map((x) => ({ ...x, amount_fen: Number(x.amount_fen) })) };
  },

  async stock(db: Kysely<DB>) {
    const [byMake, byBrand, total] = await Promise.all([
      byStock('make').execute(db),
      byStock('brand').execute(db),
      sql<{ rows: number; qty: number; sellers: number }>`select count(*)::int as rows, coalesce(sum(quantity), 0)::float8 as qty, count(distinct company_id)::int as sellers from stock where state = 'on'`.execute(db),
    ]);
    return { by_make: byMake.rows, by_brand: byBrand.rows, total: total.rows[0] };
  },
});

export type ReportService = ReturnType<typeof createReportService>;
