/**
 * Webhooks for partners (docs/open-platform.md, "Webhooks"). A company's owner or an M07
 * (企业设置) holder registers endpoints; a business change that a partner may want (an order
 * created, paid, delivered or received, a quote received by the buyer, an enquiry received by a
 * seller, a stock row falling below a threshold) writes its deliveries IN ITS OWN TRANSACTION
 * through `enqueueWebhookEvent` / `enqueueStockLow` below, so an event is never lost to a crash and
 * never sent for a change that rolled back. The worker (webhook.worker.ts) sends them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, forbidden, invalid, conflict } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type PayloadOut, type WebhookDelivery, type WebhookEndpoint } from '../../../shared/contracts';
import { WEBHOOK_ENDPOINT_MAX, webhookText, type WebhookEvent } from '../../../shared/domain/webhook';
import { endpointUrlProblem } from './webhook.net';
import * as repo from './webhook.repo';

/** A delivery is retried for this long after its event, then failed (and the company told). */
export const WEBHOOK_WINDOW_MS = 24 * 3600_000;

type Ctx = Pick<RequestContext, 'afterCommit'>;

/** The workers of this process, woken after a commit that wrote deliveries (they also poll). */
const wakers = new Set<() => void>();
export const onWebhookEnqueued = (wake: () => void) => {
  wakers.add(wake);
  return () => void wakers.delete(wake);
};
const wakeAfter = (ctx: Ctx | undefined, written: number) => {
  if (written > 0) ctx?.afterCommit?.(() => wakers.forEach((w) => w()));
};

/**
 * Writes the event's deliveries (one per enabled endpoint of each company that subscribed to it)
 * in the caller's transaction `trx`. `data` is the event's own facts, sent as the body's `data`.
 */
export const enqueueWebhookEvent = async (
  trx: Kysely<DB>, p: { event: Exclude<WebhookEvent, 'stock.low'>; companyIds: readonly number[]; data: Record<string, unknown>; at: Date }, ctx?: Ctx,
) => {
  let written = 0;
  for (const companyId of [...new Set(p.companyIds)]) {
    written += await repo.enqueue(trx, { eventId: randomUUID(), event: p.event, companyId, data: { ...p.data }, at: p.at, giveUpAt: new Date(p.at.getTime() + WEBHOOK_WINDOW_MS) });
  }
  wakeAfter(ctx, written);
  return written;
};

/**
 * stock.low for stock rows whose quantity fell (`taken` pieces each), in the caller's transaction,
 * after the quantities changed: a sale, an edit, an adjustment, an import or a partner's sync.
 */
export const enqueueStockLow = async (trx: Kysely<DB>, p: { drops: ReadonlyArray<{ stockId: number; taken: number }>; at: Date }, ctx?: Ctx) => {
  const drops = p.drops.filter((d) => d.taken > 0).map((d) => ({ ...d, eventId: randomUUID() }));
  if (drops.length === 0) return 0;
  const written = await repo.enqueueStockLow(trx, { drops, at: p.at, giveUpAt: new Date(p.at.getTime() + WEBHOOK_WINDOW_MS) });
  wakeAfter(ctx, written);
  return written;
};

const endpointAnswer = (e: repo.EndpointRow): WebhookEndpoint => ({
  id: e.id, url: e.url, events: e.events as WebhookEndpoint['events'], stock_threshold: e.stock_threshold, enabled: e.enabled,
  disabled_reason: e.disabled_reason, secret_hint: e.secret.slice(-4), created_at: unix(e.created_at), failing_since: unix(e.failing_since),
});

export const deliveryAnswer = (d: repo.DeliveryRow): WebhookDelivery => ({
  id: d.id, delivery_id: d.delivery_id, event_id: d.event_id, endpoint_id: d.endpoint_id, url: d.url, event: d.event as WebhookDelivery['event'],
  state: d.state, attempts: d.attempts, last_status: d.last_status, last_error: d.last_error, last_duration_ms: d.last_duration_ms,
  created_at: unix(d.created_at), next_at: d.state === 'pending' ? unix(d.next_at) : 0, finished_at: unix(d.finished_at), resend_of: d.resend_of ?? 0,
});

const notFound = () => new AppError(ResultCode.notFound, 404, webhookText.notFound);
const deliveryNotFound = () => new AppError(ResultCode.notFound, 404, webhookText.deliveryNotFound);

