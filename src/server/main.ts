/** Reads the environment, starts the server, prints where it is and who can sign in. */
import { parseEnv } from './env';
import { startServer } from './server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed';
import { DEFAULT_LIMITS } from './http/limits';

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const env = parsed.env;

try {
  const server = await startServer({
    port: env.PORT, host: env.HOST, dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, staticDir: env.STATIC_DIR,
    accessTtlSeconds: env.ACCESS_TOKEN_TTL, trustProxy: env.TRUST_PROXY === '1',
    smsConfig: { provider: env.SMS_PROVIDER, webhookUrl: env.SMS_WEBHOOK_URL },
    paymentProvider: env.PAYMENT_PROVIDER,
    alipay: env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY && env.ALIPAY_NOTIFY_BASE_URL
      ? { appId: env.ALIPAY_APP_ID, privateKey: env.ALIPAY_PRIVATE_KEY, alipayPublicKey: env.ALIPAY_PUBLIC_KEY, gateway: env.ALIPAY_GATEWAY, notifyBaseUrl: env.ALIPAY_NOTIFY_BASE_URL }
      : undefined,
    wechatMp: env.WECHAT_APP_ID && env.WECHAT_APP_SECRET
      ? { appId: env.WECHAT_APP_ID, secret: env.WECHAT_APP_SECRET, apiBase: env.WECHAT_API_URL, authorizeBase: env.WECHAT_AUTHORIZE_URL, siteUrl: env.WECHAT_SITE_URL }
      : undefined,
    redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX,
    webhook: { allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === '1', timeoutMs: env.WEBHOOK_TIMEOUT_MS },
    openKeySecret: env.OPEN_KEY_SECRET,
    translate: { url: env.TRANSLATE_URL, apiKey: env.TRANSLATE_API_KEY, baidu: { appid: env.BAIDU_TRANSLATE_APPID, key: env.BAIDU_TRANSLATE_KEY, url: env.BAIDU_TRANSLATE_URL } },
    rongcloud: { appKey: env.RONGCLOUD_APP_KEY, appSecret: env.RONGCLOUD_APP_SECRET, apiUrl: env.RONGCLOUD_API_URL },
    limits: { ...DEFAULT_LIMITS, heavyAtOnce: env.HEAVY_AT_ONCE ?? DEFAULT_LIMITS.heavyAtOnce, heavyRate: env.HEAVY_RATE ?? DEFAULT_LIMITS.heavyRate, user: env.RATE_LIMIT_USER ?? DEFAULT_LIMITS.user, address: env.RATE_LIMIT_ADDRESS ?? DEFAULT_LIMITS.address },
  });
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${env.DATA_DIR}/pglite)`;
  const bus = env.REDIS_URL ? `\n推送与限流: Redis（REDIS_URL，前缀 ${env.REDIS_PREFIX}）` : '';
  if (server.demoPayment) process.stdout.write('注意：支付为演示支付（sandbox），不会真实扣款；会员升级无需付款。\n');
  process.stdout.write(
    `\n汽配汇 QipeiHub 已启动: ${server.url}\n数据库: ${where}${bus}\n\n演示账号（密码均为 ${DEMO_PASSWORD}）:\n` +
      DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(10)} ${a.role}`).join('\n') + '\n\n',
  );
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE') process.stderr.write(`端口 ${env.PORT} 已被占用：请关闭占用它的程序，或用 PORT=其他端口 npm start\n`);
  else if (err.code === 'EADDRNOTAVAIL') process.stderr.write(`无法监听地址 ${env.HOST}：请检查 HOST\n`);
  else if (err.code === 'ECONNREFUSED') process.stderr.write(`无法连接 DATABASE_URL 指定的 PostgreSQL：${err.message}\n`);
  else process.stderr.write(`启动失败：${err.stack ?? String(e)}\n`);
  process.exit(1);
}
