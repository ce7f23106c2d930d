/**
 * Alipay (支付宝) through its Node SDK (docs/money.md, "Payment providers"): page pay on a desktop,
 * wap pay on a phone, the asynchronous notice checked with Alipay's RSA2 public key, the trade
 * query and refunds. Every call to Alipay is signed with our application's private key and every
 * answer's signature is checked before it is believed. Amounts cross the wire as yuan with two
 * decimals ("12.34") and are turned into integer fen here and nowhere else.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { membershipMsg } from '../../../shared/messages';
import type { CheckoutRequest, PaymentNotice, PaymentProvider, RefundRequest } from './payment.provider';
import { paymentText } from './payment.text';

export const ALIPAY = 'alipay';
/** How long a trade stays payable; Alipay closes it after that (timeout_express). */
export const ALIPAY_TRADE_TIMEOUT = '30m';
/** A trade Alipay still does not know this long after its checkout began was never opened: it can no longer be paid. */
export const ALIPAY_ABANDONED_AFTER_MS = (30 + 15) * 60 * 1000;
export const ALIPAY_NOTIFY_PATH = '/api/pay/alipay/notify';
export const ALIPAY_RETURN_PATH = '/api/pay/alipay/return';

/** ALIPAY_* environment variables (docs/operations.md, "Payments"). */
export interface AlipayConfig {
  appId: string;
  /** our application's RSA private key: PEM, or the bare base64 that Alipay's key tool prints (PKCS#8 or PKCS#1) */
  privateKey: string;
  /** Alipay's RSA public key for this application: PEM or bare base64 */
  alipayPublicKey: string;
  /** the gateway (…/gateway.do); unset: the SDK's production gateway */
  gateway?: string;
  /** this server's public address, for notify_url and return_url */
  notifyBaseUrl: string;
  /** milliseconds before a call to Alipay counts as lost (default 5000) */
  timeoutMs?: number;
}

/** "12.34" → 1234; anything that is not a positive yuan amount with at most two decimals → NaN. */
export const yuanToFen = (yuan: unknown): number => {
  const m = typeof yuan === 'string' ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim()) : null;
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
export const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

const keyText = (text: string) => text.replace(/\\n/g, '\n').trim();
const derOrPem = (text: string, make: (k: { key: Buffer | string; format: 'pem' | 'der'; type?: 'pkcs8' | 'pkcs1' | 'spki' }) => KeyObject, types: Array<'pkcs8' | 'pkcs1' | 'spki'>) => {
  const t = keyText(text);
  if (t.includes('-----BEGIN')) return make({ key: t, format: 'pem' });
  let last: unknown;
  for (const type of types) {
    try {
      return make({ key: Buffer.from(t.replace(/\s+/g, ''), 'base64'), format: 'der', type });
    } catch (e) {
      last = e;
    }
  }
  throw last;
};
/** The private key as PKCS#8 PEM (the SDK is told so), whatever form it was given in. */
export const normalisePrivateKey = (text: string) =>
  derOrPem(text, (k) => createPrivateKey(k as Parameters<typeof createPrivateKey>[0]), ['pkcs8', 'pkcs1']).export({ type: 'pkcs8', format: 'pem' }).toString();
export const normalisePublicKey = (text: string) =>
  derOrPem(text, (k) => createPublicKey(k as Parameters<typeof createPublicKey>[0]), ['spki', 'pkcs1']).export({ type: 'spki', format: 'pem' }).toString();

const forged = () => new AppError(ResultCode.forbidden, 403, membershipMsg.signatureInvalid);
/** A notice that is genuine but names no outcome yet (WAIT_BUYER_PAY): acknowledged, nothing applied. */
export class NoticeNotFinal extends Error {}

/**
 * Alipay's trade states as our outcomes. TRADE_CLOSED after a full refund still means the trade
 * was paid (the refund is ours to record, not a closing): a notice about a refund carries
 * gmt_refund / refund_fee, and a query carries send_pay_date for a trade that was paid.
 */
const outcomeOf = (status: unknown, wasPaid: boolean): PaymentNotice['outcome'] | null => {
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') return 'paid';
  if (status === 'TRADE_CLOSED') return wasPaid ? 'paid' : 'closed';
  return null;
};

