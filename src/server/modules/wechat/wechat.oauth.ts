/**
 * The official account's web authorisation (OAuth2 `snsapi_base`), which tells us a signed-in
 * user's openid for binding (docs/wechat.md, "Binding"). `authorizeUrl` is where the browser goes
 * to consent; WeChat then sends it back to `redirect` with `code` and our `state`, and `openidFor`
 * exchanges that code for the openid (rejecting with a Chinese reason when it cannot).
 *
 * The sandbox (the default when no app id and secret are configured) plays WeChat's consent on a
 * page of our own (`/wechat/sandbox`, 模拟微信授权), as the payments sandbox plays the checkout
 * (docs/money.md, "Payment providers"). Its code carries the openid the page shows.
 */
export interface WechatOAuth {
  readonly name: string;
  authorizeUrl(state: string, redirect: string): string;
  openidFor(code: string): Promise<string>;
}

export const SANDBOX_WECHAT = 'sandbox';
/** a sandbox code is this prefix and the openid the consent page chose */
export const SANDBOX_CODE_PREFIX = 'sbx.';
const OPENID_RE = /^[A-Za-z0-9_-]{6,64}$/;

export const createSandboxOAuth = (): WechatOAuth => ({
  name: SANDBOX_WECHAT,
  authorizeUrl: (state, redirect) => `/wechat/sandbox?${new URLSearchParams({ state, redirect_uri: redirect })}`,
  async openidFor(code) {
    const openid = code.startsWith(SANDBOX_CODE_PREFIX) ? code.slice(SANDBOX_CODE_PREFIX.length) : '';
    if (!OPENID_RE.test(openid)) throw new Error('微信授权码无效，请重新绑定');
    return openid;
  },
});
