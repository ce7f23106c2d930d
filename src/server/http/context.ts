import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Backend } from '../db/client';

/** The signed-in caller, resolved from the bearer token by auth.service. */
export interface Caller {
  userId: number;
  uuid: string;
  companyId: number;
  username: string;
  permissions: string[];
  sessionId: number;
}

/** The key of a signed open-platform call, checked by the open module's verifier (modules/open/open.verifier.ts). */
export interface OpenCaller {
  keyId: string;
  companyId: number;
  scopes: import('../../shared/contracts/open').OpenScope[];
  /** the call's Idempotency-Key header as sent; the handler decides what it means and checks it (openStockSync: its batch id) */
  idempotencyKey?: string;
}

/** What every handler gets. */
export interface RequestContext {
  /** the database handle to use: a transaction for idempotent writes */
  db: Kysely<DB>;
  caller: Caller | null;
  /** a partner's signed call (access 'open', docs/open-platform.md): the key, its company and scopes; scope every read and write to companyId */
  open?: OpenCaller;
  device: string;
  address: string;
  id?: string;
  /** only for auth handlers that need the raw bearer token */
  bearer?: string;
  /** the refresh-token cookie (http/session-cookie.ts): only the sign-in, refresh and logout handlers use it */
  session: import('./session-cookie').SessionCookie;
  /** runs `fn` once the call has succeeded and its writes are committed (pushes over /ws) */
  afterCommit?: (fn: () => void) => void;
}

export interface Clock {
  now(): Date;
}

export interface AppDeps {
  db: Kysely<DB>;
  backend: Backend;
  clock: Clock;
  accessTtlSeconds: number;
  /** scrypt cost for new hashes; tests lower it */
  scryptN?: number;
  trustProxy?: boolean;
  staticDir?: string;
  /** where uploaded images are stored (DATA_DIR/uploads when served by startServer) */
  uploadDir?: string;
  /** a way for tests to set the client address without sockets */
  addressOf?: (req: Request) => string | undefined;
  /** called when sessions are revoked, so open sockets can be told (im/gateway) */
  onSessionsRevoked?: (sessionIds: number[]) => void;
  /** pushes an event to every open /ws socket of a user (im/gateway); unset: nobody is told */
  pushToUser?: (userId: number, event: object) => void;
  /** whether the user has an open /ws socket now, on any server process (im/gateway) */
  isOnline?: (userId: number) => Promise<boolean>;
  /** what server processes share (bus/bus.ts): the request token buckets; unset: this process's own */
  bus?: import('../bus/bus').Bus;
  log?: (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void;
  /** who delivers SMS codes; unset: the `log` provider (modules/sms/sms.provider.ts) */
  sms?: import('../modules/sms/sms.provider').SmsProvider;
  /** who delivers WeChat template messages; the log provider when left out (docs/wechat.md) */
  wechat?: import('../modules/wechat/wechat.provider').WechatProvider;
  /** who authorises a WeChat binding (docs/wechat.md, "Binding"); the sandbox (模拟微信授权) when left out */
  wechatOAuth?: import('../modules/wechat/wechat.oauth').WechatOAuth;
  /** WECHAT_SITE_URL: our address the authorisation returns to; unset: the page's own origin */
  wechatSiteUrl?: string;
  /** whether the sandbox payment provider (takes no money) may be used; default no (payment.providers.ts) */
  paymentSandbox?: boolean;
  /** ALIPAY_* settings (docs/operations.md, "Payments"); unset: no Alipay provider */
  alipay?: import('../modules/payment/alipay.provider').AlipayConfig;
  /** translates chat messages (modules/im/translator.ts); unset: no translation, the page hides its icon */
  translator?: import('../modules/im/translator').Translator;
  /** RongCloud's server API (RONGCLOUD_APP_KEY / _SECRET / _API_URL); unset: chat runs on our /ws only, getLoginIm refuses */
  rongcloud?: import('../modules/im/rongcloud').RongCloud;
  /** OPEN_KEY_SECRET: 64 hex characters, the AES-256-GCM key API-key secrets are stored under (modules/open/open.crypto.ts); unset: the development key */
  openKeySecret?: string;
  /** request budgets (http/limits.ts); unset: DEFAULT_LIMITS */
  limits?: typeof import('./limits').DEFAULT_LIMITS;
  /** WEBHOOK_ALLOW_LOOPBACK: webhook endpoints may be http:// on the loopback address (tests, development; docs/open-platform.md, "Webhooks") */
  webhookAllowLoopback?: boolean;
}
