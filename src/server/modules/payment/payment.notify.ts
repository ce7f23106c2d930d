/**
 * A provider's outcome reaching the purpose that owns the order number (docs/money.md, "Payment
 * providers"): its asynchronous notice (POST /api/pay/alipay/notify), the payer's return from its
 * page (GET /api/pay/alipay/return), and the payment sweep's trade query all end in
 * applyOutcome, which hands a verified outcome to the purpose's applyNotice (applied exactly once
 * there: the purpose locks its row and keys its ledger posting by the order number). A notice
 * that fails its signature, names an unknown order, disagrees on the amount, repeats or arrives
 * late changes nothing and leaves a log line.
 */
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { mountFileRoute, type FileEdge } from '../../http/file-route';
import { failpoint } from '../../failpoint';
import type { Logger } from '../../logger';
import type { PaymentNotice, PaymentProvider } from './payment.provider';
import type { PaymentProviders } from './payment.providers';
import type { PaymentPurpose } from './payment.purpose';
import { ALIPAY_NOTIFY_PATH, ALIPAY_RETURN_PATH, NoticeNotFinal } from './alipay.provider';

export interface OutcomeDeps {
  db: Kysely<DB>;
  purposes: readonly PaymentPurpose[];
  log: Logger;
}

type Applied = Awaited<ReturnType<PaymentPurpose['applyNotice']>>;

/**
 * Applies a verified outcome through its purpose. Returns the purpose's answer when the outcome
 * now holds on our side (applied now, or earlier by a notice it repeats), null when it changed
 * nothing for another reason (logged: unknown order, amount or provider disagreeing, arriving
 * after the order went the other way). Unexpected errors (the database) are thrown.
 */
export const applyOutcome = async (deps: OutcomeDeps, providerName: string, notice: PaymentNotice, source: 'notice' | 'query' | 'return'): Promise<Applied | null> => {
  const what = `${providerName} ${source} for ${notice.order_no} (${notice.outcome}, ${notice.amount_fen} fen, trade ${notice.trade_no})`;
  const purpose = deps.purposes.find((p) => p.owns(notice.order_no));
  if (!purpose) {
    deps.log('warn', `payment ${what} names no order of ours: changed nothing`);
    return null;
  }
  const committed: Array<() => void> = [];
  let r: Applied;
  try {
    r = await purpose.applyNotice(deps.db, providerName, notice, { afterCommit: (fn) => committed.push(fn) });
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    // a paid notice for an order already cancelled means money came in for nothing: a person must refund it
    deps.log(e.httpStatus === 409 && notice.outcome === 'paid' ? 'error' : 'warn', `payment ${what} refused: ${e.clientMsg}; changed nothing`);
    return null;
  }
  for (const fn of committed) fn();
  const expected = notice.outcome === 'paid' ? 'paid' : 'cancelled';
  if (r.state !== expected) {
    deps.log('warn', `payment ${what} arrived late: the order is ${r.state}; changed nothing`);
    return null;
  }
  deps.log('info', `payment ${what} holds: the order is ${r.state}`);
  return r;
};

/**
 * A provider's asynchronous notice: `success` when its outcome now holds on our side (so the
 * provider stops repeating it), `fail` otherwise (forged, refused, or not processed; a genuine
 * one is repeated by the provider, and the sweep asks for it too).
 */
export const receiveNotice = async (deps: OutcomeDeps, provider: PaymentProvider, raw: unknown): Promise<'success' | 'fail'> => {
  let notice: PaymentNotice;
  try {
    notice = await provider.verifyNotice(deps.db, raw);
  } catch (e) {
    const order = (raw as { out_trade_no?: unknown } | null)?.out_trade_no;
    if (e instanceof NoticeNotFinal) {
      deps.log('info', `payment ${provider.name} notice for ${String(order)} says ${e.message}: nothing to apply`);
      return 'success';
    }
    deps.log('warn', `payment ${provider.name} notice for ${String(order)} failed its check: ${e instanceof AppError ? e.clientMsg : String(e)}; changed nothing`);
    return 'fail';
  }
  // test-only: dies between verifying the notice and applying it (docs/operations.md, "Failpoints")
  failpoint('after-notice-verified');
  try {
    return (await applyOutcome(deps, provider.name, notice, 'notice')) ? 'success' : 'fail';
  } catch (e) {
    deps.log('error', `payment ${provider.name} notice for ${notice.order_no} could not be applied`, e);
    return 'fail';
  }
};

const formOf = async (text: string): Promise<Record<string, string>> => Object.fromEntries(new URLSearchParams(text));

/** Alipay's notify_url and return_url; they answer 404 while Alipay is not configured. */
export const mountPaymentRoutes = (app: Hono, edge: FileEdge, opts: { providers: PaymentProviders; purposes: readonly PaymentPurpose[]; log: Logger }) => {
  const deps = (db: Kysely<DB>): OutcomeDeps => ({ db, purposes: opts.purposes, log: opts.log });
  // Alipay posts the notice as a form and reads the plain-text answer: success, or fail to be asked again
  mountFileRoute(app, 'post', ALIPAY_NOTIFY_PATH, edge, { name: 'alipay notice', access: 'public' }, async ({ c }) => {
    const alipay = opts.providers.alipay;
    if (!alipay) return c.text('fail', 404);
    return c.text(await receiveNotice(deps(edge.deps.db), alipay, await formOf(await c.req.text())));
  });
  // the payer back from Alipay's page: its signed query names the order; we ask Alipay itself
  // (never the browser's word) and send the payer to the purpose's page for the order
  mountFileRoute(app, 'get', ALIPAY_RETURN_PATH, edge, { name: 'alipay return', access: 'public' }, async ({ c }) => {
    const alipay = opts.providers.alipay;
    if (!alipay) return c.redirect('/', 302);
    const form = Object.fromEntries(new URL(c.req.url).searchParams);
    if (!alipay.checkNotice(form)) {
      opts.log('warn', `payment alipay return for ${String(form.out_trade_no)} failed its signature check`);
      return c.redirect('/', 302);
    }
    try {
      const notice = await alipay.queryTrade(edge.deps.db, form.out_trade_no);
      const r = notice && notice.order_no === form.out_trade_no ? await applyOutcome(deps(edge.deps.db), alipay.name, notice, 'return') : null;
      return c.redirect(r?.return_url ?? '/', 302);
    } catch (e) {
      opts.log('warn', `payment alipay return for ${form.out_trade_no}: the trade could not be asked now (the sweep asks again)`, e instanceof AppError ? e.clientMsg : e);
      return c.redirect('/', 302);
    }
  });
};
