/** SQL of vouchers (migration 0720, docs/vouchers.md): templates, claims, per-company counts and uses. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** 平台 or the issuing seller's name, the sellers and part groups named */
const templateSelect = (db: Kysely<DB>) =>
  db.selectFrom('voucher_template as t').leftJoin('company as ic', 'ic.id', 't.issuer_company_id')
    .selectAll('t')
    .select([
      sql<string>`coalesce(ic.name, '平台')`.as('issuer_name'),
      sql<string>`coalesce((select string_agg(c.name, '、' order by c.id) from company c where c.id = any(t.seller_ids)), '')`.as('seller_names'),
      sql<string>`coalesce((select string_agg(x.name, '、' order by x.id) from terminology x where x.id = any(t.category_ids)), '')`.as('category_names'),
      sql<string>`(select count(*) from voucher_use u where u.template_id = t.id and u.state = 'applied')`.as('used'),
      sql<string>`(select coalesce(sum(u.discount_fen), 0) from voucher_use u where u.template_id = t.id and u.state = 'applied')`.as('used_fen'),
    ]);
export type TemplateRow = NonNullable<Awaited<ReturnType<ReturnType<typeof templateSelect>['executeTakeFirst']>>>;

export const templateById = (db: Kysely<DB>, id: number) => templateSelect(db).where('t.id', '=', id).executeTakeFirst();

export const lockTemplate = (db: Kysely<DB>, id: number) =>
  db.selectFrom('voucher_template').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export interface TemplateFilter { issuerCompanyId?: number; issuer?: '' | 'platform' | 'seller'; state?: '' | 'active' | 'stopped'; q?: string }

const filtered = (db: Kysely<DB>, f: TemplateFilter) => {
  let q = templateSelect(db);
  if (f.issuerCompanyId !== undefined) q = q.where('t.issuer_company_id', '=', f.issuerCompanyId);
  if (f.issuer === 'platform') q = q.where('t.issuer_company_id', 'is', null);
  if (f.issuer === 'seller') q = q.where('t.issuer_company_id', 'is not', null);
  if (f.state) q = q.where('t.state', '=', f.state);
  if (f.q) q = q.where(sql<boolean>`position(lower(${f.q}) in lower(t.name)) > 0`);
  return q;
};

