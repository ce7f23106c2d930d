/** SQL of the performance bonus (migration 0750, docs/bonus.md): rule sets, a month's sales of flagged rows, settlements. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape, unix } from '../../db/helpers';
import { PROVINCES } from '../../../shared/domain/provinces';
import type { BonusBand } from '../../../shared/domain/bonus';

const bandsOf = (x: unknown): BonusBand[] => (typeof x === 'string' ? JSON.parse(x) : x) as BonusBand[];

export const rules = async (db: Kysely<DB>) =>
  (await sql<{ effective_month: string; bands: unknown; updated_by_name: string; updated_at: Date }>`
    select r.effective_month, r.bands, coalesce(u.username, '') as updated_by_name, r.updated_at
    from bonus_rule r left join app_user u on u.id = r.updated_by order by r.effective_month desc`.execute(db)).rows
    .map((r) => ({ effective_month: r.effective_month, bands: bandsOf(r.bands), updated_by_name: r.updated_by_name, updated_at: unix(r.updated_at) }));

export const ruleOfMonth = async (db: Kysely<DB>, month: string) =>
  (await sql<{ bands: unknown }>`select bands from bonus_rule where effective_month = ${month}`.execute(db)).rows.map((r) => bandsOf(r.bands))[0] ?? null;

export const saveRule = (db: Kysely<DB>, r: { effective_month: string; bands: BonusBand[]; by: number; at: Date }) =>
  sql`insert into bonus_rule (effective_month, bands, updated_by, updated_at) values (${r.effective_month}, ${JSON.stringify(r.bands)}::jsonb, ${r.by}, ${r.at})
    on conflict (effective_month) do update set bands = excluded.bands, updated_by = excluded.updated_by, updated_at = excluded.updated_at`.execute(db);

export interface SellerSales { company_id: number; company_name: string; order_count: number; sales_fen: number }

/**
 * Each seller's sales of a China month [start, end): the lines of its orders completed in the
 * month whose stock row takes part in 业绩设置 (performance) for the buyer company's province
 * (no provinces: the whole country), less what completed after-sales refunded on those lines
 * (an after-sale's refund shared over its lines by their amounts, rounded down). One seller when
 * `companyId` is given.
 */
export const monthSales = async (db: Kysely<DB>, start: Date, end: Date, companyId: number | null): Promise<SellerSales[]> => {
  const codes = PROVINCES.map(([c]) => c);
  const names = PROVINCES.map(([, n]) => n);
  const rows = (await sql<{ company_id: number; company_name: string; order_count: number; sales_fen: string }>`
    with prov as (select * from unnest(${codes}::smallint[], ${names}::text[]) as p(code, name)),
    lines as (
      select o.seller_company_id, o.id as order_id, l.id as line_id, l.amount_fen::bigint as amount
      from goods_order o
      join goods_order_line l on l.order_id = o.id
      join stock s on s.id = l.stock_id
      join company b on b.id = o.buyer_company_id
      where o.status = 'completed' and o.completed_at >= ${start} and o.completed_at < ${end}
        and s.performance
        and (cardinality(s.province_ids) = 0 or exists (select 1 from prov where prov.name = b.province and prov.code = any(s.province_ids)))
        and (${companyId}::int is null or o.seller_company_id = ${companyId}::int)
    ),
    refunded as (
      select asl.order_line_id, sum(floor(asl.amount_fen::numeric * a.refund_fen / nullif(t.total, 0)))::bigint as fen
      from after_sale a
      join after_sale_line asl on asl.after_sale_id = a.id
      join (select after_sale_id, sum(amount_fen) as total from after_sale_line group by after_sale_id) t on t.after_sale_id = a.id
      where a.status = 'completed' and asl.order_line_id in (select line_id from lines)
      group by asl.order_line_id
    )
    select l.seller_company_id as company_id, c.name as company_name, count(distinct l.order_id)::int as order_count,
      sum(greatest(l.amount - coalesce(r.fen, 0), 0))::bigint as sales_fen
    from lines l left join refunded r on r.order_line_id = l.line_id join company c on c.id = l.seller_company_id
    group by l.seller_company_id, c.name
    order by sales_fen desc, l.seller_company_id`.execute(db)).rows;
  return rows.map((r) => ({ ...r, sales_fen: Number(r.sales_fen) }));
};

