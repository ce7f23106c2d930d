/**
 * A local fake of Alipay's open gateway for tests (docs/money.md, "Payment providers"): it answers
 * the calls the SDK makes (alipay.trade.page.pay / wap.pay as a page, alipay.trade.query and
 * alipay.trade.refund as signed JSON), checks each request's RSA2 signature with the app's public
 * key, signs its answers and its asynchronous notices with its own RSA2 key (made here with
 * node:crypto), and sends notices to the app's notify_url, genuine or forged on purpose. It can
 * also lose an answer (do the work, then cut the connection), as a timeout or a crash would.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

export interface FakeTrade {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  method: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no: string;
  notify_url: string;
  return_url: string;
  gmt_payment?: string;
  /** out_request_no → refund amount (yuan) */
  refunds: Map<string, string>;
}

export interface NoticeOptions {
  /** sign with a key that is not Alipay's */
  forge?: boolean;
  /** change a field after signing (the signature then no longer matches) */
  tamper?: Record<string, string>;
  /** fields to send (and sign) instead of the trade's own */
  fields?: Record<string, string>;
  /** fields of the trade's own to leave out */
  omit?: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const pemOf = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
/** Alipay's content to sign: keys sorted, key=value joined by &, values as they are */
const signContent = (params: Record<string, string>, skip: string[]) =>
  Object.keys(params).filter((k) => !skip.includes(k)).sort().map((k) => `${k}=${params[k]}`).join('&');
const rsa2 = (key: KeyObject | string, text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

const readBody = (req: IncomingMessage) => new Promise<string>((resolve, reject) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  req.on('error', reject);
});

export type Deliver = (url: string, form: string) => Promise<string>;

export const startFakeAlipay = async (opts: { appId?: string; deliver?: Deliver } = {}) => {
  const appId = opts.appId ?? '2021000123456789';
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const strangerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const trades = new Map<string, FakeTrade>();
  /** every request whose signature verified: method and its biz_content */
  const calls: Array<{ method: string; biz: Record<string, string> }> = [];
  /** requests refused for their signature or app_id */
  const refusedRequests: string[] = [];
  let loseAnswers = 0;
  let loseFor: string | undefined;
  let tradeSeq = 0;
  const deliver: Deliver = opts.deliver ?? (async (url, form) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' }, body: form })).text());

  const signedJson = (method: string, body: Record<string, unknown>) => {
    const inner = JSON.stringify(body);
    return `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${rsa2(alipayKeys.privateKey, inner)}"}`;
  };
  const failure = (code: string, msg: string, sub_code: string, sub_msg: string) => ({ code, msg, sub_code, sub_msg });

  const answer = (method: string, biz: Record<string, string>): Record<string, unknown> => {
    const t = trades.get(biz.out_trade_no);
    if (method === 'alipay.trade.query') {
      if (!t) return failure('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      return {
        code: '10000', msg: 'Success', out_trade_no: t.out_trade_no, trade_no: t.trade_no, trade_status: t.status,
        total_amount: t.total_amount, buyer_logon_id: 'bu***@example.com', ...(t.gmt_payment ? { send_pay_date: t.gmt_payment } : {}),
      };
    }
    if (method === 'alipay.trade.refund') {
      if (!t) return failure('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      if (t.status !== 'TRADE_SUCCESS' && !(t.status === 'TRADE_CLOSED' && t.refunds.size > 0)) return failure('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      const refundedFen = () => [...t.refunds.values()].reduce((s, y) => s + Math.round(Number(y) * 100), 0);
      const seen = t.refunds.get(biz.out_request_no);
      if (seen === undefined) {
        const fen = Math.round(Number(biz.refund_amount) * 100);
        if (!(fen > 0) || refundedFen() + fen > Math.round(Number(t.total_amount) * 100)) return failure('40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        t.refunds.set(biz.out_request_no, biz.refund_amount);
        if (refundedFen() === Math.round(Number(t.total_amount) * 100)) t.status = 'TRADE_CLOSED';
      }
      return {
        code: '10000', msg: 'Success', out_trade_no: t.out_trade_no, trade_no: t.trade_no, buyer_logon_id: 'bu***@example.com',
        fund_change: seen === undefined ? 'Y' : 'N', refund_fee: (refundedFen() / 100).toFixed(2),
      };
    }
    return failure('40004', 'Business Failed', 'ACQ.INVALID_METHOD', `不支持的接口 ${method}`);
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === 'POST') Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
      const method = params.method ?? '';
      // the app's request must be signed with the app's key, for this app
      const verified = typeof params.sign === 'string' && params.app_id === appId
        && createVerify('RSA-SHA256').update(signContent(params, ['sign']), 'utf8').verify(appKeys.publicKey, params.sign, 'base64');
      if (!verified) {
        refusedRequests.push(method);
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify({ error_response: failure('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错') }));
        return;
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      calls.push({ method, biz });
      if (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay') {
        const had = trades.get(biz.out_trade_no);
        if (!had || had.status === 'WAIT_BUYER_PAY') {
          trades.set(biz.out_trade_no, {
            out_trade_no: biz.out_trade_no, total_amount: biz.total_amount, subject: biz.subject, method, status: 'WAIT_BUYER_PAY',
            trade_no: had?.trade_no ?? `2026${String(++tradeSeq).padStart(8, '0')}${randomBytes(6).toString('hex')}`,
            notify_url: params.notify_url, return_url: params.return_url, refunds: new Map(),
          });
        }
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        res.end(`<!doctype html><title>支付宝收银台</title><h1>${biz.subject}</h1><p>￥${biz.total_amount}</p>`);
        return;
      }
      const body = signedJson(method, answer(method, biz));
      if (loseAnswers > 0 && (!loseFor || biz.out_trade_no === loseFor)) {
        // the work is done; the answer never arrives
        loseAnswers -= 1;
        res.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      res.end(body);
    })().catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;

  const trade = (no: string) => {
    const t = trades.get(no);
    if (!t) throw new Error(`fake alipay: no trade ${no}`);
    return t;
  };

  /** The notice's fields for a trade as it is now (Alipay's trade_status_sync). */
  const noticeFields = (t: FakeTrade): Record<string, string> => ({
    notify_time: stamp(), notify_type: 'trade_status_sync', notify_id: randomBytes(16).toString('hex'), app_id: appId,
    charset: 'utf-8', version: '1.0', sign_type: 'RSA2', trade_no: t.trade_no, out_trade_no: t.out_trade_no,
    trade_status: t.status, total_amount: t.total_amount, receipt_amount: t.total_amount, buyer_pay_amount: t.total_amount,
    subject: t.subject, gmt_create: stamp(), ...(t.gmt_payment ? { gmt_payment: t.gmt_payment } : {}),
  });

  const signNotice = (fields: Record<string, string>, o: NoticeOptions = {}) => {
    const sign = rsa2(o.forge ? strangerKeys.privateKey : alipayKeys.privateKey, signContent(fields, ['sign', 'sign_type']));
    return new URLSearchParams({ ...fields, sign, ...(o.tamper ?? {}) }).toString();
  };

  return {
    appId,
    gateway,
    /** PEM keys: the app's (for ALIPAY_PRIVATE_KEY) and Alipay's public one (for ALIPAY_PUBLIC_KEY) */
    appPrivateKey: pemOf(appKeys.privateKey, 'pkcs8'),
    appPublicKey: pemOf(appKeys.publicKey, 'spki'),
    alipayPublicKey: pemOf(alipayKeys.publicKey, 'spki'),
    trades,
    calls,
    refusedRequests,
    trade,
    /** the next n gateway answers (about this order, when given) are lost after their work is done */
    loseNextAnswers(n: number, outTradeNo?: string) {
      loseAnswers = n;
      loseFor = outTradeNo;
    },
    /** the payer pays at Alipay's page */
    pay(no: string) {
      const t = trade(no);
      t.status = 'TRADE_SUCCESS';
      t.gmt_payment = stamp();
      return t;
    },
    /** the trade is closed unpaid (timeout or the payer gives up) */
    closeTrade(no: string) {
      trade(no).status = 'TRADE_CLOSED';
    },
    /** the signed notice for a trade as it is now (or with other fields), as Alipay posts it */
    noticeForm(no: string, o: NoticeOptions = {}) {
      const fields = { ...noticeFields(trade(no)), ...(o.fields ?? {}) };
      for (const k of o.omit ?? []) delete fields[k];
      return signNotice(fields, o);
    },
    /** posts a notice to the trade's notify_url; the app's plain-text answer */
    async notify(no: string, o: NoticeOptions = {}) {
      return deliver(trade(no).notify_url, this.noticeForm(no, o));
    },
    /** posts any form to a trade's notify_url (a replay of a saved notice) */
    async post(no: string, form: string) {
      return deliver(trade(no).notify_url, form);
    },
    /** Alipay repeats a notice until the answer is success (here: every gapMs, at most `times`) */
    async notifyUntilSuccess(no: string, times: number, gapMs: number) {
      const form = this.noticeForm(no);
      const answers: string[] = [];
      for (let i = 0; i < times; i += 1) {
        try {
          answers.push(await deliver(trade(no).notify_url, form));
        } catch (e) {
          answers.push(`error: ${(e as Error).message}`);
        }
        if (answers.at(-1) === 'success') break;
        await new Promise((r) => setTimeout(r, gapMs));
      }
      return answers;
    },
    /** the signed query Alipay adds to return_url when the payer comes back */
    returnQuery(no: string) {
      const t = trade(no);
      const fields: Record<string, string> = {
        app_id: appId, method: `${t.method}.return`, charset: 'utf-8', version: '1.0', sign_type: 'RSA2', timestamp: stamp(),
        out_trade_no: t.out_trade_no, trade_no: t.trade_no, total_amount: t.total_amount, seller_id: '2088000000000000',
      };
      return signNotice(fields);
    },
    stop: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
};

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