export const createAlipayProvider = (config: AlipayConfig, log?: (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void) => {
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: normalisePrivateKey(config.privateKey),
    keyType: 'PKCS8',
    alipayPublicKey: normalisePublicKey(config.alipayPublicKey),
    signType: 'RSA2',
    ...(config.gateway ? { gateway: config.gateway } : {}),
    timeout: config.timeoutMs ?? 5000,
  });
  const base = config.notifyBaseUrl.replace(/\/+$/, '');

  /** One signed call whose answer's signature is checked; a lost or unsigned answer is 503, never a guess. */
  const call = async (method: string, bizContent: Record<string, unknown>): Promise<AlipaySdkCommonResult> => {
    try {
      return await sdk.exec(method, { bizContent }, { validateSign: true });
    } catch (e) {
      log?.('warn', `alipay ${method} failed`, e instanceof Error ? e.message : e);
      throw new AppError(ResultCode.serverError, 503, paymentText.providerUnavailable);
    }
  };

  const provider: PaymentProvider & { checkNotice(raw: Record<string, string>): boolean } = {
    name: ALIPAY,
    abandonedAfterMs: ALIPAY_ABANDONED_AFTER_MS,
    async startCheckout(_db: Kysely<DB>, req: CheckoutRequest) {
      const phone = req.device === 'phone';
      const checkout_url = sdk.pageExecute(phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: req.order_no, total_amount: fenToYuan(req.amount_fen), subject: req.subject,
          product_code: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY', timeout_express: ALIPAY_TRADE_TIMEOUT,
        },
        notifyUrl: `${base}${ALIPAY_NOTIFY_PATH}`,
        returnUrl: `${base}${ALIPAY_RETURN_PATH}`,
      });
      return { checkout_url };
    },

    /** The signature and our app_id first; then the order, amount and outcome it names (docs/money.md, "Payment providers"). */
    async verifyNotice(_db: Kysely<DB>, raw: unknown): Promise<PaymentNotice> {
      const form = raw as Record<string, string>;
      if (!provider.checkNotice(form)) throw forged();
      const wasPaid = Boolean(form.gmt_refund || form.refund_fee || form.out_biz_no || form.gmt_payment);
      const outcome = outcomeOf(form.trade_status, wasPaid);
      if (!outcome) throw new NoticeNotFinal(String(form.trade_status));
      const amount_fen = yuanToFen(form.total_amount);
      if (!form.out_trade_no || !form.trade_no || !Number.isSafeInteger(amount_fen)) throw forged();
      return { order_no: form.out_trade_no, amount_fen, trade_no: form.trade_no, outcome };
    },

    /** Signed by Alipay for this application (the same check serves the payer's return to return_url). */
    checkNotice(form: Record<string, string>) {
      if (typeof form !== 'object' || form === null || typeof form.sign !== 'string') return false;
      try {
        if (!sdk.checkNotifySignV2(form)) return false;
      } catch {
        return false;
      }
      return form.app_id === config.appId;
    },

    async queryTrade(_db: Kysely<DB>, orderNo: string): Promise<PaymentNotice | null> {
      const r = await call('alipay.trade.query', { out_trade_no: orderNo });
      if (r.code === '40004' && r.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
      if (r.code !== '10000') {
        log?.('warn', `alipay trade query refused for ${orderNo}`, { code: r.code, sub_code: r.subCode, sub_msg: r.subMsg });
        throw new AppError(ResultCode.serverError, 503, paymentText.providerRefused(String(r.subMsg ?? r.msg ?? r.code)));
      }
      const outcome = outcomeOf(r.tradeStatus, Boolean(r.sendPayDate));
      if (!outcome) return null;
      const amount_fen = yuanToFen(r.totalAmount);
      if (r.outTradeNo !== orderNo || !Number.isSafeInteger(amount_fen)) {
        log?.('error', `alipay trade query for ${orderNo} answered another trade`, { out_trade_no: r.outTradeNo, total_amount: r.totalAmount });
        throw new AppError(ResultCode.serverError, 503, paymentText.providerUnavailable);
      }
      return { order_no: orderNo, amount_fen, trade_no: String(r.tradeNo), outcome };
    },

    /** alipay.trade.refund with out_request_no = refund_no: Alipay refunds one request number once. */
    async refund(_db: Kysely<DB>, req: RefundRequest) {
      if (!Number.isSafeInteger(req.amount_fen) || req.amount_fen <= 0) throw new AppError(ResultCode.invalidPayload, 422, paymentText.refundAmount);
      const r = await call('alipay.trade.refund', {
        out_trade_no: req.order_no, ...(req.trade_no ? { trade_no: req.trade_no } : {}),
        refund_amount: fenToYuan(req.amount_fen), out_request_no: req.refund_no, refund_reason: req.reason,
      });
      if (r.code !== '10000') {
        log?.('warn', `alipay refund ${req.refund_no} of ${req.order_no} refused`, { code: r.code, sub_code: r.subCode, sub_msg: r.subMsg });
        throw new AppError(ResultCode.conflict, 409, paymentText.providerRefused(String(r.subMsg ?? r.msg ?? r.code)));
      }
      return { refund_no: req.refund_no, amount_fen: req.amount_fen };
    },
  };
  return provider;
};

export type AlipayProvider = ReturnType<typeof createAlipayProvider>;
