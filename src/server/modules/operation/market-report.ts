/**
 * The operator's market reports (docs/reports.md): 搜索-询价-订单 转化报表 (#sfereport) and
 * 维修厂采购报表 (#weipei). Each reads a bounded range of China days (at most 366, the payload's
 * rule) through the range indexes of migration 0790; figures per day and province come from one
 * grouped query per table and are summed here into periods and provinces.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { PayloadOut } from '../../../shared/contracts';
import type { OpFunnelAnswer, OpRepairShopAnswer } from '../../../shared/contracts/operation-report';
import { chinaMidnight } from '../../../shared/domain/china-time';
import type { ReportGrain } from '../../../shared/domain/report-funnel';

const chinaDayOf = (col: RawBuilder<unknown>) => sql`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
const provinceOf = sql`coalesce(nullif(c.province, ''), '未填写')`;
/** the buyer's company, limited to one province when asked */
const buyerIn = (companyCol: RawBuilder<unknown>, province: string) =>
  sql`join company c on c.id = ${companyCol}${province ? sql` and c.province = ${province}` : sql``}`;

type Figures = Omit<OpFunnelAnswer['total'], never>;
const zero = (): Figures => ({ searches: 0, enquiries: 0, quoted: 0, quotes: 0, orders: 0, quote_orders: 0, paid: 0 });
type Part = Partial<Figures> & { day: string; province: string };

