/**
 * The official account's own API (docs/wechat.md, "Providers"), chosen when WECHAT_APP_ID and
 * WECHAT_APP_SECRET are set (docs/operations.md, "WeChat"):
 *
 * - the access token (`/cgi-bin/token`, client_credential) is fetched once and kept until shortly
 *   before its `expires_in`; a send answered errcode 40001 / 40014 / 42001 (token invalid or
 *   expired) fetches a new one and tries once more;
 * - template messages go through `/cgi-bin/message/template/send`; errcode 0 is accepted, any
 *   other errcode rejects with `errcode N：errmsg`, which the send log shows;
 * - the web authorisation's code is exchanged at `/sns/oauth2/access_token` for the openid.
 *
 * `apiBase` and `authorizeBase` default to WeChat's documented hosts; tests point them at a local
 * HTTP server.
 */
import type { WechatProvider } from './wechat.provider';
import type { WechatOAuth } from './wechat.oauth';

export interface MpConfig {
  appId: string;
  secret: string;
  /** WECHAT_API_URL */
  apiBase?: string;
  /** WECHAT_AUTHORIZE_URL: the consent page of the web authorisation */
  authorizeBase?: string;
  /** WECHAT_SITE_URL: our site's address, for the message's link (a path of ours) */
  siteUrl?: string;
  timeoutMs?: number;
}

export const MP_API_DEFAULT = 'https://api.weixin.qq.com';
export const MP_AUTHORIZE_DEFAULT = 'https://open.weixin.qq.com/connect/oauth2/authorize';
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** a token is renewed this long before WeChat says it expires */
const MARGIN_MS = 5 * 60_000;

type Answer = { errcode?: number; errmsg?: string; [k: string]: unknown };

export const createMpWechat = (cfg: MpConfig, clock: { now: () => Date } = { now: () => new Date() }): WechatProvider & WechatOAuth => {
  const api = (cfg.apiBase ?? MP_API_DEFAULT).replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;
  let fetching: Promise<string> | null = null;

  const call = async (path: string, init?: { body: unknown }): Promise<Answer> => {
    let res: Response;
    try {
      res = await fetch(`${api}${path}`, {
        method: init ? 'POST' : 'GET',
        headers: init ? { 'content-type': 'application/json' } : undefined,
        body: init ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(cfg.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new Error(`无法连接微信公众号接口：${e instanceof Error ? e.message : String(e)}`);
    }
    if (!res.ok) throw new Error(`微信公众号接口答复 HTTP ${res.status}`);
    try {
      return (await res.json()) as Answer;
    } catch {
      throw new Error('微信公众号接口的答复不是 JSON');
    }
  };
  const refusal = (a: Answer) => `errcode ${a.errcode}：${a.errmsg ?? ''}`.trim();

  const fetchToken = async () => {
    const a = await call(`/cgi-bin/token?${new URLSearchParams({ grant_type: 'client_credential', appid: cfg.appId, secret: cfg.secret })}`);
    if (typeof a.access_token !== 'string' || !a.access_token) throw new Error(`获取 access_token 失败：${refusal(a)}`);
    const seconds = typeof a.expires_in === 'number' ? a.expires_in : 7200;
    token = { value: a.access_token, until: clock.now().getTime() + seconds * 1000 - MARGIN_MS };
    return token.value;
  };
  const accessToken = async (renew = false) => {
    if (!renew && token && token.until > clock.now().getTime()) return token.value;
    if (renew) token = null;
    // one fetch at a time: concurrent sends share it
    fetching ??= fetchToken().finally(() => { fetching = null; });
    return fetching;
  };

  return {
    name: 'mp',
    async send(m) {
      const body = {
        touser: m.openid, template_id: m.template_id,
        ...(cfg.siteUrl ? { url: `${cfg.siteUrl.replace(/\/+$/, '')}${m.link}` } : {}),
        data: Object.fromEntries(Object.entries(m.data).map(([k, value]) => [k, { value }])),
      };
      const sendWith = async (t: string) => call(`/cgi-bin/message/template/send?access_token=${encodeURIComponent(t)}`, { body });
      let a = await sendWith(await accessToken());
      if (a.errcode !== undefined && TOKEN_ERRORS.has(a.errcode)) a = await sendWith(await accessToken(true));
      if (a.errcode !== undefined && a.errcode !== 0) throw new Error(refusal(a));
    },
    authorizeUrl(state, redirect) {
      const q = new URLSearchParams({ appid: cfg.appId, redirect_uri: redirect, response_type: 'code', scope: 'snsapi_base', state });
      return `${cfg.authorizeBase ?? MP_AUTHORIZE_DEFAULT}?${q}#wechat_redirect`;
    },
    async openidFor(code) {
      const a = await call(`/sns/oauth2/access_token?${new URLSearchParams({ appid: cfg.appId, secret: cfg.secret, code, grant_type: 'authorization_code' })}`);
      if (typeof a.openid !== 'string' || !a.openid) throw new Error(`微信授权失败（${refusal(a)}），请重新绑定`);
      return a.openid;
    },
  };
};
