/**
 * The one interface to whoever delivers text messages, and the one place that picks it from
 * configuration (SMS_PROVIDER). `log` writes each message, code included, to the server log: the
 * default, for running without an SMS contract. `webhook` posts each message as JSON to
 * SMS_WEBHOOK_URL (a relay in front of the operator's SMS gateway). Tests inject
 * `createRecordingSms()` instead.
 */
import type { SmsPurpose } from '../../../shared/domain/account-rules';

export interface SmsMessage {
  mobile: string;
  /** temp_password: an operator reset the password; `code` is the temporary password */
  purpose: SmsPurpose | 'temp_password';
  code: string;
  /** the text as a person receives it; template-based gateways send `code` instead */
  text: string;
}

export interface SmsProvider {
  readonly name: string;
  /** resolves once the gateway accepted the message; rejects when it did not */
  send(message: SmsMessage): Promise<void>;
}

export const SMS_PROVIDERS = ['log', 'webhook'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

type Log = (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void;

export const createLogSms = (log: Log): SmsProvider => ({
  name: 'log',
  async send(m) {
    log('info', `短信（未接入短信网关，仅写入日志）发往 ${m.mobile}：${m.text}`);
  },
});

/** POSTs {mobile, purpose, code, text}; any answer but 2xx within 10 s counts as not sent. */
export const createWebhookSms = (url: string): SmsProvider => ({
  name: 'webhook',
  async send(m) {
    const res = await fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: m.mobile, purpose: m.purpose, code: m.code, text: m.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
  },
});

/** Keeps every message in memory so a test can read the code it would have received. */
export const createRecordingSms = () => {
  const messages: SmsMessage[] = [];
  return {
    name: 'recording',
    messages,
    async send(m: SmsMessage) {
      messages.push(m);
    },
    /** the code of the newest message to this mobile (and purpose) */
    lastCode(mobile: string, purpose?: SmsMessage['purpose']): string | undefined {
      return messages.filter((m) => m.mobile === mobile && (!purpose || m.purpose === purpose)).at(-1)?.code;
    },
  } satisfies SmsProvider & Record<string, unknown>;
};
export type RecordingSms = ReturnType<typeof createRecordingSms>;

export const createSmsProvider = (config: { provider: SmsProviderName; webhookUrl?: string }, log: Log): SmsProvider => {
  switch (config.provider) {
    case 'log':
      // said once at start: with this provider anyone who reads the log can sign up or reset as anyone
      log('warn', 'SMS_PROVIDER=log：短信验证码写入服务器日志，仅供开发和演示使用；正式环境请设置 SMS_PROVIDER=webhook');
      return createLogSms(log);
    case 'webhook':
      if (!config.webhookUrl) throw new Error('SMS_PROVIDER=webhook 需要同时设置 SMS_WEBHOOK_URL');
      return createWebhookSms(config.webhookUrl);
  }
};