/** whsec_ + 32 random bytes, base64url */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export const createWebhookService = (deps: { clock: Clock; allowLoopback?: boolean }) => {
  const { clock } = deps;
  const allowLoopback = deps.allowLoopback ?? false;

  /** the company's owner or an M07 holder, active */
  const manager = async (db: Kysely<DB>, caller: Caller) => {
    const u = await repo.userForManage(db, caller.userId);
    if (!u || !u.active || !(u.is_owner || u.permissions.includes('M07'))) throw forbidden(webhookText.mayNotManage);
    return u.company_id;
  };

  const ownEndpoint = async (db: Kysely<DB>, companyId: number, id: number, lock = false) => {
    const e = await repo.endpointById(db, id, lock);
    // another company's endpoint is answered as missing: its existence is not told
    if (!e || e.company_id !== companyId) throw notFound();
    return e;
  };

  const checkUrl = async (url: string) => {
    const problem = await endpointUrlProblem(url, allowLoopback);
    if (problem) throw invalid('url', problem);
  };

  return {
    async list(db: Kysely<DB>, caller: Caller): Promise<WebhookEndpoint[]> {
      return (await repo.endpoints(db, await manager(db, caller))).map(endpointAnswer);
    },

    async add(db: Kysely<DB>, caller: Caller, p: PayloadOut<'webhookEndpointAdd'>) {
      const companyId = await manager(db, caller);
      await checkUrl(p.url);
      return inTransaction(db, async (trx) => {
        // two additions at once would both count 9 and both insert: the second waits for the first's commit
        await repo.lockCompanyEndpoints(trx, companyId);
        if ((await repo.countEndpoints(trx, companyId)) >= WEBHOOK_ENDPOINT_MAX) throw conflict(webhookText.tooMany);
        const secret = newSecret();
        const id = await repo.insertEndpoint(trx, { company_id: companyId, url: p.url, events: p.events, stock_threshold: p.stock_threshold, secret, created_by: caller.userId, at: clock.now() });
        return { endpoint: endpointAnswer((await repo.endpointById(trx, id))!), secret };
      });
    },

    async update(db: Kysely<DB>, caller: Caller, p: PayloadOut<'webhookEndpointUpdate'>) {
      const companyId = await manager(db, caller);
      await ownEndpoint(db, companyId, p.id);
      await checkUrl(p.url);
      return inTransaction(db, async (trx) => {
        await ownEndpoint(trx, companyId, p.id, true);
        await repo.updateEndpoint(trx, p.id, { url: p.url, events: p.events, stock_threshold: p.stock_threshold, at: clock.now() });
        return endpointAnswer((await repo.endpointById(trx, p.id))!);
      });
    },

    async enable(db: Kysely<DB>, caller: Caller, p: PayloadOut<'webhookEndpointEnable'>) {
      const companyId = await manager(db, caller);
      return inTransaction(db, async (trx) => {
        await ownEndpoint(trx, companyId, p.id, true);
        await repo.setEnabled(trx, p.id, p.enabled, '', clock.now());
        // what waited for it is not sent later, stale, on re-enabling: failed now (重新发送 after enabling sends one again)
        if (!p.enabled) await repo.stopPending(trx, p.id, clock.now(), webhookText.deliveryStopped);
        return endpointAnswer((await repo.endpointById(trx, p.id))!);
      });
    },

    async remove(db: Kysely<DB>, caller: Caller, id: number) {
      const companyId = await manager(db, caller);
      return inTransaction(db, async (trx) => {
        await ownEndpoint(trx, companyId, id, true);
        await repo.removeEndpoint(trx, id);
        return { removed: true };
      });
    },

    async deliveries(db: Kysely<DB>, caller: Caller, p: PayloadOut<'webhookDeliveryList'>) {
      const companyId = await manager(db, caller);
      const { rows, total } = await repo.deliveries(db, {
        companyId, endpointId: p.endpoint_id === '' ? null : p.endpoint_id, state: p.state, limit: p.page_size, offset: (p.page_number - 1) * p.page_size,
      });
      return { data: rows.map(deliveryAnswer), total };
    },

    async attempts(db: Kysely<DB>, caller: Caller, id: number) {
      const companyId = await manager(db, caller);
      const d = await repo.deliveryById(db, id);
      if (!d || d.company_id !== companyId) throw deliveryNotFound();
      return (await repo.attempts(db, id)).map((a) => ({ at: unix(a.at), status_code: a.status_code, duration_ms: a.duration_ms, error: a.error }));
    },

    /** 重新发送: a new delivery (new X-Qipei-Delivery) of the same body, retried for 24 h like the first. */
    async resend(db: Kysely<DB>, caller: Caller, id: number, ctx?: Ctx) {
      const companyId = await manager(db, caller);
      return inTransaction(db, async (trx) => {
        const d = await repo.deliveryById(trx, id);
        if (!d || d.company_id !== companyId) throw deliveryNotFound();
        const e = await ownEndpoint(trx, companyId, d.endpoint_id);
        if (!e.enabled) throw conflict(webhookText.endpointDisabled);
        const now = clock.now();
        const newId = await repo.insertResend(trx, d, now, new Date(now.getTime() + WEBHOOK_WINDOW_MS));
        wakeAfter(ctx, 1);
        return deliveryAnswer((await repo.deliveryById(trx, newId))!);
      });
    },
  };
};

export type WebhookService = ReturnType<typeof createWebhookService>;

/** An order's event for both its companies (each sees its side by comparing company_id with buyer_company_id / seller_company_id). */
export const enqueueOrderEvent = (
  trx: Kysely<DB>, event: 'order.created' | 'order.paid' | 'order.delivered' | 'order.received',
  o: { order_no: string; buyer_company_id: number; seller_company_id: number }, at: Date, ctx?: Ctx,
) => enqueueWebhookEvent(trx, {
  event, companyIds: [o.buyer_company_id, o.seller_company_id], at,
  data: { order_no: o.order_no, buyer_company_id: o.buyer_company_id, seller_company_id: o.seller_company_id },
}, ctx);
