/**
 * The one interface to whoever delivers WeChat template messages (docs/wechat.md, "Providers").
 * `log` writes each message to the server log and counts it as sent: the default, for running
 * without an official account. The official account's own API is `mp` (wechat.mp.ts), chosen by
 * WECHAT_APP_ID / WECHAT_APP_SECRET. Tests inject their own.
 */
export interface WechatSend {
  openid: string;
  template_id: string;
  /** keyword → text */
  data: Readonly<Record<string, string>>;
  /** the page the message opens, a path of ours */
  link: string;
}

export interface WechatProvider {
  readonly name: string;
  /** resolves once the provider accepted the message; rejects (with a reason) when it did not */
  send(message: WechatSend): Promise<void>;
}

type Log = (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void;

export const createLogWechat = (log: Log): WechatProvider => ({
  name: 'log',
  async send(m) {
    log('info', `微信模板消息（未接入公众号，仅写入日志）发往 ${m.openid}，模板 ${m.template_id}：${JSON.stringify(m.data)} ${m.link}`);
  },
});
