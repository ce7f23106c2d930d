/**
 * The operator's 账户, 调账 and 对账 (docs/money.md, "Manual adjustments", "Reconciliation"):
 * every company's wallet; a manual adjustment proposed by one operator with a reason and posted
 * as an `adjustment` transaction (the company's available balance against the `manual` provider
 * account) only when a second, different operator approves it, or rejected with a note; both
 * steps lock the adjustment and are audited. The reconciliation runs on demand, fast or full.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { PAY_CHANNEL_LABELS, payChannelText, ResultCode, type OpAdjustmentRow, type PayloadOut } from '../../../shared/contracts';
import { ADJUSTMENT_PROVIDER, ADJUSTMENT_STATES, withdrawalText } from '../../../shared/domain/withdrawal';
import type { LedgerService } from '../ledger/ledger.service';
import type { PaymentProviders } from '../payment/payment.providers';
import * as ledgerRead from '../ledger/ledger.accounts.read';
import { reconcile } from '../ledger/reconcile';
import * as audit from './audit.repo';

const notFound = () => new AppError(ResultCode.notFound, 404, withdrawalText.adjustNotFound);

const adjustmentQuery = (db: Kysely<DB>) =>
  db.selectFrom('wallet_adjustment as a')
    .innerJoin('company as c', 'c.id', 'a.company_id')
    .innerJoin('app_user as u', 'u.id', 'a.created_by')
    .leftJoin('app_user as d', 'd.id', 'a.decided_by')
    .select([
      'a.id', 'a.company_id', 'c.name as company_name', 'a.amount_fen', 'a.reason', 'a.state', 'u.username as created_by', 'a.created_by as created_by_id', 'u.uuid as created_by_uuid',
      'a.created_at', 'd.username as decided_by', 'a.decided_at', 'a.decision_note', 'a.ledger_tx',
    ]);

const toRow = (r: Awaited<ReturnType<ReturnType<typeof adjustmentQuery>['executeTakeFirstOrThrow']>>): OpAdjustmentRow => ({
  id: r.id, company_id: r.company_id, company_name: r.company_name, amount_fen: Number(r.amount_fen), reason: r.reason, state: r.state,
  created_by: r.created_by, created_by_id: r.created_by_id, created_by_uuid: r.created_by_uuid, created_at: unix(r.created_at), decided_by: r.decided_by ?? '', decided_at: unix(r.decided_at),
  decision_note: r.decision_note, transaction_id: Number(r.ledger_tx ?? 0),
});

export const createPayAccountsService = (deps: { clock: Clock; ledger: LedgerService; providers: PaymentProviders }) => {
  const { clock, ledger, providers } = deps;
  const channels = async (db: Kysely<DB>) => {
    const c = await providers.channels(db);
    return { current: c.current, channels: c.names.map((name) => ({ name, label: PAY_CHANNEL_LABELS[name] ?? name, demo: name === 'sandbox' })) };
  };
  const one = async (db: Kysely<DB>, id: number) => toRow(await adjustmentQuery(db).where('a.id', '=', id).executeTakeFirstOrThrow());

  return {
    channels,

    /** 切换支付渠道: only a provider this server can use; audited (docs/money.md, "Choosing the provider"). */
    async setChannel(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPayChannelSet'>) {
      await inTransaction(db, async (trx) => {
        // two operators switching at once: one after the other, each audit row with the true old value
        await sql`select pg_advisory_xact_lock(hashtext('pay-provider'))`.execute(trx);
        const before = await providers.channels(trx);
        if (before.current === p.provider) throw conflict(payChannelText.same);
        if (!(await providers.choose(trx, p.provider))) throw new AppError(ResultCode.invalidPayload, 422, payChannelText.unavailable(p.provider), { field: 'provider' });
        await audit.record(trx, caller, clock.now(), [{ entity: 'system_param', entity_id: 'pay_provider', action: 'update', old: { value: before.current }, new: { value: p.provider } }]);
      });
      return channels(db);
    },

    async accounts(db: Kysely<DB>, p: PayloadOut<'opPayAccounts'>) {
      const r = await ledgerRead.companyWallets(db, { q: p.q, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      const ids = r.rows.map((x) => x.company_id);
      const pending = ids.length === 0 ? [] : await db.selectFrom('wallet_adjustment').select(['company_id', sql<number>`count(*)::int`.as('n')])
        .where('state', '=', 'pending').where('company_id', 'in', ids).groupBy('company_id').execute();
      return {
        data: r.rows.map((x) => ({ ...x, pending_adjustments: pending.find((q) => q.company_id === x.company_id)?.n ?? 0 })),
        total: r.total, available_total_fen: r.available_total_fen, frozen_total_fen: r.frozen_total_fen, cash_pledge_total_fen: r.cash_pledge_total_fen,
      };
    },

    async adjustments(db: Kysely<DB>, p: PayloadOut<'opAdjustmentList'>) {
      const base = db.selectFrom('wallet_adjustment as a')
        .$if(p.state !== '', (q) => q.where('a.state', '=', p.state as keyof typeof ADJUSTMENT_STATES))
        .$if(p.company_id > 0, (q) => q.where('a.company_id', '=', p.company_id));
      const [ids, n] = await Promise.all([
        base.select('a.id').orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(p.page_size).offset((p.page_number - 1) * p.page_size).execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const rows = ids.length === 0 ? [] : await adjustmentQuery(db).where('a.id', 'in', ids.map((x) => x.id)).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').execute();
      return { data: rows.map(toRow), total: n.n };
    },

    /** 调账申请: written and audited; no money moves until a second operator approves. */
    create: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opAdjustmentCreate'>) => inTransaction(db, async (trx) => {
      const c = await trx.selectFrom('company').select('id').where('id', '=', p.company_id).executeTakeFirst();
      if (!c) throw new AppError(ResultCode.notFound, 404, withdrawalText.companyNotFound);
      const now = clock.now();
      const row = await trx.insertInto('wallet_adjustment').values({ company_id: p.company_id, amount_fen: p.amount_fen, reason: p.reason, created_by: caller.userId, created_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await audit.record(trx, caller, now, [{ entity: 'wallet_adjustment', entity_id: row.id, action: 'create', new: { company_id: p.company_id, amount_fen: p.amount_fen }, note: p.reason }]);
      return one(trx, row.id);
    }),

    /** 复核: only another operator; approving posts the adjustment, in the same transaction as the row's state. */
    decide: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opAdjustmentDecide'>) => inTransaction(db, async (trx) => {
      const a = await trx.selectFrom('wallet_adjustment').selectAll().where('id', '=', p.id).forUpdate().executeTakeFirst();
      if (!a) throw notFound();
      const target = p.approve ? 'posted' : 'rejected';
      if (a.state === target) return one(trx, a.id);
      if (a.state !== 'pending') throw conflict(withdrawalText.adjustDecided(ADJUSTMENT_STATES[a.state]));
      if (a.created_by === caller.userId) throw forbidden(withdrawalText.adjustSelf);
      const now = clock.now();
      const amount = Number(a.amount_fen);
      let tx: number | null = null;
      if (p.approve) {
        const posted = await ledger.post(trx, {
          kind: 'adjustment', reference: `ADJ${a.id}`, idempotency_key: `adjustment:${a.id}`, created_by: caller.userId,
          lines: [
            { account: { kind: 'wallet_available', company_id: a.company_id }, amount_fen: amount },
            { account: { kind: 'provider', provider: ADJUSTMENT_PROVIDER }, amount_fen: -amount },
          ],
        });
        tx = posted.transaction_id;
      }
      await trx.updateTable('wallet_adjustment').set({ state: target, decided_by: caller.userId, decided_at: now, decision_note: p.note, ledger_tx: tx })
        .where('id', '=', a.id).where('state', '=', 'pending').execute();
      await audit.record(trx, caller, now, [{ entity: 'wallet_adjustment', entity_id: a.id, action: p.approve ? 'approve' : 'reject', old: { state: a.state }, new: { state: target, transaction_id: tx }, note: p.note }]);
      return one(trx, a.id);
    }),

    async reconcile(db: Kysely<DB>, fast: boolean) {
      const started = Date.now();
      const r = await reconcile(db, { fast });
      return { ...r, ran_at: unix(clock.now()), took_ms: Date.now() - started };
    },
  };
};

export type PayAccountsService = ReturnType<typeof createPayAccountsService>;

