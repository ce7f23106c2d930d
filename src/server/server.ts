/** startServer: opens the database, migrates, seeds when empty, serves app + /ws, sweeps old rows hourly. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { sharedVpic } from './modules/vin/vpic';
import { createAdaptorServer } from '@hono/node-server';
import type { PGlite } from '@electric-sql/pglite';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { createGateway } from './im/gateway';
import { logger, type Logger } from './logger';
import { createBus } from './bus/bus';
import type { AppDeps } from './http/context';
import { startSweeper } from './sweep';
import { startPaymentSweeper } from './payment-sweep';
import { startSpotSweeper } from './spot-sweep';
import { startActivitySweeper } from './activity-sweep';
import { startFollowSweeper } from './follow-sweep';
import { startPointsSweeper } from './points-sweep';
import { startBonusSweeper } from './bonus-sweep';
import { startIntervalJob } from './interval-job';
import { createWebhookWorker } from './modules/webhook/webhook.worker';
import type { AlipayConfig } from './modules/payment/alipay.provider';
import { startMembershipWatch } from './modules/membership/membership-watch';
import { createTranslator, type TranslatorConfig } from './modules/im/translator';
import { createRongCloud } from './modules/im/rongcloud';
import { createSmsProvider, type SmsProvider, type SmsProviderName } from './modules/sms/sms.provider';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { PAY_PROVIDER_PARAM } from './modules/payment/payment.providers';
import { SANDBOX } from './modules/payment/sandbox.provider';
import { createMpWechat, type MpConfig } from './modules/wechat/wechat.mp';

export interface StartOptions {
  port: number;
  host: string;
  staticDir?: string;
  databaseUrl?: string;
  /** DATA_DIR: PGlite's folder is DATA_DIR/pglite, uploaded images go to DATA_DIR/uploads */
  dataDir?: string;
  pglite?: PGlite;
  accessTtlSeconds?: number;
  trustProxy?: boolean;
  /** SMS_PROVIDER / SMS_WEBHOOK_URL; tests pass `sms` to receive the messages themselves */
  smsConfig?: { provider: SmsProviderName; webhookUrl?: string };
  /** PAYMENT_PROVIDER=sandbox: allow the sandbox (no money taken) on PostgreSQL too */
  paymentProvider?: 'sandbox';
  /** ALIPAY_APP_ID / ALIPAY_PRIVATE_KEY / ALIPAY_PUBLIC_KEY / ALIPAY_GATEWAY / ALIPAY_NOTIFY_BASE_URL: the Alipay provider; unset: none */
  alipay?: AlipayConfig;
  /** WECHAT_APP_ID / WECHAT_APP_SECRET / WECHAT_API_URL / WECHAT_AUTHORIZE_URL / WECHAT_SITE_URL: the official account (docs/wechat.md); unset: log messages, sandbox binding */
  wechatMp?: MpConfig;
  sms?: SmsProvider;
  /** REDIS_URL: pushes, sign-outs, presence and request buckets shared by every process on it (bus/bus.ts) */
  redisUrl?: string;
  /** REDIS_PREFIX: the namespace of keys and channel on that Redis */
  redisPrefix?: string;
  /** request budgets (RATE_LIMIT_USER / _ADDRESS); unset: DEFAULT_LIMITS */
  limits?: AppDeps['limits'];
  log?: Logger;
  /** TRANSLATE_URL / TRANSLATE_API_KEY (LibreTranslate-compatible) or BAIDU_TRANSLATE_* (Baidu) for chat translation; unset: none */
  translate?: TranslatorConfig;
  /** RONGCLOUD_APP_KEY / RONGCLOUD_APP_SECRET / RONGCLOUD_API_URL: RongCloud's server API for its transport; unset: /ws only */
  rongcloud?: { appKey?: string; appSecret?: string; apiUrl?: string };
  /** WEBHOOK_ALLOW_LOOPBACK / WEBHOOK_TIMEOUT_MS: webhook endpoints on http://127.0.0.1 (tests, development) and the per-request limit (docs/open-platform.md, "Webhooks") */
  webhook?: { allowLoopback?: boolean; timeoutMs?: number };
  /** OPEN_KEY_SECRET: the key API-key secrets are encrypted under (docs/open-platform.md, "Keys and signing") */
  openKeySecret?: string;
}

/**
 * The sandbox payment provider takes no money. It may run on the embedded demo database (no
 * DATABASE_URL) or when PAYMENT_PROVIDER=sandbox says so; on PostgreSQL without that word, a
 * configuration naming the sandbox stops the start instead of giving every member a free upgrade.
 */
const sandboxAllowed = (opts: StartOptions) => opts.paymentProvider === 'sandbox' || !opts.databaseUrl;

export const refuseSandboxUnlessAsked = async (db: Kysely<DB>, opts: StartOptions) => {
  if (sandboxAllowed(opts)) return;
  const row = await db.selectFrom('system_param').select('value').where('key', '=', PAY_PROVIDER_PARAM).executeTakeFirst();
  if ((row?.value ?? '').trim() === SANDBOX) {
    throw new Error('支付渠道（system_param pay_provider）是 sandbox，即演示支付，不会真实扣款；使用 DATABASE_URL 时须设置 PAYMENT_PROVIDER=sandbox 明确允许，或把 pay_provider 改为真实支付渠道');
  }
};

