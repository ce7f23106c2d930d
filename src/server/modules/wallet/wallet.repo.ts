/** SQL of the company wallet's recharges (wallet_recharge); its entries are the ledger's (ledger.read.ts). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const userForWallet = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id')
    .select(['app_user.id', 'app_user.company_id', 'app_user.is_owner', 'app_user.permissions', 'app_user.active', 'company.name as company_name'])
    .where('app_user.id', '=', userId).executeTakeFirst();

export const companyName = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst())?.name ?? '';

export const insertRecharge = (db: Kysely<DB>, r: { recharge_no: string; company_id: number; user_id: number; amount_fen: number; provider: string; created_at: Date }) =>
  db.insertInto('wallet_recharge').values(r).execute();

export const rechargeByNo = (db: Kysely<DB>, no: string) =>
  db.selectFrom('wallet_recharge').selectAll().where('recharge_no', '=', no).executeTakeFirst();

/** The recharge locked for the rest of the transaction: notices for it queue here. */
export const lockRecharge = (db: Kysely<DB>, no: string) =>
  db.selectFrom('wallet_recharge').selectAll().where('recharge_no', '=', no).forUpdate().executeTakeFirst();

export const markPaid = (db: Kysely<DB>, id: number, v: { trade_no: string; ledger_transaction_id: number; paid_at: Date }) =>
  db.updateTable('wallet_recharge').set({ state: 'paid', ...v }).where('id', '=', id).where('state', '=', 'pending').execute();

export const markCancelled = (db: Kysely<DB>, id: number, at: Date) =>
  db.updateTable('wallet_recharge').set({ state: 'cancelled', cancelled_at: at }).where('id', '=', id).where('state', '=', 'pending').execute();

/** Recharges still pending that were started before `before`, for the payment sweep (docs/money.md, "Payment providers"). */
export const pendingRechargesBefore = (db: Kysely<DB>, before: Date) =>
  db.selectFrom('wallet_recharge').select(['recharge_no', 'provider', 'amount_fen', 'created_at']).where('state', '=', 'pending').where('provider', 'is not', null)
    .where('created_at', '<', before).orderBy('id').limit(500).execute();
