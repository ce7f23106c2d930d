/**
 * The webhook worker (docs/open-platform.md, "Webhooks", "Delivery"): runs in every server
 * process; claims due deliveries with FOR UPDATE SKIP LOCKED (webhook.repo.ts `claim`), posts
 * up to `concurrency` at once, each cut after `timeoutMs`, and settles each in its own
 * transaction the moment its answer is in:
 *
 * - 2xx: done at once (never sent again), the endpoint's run of failures ends;
 * - anything else (status, timeout, refused address): one more attempt in the log, and the next
 *   try after `backoffMs` (doubling from BASE, capped, ±20% jitter, never past the window's end),
 *   until the delivery's 24 h window closes: then failed without another send (`expire`), and the
 *   company's owners and M07 holders are told by the message assistant;
 * - an endpoint whose every attempt failed for 24 h is disabled, its pending deliveries failed
 *   with it, and they are told (one notice).
 *
 * At least once, with a delivery id to drop repeats: a claim is a lease (`leaseMs`, longer than a
 * request may take); a worker killed between the receiver's 2xx and its own write leaves the row
 * pending, and after the lease another worker (or the restarted one) sends it again with the same
 * X-Qipei-Delivery.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import type { Logger } from '../../logger';
import { inTransaction } from '../../db/helpers';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { WEBHOOK_EVENTS, webhookText, type WebhookEvent } from '../../../shared/domain/webhook';
import { networkErrorText, postSigned, webhookSignature, type SendOutcome } from './webhook.net';
import { onWebhookEnqueued, WEBHOOK_WINDOW_MS } from './webhook.service';
import { createPassRunner } from '../../pass-runner';
import * as repo from './webhook.repo';

export const WEBHOOK_BASE_MS = 10_000;
export const WEBHOOK_MAX_MS = 60 * 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_CONCURRENCY = 8;
export const WEBHOOK_POLL_MS = 2_000;
const WEBHOOK_LINK = '/open/controlPanel/webhook';

/** How long a delivery waits after its n-th failed attempt (n ≥ 1): doubling from BASE, capped, ±20%. */
export const webhookBackoffMs = (attempts: number, random: () => number = Math.random) =>
  Math.round(Math.min(WEBHOOK_BASE_MS * 2 ** Math.max(attempts - 1, 0), WEBHOOK_MAX_MS) * (0.8 + 0.4 * random()));

export interface WebhookWorkerDeps {
  db: Kysely<DB>;
  clock: Clock;
  log?: Logger;
  notices?: Pick<ImService, 'postNotice'>;
  /** http:// and loopback addresses allowed (WEBHOOK_ALLOW_LOOPBACK: tests, development) */
  allowLoopback?: boolean;
  timeoutMs?: number;
  concurrency?: number;
  /** a claim's lease; default twice the timeout plus 5 s */
  leaseMs?: number;
  random?: () => number;
  /** the transport (tests may count or slow it); default postSigned */
  post?: typeof postSigned;
}