export const startServer = async (opts: StartOptions) => {
  const database = await openDatabase(
    opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : opts.pglite ? { pglite: opts.pglite } : { dataDir: join(opts.dataDir ?? './data', 'pglite') },
  );
  try {
    await migrate(database.db);
    await seed(database.db);
    await refuseSandboxUnlessAsked(database.db, opts);
  } catch (e) {
    await database.close();
    throw e;
  }
  const log = opts.log ?? logger;
  const bus = await createBus({ redisUrl: opts.redisUrl, prefix: opts.redisPrefix, log });
  const clock = { now: () => new Date() };
  const { app, auth, stockImport, followJobs, pointsJobs, activityJobs, bonusJobs, wechatJobs, batchJobs, membershipWatch, rongOutbox, ledgerHealth, orderJobs, payments, notices } = createApp({
    db: database.db,
    backend: database.backend,
    clock,
    accessTtlSeconds: opts.accessTtlSeconds ?? 900,
    trustProxy: opts.trustProxy,
    staticDir: opts.staticDir,
    uploadDir: join(opts.dataDir ?? './data', 'uploads'),
    // called only after a request, when gateway below exists
    onSessionsRevoked: (ids) => gateway.sessionsRevoked(ids),
    pushToUser: (id, event) => gateway.pushToUser(id, event),
    isOnline: (id) => gateway.isOnline(id),
    log,
    bus,
    limits: opts.limits,
    paymentSandbox: sandboxAllowed(opts),
    webhookAllowLoopback: opts.webhook?.allowLoopback,
    openKeySecret: opts.openKeySecret,
    alipay: opts.alipay,
    ...(opts.wechatMp ? (() => {
      const mp = createMpWechat(opts.wechatMp);
      return { wechat: mp, wechatOAuth: mp, wechatSiteUrl: opts.wechatMp.siteUrl };
    })() : {}),
    translator: createTranslator(opts.translate ?? {}),
    rongcloud: createRongCloud(opts.rongcloud ?? {}),
    sms: opts.sms ?? createSmsProvider(opts.smsConfig ?? { provider: 'log' }, log),
  });
  // the ledger's fast check (docs/operations.md, "Ledger check at start"): a failure is logged and fails /api/health; the server still serves
  await ledgerHealth.runAtStart(database.db, log);
  // opens (and on a first start prepares) the vPIC VIN database now, not at the first decode
  void sharedVpic(log);
  const gateway = createGateway({ resolveCaller: (t) => auth.resolveCaller(t), bus, revokedAmong: (ids) => auth.revokedAmong(ids) });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  gateway.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (e) => {
    gateway.close();
    await bus.close();
    await database.close();
    throw e;
  });
  const sweeper = startSweeper(database.db, clock, log, { uploadDir: join(opts.dataDir ?? './data', 'uploads'), orders: orderJobs });
  // stock imports left running by a server that stopped are run on (at start, then every minute)
  const resume = () => void stockImport.resumeStalled(database.db).catch((e) => log('warn', 'resuming stock imports failed', e));
  resume();
  const resumer = setInterval(resume, 60_000);
  resumer.unref();
  const watcher = startMembershipWatch(membershipWatch, log);
  // payments whose provider answer was lost (a notice, a crash) are asked of the provider (payment-sweep.ts)
  const paymentSweeper = startPaymentSweeper({ db: database.db, clock, log, ...payments });
  // spot orders (现货订单) not confirmed in time are cancelled (spot-sweep.ts)
  const spotSweeper = startSpotSweeper({ clock, log, expire: orderJobs.expireSpotOrders });
  // followed parts whose stock changed: notices to their followers (follow-sweep.ts, docs/basket-follows.md)
  const followSweeper = startFollowSweeper({ log, process: followJobs.process });
  // points left of a year expire after its end, holders told before (points-sweep.ts, docs/points.md)
  const pointsSweeper = startPointsSweeper({ clock, log, sweep: pointsJobs.sweep });
  // activities past their end give their unsold reserves back to the rows (activity-sweep.ts, docs/activities.md)
  const activitySweeper = startActivitySweeper({ clock, log, settle: activityJobs.settle });
  // last month's performance bonus is settled from its 8th day on (bonus-sweep.ts, docs/bonus.md)
  const bonusSweeper = startBonusSweeper({ clock, log, sweep: bonusJobs.sweep });
  // WeChat template messages left pending by a stopped server are sent (docs/wechat.md)
  const wechatSweeper = startIntervalJob({ name: 'wechat messages', log, everyMs: 60_000, run: wechatJobs.deliverPending });
  // the operators' batch jobs: a new one starts within seconds, one a stopped server left goes on from its last chunk (docs/batch-jobs.md)
  const batchRunner = startIntervalJob({ name: 'batch jobs', log, everyMs: 2_000, run: batchJobs.runPending });
  // RongCloud calls left waiting by a stopped server, or failed, are retried here (rong-outbox.ts)
  const outboxWorker = rongOutbox?.start();
  // webhook deliveries, claimed by row lock so several processes never send one twice at once (docs/open-platform.md, "Webhooks")
  const webhookWorker = createWebhookWorker({ db: database.db, clock, log, notices, allowLoopback: opts.webhook?.allowLoopback, timeoutMs: opts.webhook?.timeoutMs }).start();
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    backend: database.backend,
    /** the sandbox may take payments (which take no money) */
    demoPayment: sandboxAllowed(opts),
    async close() {
      clearInterval(resumer);
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      // an import stops after its batch under way; the next process goes on from there
      await stockImport.stop();
      await sweeper.stop();
      await watcher.stop();
      await paymentSweeper.stop();
      await spotSweeper.stop();
      await followSweeper.stop();
      await pointsSweeper.stop();
      await activitySweeper.stop();
      await bonusSweeper.stop();
      await wechatSweeper.stop();
      // a job's tick ends after the chunk under way; the next process goes on from there
      batchJobs.stop();
      await batchRunner.stop();
      await outboxWorker?.stop();
      await webhookWorker.stop();
      await bus.close();
      await database.close();
    },
  };
};
