/** The environment, parsed once at start; a bad value stops the server with a message naming it. */
import * as v from 'valibot';
import { SMS_PROVIDERS } from './modules/sms/sms.provider';
import { normalisePrivateKey, normalisePublicKey } from './modules/payment/alipay.provider';

/** Whether a key given in the environment can be read (PEM, or one line of base64 DER). */
const keyReads = (kind: 'private' | 'public') => (text: string) => {
  try {
    (kind === 'private' ? normalisePrivateKey : normalisePublicKey)(text);
    return true;
  } catch {
    return false;
  }
};

const port = (name: string) =>
  v.pipe(v.string(), v.regex(/^\d+$/, `${name} 必须是 0 到 65535 之间的整数`), v.transform(Number), v.maxValue(65535, `${name} 必须是 0 到 65535 之间的整数`));

const rate = (name: string) =>
  v.pipe(
    v.string(), v.regex(/^\d+(\.\d+)?\/\d+$/, `${name} 格式为 每秒请求数/突发上限，如 30/200`),
    v.transform((t) => ({ perSecond: Number(t.split('/')[0]), burst: Number(t.split('/')[1]) })),
    v.check((r) => r.perSecond > 0 && r.burst >= 1, `${name} 的每秒请求数须大于 0，突发上限至少为 1`),
  );