export const createWebhookWorker = (deps: WebhookWorkerDeps) => {
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const concurrency = deps.concurrency ?? WEBHOOK_CONCURRENCY;
  const leaseMs = deps.leaseMs ?? timeoutMs * 2 + 5_000;
  const post = deps.post ?? postSigned;

  /** facts (im.service.ts, Notice): kind failed (event, url, delivery, error), failed_many (url, count, error) or disabled (url, stopped) */
  const tell = async (trx: Kysely<DB>, companyId: number, event: string, what: string, no: string, facts: Record<string, string>) => {
    if (!deps.notices) return;
    const after: Array<() => void> = [];
    await deps.notices.postNotice(trx, {
      to: await imRead.usersWithCodes(trx, companyId, ['M07']), event,
      notice: { title: 'Webhook 投递失败', no, link: WEBHOOK_LINK, scene: 'im_webhook', values: { what }, facts },
    }, { afterCommit: (fn) => after.push(fn) });
    return after;
  };

  /** Writes one attempt's outcome; answers the work to run after the commit (pushes of notices). */
  const settle = async (c: repo.Claimed, out: SendOutcome) => {
    const now = deps.clock.now();
    const after: Array<() => void> = [];
    await inTransaction(deps.db, async (trx) => {
      const ok = out.status >= 200 && out.status < 300;
      if (ok) {
        if (!(await repo.settle(trx, c, { state: 'done', nextAt: now, status: out.status, error: '', durationMs: out.durationMs, finishedAt: now }))) return;
        await repo.addAttempt(trx, c.id, { at: now, status: out.status, durationMs: out.durationMs, error: '' });
        await repo.endpointSucceeded(trx, c.endpoint_id);
        return;
      }
      const giveUp = now.getTime() >= new Date(c.give_up_at).getTime();
      // never later than the window's end: a delivery still pending then is failed by `expire`, not sent an hour late
      const nextAt = new Date(Math.min(now.getTime() + webhookBackoffMs(c.attempts + 1, deps.random), new Date(c.give_up_at).getTime()));
      if (!(await repo.settle(trx, c, { state: giveUp ? 'failed' : 'pending', nextAt, status: out.status, error: out.error, durationMs: out.durationMs, finishedAt: giveUp ? now : null }))) return;
      await repo.addAttempt(trx, c.id, { at: now, status: out.status, durationMs: out.durationMs, error: out.error });
      const label = WEBHOOK_EVENTS[c.event as WebhookEvent] ?? c.event;
      if (giveUp) {
        after.push(...((await tell(trx, c.company_id, `webhook-failed-${c.delivery_id}`,
          `事件“${label}”（${c.event}）发往 ${c.url} 的投递 ${c.delivery_id} 在 24 小时内未成功，已停止重试（最后一次：${out.error || `HTTP ${out.status}`}）`, c.delivery_id,
          { kind: 'failed', event: c.event, url: c.url, delivery: c.delivery_id, error: out.error || `HTTP ${out.status}` })) ?? []));
      }
      const e = await repo.endpointFailed(trx, c.endpoint_id, now);
      if (e.enabled && now.getTime() - new Date(e.failing_since).getTime() >= WEBHOOK_WINDOW_MS) {
        after.push(...(await disableFailing(trx, { company_id: c.company_id, endpoint_id: c.endpoint_id, url: e.url }, now)));
      }
    });
    for (const fn of after) fn();
  };

  /** Disables an endpoint whose attempts all failed for 24 h; its pending deliveries fail with it; one notice says both. */
  const disableFailing = async (trx: Kysely<DB>, e: { company_id: number; endpoint_id: number; url: string }, now: Date) => {
    await repo.setEnabled(trx, e.endpoint_id, false, '连续 24 小时投递失败，已被平台自动停用', now);
    const stopped = await repo.stopPending(trx, e.endpoint_id, now, webhookText.deliveryStopped);
    return (await tell(trx, e.company_id, `webhook-disabled-${e.endpoint_id}-${now.getTime()}`,
      `回调地址 ${e.url} 连续 24 小时投递失败，已被自动停用${stopped > 0 ? `；其余 ${stopped} 条未送达的投递已停止发送` : ''}`, String(e.endpoint_id),
      { kind: 'disabled', url: e.url, stopped: String(stopped) })) ?? [];
  };

  /**
   * Fails the due deliveries that must not be sent (repo.expireDue): past their 24 h window, or of
   * a disabled endpoint. Per endpoint one notice for those whose window closed, and the endpoint
   * is disabled when all its attempts failed for 24 h and one of them was tried.
   */
  const EXPIRE_BATCH = 200;
  const expire = async () => {
    for (;;) {
      const now = deps.clock.now();
      const after: Array<() => void> = [];
      const n = await inTransaction(deps.db, async (trx) => {
        const rows = await repo.expireDue(trx, now, EXPIRE_BATCH, webhookText.deliveryStopped);
        const closed = new Map<number, repo.Expired[]>();
        for (const r of rows) if (!r.stopped) closed.set(r.endpoint_id, [...(closed.get(r.endpoint_id) ?? []), r]);
        for (const [endpointId, group] of closed) {
          const last = group[group.length - 1];
          const lastTry = last.last_error || (last.last_status ? `HTTP ${last.last_status}` : '');
          const tail = lastTry ? `（最后一次：${lastTry}）` : '';
          const label = WEBHOOK_EVENTS[last.event as WebhookEvent] ?? last.event;
          after.push(...((group.length === 1
            ? await tell(trx, last.company_id, `webhook-failed-${last.delivery_id}`,
              `事件“${label}”（${last.event}）发往 ${last.url} 的投递 ${last.delivery_id} 在 24 小时内未成功，已停止重试${tail}`, last.delivery_id,
              { kind: 'failed', event: last.event, url: last.url, delivery: last.delivery_id, error: lastTry })
            : await tell(trx, last.company_id, `webhook-failed-${endpointId}-${now.getTime()}`,
              `发往 ${last.url} 的 ${group.length} 条投递在 24 小时内未成功，已停止重试${tail}`, String(endpointId),
              { kind: 'failed_many', url: last.url, count: String(group.length), error: lastTry })) ?? []));
          // only deliveries that were tried count against the endpoint (a worker that was down is not its failure)
          if (!group.some((r) => r.attempts > 0)) continue;
          const e = await repo.endpointById(trx, endpointId, true);
          if (e?.enabled && e.failing_since && now.getTime() - new Date(e.failing_since).getTime() >= WEBHOOK_WINDOW_MS) {
            after.push(...(await disableFailing(trx, { company_id: e.company_id, endpoint_id: endpointId, url: e.url }, now)));
          }
        }
        return rows.length;
      });
      for (const fn of after) fn();
      if (n < EXPIRE_BATCH) return;
    }
  };

  const deliver = async (c: repo.Claimed) => {
    const timestamp = String(Math.floor(deps.clock.now().getTime() / 1000));
    const out = await post({
      url: c.url, body: c.body, timeoutMs, allowLoopback: deps.allowLoopback ?? false,
      headers: {
        'X-Qipei-Event': c.event, 'X-Qipei-Delivery': c.delivery_id, 'X-Qipei-Timestamp': timestamp,
        'X-Qipei-Signature': webhookSignature(c.secret, timestamp, c.body),
      },
    }).catch((e: unknown) => ({ status: 0, error: networkErrorText(e), durationMs: 0 }));
    try {
      await settle(c, out);
    } catch (e) {
      // the row stays claimed until its lease ends, then it is sent again (at least once)
      deps.log?.('warn', `webhook delivery ${c.delivery_id}: outcome not written`, e instanceof Error ? e.message : e);
    }
  };

  /** Claims and sends until nothing is due; answers how many were sent (any outcome). */
  const runOnce = async () => {
    let sent = 0;
    for (;;) {
      await expire();
      const claimed = await repo.claim(deps.db, deps.clock.now(), leaseMs, concurrency);
      if (claimed.length === 0) return sent;
      await Promise.all(claimed.map(deliver));
      sent += claimed.length;
    }
  };

  const passes = createPassRunner(runOnce, (e: unknown) => deps.log?.('warn', 'webhook pass failed', e instanceof Error ? e.message : e));

  return {
    runOnce,
    /** a pass after the ones already going; settles when done */
    kick: () => passes.schedule().then(() => undefined),
    idle: passes.idle,
    /** Passes every `everyMs` and after each commit that wrote deliveries, until stop(); the timer never keeps the process alive. */
    start: (everyMs = WEBHOOK_POLL_MS) => passes.every(everyMs, (ask) => onWebhookEnqueued(ask)),
  };
};

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
