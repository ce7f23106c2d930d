/**
 * The durable outbox of our server's calls to RongCloud's server API, in im_rong_outbox
 * (migration 0170): a stored message published to RongCloud, a group's members, a block.
 *
 * A change that needs a call writes its row in the change's own transaction (enqueue), so a call
 * is never lost to a crash, a restart or RongCloud being down; after the commit the worker is
 * woken (kick), and it also runs every few seconds. Each row is claimed for LEASE_MS with
 * FOR UPDATE SKIP LOCKED, so two server processes never make the same call at once; it is deleted
 * when RongCloud accepted it. A failed call waits BASE_MS · 2^attempts (capped at MAX_MS, ±20%
 * jitter) and is tried again, across restarts, without end; a row that failed STUCK_AFTER times
 * or more is stuck: counted in the log (once per change of the count) and in /api/health.
 *
 * One row per thing, never two: a message is `publish:<our message id>`, enqueued only when the
 * message is first stored, so RongCloud is asked to publish it once (its `extra` carries the
 * client message id, which clients de-duplicate by if a call that succeeded is retried because
 * the process died before deleting the row). A group (`group:<uuid>`) or a block
 * (`block:<user>:<blocked>`) that changes again while its row waits folds into it: the call reads
 * the current members or block when it runs, so the last state wins and order cannot go wrong.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import type { Logger } from '../../logger';
import type { RongCloud } from './rongcloud';
import * as repo from './im.repo';
import { createPassRunner } from '../../pass-runner';

export type OutboxItem =
  | { kind: 'publish'; messageId: string }
  | { kind: 'group'; groupUuid: string; leftUuids?: string[] }
  | { kind: 'block'; userUuid: string; blockedUuid: string };

export interface OutboxStatus { pending: number; stuck: number; oldest_error: string }

export const OUTBOX_BASE_MS = 2_000;
export const OUTBOX_MAX_MS = 10 * 60_000;
export const OUTBOX_LEASE_MS = 60_000;
export const OUTBOX_STUCK_AFTER = 5;
export const OUTBOX_POLL_MS = 5_000;
const BATCH = 50;

/** How long a row waits after its n-th failure (n ≥ 1): doubling from BASE_MS, capped, ±20% so a crowd of failures spreads out. */
export const backoffMs = (attempts: number, random = Math.random) =>
  Math.round(Math.min(OUTBOX_BASE_MS * 2 ** Math.max(attempts - 1, 0), OUTBOX_MAX_MS) * (0.8 + 0.4 * random()));

/** What RongCloud is sent for a message we stored: its content with our client id in `extra`. */
export const publishContent = (row: repo.MessageRow) => {
  if (row.message_type === 'RC:TxtMsg') return { content: row.text, extra: row.client_msg_id };
  if (row.message_type === 'RC:ImgMsg') return { content: '', imageUri: row.image_uri, extra: row.client_msg_id };
  return { ...(JSON.parse(row.text) as Record<string, unknown>), extra: row.client_msg_id };
};

const keyOf = (i: OutboxItem) =>
  i.kind === 'publish' ? `publish:${i.messageId}` : i.kind === 'group' ? `group:${i.groupUuid}` : `block:${i.userUuid}:${i.blockedUuid}`;

interface Claimed { id: string; key: string; kind: OutboxItem['kind']; payload: Record<string, unknown>; attempts: number; version: number }