const envSchema = v.object({
  PORT: v.optional(port('PORT'), '8080'),
  HOST: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9.:-]+$/, 'HOST 必须是主机名或 IP 地址，如 127.0.0.1 或 0.0.0.0')), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR 不能为空')), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL 必须是 postgres:// 或 postgresql:// 开头的连接串'))),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('STATIC_DIR 不能为空')), './dist'),
  ACCESS_TOKEN_TTL: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'ACCESS_TOKEN_TTL 必须是 60 到 86400 之间的秒数'), v.transform(Number), v.minValue(60, 'ACCESS_TOKEN_TTL 必须是 60 到 86400 之间的秒数'), v.maxValue(86400, 'ACCESS_TOKEN_TTL 必须是 60 到 86400 之间的秒数')), '900'),
  TRUST_PROXY: v.optional(v.picklist(['0', '1'], 'TRUST_PROXY 只能是 0 或 1'), '0'),
  SMS_PROVIDER: v.optional(v.picklist(SMS_PROVIDERS, `SMS_PROVIDER 只能是 ${SMS_PROVIDERS.join('、')} 之一`), 'log'),
  PAYMENT_PROVIDER: v.optional(v.picklist(['sandbox'], 'PAYMENT_PROVIDER 只能是 sandbox（演示支付，不会真实扣款）；真实支付渠道在运营平台的 pay_provider 中配置')),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/, 'REDIS_URL 必须是 redis:// 或 rediss:// 开头的地址'))),
  REDIS_PREFIX: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'REDIS_PREFIX 只能含字母、数字和 : _ . -，至多 64 个字符')), 'qph:'),
  RATE_LIMIT_USER: v.optional(rate('RATE_LIMIT_USER')),
  RATE_LIMIT_ADDRESS: v.optional(rate('RATE_LIMIT_ADDRESS')),
  HEAVY_RATE: v.optional(rate('HEAVY_RATE')),
  // the AES-256-GCM key of API-key secrets at rest (docs/open-platform.md, "Keys and signing"); required when NODE_ENV=production
  OPEN_KEY_SECRET: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'OPEN_KEY_SECRET 应为 64 位十六进制字符（32 字节密钥，可用 openssl rand -hex 32 生成）'))),
  HEAVY_AT_ONCE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'HEAVY_AT_ONCE 必须是 1 到 16 之间的整数'), v.transform(Number), v.minValue(1, 'HEAVY_AT_ONCE 必须是 1 到 16 之间的整数'), v.maxValue(16, 'HEAVY_AT_ONCE 必须是 1 到 16 之间的整数'))),
  TRANSLATE_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'TRANSLATE_URL 必须是 http:// 或 https:// 开头的地址'))),
  TRANSLATE_API_KEY: v.optional(v.pipe(v.string(), v.maxLength(200, 'TRANSLATE_API_KEY 最多 200 个字符'))),
  BAIDU_TRANSLATE_APPID: v.optional(v.pipe(v.string(), v.regex(/^\d{1,32}$/, 'BAIDU_TRANSLATE_APPID 应为百度翻译开放平台的 APP ID（数字）'))),
  BAIDU_TRANSLATE_KEY: v.optional(v.pipe(v.string(), v.regex(/^\S{1,128}$/, 'BAIDU_TRANSLATE_KEY 应为百度翻译开放平台的密钥（不含空格）'))),
  BAIDU_TRANSLATE_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'BAIDU_TRANSLATE_URL 必须是 http:// 或 https:// 开头的地址'))),
  RONGCLOUD_APP_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,64}$/, 'RONGCLOUD_APP_KEY 应为融云开发者后台的 App Key（字母和数字）'))),
  RONGCLOUD_APP_SECRET: v.optional(v.pipe(v.string(), v.regex(/^\S{1,128}$/, 'RONGCLOUD_APP_SECRET 应为融云开发者后台的 App Secret（不含空格）'))),
  RONGCLOUD_API_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'RONGCLOUD_API_URL 必须是 http:// 或 https:// 开头的地址，如 https://api-cn.ronghub.com'))),
  SMS_WEBHOOK_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'SMS_WEBHOOK_URL 必须是 http:// 或 https:// 开头的地址'))),
  // webhooks (docs/open-platform.md, "Webhooks"): http:// to the loopback address for tests and development; the per-request limit
  WEBHOOK_ALLOW_LOOPBACK: v.optional(v.picklist(['0', '1'], 'WEBHOOK_ALLOW_LOOPBACK 只能是 0 或 1'), '0'),
  WEBHOOK_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'WEBHOOK_TIMEOUT_MS 必须是 200 到 60000 之间的毫秒数'), v.transform(Number), v.minValue(200, 'WEBHOOK_TIMEOUT_MS 必须是 200 到 60000 之间的毫秒数'), v.maxValue(60000, 'WEBHOOK_TIMEOUT_MS 必须是 200 到 60000 之间的毫秒数'))),
  // Alipay (docs/operations.md, "Payments"): all of APP_ID, PRIVATE_KEY, PUBLIC_KEY and NOTIFY_BASE_URL, or none
  ALIPAY_APP_ID: v.optional(v.pipe(v.string(), v.regex(/^\d{8,32}$/, 'ALIPAY_APP_ID 应为支付宝开放平台的应用 APPID（数字）'))),
  ALIPAY_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.check(keyReads('private'), 'ALIPAY_PRIVATE_KEY 应为应用私钥（PEM，或支付宝密钥工具给出的一行 base64）'))),
  ALIPAY_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.check(keyReads('public'), 'ALIPAY_PUBLIC_KEY 应为支付宝公钥（PEM，或开放平台给出的一行 base64）'))),
  ALIPAY_GATEWAY: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'ALIPAY_GATEWAY 必须是 http:// 或 https:// 开头的地址，如 …/gateway.do'))),
  ALIPAY_NOTIFY_BASE_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'ALIPAY_NOTIFY_BASE_URL 必须是本站对外的 http:// 或 https:// 地址，支付宝据此回调和跳回'))),
  // the official account (docs/operations.md, "WeChat"): APP_ID and APP_SECRET together, or neither
  WECHAT_APP_ID: v.optional(v.pipe(v.string(), v.regex(/^wx[0-9a-f]{16}$/, 'WECHAT_APP_ID 应为公众号的 AppID（wx 加 16 位十六进制字符）'))),
  WECHAT_APP_SECRET: v.optional(v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{16,64}$/, 'WECHAT_APP_SECRET 应为公众号的 AppSecret（字母和数字）'))),
  WECHAT_API_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'WECHAT_API_URL 必须是 http:// 或 https:// 开头的地址'))),
  WECHAT_AUTHORIZE_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'WECHAT_AUTHORIZE_URL 必须是 http:// 或 https:// 开头的地址'))),
  WECHAT_SITE_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^\s/]+$/, 'WECHAT_SITE_URL 必须是本站对外的 http:// 或 https:// 地址（不带路径），微信授权后据此跳回'))),
});

