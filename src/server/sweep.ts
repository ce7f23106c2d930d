/**
 * Housekeeping: deletes rows that can no longer change any answer, at start and every hour.
 * - idempotency keys older than IDEMPOTENCY_TTL_DAYS (7 days): a replay after that is not
 *   recognised anyway (http/idempotency.ts);
 * - sign-in throttle rows whose window started a day ago and whose lock has ended;
 * - refresh tokens past their life (30 days from issue), spent or not, and every token of a
 *   session revoked over 7 days ago;
 * - sessions that can no longer be used: access token expired, no refresh token left, and, when
 *   revoked, revoked over 7 days ago (until then a tab still holding it is told why it was
 *   signed out).
 * - 查看更多 grants (oe_search_grant) of an earlier China day: a grant only holds on the day of
 *   the search, and searching writes only today's (one statement, no delete on the search path).
 * - uploaded images no row names, a day after their upload (upload.service removeUnusedUploads),
 *   when the upload folder is given;
 * - stock import files not imported within a day of their upload, and the files of imports that
 *   failed a day ago (stock-import.service removeStaleImports), in the folder beside the uploads;
 * - the daily upload quota's rows of earlier China days (upload.repo upload_day).
 * - goods orders shipped the set days ago (system parameter order_auto_receipt_days) are received
 *   and paid out, and provider refunds not yet confirmed are asked again (docs/money.md, "Payouts"),
 *   when the app's order jobs are given.
 * - open-platform nonces older than 10 minutes and call log rows older than 90 days
 *   (docs/open-platform.md, "Keys and signing").
 */
import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { IDEMPOTENCY_TTL_DAYS } from './http/idempotency';
import { sweepThrottle } from './modules/auth/rate-limit';
import type { Clock } from './http/context';
import { removeUnusedUploads, removeOldQuotaDays } from './modules/upload/upload.service';
import { importDirOf, removeStaleImports } from './modules/stock/stock-import.service';
import { chinaDay } from '../shared/domain/china-time';
import { purgeOpen } from './modules/open/open.service';
import { purgeWechatStates } from './modules/wechat/wechat-binding.service';

export const SWEEP_EVERY_MS = 60 * 60 * 1000;
export const REVOKED_SESSION_KEEP_S = 7 * 86400;

export interface SweepCounts { idempotencyKeys: number; throttleRows: number; refreshTokens: number; sessions: number; oeGrants: number; uploads: number; importFiles: number; quotaDays: number; openNonces: number; openCalls: number; ordersReceived?: number; orderRefunds?: number; wechatStates?: number }

/** The app's order jobs (app.ts orderJobs). */
export interface OrderJobs { autoReceive(now: Date): Promise<number>; settleRefunds(): Promise<number> }

export const sweep = async (db: Kysely<DB>, now: Date, opts: { uploadDir?: string; orders?: OrderJobs } = {}): Promise<SweepCounts> => {
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_DAYS * 86400_000);
  const idempotencyKeys = Number((await db.deleteFrom('idempotency_key').where('created_at', '<', keysBefore).executeTakeFirst()).numDeletedRows);
  const throttleRows = await sweepThrottle(db, now);
  const revokedBefore = new Date(now.getTime() - REVOKED_SESSION_KEEP_S * 1000);
  const { refreshTokens, sessions } = await db.transaction().execute(async (trx) => {
    const tokens = await trx.deleteFrom('refresh_token')
      .where((eb) => eb.or([
        eb('expires_at', '<=', now),
        eb('session_id', 'in', eb.selectFrom('session').select('id').where('revoked_at', '<', revokedBefore)),
      ]))
      .executeTakeFirst();
    const gone = await trx.deleteFrom('session')
      .where('access_expires_at', '<', now)
      .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '<', revokedBefore)]))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('refresh_token').select('token_hash').whereRef('refresh_token.session_id', '=', 'session.id'))))
      .executeTakeFirst();
    return { refreshTokens: Number(tokens.numDeletedRows), sessions: Number(gone.numDeletedRows) };
  });
  const oeGrants = Number((await db.deleteFrom('oe_search_grant').where('day', '<', chinaDay(now)).executeTakeFirst()).numDeletedRows);
  const uploads = opts.uploadDir ? await removeUnusedUploads(db, opts.uploadDir, now) : 0;
  const importFiles = await removeStaleImports(db, opts.uploadDir ? importDirOf(opts.uploadDir) : undefined, now);
  const quotaDays = await removeOldQuotaDays(db, now);
  const open = await purgeOpen(db, now);
  // the WeChat binding's spent or expired states (docs/wechat.md, "Binding"): counted only when there were some
  const wechatStates = await purgeWechatStates(db, now);
  const orderCounts = opts.orders ? { ordersReceived: await opts.orders.autoReceive(now), orderRefunds: await opts.orders.settleRefunds() } : {};
  return { idempotencyKeys, throttleRows, refreshTokens, sessions, oeGrants, uploads, importFiles, quotaDays, openNonces: open.nonces, openCalls: open.calls, ...(wechatStates > 0 ? { wechatStates } : {}), ...orderCounts };
};

/** Sweeps now and every hour until stop(); the timer never keeps the process alive. */
export const startSweeper = (db: Kysely<DB>, clock: Clock, log: (level: 'info' | 'warn', text: string, detail?: unknown) => void, opts: { uploadDir?: string; orders?: OrderJobs } = {}) => {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const counts = await sweep(db, clock.now(), opts);
        if (Object.values(counts).some((n) => n > 0)) log('info', 'housekeeping', counts);
      } catch (e) {
        log('warn', 'housekeeping failed', e);
      }
    });
  };
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return {
    /** Stops the timer and waits for a sweep under way, so the database can be closed after. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
