/** SQL of bank cards and withdrawals (migration 0320); the money itself is the ledger's. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import type { BankCardState, WithdrawalState } from '../../../shared/domain/withdrawal';

export const liveCards = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('bank_card').selectAll().where('company_id', '=', companyId).where('removed_at', 'is', null).orderBy('id').execute();

export const cardById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('bank_card').selectAll().where('id', '=', id).executeTakeFirst();

/** The card locked for the rest of the transaction: a removal and a withdrawal to it queue here. */
export const lockCard = (db: Kysely<DB>, id: number) =>
  db.selectFrom('bank_card').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Serialises adding cards within one company (the count and the duplicate check). */
export const lockCompanyCards = async (db: Kysely<DB>, companyId: number) => {
  await sql`select pg_advisory_xact_lock(hashtext(${`bank_card:${companyId}`}))`.execute(db);
};

export const insertCard = (db: Kysely<DB>, c: { company_id: number; kind: 'personal' | 'corporate'; holder_name: string; bank_name: string; account_no: string; created_by: number; created_at: Date }) =>
  db.insertInto('bank_card').values(c).returningAll().executeTakeFirstOrThrow();

export const removeCard = (db: Kysely<DB>, id: number, by: number, at: Date) =>
  db.updateTable('bank_card').set({ removed_at: at, removed_by: by }).where('id', '=', id).where('removed_at', 'is', null).execute();

export const decideCard = (db: Kysely<DB>, id: number, v: { state: 'verified' | 'rejected'; reason: string; decided_by: number; decided_at: Date }) =>
  db.updateTable('bank_card').set(v).where('id', '=', id).where('state', '=', 'pending').execute();

export const insertWithdrawal = (db: Kysely<DB>, w: {
  withdrawal_no: string; company_id: number; user_id: number; bank_card_id: number; holder_name: string; bank_name: string; account_no: string;
  amount_fen: number; created_at: Date; freeze_tx: number;
}) => db.insertInto('withdrawal').values(w).returningAll().executeTakeFirstOrThrow();

export const withdrawalByNo = (db: Kysely<DB>, no: string) =>
  db.selectFrom('withdrawal').selectAll().where('withdrawal_no', '=', no).executeTakeFirst();

/** The withdrawal locked for the rest of the transaction: two operators' steps on it queue here. */
export const lockWithdrawal = (db: Kysely<DB>, no: string) =>
  db.selectFrom('withdrawal').selectAll().where('withdrawal_no', '=', no).forUpdate().executeTakeFirst();

export const updateWithdrawal = (db: Kysely<DB>, id: number, from: WithdrawalState, set: Partial<{
  state: WithdrawalState; reason: string; payout_ref: string; approved_by: number; approved_at: Date; paid_by: number; paid_at: Date; payout_tx: number;
  rejected_by: number; rejected_at: Date; release_tx: number;
}>) => db.updateTable('withdrawal').set(set).where('id', '=', id).where('state', '=', from).execute();

export const companyWithdrawals = async (db: Kysely<DB>, companyId: number, state: string, limit: number, offset: number) => {
  const base = db.selectFrom('withdrawal').where('company_id', '=', companyId).$if(state !== '', (q) => q.where('state', '=', state as WithdrawalState));
  const [rows, n] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n };
};

const opWithdrawalQuery = (db: Kysely<DB>) =>
  db.selectFrom('withdrawal as w')
    .innerJoin('company as c', 'c.id', 'w.company_id')
    .innerJoin('app_user as u', 'u.id', 'w.user_id')
    .leftJoin('app_user as ua', 'ua.id', 'w.approved_by')
    .leftJoin('app_user as up', 'up.id', 'w.paid_by')
    .leftJoin('app_user as ur', 'ur.id', 'w.rejected_by');

const opWithdrawalColumns = [
  'w.withdrawal_no', 'w.amount_fen', 'w.state', 'w.reason', 'w.bank_card_id', 'w.holder_name', 'w.bank_name', 'w.account_no', 'w.payout_ref',
  'w.created_at', 'w.approved_at', 'w.paid_at', 'w.rejected_at', 'w.company_id', 'c.name as company_name', 'u.username as applicant',
  'ua.username as approved_by', 'up.username as paid_by', 'ur.username as rejected_by',
] as const;

export const opWithdrawals = async (db: Kysely<DB>, f: { state: string; company: string; no: string; limit: number; offset: number }) => {
  const base = opWithdrawalQuery(db)
    .$if(f.state !== '', (q) => q.where('w.state', '=', f.state as WithdrawalState))
    .$if(f.company !== '', (q) => q.where('c.name', 'ilike', `%${likeEscape(f.company)}%`))
    .$if(f.no !== '', (q) => q.where('w.withdrawal_no', 'like', `%${likeEscape(f.no)}%`));
  const [rows, n] = await Promise.all([
    base.select(opWithdrawalColumns).orderBy('w.created_at', 'asc').orderBy('w.id', 'asc').limit(f.limit).offset(f.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n };
};

export const opWithdrawal = (db: Kysely<DB>, no: string) =>
  opWithdrawalQuery(db).select(opWithdrawalColumns).where('w.withdrawal_no', '=', no).executeTakeFirstOrThrow();

const opCardQuery = (db: Kysely<DB>) =>
  db.selectFrom('bank_card as b')
    .innerJoin('company as c', 'c.id', 'b.company_id')
    .innerJoin('app_user as u', 'u.id', 'b.created_by')
    .leftJoin('app_user as d', 'd.id', 'b.decided_by')
    .where('b.removed_at', 'is', null);

const opCardColumns = [
  'b.id', 'b.kind', 'b.holder_name', 'b.bank_name', 'b.account_no', 'b.state', 'b.reason', 'b.created_at', 'b.decided_at',
  'b.company_id', 'c.name as company_name', 'u.username as created_by', 'd.username as decided_by',
] as const;

export const opCards = async (db: Kysely<DB>, f: { state: string; company: string; limit: number; offset: number }) => {
  const base = opCardQuery(db)
    .$if(f.state !== '', (q) => q.where('b.state', '=', f.state as BankCardState))
    .$if(f.company !== '', (q) => q.where('c.name', 'ilike', `%${likeEscape(f.company)}%`));
  const [rows, n] = await Promise.all([
    base.select(opCardColumns).orderBy('b.created_at', 'asc').orderBy('b.id', 'asc').limit(f.limit).offset(f.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n };
};

export const opCard = (db: Kysely<DB>, id: number) => opCardQuery(db).select(opCardColumns).where('b.id', '=', id).executeTakeFirst();