export type Env = v.InferOutput<typeof envSchema>;

export type EnvResult = { ok: true; env: Env } | { ok: false; message: string };

export const parseEnv = (record: Record<string, string | undefined>): EnvResult => {
  const present = Object.fromEntries(Object.entries(record).filter(([, val]) => val !== undefined && val !== ''));
  const r = v.safeParse(envSchema, present);
  if (r.success && r.output.SMS_PROVIDER === 'webhook' && !r.output.SMS_WEBHOOK_URL) {
    return { ok: false, message: '环境变量 SMS_WEBHOOK_URL 未设置：SMS_PROVIDER=webhook 时必须设置短信网关地址' };
  }
  if (r.success && !r.output.RONGCLOUD_APP_KEY !== !r.output.RONGCLOUD_APP_SECRET) {
    return { ok: false, message: '环境变量 RONGCLOUD_APP_KEY 与 RONGCLOUD_APP_SECRET 须同时设置（使用融云）或同时不设（使用内置聊天服务）' };
  }
  if (r.success && !r.output.BAIDU_TRANSLATE_APPID !== !r.output.BAIDU_TRANSLATE_KEY) {
    return { ok: false, message: '环境变量 BAIDU_TRANSLATE_APPID 与 BAIDU_TRANSLATE_KEY 须同时设置（使用百度翻译）或同时不设' };
  }
  if (r.success && r.output.BAIDU_TRANSLATE_APPID && r.output.TRANSLATE_URL) {
    return { ok: false, message: '聊天翻译只能选一种：请只设置 TRANSLATE_URL（自建 LibreTranslate 兼容服务）或 BAIDU_TRANSLATE_APPID / BAIDU_TRANSLATE_KEY（百度翻译）之一' };
  }
  if (r.success) {
    const alipay = [r.output.ALIPAY_APP_ID, r.output.ALIPAY_PRIVATE_KEY, r.output.ALIPAY_PUBLIC_KEY, r.output.ALIPAY_NOTIFY_BASE_URL];
    if (alipay.some(Boolean) && !alipay.every(Boolean)) {
      return { ok: false, message: '环境变量 ALIPAY_APP_ID、ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY、ALIPAY_NOTIFY_BASE_URL 须同时设置（使用支付宝）或同时不设' };
    }
  }
  if (r.success && !r.output.WECHAT_APP_ID !== !r.output.WECHAT_APP_SECRET) {
    return { ok: false, message: '环境变量 WECHAT_APP_ID 与 WECHAT_APP_SECRET 须同时设置（使用公众号）或同时不设（消息写入日志，绑定用模拟微信授权）' };
  }
  if (r.success && !r.output.OPEN_KEY_SECRET && record.NODE_ENV === 'production') {
    return { ok: false, message: '环境变量 OPEN_KEY_SECRET 未设置：生产环境（NODE_ENV=production）必须设置接口密钥的加密密钥（64 位十六进制，openssl rand -hex 32）；开发环境不设时使用内置的开发密钥' };
  }
  if (r.success) return { ok: true, env: r.output };
  const issue = r.issues[0];
  const name = v.getDotPath(issue) ?? '';
  return { ok: false, message: `环境变量 ${name} 无效（当前值 ${JSON.stringify(present[name])}）：${issue.message}` };
};
