/** SQL of cash pledges (migration 0340): the amount per level, provider payments, the history. The money held is the ledger's. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';

export const userOf = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id')
    .select(['app_user.id', 'app_user.company_id', 'app_user.is_owner', 'app_user.permissions', 'app_user.active', 'company.name as company_name', 'company.is_seller'])
    .where('app_user.id', '=', userId).executeTakeFirst();

/** A company with its level and what that level asks as a pledge (0 when the level asks none). */
export const companyOf = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .leftJoin('cash_pledge_level', 'cash_pledge_level.level_id', 'company.level_id')
    .select(['company.id', 'company.name', 'company.is_seller', 'company_level.name as level_name', sql<number>`coalesce(cash_pledge_level.amount_fen, 0)::bigint`.as('required_fen')])
    .where('company.id', '=', companyId).executeTakeFirst();

/** Every seller (and every company in `holding`, a seller that left with its pledge still held) whose name or short name holds `text`, with its level's pledge. */
export const sellers = (db: Kysely<DB>, text: string, holding: readonly number[]) =>
  db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .leftJoin('cash_pledge_level', 'cash_pledge_level.level_id', 'company.level_id')
    .select(['company.id', 'company.name', 'company_level.name as level_name', sql<number>`coalesce(cash_pledge_level.amount_fen, 0)::bigint`.as('required_fen')])
    .where((eb) => (holding.length > 0 ? eb.or([eb('company.is_seller', '=', true), eb('company.id', 'in', [...holding])]) : eb('company.is_seller', '=', true)))
    .$if(text !== '', (q) => q.where((eb) => eb.or([eb('company.name', 'like', `%${text}%`), eb('company.short_name', 'like', `%${text}%`)])))
    .orderBy('company.id').execute();

/** The levels a seller may hold (not the platform's own, the head company's). */
export const levels = (db: Kysely<DB>) =>
  db.selectFrom('company_level').leftJoin('cash_pledge_level', 'cash_pledge_level.level_id', 'company_level.id')
    .where('company_level.id', 'not in', db.selectFrom('company').select('level_id').where('id', '=', HEAD_COMPANY_ID))
    .select(['company_level.id as level_id', 'company_level.name as level_name', sql<number>`coalesce(cash_pledge_level.amount_fen, 0)::bigint`.as('amount_fen')])
    .orderBy('company_level.sort').orderBy('company_level.id').execute();

export const levelName = async (db: Kysely<DB>, levelId: number) =>
  (await db.selectFrom('company_level').select('name').where('id', '=', levelId).executeTakeFirst())?.name;

export const saveLevel = (db: Kysely<DB>, r: { level_id: number; amount_fen: number; updated_by: number; updated_at: Date }) =>
  db.insertInto('cash_pledge_level').values(r)
    .onConflict((oc) => oc.column('level_id').doUpdateSet({ amount_fen: r.amount_fen, updated_by: r.updated_by, updated_at: r.updated_at })).execute();

/** Pledge changes of one company wait for each other until the transaction ends (docs/money.md#cash-pledges). */
export const lockCompany = async (db: Kysely<DB>, companyId: number) => {
  await sql`select pg_advisory_xact_lock(hashtext(${`cash_pledge:${companyId}`}))`.execute(db);
};

export const insertPayment = (db: Kysely<DB>, r: { payment_no: string; company_id: number; user_id: number; amount_fen: number; method: 'wallet' | 'provider'; provider: string | null; created_at: Date }) =>
  db.insertInto('cash_pledge_payment').values(r).execute();

export const paymentByNo = (db: Kysely<DB>, no: string) =>
  db.selectFrom('cash_pledge_payment').selectAll().where('payment_no', '=', no).executeTakeFirst();

export const lockPayment = (db: Kysely<DB>, no: string) =>
  db.selectFrom('cash_pledge_payment').selectAll().where('payment_no', '=', no).forUpdate().executeTakeFirst();

export const markPaid = (db: Kysely<DB>, id: number, v: { trade_no: string | null; ledger_transaction_id: number; paid_at: Date }) =>
  db.updateTable('cash_pledge_payment').set({ state: 'paid', ...v }).where('id', '=', id).where('state', '=', 'pending').execute();

export const markCancelled = (db: Kysely<DB>, id: number, at: Date) =>
  db.updateTable('cash_pledge_payment').set({ state: 'cancelled', cancelled_at: at }).where('id', '=', id).where('state', '=', 'pending').execute();

export const pendingBefore = (db: Kysely<DB>, before: Date) =>
  db.selectFrom('cash_pledge_payment').select(['payment_no', 'provider', 'amount_fen', 'created_at']).where('state', '=', 'pending').where('provider', 'is not', null)
    .where('created_at', '<', before).orderBy('id').limit(500).execute();

export const insertEvent = (db: Kysely<DB>, r: {
  event_no: string; company_id: number; action: 'pay' | 'deduct' | 'return'; amount_fen: number; reference: string;
  beneficiary: 'buyer' | 'platform' | null; buyer_company_id: number | null; reason: string; user_id: number | null; ledger_transaction_id: number; created_at: Date;
}) => db.insertInto('cash_pledge_event').values(r).execute();

export const eventByNo = (db: Kysely<DB>, no: string) =>
  db.selectFrom('cash_pledge_event').innerJoin('company', 'company.id', 'cash_pledge_event.company_id')
    .selectAll('cash_pledge_event').select('company.name as company_name').where('event_no', '=', no).executeTakeFirstOrThrow();

export const events = async (db: Kysely<DB>, companyId: number, limit: number, offset: number) => {
  const base = db.selectFrom('cash_pledge_event').where('company_id', '=', companyId);
  const [rows, n] = await Promise.all([
    base.innerJoin('company', 'company.id', 'cash_pledge_event.company_id').selectAll('cash_pledge_event').select('company.name as company_name')
      .orderBy('cash_pledge_event.created_at', 'desc').orderBy('cash_pledge_event.id', 'desc').limit(limit).offset(offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n };
};
