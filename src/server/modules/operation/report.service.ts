/**
 * Operator reports: figures per China day over a chosen range, every day of the range
 * present (a day with nothing is a 0, so a chart's axis has no gaps), and the stock on sale by
 * make and part brand. China days are computed with a fixed +8 h offset (China has no daylight
 * saving), which needs no time-zone database in PGlite.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import { likeEscape, unix } from '../../db/helpers';
import { MEMBER_USAGE_DEFAULT_DAYS, type AnswerOf, type OpMemberUsageRow, type PayloadOut } from '../../../shared/contracts';
import { chinaDay, chinaMidnight } from '../../../shared/domain/china-time';
import { funnelReport, repairShopReport } from './market-report';

const chinaDayOf = (col: string) => sql`((${sql.ref(col)} at time zone 'UTC') + interval '8 hours')::date`;
const days = (from: string, to: string) => sql`(select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d)`;
const fromInstant = (day: string) => chinaMidnight(day);
const toInstant = (day: string) => chinaMidnight(day, 1);

type Range = { date_from: string; date_to: string };

const byStock = (group: 'make' | 'brand') => sql<{ name: string; rows: number; qty: number; sellers: number }>`
  select coalesce(${group === 'make' ? sql`(select name from make where id = s.make_id)` : sql`coalesce((select name from part_brand where id = s.part_brand_id), nullif(s.custom_brand_name, ''))`}, '未填写') as name,
    count(*)::int as rows, coalesce(sum(s.quantity), 0)::float8 as qty, count(distinct s.company_id)::int as sellers
  from stock s where s.state = 'on'
  group by 1 order by rows desc, name limit 30`;

/** The range asked for, or the last MEMBER_USAGE_DEFAULT_DAYS China days (an open end is filled the same way). */
const usageRange = (p: { date_from: string; date_to: string }, now: Date) => {
  const to = p.date_to || (p.date_from ? chinaDay(chinaMidnight(p.date_from, MEMBER_USAGE_DEFAULT_DAYS - 1)) : chinaDay(now));
  const from = p.date_from || chinaDay(chinaMidnight(to, -(MEMBER_USAGE_DEFAULT_DAYS - 1)));
  return { from, to };
};

export const createReportService = (deps: { clock: Clock }) => ({
  /**
   * 会员查询: each company's use of the platform over the range, most used first. Stock queries
   * come from the daily quota counter, VIN decodes from their log, orders from goods orders the
   * company placed as buyer (cancelled and rejected ones left out). The head company is not a member.
   */
  async memberUsage(db: Kysely<DB>, p: PayloadOut<'opReportMemberUsage'>): Promise<AnswerOf<'opReportMemberUsage'>> {
    const { from, to } = usageRange(p, deps.clock.now());
    const fromAt = fromInstant(from);
    const toAt = toInstant(to);
    const used = sql`(coalesce(q.n, 0) + coalesce(vd.n, 0) + coalesce(o.n, 0))`;
    const { rows } = await sql<Omit<OpMemberUsageRow, 'level_end_at' | 'order_fen'> & { level_end_at: Date | null; order_fen: string; total: number }>`
      select c.id as company_id, c.name as company_name, c.city, l.name as level_name, l.level_type, c.level_end_at, l.stock_per_day,
        coalesce(q.n, 0)::int as stock_queries, coalesce(q.days, 0)::int as query_days, coalesce(to_char(q.last, 'YYYY-MM-DD'), '') as last_query_day,
        coalesce(vd.n, 0)::int as vin_decodes, coalesce(o.n, 0)::int as orders, coalesce(o.fen, 0)::text as order_fen,
        count(*) over ()::int as total
      from company c
      join company_level l on l.id = c.level_id
      left join (select company_id, sum(used) as n, count(*) filter (where used > 0) as days, max(day) filter (where used > 0) as last
                 from stock_query_count where day between ${from}::date and ${to}::date group by 1) q on q.company_id = c.id
      left join (select company_id, count(*) as n from vin_query_log where created_at >= ${fromAt} and created_at < ${toAt} group by 1) vd on vd.company_id = c.id
      left join (select buyer_company_id as company_id, count(*) as n, sum(total_fen) as fen from goods_order
                 where created_at >= ${fromAt} and created_at < ${toAt} and status not in ('cancelled', 'rejected') group by 1) o on o.company_id = c.id
      where c.id <> 1
        ${p.company ? sql`and (c.name ilike ${`%${likeEscape(p.company)}%`} or c.short_name ilike ${`%${likeEscape(p.company)}%`})` : sql``}
        ${p.level_type ? sql`and l.level_type = ${p.level_type}` : sql``}
        ${p.activity === 'active' ? sql`and ${used} > 0` : p.activity === 'idle' ? sql`and ${used} = 0` : sql``}
      order by stock_queries desc, vin_decodes desc, orders desc, c.id
      offset ${(p.page_number - 1) * p.page_size} limit ${p.page_size}`.execute(db);
    // a page past the end has no row to carry the total: count it alone
    const total: number = rows[0]?.total ?? (p.page_number > 1 ? (await this.memberUsage(db, { ...p, page_number: 1, page_size: 50 })).total : 0);
    return {
      data: rows.map(({ total: _t, ...r }) => ({ ...r, level_end_at: unix(r.level_end_at), order_fen: Number(r.order_fen) })),
      total, date_from: from, date_to: to,
    };
  },

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

  /** 搜索-询价-订单 转化报表 (docs/reports.md#sfereport) */
  funnel: (db: Kysely<DB>, p: PayloadOut<'opReportFunnel'>) => funnelReport(db, p),
  /** 维修厂采购报表 (docs/reports.md#weipei) */
  repairShops: (db: Kysely<DB>, p: PayloadOut<'opReportRepairShops'>) => repairShopReport(db, p),

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
