/** SQL of the dong wallet's recharges (vnd_recharge, migration 0760); its entries are the ledger's (ledger.read.ts). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The caller with the company's country: only a Vietnamese company has a dong wallet. */
export const userForVnWallet = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id')
    .select(['app_user.id', 'app_user.company_id', 'app_user.is_owner', 'app_user.permissions', 'app_user.active', 'company.name as company_name', 'company.country'])
    .where('app_user.id', '=', userId).executeTakeFirst();

export const companyName = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst())?.name ?? '';

export const insertRecharge = (db: Kysely<DB>, r: { recharge_no: string; company_id: number; user_id: number; amount_dong: number; provider: string; created_at: Date }) =>
  db.insertInto('vnd_recharge').values(r).execute();

export const rechargeByNo = (db: Kysely<DB>, no: string) =>
  db.selectFrom('vnd_recharge').selectAll().where('recharge_no', '=', no).executeTakeFirst();

/** The recharge locked for the rest of the transaction: notices for it queue here. */
export const lockRecharge = (db: Kysely<DB>, no: string) =>
  db.selectFrom('vnd_recharge').selectAll().where('recharge_no', '=', no).forUpdate().executeTakeFirst();

export const markPaid = (db: Kysely<DB>, id: number, v: { trade_no: string; ledger_transaction_id: number; paid_at: Date }) =>
  db.updateTable('vnd_recharge').set({ state: 'paid', ...v }).where('id', '=', id).where('state', '=', 'pending').execute();

export const markCancelled = (db: Kysely<DB>, id: number, at: Date) =>
  db.updateTable('vnd_recharge').set({ state: 'cancelled', cancelled_at: at }).where('id', '=', id).where('state', '=', 'pending').execute();

/** Recharges still pending that were started before `before`, for the payment sweep (docs/money.md, "Payment providers"). */
export const pendingRechargesBefore = (db: Kysely<DB>, before: Date) =>
  db.selectFrom('vnd_recharge').select(['recharge_no', 'provider', 'amount_dong', 'created_at']).where('state', '=', 'pending').where('provider', 'is not', null)
    .where('created_at', '<', before).orderBy('id').limit(500).execute();

// ---- the operator's 海外账户 and 海外充值 (docs/money.md#money-in-dong) ----

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every Vietnamese company's dong wallet: balance (the ledger's running balance of its vnd_wallet),
 * paid recharges and the latest entry; companies without an account at zero; largest balance first.
 */
export const foreignAccounts = async (db: Kysely<DB>, f: { q: string; limit: number; offset: number }) => {
  const where = f.q === '' ? sql`c.country = 'VN'` : sql`c.country = 'VN' and c.name ilike ${likeOf(f.q)}`;
  const from = sql`from company c
    left join ledger_account a on a.company_id = c.id and a.kind = 'vnd_wallet'
    where ${where}`;
  const [rows, totals] = await Promise.all([
    sql<{ company_id: number; company_name: string; province: string | null; balance: string; recharged: string; last_at: Date | null }>`
      select c.id as company_id, c.name as company_name, c.province, coalesce(a.balance_fen, 0)::text as balance,
        (select coalesce(sum(r.amount_dong), 0) from vnd_recharge r where r.company_id = c.id and r.state = 'paid')::text as recharged,
        (select max(e.created_at) from ledger_entry e where e.account_id = a.id) as last_at
      ${from} order by coalesce(a.balance_fen, 0) desc, c.id limit ${f.limit} offset ${f.offset}`.execute(db),
    sql<{ n: number; balance: string }>`select count(*)::int as n, coalesce(sum(a.balance_fen), 0)::text as balance ${from}`.execute(db),
  ]);
  return { rows: rows.rows, total: totals.rows[0].n, balance_total: Number(totals.rows[0].balance) };
};

export const vnCompanyName = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('name').where('id', '=', companyId).where('country', '=', 'VN').executeTakeFirst())?.name ?? null;

/** Dong recharges by company name, number and state, newest first, with the paid sum of the filter. */
export const foreignRecharges = async (db: Kysely<DB>, f: { company: string; no: string; state: string; limit: number; offset: number }) => {
  const base = db.selectFrom('vnd_recharge').innerJoin('company', 'company.id', 'vnd_recharge.company_id')
    .innerJoin('app_user', 'app_user.id', 'vnd_recharge.user_id')
    .$if(f.company !== '', (q) => q.where('company.name', 'ilike', likeOf(f.company)))
    .$if(f.no !== '', (q) => q.where('vnd_recharge.recharge_no', 'ilike', likeOf(f.no)))
    .$if(f.state !== '', (q) => q.where('vnd_recharge.state', '=', f.state as 'pending'));
  const [rows, sums] = await Promise.all([
    base.select(['vnd_recharge.id', 'vnd_recharge.recharge_no', 'vnd_recharge.company_id', 'company.name as company_name', 'app_user.username', 'vnd_recharge.amount_dong',
      'vnd_recharge.state', 'vnd_recharge.provider', 'vnd_recharge.trade_no', 'vnd_recharge.created_at', 'vnd_recharge.paid_at', 'vnd_recharge.cancelled_at'])
      .orderBy('vnd_recharge.created_at', 'desc').orderBy('vnd_recharge.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    base.select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(vnd_recharge.amount_dong) filter (where vnd_recharge.state = 'paid'), 0)::text`.as('paid')])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: sums.n, paid: Number(sums.paid) };
};