/** The period a China day falls in: itself, the Monday of its week, or its month. */
export const periodOf = (day: string, grain: ReportGrain) => {
  if (grain === 'day') return day;
  if (grain === 'month') return day.slice(0, 7);
  const t = Date.parse(`${day}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - back * 86_400_000).toISOString().slice(0, 10);
};

const eachDay = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

const add = (into: Figures, p: Partial<Figures>) => {
  for (const k of Object.keys(into) as Array<keyof Figures>) into[k] += Number(p[k] ?? 0);
};

export async function funnelReport(db: Kysely<DB>, p: PayloadOut<'opReportFunnel'>): Promise<OpFunnelAnswer> {
  const fromAt = chinaMidnight(p.date_from);
  const toAt = chinaMidnight(p.date_to, 1);
  const pv = p.province;
  const [searches, enquiries, quotes, orders, kinds] = await Promise.all([
    sql<Part>`select to_char(q.day, 'YYYY-MM-DD') as day, ${provinceOf} as province, sum(q.used)::int as searches
      from stock_query_count q ${buyerIn(sql`q.company_id`, pv)}
      where q.day between ${p.date_from}::date and ${p.date_to}::date group by 1, 2`.execute(db),
    sql<Part>`select ${chinaDayOf(sql`e.sent_at`)} as day, ${provinceOf} as province, count(*)::int as enquiries,
        count(*) filter (where exists (select 1 from quote q where q.enquiry_id = e.id and q.price_fen >= 0))::int as quoted
      from enquiry e ${buyerIn(sql`e.buyer_company_id`, pv)}
      where e.sent_at >= ${fromAt} and e.sent_at < ${toAt} group by 1, 2`.execute(db),
    sql<Part>`select ${chinaDayOf(sql`q.created_at`)} as day, ${provinceOf} as province, count(*)::int as quotes
      from quote q join enquiry e on e.id = q.enquiry_id ${buyerIn(sql`e.buyer_company_id`, pv)}
      where q.created_at >= ${fromAt} and q.created_at < ${toAt} and q.price_fen >= 0 group by 1, 2`.execute(db),
    sql<Part>`select ${chinaDayOf(sql`o.created_at`)} as day, ${provinceOf} as province, count(*)::int as orders,
        count(*) filter (where exists (select 1 from goods_order_line l where l.order_id = o.id and l.quote_id is not null))::int as quote_orders,
        count(*) filter (where o.paid_at is not null or o.status = 'completed')::int as paid
      from goods_order o ${buyerIn(sql`o.buyer_company_id`, pv)}
      where o.created_at >= ${fromAt} and o.created_at < ${toAt} group by 1, 2`.execute(db),
    sql<{ kind: string; terms: number; companies: number }>`select h.search_type as kind, count(*)::int as terms, count(distinct u.company_id)::int as companies
      from search_history h join app_user u on u.id = h.user_id ${buyerIn(sql`u.company_id`, pv)}
      where h.created_at >= ${fromAt} and h.created_at < ${toAt} group by 1 order by 2 desc, 1`.execute(db),
  ]);
  const periods = new Map<string, Figures>();
  for (const d of eachDay(p.date_from, p.date_to)) if (!periods.has(periodOf(d, p.grain))) periods.set(periodOf(d, p.grain), zero());
  const provinces = new Map<string, Figures>();
  const total = zero();
  for (const part of [searches, enquiries, quotes, orders].flatMap((r) => r.rows)) {
    const period = periods.get(periodOf(part.day, p.grain));
    if (period) add(period, part);
    if (!provinces.has(part.province)) provinces.set(part.province, zero());
    add(provinces.get(part.province)!, part);
    add(total, part);
  }
  return {
    rows: [...periods].map(([period, f]) => ({ period, ...f })),
    total,
    by_province: [...provinces].map(([province, f]) => ({ province, ...f }))
      .sort((a, b) => b.searches - a.searches || b.orders - a.orders || b.enquiries - a.enquiries || (a.province < b.province ? -1 : 1)),
    by_kind: kinds.rows,
  };
}

export async function repairShopReport(db: Kysely<DB>, p: PayloadOut<'opReportRepairShops'>): Promise<OpRepairShopAnswer> {
  const fromAt = chinaMidnight(p.date_from);
  const toAt = chinaMidnight(p.date_to, 1);
  // 维修厂: a company in China of that type (docs/reports.md#company-types), not the platform, registered by the range's end
  const shops = sql`select c.id, coalesce(nullif(c.province, ''), '未填写') as province, coalesce(nullif(c.city, ''), '未填写') as city
    from company c where c.business_type = 'repair' and c.id <> 1 and c.country = 'CN' and c.created_at < ${toAt}
    ${p.province ? sql`and c.province = ${p.province}` : sql``}`;
  const orders = sql`select o.id, o.buyer_company_id, o.total_fen from goods_order o join shops s on s.id = o.buyer_company_id
    where o.created_at >= ${fromAt} and o.created_at < ${toAt} and o.status not in ('cancelled', 'rejected')`;
  const top = (name: RawBuilder<unknown>, join: RawBuilder<unknown>) => sql<{ name: string; orders: number; qty: number; amount_fen: string }>`
    with shops as (${shops}), orders as (${orders})
    select ${name} as name, count(distinct l.order_id)::int as orders, sum(l.qty)::int as qty, sum(l.amount_fen)::text as amount_fen
    from goods_order_line l join orders o on o.id = l.order_id ${join}
    group by 1 order by sum(l.amount_fen) desc, 2 desc, 1 limit 10`.execute(db);
  const [rows, groups, brands] = await Promise.all([
    sql<{ province: string; city: string; buyers: number; active: number; orders: number; amount_fen: string; repeat_buyers: number }>`
      with shops as (${shops}), orders as (${orders}),
        per_buyer as (select buyer_company_id, count(*) as n, sum(total_fen) as fen from orders group by 1)
      select s.province, s.city, count(*)::int as buyers, count(b.n)::int as active, coalesce(sum(b.n), 0)::int as orders,
        coalesce(sum(b.fen), 0)::text as amount_fen, (count(*) filter (where b.n >= 2))::int as repeat_buyers
      from shops s left join per_buyer b on b.buyer_company_id = s.id
      group by 1, 2`.execute(db),
    top(sql`coalesce(t.name, '未分类')`, sql`left join stock st on st.id = l.stock_id left join terminology t on t.id = st.terminology_id`),
    top(sql`coalesce(nullif(l.brand_name, ''), '未填写')`, sql``),
  ]);
  const data = rows.rows.map((r) => ({ ...r, amount_fen: Number(r.amount_fen) }))
    .sort((a, b) => b.amount_fen - a.amount_fen || b.orders - a.orders || b.buyers - a.buyers || (`${a.province}${a.city}` < `${b.province}${b.city}` ? -1 : 1));
  const total = { buyers: 0, active: 0, orders: 0, amount_fen: 0, repeat_buyers: 0 };
  for (const r of data) for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += r[k];
  const money = (x: { name: string; orders: number; qty: number; amount_fen: string }) => ({ ...x, amount_fen: Number(x.amount_fen) });
  return { rows: data, total, top_groups: groups.rows.map(money), top_brands: brands.rows.map(money) };
}