export const templates = async (db: Kysely<DB>, f: TemplateFilter, limit: number, offset: number) => {
  const [rows, n] = await Promise.all([
    filtered(db, f).orderBy('t.id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, f).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
};

/** Templates claimable at `now`: active, in their window, some left (the newest 200). */
export const openTemplates = (db: Kysely<DB>, now: Date) =>
  templateSelect(db).where('t.state', '=', 'active').where('t.start_at', '<=', now).where('t.end_at', '>', now)
    .where(sql<boolean>`t.claimed < t.total_count`).orderBy('t.id', 'desc').limit(200).execute();

export const claimedBy = async (db: Kysely<DB>, companyId: number, templateIds: number[]) => {
  if (templateIds.length === 0) return new Map<number, number>();
  const rows = await db.selectFrom('voucher_company_count').select(['template_id', 'n']).where('company_id', '=', companyId).where('template_id', 'in', templateIds).execute();
  return new Map(rows.map((r) => [r.template_id, r.n]));
};

export const insertTemplate = async (db: Kysely<DB>, t: {
  issuer_company_id: number | null; name: string; kind: 'amount' | 'percent'; amount_fen: number; percent_off: number; cap_fen: number; min_order_fen: number;
  seller_ids: number[]; category_ids: number[]; start_at: Date; end_at: Date; valid_days: number; total_count: number; per_company: number; created_by: number; created_at: Date;
}) => (await db.insertInto('voucher_template').values(t).returning('id').executeTakeFirstOrThrow()).id;

export const stopTemplate = (db: Kysely<DB>, id: number, at: Date) =>
  db.updateTable('voucher_template').set({ state: 'stopped', stopped_at: at }).where('id', '=', id).where('state', '=', 'active').execute();

/** One more of the total, if any is left and the template still gives (true), in one conditional update. */
export const takeOne = async (db: Kysely<DB>, id: number) =>
  Number((await db.updateTable('voucher_template').set({ claimed: sql`claimed + 1` })
    .where('id', '=', id).where('state', '=', 'active').where(sql<boolean>`claimed < total_count`).executeTakeFirst()).numUpdatedRows) === 1;

/** One more for the company, if under its limit (true), in one conditional upsert: concurrent claims queue on the row. */
export const takeForCompany = async (db: Kysely<DB>, templateId: number, companyId: number, limit: number) => {
  const r = await sql<{ n: number }>`insert into voucher_company_count (template_id, company_id, n) values (${templateId}, ${companyId}, 1)
    on conflict (template_id, company_id) do update set n = voucher_company_count.n + 1 where voucher_company_count.n < ${limit}
    returning n`.execute(db);
  return r.rows.length === 1 && r.rows[0].n <= limit;
};

export const insertClaim = async (db: Kysely<DB>, c: { template_id: number; company_id: number; user_id: number; claimed_at: Date; valid_from: Date; valid_until: Date }) =>
  String((await db.insertInto('voucher_claim').values(c).returning('id').executeTakeFirstOrThrow()).id);

const claimSelect = (db: Kysely<DB>) =>
  db.selectFrom('voucher_claim as c').innerJoin('voucher_template as t', 't.id', 'c.template_id').leftJoin('company as ic', 'ic.id', 't.issuer_company_id')
    .leftJoin('voucher_use as u', (j) => j.onRef('u.claim_id', '=', 'c.id').on('u.state', '=', 'applied'))
    .leftJoin('goods_order as o', 'o.id', 'u.order_id')
    .select([
      'c.id', 'c.template_id', 'c.company_id', 'c.claimed_at', 'c.valid_from', 'c.valid_until', 'c.state',
      't.name', 't.issuer_company_id', 't.kind', 't.amount_fen', 't.percent_off', 't.cap_fen', 't.min_order_fen', 't.seller_ids', 't.category_ids',
      sql<string>`coalesce(ic.name, '平台')`.as('issuer_name'),
      sql<string>`coalesce((select string_agg(x.name, '、' order by x.id) from company x where x.id = any(t.seller_ids)), '')`.as('seller_names'),
      sql<string>`coalesce((select string_agg(x.name, '、' order by x.id) from terminology x where x.id = any(t.category_ids)), '')`.as('category_names'),
      sql<string>`coalesce(o.order_no, '')`.as('order_no'), sql<string>`coalesce(u.discount_fen, 0)`.as('discount_fen'), 'u.created_at as used_at',
    ]);
export type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimSelect>['execute']>>[number];

export type Tab = 'usable' | 'used' | 'expired';
const tabWhere = (tab: Tab, now: Date) =>
  tab === 'used' ? sql<boolean>`c.state = 'used'` : tab === 'usable' ? sql<boolean>`c.state = 'unused' and c.valid_until > ${now}` : sql<boolean>`c.state = 'unused' and c.valid_until <= ${now}`;

export const claimsOf = async (db: Kysely<DB>, companyId: number, tab: Tab, now: Date, limit: number, offset: number) => {
  const order = tab === 'usable' ? sql`c.valid_until asc, c.id asc` : sql`c.id desc`;
  const rows = await claimSelect(db).where('c.company_id', '=', companyId).where(tabWhere(tab, now)).orderBy(order).limit(limit).offset(offset).execute();
  const counts = await sql<{ usable: string; used: string; expired: string }>`select
      count(*) filter (where state = 'unused' and valid_until > ${now}) as usable,
      count(*) filter (where state = 'used') as used,
      count(*) filter (where state = 'unused' and valid_until <= ${now}) as expired
    from voucher_claim where company_id = ${companyId}`.execute(db);
  const c = counts.rows[0];
  return { rows, counts: { usable: Number(c.usable), used: Number(c.used), expired: Number(c.expired) } };
};

export const claimById = (db: Kysely<DB>, id: string) => claimSelect(db).where('c.id', '=', id).executeTakeFirst();

/** The company's unused claims not yet expired at `now` (at most 200, soonest to expire first), for a checkout. */
export const usableClaims = (db: Kysely<DB>, companyId: number, now: Date) =>
  claimSelect(db).where('c.company_id', '=', companyId).where('c.state', '=', 'unused').where('c.valid_until', '>', now).orderBy('c.valid_until').orderBy('c.id').limit(200).execute();

/** The claims of these ids, locked in id order (a checkout), with their terms. */
export const lockClaims = async (db: Kysely<DB>, ids: string[]) => {
  if (ids.length === 0) return [];
  await db.selectFrom('voucher_claim').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  return claimSelect(db).where('c.id', 'in', ids).execute();
};

/** The part group (terminology) of stock rows: a voucher limited to groups counts only their lines. */
export const categoriesOf = async (db: Kysely<DB>, stockIds: number[]) => {
  if (stockIds.length === 0) return new Map<number, number | null>();
  const rows = await db.selectFrom('stock').select(['id', 'terminology_id']).where('id', 'in', stockIds).execute();
  return new Map(rows.map((r) => [r.id, r.terminology_id]));
};

export const insertUse = async (db: Kysely<DB>, u: { claim_id: string; template_id: number; order_id: string; issuer_company_id: number | null; discount_fen: number; created_at: Date }) => {
  await db.insertInto('voucher_use').values(u).execute();
  await db.updateTable('voucher_claim').set({ state: 'used' }).where('id', '=', u.claim_id).execute();
};

export const useOfOrder = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('voucher_use as u').innerJoin('voucher_template as t', 't.id', 'u.template_id')
    .select(['u.id', 'u.claim_id', 'u.issuer_company_id', 'u.discount_fen', 'u.state', 'u.subsidy_transaction_id', 't.name'])
    .where('u.order_id', '=', orderId).executeTakeFirst();

export const returnUse = async (db: Kysely<DB>, useId: string, claimId: string, at: Date) => {
  await db.updateTable('voucher_use').set({ state: 'returned', returned_at: at }).where('id', '=', useId).where('state', '=', 'applied').execute();
  await db.updateTable('voucher_claim').set({ state: 'unused' }).where('id', '=', claimId).execute();
};

export const markSubsidised = (db: Kysely<DB>, useId: string, transactionId: number) =>
  db.updateTable('voucher_use').set({ subsidy_transaction_id: transactionId }).where('id', '=', useId).execute();

const usesSelect = (db: Kysely<DB>) =>
  db.selectFrom('voucher_use as u').innerJoin('goods_order as o', 'o.id', 'u.order_id').innerJoin('voucher_template as t', 't.id', 'u.template_id')
    .innerJoin('company as bc', 'bc.id', 'o.buyer_company_id').innerJoin('company as sc', 'sc.id', 'o.seller_company_id')
    .leftJoin('company as ic', 'ic.id', 'u.issuer_company_id')
    .leftJoin('ledger_entry as le', (j) => j.onRef('le.transaction_id', '=', 'u.subsidy_transaction_id').on(sql<boolean>`le.amount_fen > 0`));

export const usesOf = async (db: Kysely<DB>, side: 'buyer' | 'seller', companyId: number, limit: number, offset: number) => {
  const base = usesSelect(db).where(side === 'buyer' ? 'o.buyer_company_id' : 'o.seller_company_id', '=', companyId);
  const [rows, sums] = await Promise.all([
    base.select([
      'u.id', 'o.order_no', 'o.status as order_status', 'bc.name as buyer_company_name', 'sc.name as seller_company_name', 't.name as voucher_name',
      sql<string>`coalesce(ic.name, '平台')`.as('issuer_name'), 'u.discount_fen', 'u.state', sql<string>`coalesce(le.amount_fen, 0)`.as('subsidy_fen'), 'u.created_at',
    ]).orderBy('u.id', 'desc').limit(limit).offset(offset).execute(),
    base.select([
      sql<string>`count(*)`.as('n'),
      sql<string>`coalesce(sum(u.discount_fen) filter (where u.state = 'applied'), 0)`.as('discount'),
      sql<string>`coalesce(sum(le.amount_fen), 0)`.as('subsidy'),
    ]).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(sums.n), discount: Number(sums.discount), subsidy: Number(sums.subsidy) };
};

/** Per template: issued, claimed, used (applied), expired (unused past their date), what they took off. */
export const record = async (db: Kysely<DB>, f: TemplateFilter, now: Date, limit: number, offset: number) => {
  const { rows, total } = await templates(db, f, limit, offset);
  const ids = rows.map((r) => r.id);
  const expired = ids.length === 0 ? [] : await db.selectFrom('voucher_claim').select(['template_id', sql<string>`count(*)`.as('n')])
    .where('template_id', 'in', ids).where('state', '=', 'unused').where('valid_until', '<=', now).groupBy('template_id').execute();
  const byIssuer = await sql<{ issuer_company_id: number | null; issuer_name: string; issued: string; claimed: string; used: string; expired: string; used_fen: string; subsidy_fen: string }>`
    select t.issuer_company_id, coalesce(ic.name, '平台') as issuer_name,
      sum(t.total_count) as issued, sum(t.claimed) as claimed,
      coalesce(sum((select count(*) from voucher_use u where u.template_id = t.id and u.state = 'applied')), 0) as used,
      coalesce(sum((select count(*) from voucher_claim c where c.template_id = t.id and c.state = 'unused' and c.valid_until <= ${now})), 0) as expired,
      coalesce(sum((select sum(u.discount_fen) from voucher_use u where u.template_id = t.id and u.state = 'applied')), 0) as used_fen,
      coalesce(sum((select sum(le.amount_fen) from voucher_use u join ledger_entry le on le.transaction_id = u.subsidy_transaction_id and le.amount_fen > 0
        where u.template_id = t.id)), 0) as subsidy_fen
    from voucher_template t left join company ic on ic.id = t.issuer_company_id
    where (${f.issuer ?? ''} = '' or (${f.issuer ?? ''} = 'platform' and t.issuer_company_id is null) or (${f.issuer ?? ''} = 'seller' and t.issuer_company_id is not null))
    group by t.issuer_company_id, ic.name order by t.issuer_company_id nulls first limit 200`.execute(db);
  return { rows, total, expired: new Map(expired.map((e) => [e.template_id, Number(e.n)])), byIssuer: byIssuer.rows };
};

/** The companies of these ids that sell (a platform voucher's sellers). */
export const sellersAmong = async (db: Kysely<DB>, ids: number[]) => {
  if (ids.length === 0) return [];
  return (await db.selectFrom('company').select('id').where('id', 'in', ids).where('is_seller', '=', true).execute()).map((r) => r.id);
};

export const categoriesAmong = async (db: Kysely<DB>, ids: number[]) => {
  if (ids.length === 0) return [];
  return (await db.selectFrom('terminology').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
};

export const isSeller = async (db: Kysely<DB>, companyId: number) =>
  !!(await db.selectFrom('company').select('is_seller').where('id', '=', companyId).executeTakeFirst())?.is_seller;