export const createRongOutbox = (deps: { db: Kysely<DB>; rong: RongCloud; clock: Clock; log?: Logger; random?: () => number }) => {
  let lastStuck = 0;

  /** One call for one row, reading the current state of the thing it is about. */
  const perform = async (row: Claimed) => {
    const p = row.payload;
    if (row.kind === 'publish') {
      const m = await deps.db.selectFrom('im_message').select('id').where('id', '=', String(p.message_id)).executeTakeFirst();
      if (!m) return;
      const msg = await repo.messageById(deps.db, String(p.message_id));
      const to = msg.group_uuid ? { toGroupId: msg.group_uuid } : { toUserId: msg.recipient_uuid! };
      await deps.rong.publish(to, msg.sender_uuid, msg.message_type, JSON.stringify(publishContent(msg)));
    } else if (row.kind === 'group') {
      const g = await repo.groupByUuid(deps.db, String(p.group_uuid));
      const members = g ? (await repo.membersOf(deps.db, [g.id])).map((m) => m.uuid) : [];
      if (g) await deps.rong.groupJoin(g.uuid, g.name, members);
      const gone = ((p.left as string[] | undefined) ?? []).filter((u) => !members.includes(u));
      if (gone.length) await deps.rong.groupQuit(String(p.group_uuid), gone);
    } else {
      const [user, blocked] = await Promise.all([repo.userByUuid(deps.db, String(p.user_uuid)), repo.userByUuid(deps.db, String(p.blocked_uuid))]);
      if (!user || !blocked) return;
      await deps.rong.blacklist(user.uuid, blocked.uuid, await repo.blocks(deps.db, user.id, blocked.id));
    }
  };

  /** Claims the due rows, makes their calls, deletes the accepted ones and reschedules the failed. */
  const runOnce = async (): Promise<{ sent: number; failed: number }> => {
    const now = deps.clock.now();
    const claimed = (await sql<Claimed>`
      update im_rong_outbox set next_at = ${new Date(now.getTime() + OUTBOX_LEASE_MS)}
      where id in (select id from im_rong_outbox where next_at <= ${now} order by id limit ${BATCH} for update skip locked)
      returning id::text as id, key, kind, payload, attempts, version`.execute(deps.db)).rows
      .sort((a, b) => Number(a.id) - Number(b.id));
    let sent = 0;
    let failed = 0;
    for (const row of claimed) {
      try {
        await perform(row);
        // a change that came in during the call bumped the version: keep the row, it runs again
        await deps.db.deleteFrom('im_rong_outbox').where('id', '=', row.id).where('version', '=', row.version).execute();
        await deps.db.updateTable('im_rong_outbox').set({ attempts: 0, last_error: '' }).where('id', '=', row.id).execute();
        sent++;
      } catch (e) {
        failed++;
        const attempts = row.attempts + 1;
        const text = (e instanceof Error ? e.message : String(e)).slice(0, 500);
        const retryAt = new Date(deps.clock.now().getTime() + backoffMs(attempts, deps.random));
        await sql`update im_rong_outbox set attempts = ${attempts}, last_error = ${text},
          next_at = case when version = ${row.version} then ${retryAt} else next_at end where id = ${row.id}`.execute(deps.db);
        deps.log?.('warn', `RongCloud call ${row.key} failed (attempt ${attempts}), retried in ${Math.round((retryAt.getTime() - deps.clock.now().getTime()) / 1000)} s`, text);
      }
    }
    const s = await status();
    if (s.stuck !== lastStuck) {
      deps.log?.(s.stuck > 0 ? 'error' : 'info', `RongCloud outbox: ${s.stuck} call(s) stuck after ${OUTBOX_STUCK_AFTER}+ attempts, ${s.pending} waiting`, s.oldest_error || undefined);
      lastStuck = s.stuck;
    }
    return { sent, failed };
  };

  const status = async (): Promise<OutboxStatus> => {
    const r = (await sql<{ pending: number; stuck: number; oldest_error: string | null }>`
      select count(*)::int as pending, count(*) filter (where attempts >= ${OUTBOX_STUCK_AFTER})::int as stuck,
        (select last_error from im_rong_outbox where attempts >= ${OUTBOX_STUCK_AFTER} order by id limit 1) as oldest_error
      from im_rong_outbox`.execute(deps.db)).rows[0];
    return { pending: r.pending, stuck: r.stuck, oldest_error: r.oldest_error ?? '' };
  };

  /** one pass after the ones already going (a kick during a pass makes one more, not many) */
  const passes = createPassRunner(runOnce, (e: unknown) => deps.log?.('warn', 'RongCloud outbox pass failed', e instanceof Error ? e.message : e));

  return {
    /** Writes the call in the caller's transaction; the same thing twice is one row (its later state wins). */
    async enqueue(trx: Kysely<DB>, item: OutboxItem) {
      const now = deps.clock.now();
      const payload = item.kind === 'publish' ? { message_id: item.messageId }
        : item.kind === 'group' ? { group_uuid: item.groupUuid, left: item.leftUuids ?? [] }
          : { user_uuid: item.userUuid, blocked_uuid: item.blockedUuid };
      if (item.kind === 'publish') {
        await sql`insert into im_rong_outbox (key, kind, payload, next_at, created_at) values (${keyOf(item)}, 'publish', ${JSON.stringify(payload)}::jsonb, ${now}, ${now})
          on conflict (key) do nothing`.execute(trx);
        return;
      }
      // a group's leavers add up until the call is made; the row runs again now, with a new version
      await sql`insert into im_rong_outbox (key, kind, payload, next_at, created_at) values (${keyOf(item)}, ${item.kind}, ${JSON.stringify(payload)}::jsonb, ${now}, ${now})
        on conflict (key) do update set version = im_rong_outbox.version + 1, next_at = least(im_rong_outbox.next_at, excluded.next_at),
          payload = case when excluded.kind = 'group' then jsonb_set(excluded.payload, '{left}',
            (select coalesce(jsonb_agg(distinct v), '[]'::jsonb) from jsonb_array_elements(coalesce(im_rong_outbox.payload->'left', '[]'::jsonb) || (excluded.payload->'left')) v))
            else excluded.payload end`.execute(trx);
    },
    /** Runs a pass soon (after a commit that enqueued); the answer settles when it is done. */
    kick: () => void passes.schedule(),
    /** one pass now (tests and the timer's schedule use it) */
    runOnce,
    /** settles when the passes already asked for are done */
    idle: passes.idle,
    status,
    /** Passes every `everyMs` until stop(); the timer never keeps the process alive. */
    start: (everyMs = OUTBOX_POLL_MS) => passes.every(everyMs),
  };
};

export type RongOutbox = ReturnType<typeof createRongOutbox>;