export const companyName = async (db: Kysely<DB>, id: number) =>
  (await db.selectFrom('company').select(['name', 'is_seller']).where('id', '=', id).executeTakeFirst()) ?? null;

export const lockMonth = (db: Kysely<DB>, month: string) => sql`select pg_advisory_xact_lock(hashtext(${`bonus_settle:${month}`}))`.execute(db);

export const settledCompanies = async (db: Kysely<DB>, month: string) =>
  new Set((await db.selectFrom('bonus_settlement').select('company_id').where('month', '=', month).execute()).map((r) => r.company_id));

export const insertSettlement = async (db: Kysely<DB>, s: {
  month: string; company_id: number; order_count: number; sales_fen: number; bands: BonusBand[]; band: number; rate_bp: number; bonus_fen: number;
  ledger_transaction_id: number | null; settled_by: number | null; settled_at: Date;
}) => (await sql<{ id: number }>`insert into bonus_settlement (month, company_id, order_count, sales_fen, bands, band, rate_bp, bonus_fen, ledger_transaction_id, settled_by, settled_at)
    values (${s.month}, ${s.company_id}, ${s.order_count}, ${s.sales_fen}, ${JSON.stringify(s.bands)}::jsonb, ${s.band}, ${s.rate_bp}, ${s.bonus_fen}, ${s.ledger_transaction_id}, ${s.settled_by}, ${s.settled_at})
    returning id`.execute(db)).rows[0].id;

export interface SettlementRow {
  id: number; month: string; company_id: number; company_name: string; order_count: number; sales_fen: number; band: number; rate_bp: number;
  bonus_fen: number; bands: BonusBand[]; transaction_id: number; settled_by_name: string; settled_at: number;
}

export const settlements = async (db: Kysely<DB>, f: { month: string; k: string; companyId: number | null; offset: number; limit: number }) => {
  const k = f.k.trim();
  const id = /^\d{1,9}$/.test(k) ? Number(k) : null;
  const where = sql`where (${f.month} = '' or s.month = ${f.month})
    and (${f.companyId}::int is null or s.company_id = ${f.companyId}::int)
    and (${k} = '' or c.name like ${`%${likeEscape(k)}%`} or s.company_id = ${id}::int)`;
  const rows = (await sql<{ id: number; month: string; company_id: number; company_name: string; order_count: number; sales_fen: string; band: number; rate_bp: number; bonus_fen: string; bands: unknown; transaction_id: string | null; settled_by_name: string; settled_at: Date }>`
    select s.id, s.month, s.company_id, c.name as company_name, s.order_count, s.sales_fen, s.band, s.rate_bp, s.bonus_fen, s.bands,
      s.ledger_transaction_id as transaction_id, coalesce(u.username, '') as settled_by_name, s.settled_at
    from bonus_settlement s join company c on c.id = s.company_id left join app_user u on u.id = s.settled_by
    ${where} order by s.month desc, s.bonus_fen desc, s.company_id limit ${f.limit} offset ${f.offset}`.execute(db)).rows;
  const totals = (await sql<{ n: number; fen: string }>`select count(*)::int as n, coalesce(sum(s.bonus_fen), 0)::bigint as fen
    from bonus_settlement s join company c on c.id = s.company_id ${where}`.execute(db)).rows[0];
  return {
    rows: rows.map((r): SettlementRow => ({
      ...r, sales_fen: Number(r.sales_fen), bonus_fen: Number(r.bonus_fen), bands: bandsOf(r.bands), transaction_id: Number(r.transaction_id ?? 0), settled_at: unix(r.settled_at),
    })),
    total: totals.n, bonus_total_fen: Number(totals.fen),
  };
};

export const lastSettledMonth = async (db: Kysely<DB>) =>
  (await sql<{ m: string | null }>`select max(month) as m from bonus_settlement`.execute(db)).rows[0]?.m ?? '';
