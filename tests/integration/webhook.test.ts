/**
 * Webhooks (docs/open-platform.md, "Webhooks"): endpoints registered by a company, deliveries
 * written in the business change's transaction, sent signed to a local receiver (node:http on
 * 127.0.0.1) by the worker with an injected clock (no real waiting for backoff), retried, failed
 * after 24 h with a notice, resent; a hanging receiver times out while the server keeps serving;
 * two workers never send one delivery twice; another company sees nothing of ours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { webhookText } from '../../src/shared/domain/webhook';
import { inTransaction } from '../../src/server/db/helpers';
import { createImService } from '../../src/server/modules/im/im.service';
import { enqueueWebhookEvent } from '../../src/server/modules/webhook/webhook.service';
import { createWebhookWorker, webhookBackoffMs } from '../../src/server/modules/webhook/webhook.worker';
import { endpointUrlProblem, networkErrorText } from '../../src/server/modules/webhook/webhook.net';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { openCall, openKey } from './open-partner.support';
import { assistantNotices, backends, createPostgresDatabase, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

export interface Received { headers: IncomingHttpHeaders; body: string; at: number }
export interface Receiver {
  url: string;
  got: Received[];
  /** how the next requests are answered: a status, or 'hang' (never answered) */
  mode: number | 'hang';
  hanging: ServerResponse[];
  stop(): Promise<void>;
}

/** A local HTTP receiver on 127.0.0.1. */
export const startReceiver = async (): Promise<Receiver> => {
  const r: Receiver = { url: '', got: [], mode: 200, hanging: [], stop: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      if (r.mode === 'hang') {
        r.hanging.push(res);
        return;
      }
      res.writeHead(r.mode, { 'content-type': 'text/plain' }).end(r.mode >= 300 ? 'receiver says no' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.stop = async () => {
    for (const h of r.hanging) h.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return r;
};

/** What a receiver does: recompute HMAC-SHA256(secret, `${timestamp}.${body}`) and compare. */
export const signatureValid = (secret: string, got: Received) =>
  createHmac('sha256', secret).update(`${String(got.headers['x-qipei-timestamp'])}.${got.body}`).digest('hex') === got.headers['x-qipei-signature'];

describe.each(backends)('webhooks on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'endpoints, deliveries, retries, resend', () => {
    let env: TestEnv;
    let receiver: Receiver;
    let seller: string;
    let buyer: string;
    let clerk: string;
    let stockId: number;
    let keyN = 0;
    const key = () => `webhook-test-${backend}-${++keyN}`;
    const worker = (o: { timeoutMs?: number; allowLoopback?: boolean } = {}) => createWebhookWorker({
      // a generous timeout: a loaded machine must not turn a 2xx into a timeout (the hanging test sets its own)
      db: env.database.db, clock: env.clock, allowLoopback: o.allowLoopback ?? true, timeoutMs: o.timeoutMs ?? 30_000, random: () => 0.5,
      notices: createImService({ clock: env.clock, db: env.database.db, isOnline: async () => false }),
    });
    const db = () => env.database.db;

    beforeAll(async () => {
      // tokens that outlive the tests' days moved on the clock
      env = await createTestEnv(backend, { stockRows: 50, webhookAllowLoopback: true, accessTtlSeconds: 10 * 86_400 });
      receiver = await startReceiver();
      stockId = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 1`.execute(db())).rows[0].id;
      await sql`update stock set quantity = 1000, price99 = 1500, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400, price5 = null where id = ${stockId}`.execute(db());
    }, 600_000);
    afterAll(async () => {
      await receiver?.stop();
      await env?.close();
    });
    beforeEach(async () => {
      // signed in afresh: a test that moves the clock a day on outlives the tokens
      [seller, buyer, clerk] = await Promise.all(['seller', 'buyer', 'clerk'].map(async (u) => (await env.login(u)).access_token));
      receiver.mode = 200;
      receiver.got.length = 0;
      await sql`delete from webhook_endpoint`.execute(db());
    });

    const add = async (token: string, events: string[], url = receiver.url) =>
      env.api('webhookEndpointAdd', { url, events: events as never }, { token, idempotencyKey: key() });
    const placeOrder = async (qty = 1) => {
      expect((await env.api('cartAdd', { stock_id: stockId, qty }, { token: buyer })).status).toBe(200);
      const items = (await env.api('cartList', {}, { token: buyer })).body.data.groups.flatMap((g) => g.items).filter((i) => i.stockId === stockId);
      const r = await env.api('cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS }, { token: buyer, idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.orders[0].order_no;
    };
    const deliveries = async (token: string) => (await env.api('webhookDeliveryList', {}, { token })).body.data;

    it('registers only reachable public https addresses (or loopback when allowed), shows the secret once, and only to the owner or an M07 holder', async () => {
      // SSRF: inner, link-local and metadata addresses are refused whatever the flag; plain http only to loopback with the flag
      for (const [url, text] of [
        ['https://10.1.2.3/hook', webhookText.urlPrivate], ['https://169.254.169.254/latest', webhookText.urlPrivate], ['https://192.168.1.10/x', webhookText.urlPrivate],
        ['https://[fe80::1]/x', webhookText.urlPrivate], ['https://[::ffff:10.0.0.1]/x', webhookText.urlPrivate], ['http://93.184.215.14/x', webhookText.urlHttps],
        ['ftp://example.com/x', webhookText.url], ['https://user:pw@93.184.215.14/x', webhookText.urlCredentials],
      ] as const) {
        const r = await add(seller, ['order.created'], url);
        expect(r.status, url).toBe(422);
        expect(r.body.msg, url).toContain(text);
        expect(r.body.field).toBe('url');
      }
      // without the development flag, loopback and a name resolving to it are refused too
      expect(await endpointUrlProblem('https://127.0.0.1/x', false)).toBe(webhookText.urlPrivate);
      expect(await endpointUrlProblem('https://localhost/x', false)).toBe(webhookText.urlPrivate);
      expect(await endpointUrlProblem(receiver.url, false)).toBe(webhookText.urlHttps);
      const none = await add(seller, []);
      expect(none.status).toBe(422);
      expect(none.body.msg).toContain(webhookText.events);
      expect((await env.api('webhookEndpointList', {}, { token: seller })).body.data).toEqual([]);

      const ok = await add(seller, ['order.created', 'stock.low']);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const list = (await env.api('webhookEndpointList', {}, { token: seller })).body.data;
      expect(list).toEqual([expect.objectContaining({ url: receiver.url, events: ['order.created', 'stock.low'], enabled: true, secret_hint: ok.body.data.secret.slice(-4) })]);
      expect(JSON.stringify(list)).not.toContain(ok.body.data.secret);

      // the clerk (M03, C11) may not; another company neither sees nor changes it
      expect((await env.api('webhookEndpointList', {}, { token: clerk })).status).toBe(403);
      expect((await add(clerk, ['order.created'])).status).toBe(403);
      expect((await env.api('webhookEndpointList', {}, { token: buyer })).body.data).toEqual([]);
      const id = list[0].id;
      expect((await env.api('webhookEndpointEnable', { id, enabled: false }, { token: buyer, idempotencyKey: key() })).status).toBe(404);
      expect((await env.api('webhookEndpointRemove', { id }, { token: buyer, idempotencyKey: key() })).status).toBe(404);
      const upd = await env.api('webhookEndpointUpdate', { id, url: receiver.url, events: ['order.paid'], stock_threshold: 7 }, { token: seller, idempotencyKey: key() });
      expect(upd.body.data).toMatchObject({ events: ['order.paid'], stock_threshold: 7 });
      expect((await env.api('webhookEndpointRemove', { id }, { token: seller, idempotencyKey: key() })).body.data).toEqual({ removed: true });
      expect((await env.api('webhookEndpointList', {}, { token: seller })).body.data).toEqual([]);
    });

    it('an order placed is posted, signed, to both companies\' endpoints once; 2xx is done and never sent again', async () => {
      const s = (await add(seller, ['order.created'])).body.data;
      const b = (await add(buyer, ['order.created', 'order.paid'])).body.data;
      // an endpoint for another event, and a disabled one, get nothing
      await add(seller, ['quote.received']);
      const off = (await add(seller, ['order.created'])).body.data;
      await env.api('webhookEndpointEnable', { id: off.endpoint.id, enabled: false }, { token: seller, idempotencyKey: key() });

      const orderNo = await placeOrder();
      const w = worker();
      expect(await w.runOnce()).toBe(2);
      expect(receiver.got).toHaveLength(2);
      const bodies = receiver.got.map((g) => JSON.parse(g.body) as { id: string; event: string; created_at: number; company_id: number; data: Record<string, unknown> });
      expect(bodies.map((x) => x.company_id).sort()).toEqual([2, 3]);
      for (const [i, g] of receiver.got.entries()) {
        const secret = bodies[i].company_id === 2 ? s.secret : b.secret;
        expect(signatureValid(secret, g)).toBe(true);
        // a receiver with the other company's secret (or a changed body) fails the check
        expect(signatureValid(bodies[i].company_id === 2 ? b.secret : s.secret, g)).toBe(false);
        expect(signatureValid(secret, { ...g, body: g.body.replace(orderNo, 'SO0') })).toBe(false);
        expect(g.headers['x-qipei-event']).toBe('order.created');
        expect(g.headers['x-qipei-delivery']).toMatch(/^[0-9a-f-]{36}$/);
        expect(Number(g.headers['x-qipei-timestamp'])).toBe(Math.floor(env.clock.now().getTime() / 1000));
        expect(bodies[i]).toMatchObject({ event: 'order.created', created_at: Math.floor(env.clock.now().getTime() / 1000), data: { order_no: orderNo, buyer_company_id: 3, seller_company_id: 2 } });
      }
      expect(new Set(receiver.got.map((g) => g.headers['x-qipei-delivery'])).size).toBe(2);
      const mine = await deliveries(seller);
      expect(mine.data).toEqual([expect.objectContaining({ event: 'order.created', state: 'done', attempts: 1, last_status: 200, last_error: '', endpoint_id: s.endpoint.id })]);
      // done means done: later passes, even after a day, send nothing
      env.clock.advance(86_400);
      expect(await w.runOnce()).toBe(0);
      expect(receiver.got).toHaveLength(2);
      // the buyer's log has its own delivery only; the seller's delivery is not the buyer's to read or resend
      expect((await deliveries(buyer)).data.map((d) => d.endpoint_id)).toEqual([b.endpoint.id]);
      expect((await env.api('webhookDeliveryAttempts', { id: mine.data[0].id }, { token: buyer })).status).toBe(404);
      expect((await env.api('webhookDeliveryResend', { id: mine.data[0].id }, { token: buyer, idempotencyKey: key() })).status).toBe(404);
    });

    it('a change that rolls back sends nothing; a refused checkout writes no delivery', async () => {
      await add(seller, ['order.created']);
      await expect(inTransaction(db(), async (trx) => {
        await enqueueWebhookEvent(trx, { event: 'order.created', companyIds: [2], data: { order_no: 'X' }, at: env.clock.now() });
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(await worker().runOnce()).toBe(0);
      expect(receiver.got).toHaveLength(0);
    });

    it('stock.low when a sale takes a row below the endpoint\'s threshold, once', async () => {
      await sql`update stock set quantity = 12 where id = ${stockId}`.execute(db());
      const s = (await env.api('webhookEndpointAdd', { url: receiver.url, events: ['stock.low'], stock_threshold: 10 }, { token: seller, idempotencyKey: key() })).body.data;
      await placeOrder(2);
      expect(await worker().runOnce()).toBe(0);
      await placeOrder(1);
      expect(await worker().runOnce()).toBe(1);
      await placeOrder(1);
      expect(await worker().runOnce()).toBe(0);
      expect(JSON.parse(receiver.got[0].body)).toMatchObject({ event: 'stock.low', company_id: 2, data: { stock_id: stockId, quantity: 9, threshold: 10 } });
      expect(signatureValid(s.secret, receiver.got[0])).toBe(true);
      await sql`update stock set quantity = 1000 where id = ${stockId}`.execute(db());
    });

    it('stock.low also when the seller sets or adjusts a quantity, or a partner\'s sync lowers it; never when it rises', async () => {
      await sql`update stock set quantity = 12, default_code = 'WH-LOW-1' where id = ${stockId}`.execute(db());
      await env.api('webhookEndpointAdd', { url: receiver.url, events: ['stock.low'], stock_threshold: 10 }, { token: seller, idempotencyKey: key() });
      const version = async () => (await sql<{ qty_version: number }>`select qty_version from stock where id = ${stockId}`.execute(db())).rows[0].qty_version;
      const setQty = async (quantity: number) => expect((await env.api('updateStockQty', { product_id: stockId, company_id: 2, quantity, qty_version: await version() }, { token: seller })).status).toBe(200);
      const adjust = async (delta: number) => expect((await env.api('adjustStockQty', { product_id: stockId, company_id: 2, delta }, { token: seller, idempotencyKey: key() })).status).toBe(200);
      const lows = () => receiver.got.map((g) => JSON.parse(g.body)).filter((b) => b.event === 'stock.low').map((b) => b.data.quantity);
      // 12 → 11 stays above; 11 → 9 falls below: one notice
      await setQty(11);
      await adjust(-2);
      await worker().runOnce();
      expect(lows()).toEqual([9]);
      // rising back over the threshold says nothing; falling below it again says it again
      await adjust(+5);
      await setQty(3);
      await worker().runOnce();
      expect(lows()).toEqual([9, 3]);
      // a partner's sync lowering it from 14 to 8
      await setQty(14);
      const partner = await openKey(env, (await env.login('seller')).access_token, ['stock:write']);
      expect((await openCall(partner, 'openStockSync', { batch_id: `low-${Date.now()}`, lines: [{ code: 'WH-LOW-1', delta: -6 }] })).status).toBe(200);
      await worker().runOnce();
      expect(lows()).toEqual([9, 3, 8]);
      await sql`update stock set quantity = 1000, default_code = '' where id = ${stockId}`.execute(db());
    });

    it('a failing receiver is retried with growing waits for 24 h, then the delivery fails, the endpoint is disabled and the company is told; 重新发送 sends it again', async () => {
      const s = (await add(seller, ['order.created'])).body.data;
      receiver.mode = 500;
      await placeOrder();
      const w = worker();
      expect(await w.runOnce()).toBe(1);
      let d = (await deliveries(seller)).data[0];
      expect(d).toMatchObject({ state: 'pending', attempts: 1, last_status: 500, last_error: 'HTTP 500: receiver says no' });
      // the next try waits its backoff: nothing before it
      expect(d.next_at - Math.floor(env.clock.now().getTime() / 1000)).toBe(webhookBackoffMs(1, () => 0.5) / 1000);
      env.clock.advance(webhookBackoffMs(1, () => 0.5) / 1000 - 1);
      expect(await w.runOnce()).toBe(0);
      const start = env.clock.now().getTime();
      for (let i = 0; i < 60 && d.state === 'pending'; i++) {
        env.clock.current = new Date(d.next_at * 1000);
        await w.runOnce();
        d = (await deliveries(seller)).data[0];
      }
      expect(d.state).toBe('failed');
      const attempts = (await env.api('webhookDeliveryAttempts', { id: d.id }, { token: seller })).body.data;
      expect(attempts.length).toBe(d.attempts);
      expect(attempts.length).toBeGreaterThan(10);
      expect(attempts.length).toBeLessThan(60);
      const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i].at);
      expect(gaps.slice(0, 5)).toEqual([10, 20, 40, 80, 160]);
      expect(Math.max(...gaps)).toBe(3600);
      expect(attempts.at(-1)!.at - attempts[0].at).toBeGreaterThanOrEqual(86_400 - 3600);
      expect(env.clock.now().getTime() - start).toBeLessThan(26 * 3600_000);
      expect(receiver.got).toHaveLength(attempts.length);
      // one delivery id on every attempt: the receiver can drop repeats
      expect(new Set(receiver.got.map((g) => g.headers['x-qipei-delivery'])).size).toBe(1);
      const told = await assistantNotices(env, 'seller');
      expect(told.some((n) => n.内容.includes('24 小时内未成功') && n.内容.includes(receiver.url))).toBe(true);
      expect(told.some((n) => n.内容.includes('已被自动停用'))).toBe(true);
      const ep = (await env.api('webhookEndpointList', {}, { token: seller })).body.data[0];
      expect(ep).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('24 小时') });
      // a disabled endpoint is not resent to; enabled again, 重新发送 makes a new delivery of the same event
      const refused = await env.api('webhookDeliveryResend', { id: d.id }, { token: seller, idempotencyKey: key() });
      expect(refused.status).toBe(409);
      await env.api('webhookEndpointEnable', { id: s.endpoint.id, enabled: true }, { token: seller, idempotencyKey: key() });
      receiver.mode = 200;
      receiver.got.length = 0;
      const again = (await env.api('webhookDeliveryResend', { id: d.id }, { token: seller, idempotencyKey: key() })).body.data;
      expect(again).toMatchObject({ state: 'pending', resend_of: d.id, event_id: d.event_id });
      expect(again.delivery_id).not.toBe(d.delivery_id);
      expect(await w.runOnce()).toBe(1);
      expect(JSON.parse(receiver.got[0].body).id).toBe(d.event_id);
      expect(receiver.got[0].headers['x-qipei-delivery']).toBe(again.delivery_id);
      expect(signatureValid(s.secret, receiver.got[0])).toBe(true);
      expect((await deliveries(seller)).data[0]).toMatchObject({ id: again.id, state: 'done' });
    });

    it('the address is checked again at delivery: without the loopback allowance nothing is sent', async () => {
      await add(seller, ['order.created']);
      await placeOrder();
      expect(await worker({ allowLoopback: false }).runOnce()).toBe(1);
      expect(receiver.got).toHaveLength(0);
      const d = (await deliveries(seller)).data[0];
      expect(d).toMatchObject({ state: 'pending', last_status: 0 });
      expect(d.last_error).toBe(webhookText.urlHttps);
    });

    it('a hanging receiver is cut at the timeout while the server keeps answering', async () => {
      await add(seller, ['order.created']);
      await placeOrder();
      receiver.mode = 'hang';
      const w = worker({ timeoutMs: 500 });
      const pass = w.runOnce();
      await expect.poll(() => receiver.got.length, { timeout: 10_000, interval: 20 }).toBe(1);
      // the receiver holds the request: the API answers meanwhile
      const list = await env.api('webhookEndpointList', {}, { token: seller });
      expect(list.status).toBe(200);
      expect(await pass).toBe(1);
      const d = (await deliveries(seller)).data[0];
      expect(d).toMatchObject({ state: 'pending', last_status: 0 });
      expect(d.last_error).toContain('超时');
      expect(d.last_duration_ms).toBeGreaterThanOrEqual(450);
    });

    it('two workers at once send each delivery exactly once to a receiver that answers 2xx', async () => {
      await add(seller, ['order.created']);
      await inTransaction(db(), async (trx) => {
        for (let i = 0; i < 40; i++) await enqueueWebhookEvent(trx, { event: 'order.created', companyIds: [2], data: { order_no: `N${i}` }, at: env.clock.now() });
      });
      const [a, b] = [worker(), worker()];
      const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(na + nb).toBe(40);
      expect(receiver.got).toHaveLength(40);
      expect(new Set(receiver.got.map((g) => g.headers['x-qipei-delivery'])).size).toBe(40);
      expect(new Set(receiver.got.map((g) => (JSON.parse(g.body) as { data: { order_no: string } }).data.order_no)).size).toBe(40);
      expect((await sql<{ n: number }>`select count(*)::int as n from webhook_delivery where state = 'done'`.execute(db())).rows[0].n).toBe(40);
      env.clock.advance(3600);
      expect(await Promise.all([a.runOnce(), b.runOnce()])).toEqual([0, 0]);
    });

    it('refuses IPv6 addresses that carry an IPv4 address inside (IPv4-compatible, translated, NAT64, Teredo, 6to4)', async () => {
      for (const allowLoopback of [false, true]) {
        for (const url of [
          'https://[::127.0.0.1]/x', 'https://[::7f00:1]/x', 'https://[::10.0.0.1]/x', 'https://[::8.8.8.8]/x', 'https://[::ffff:0:7f00:1]/x',
          'https://[64:ff9b::a00:1]/x', 'https://[64:ff9b:1::1]/x', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x', 'https://[2002:7f00:1::1]/x',
          'https://[::]/x', ...(allowLoopback ? [] : ['https://[::ffff:127.0.0.1]/x']),
        ]) expect(await endpointUrlProblem(url, allowLoopback), `${url} ${allowLoopback}`).toBe(webhookText.urlPrivate);
      }
      // public addresses stay allowed (literals: no lookup needed)
      for (const url of ['https://[2606:4700:4700::1111]/x', 'https://[2001:4860:4860::8888]/x', 'https://93.184.215.14/x']) expect(await endpointUrlProblem(url, false), url).toBeNull();
      const r = await add(seller, ['order.created'], 'https://[::127.0.0.1]/hook');
      expect(r.status).toBe(422);
      expect(r.body.msg).toContain(webhookText.urlPrivate);
    });

    it('network errors are logged in Chinese with the code: 连接被拒绝（ECONNREFUSED）, 域名无法解析, 证书无效 …', async () => {
      expect(networkErrorText(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }))).toBe('连接被拒绝（ECONNREFUSED）');
      expect(networkErrorText(Object.assign(new Error('getaddrinfo ENOTFOUND x.invalid'), { code: 'ENOTFOUND' }))).toBe('域名无法解析（ENOTFOUND）');
      expect(networkErrorText(Object.assign(new Error('getaddrinfo EAI_AGAIN x'), { code: 'EAI_AGAIN' }))).toBe('域名暂时无法解析（EAI_AGAIN）');
      expect(networkErrorText(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe('连接被重置（ECONNRESET）');
      expect(networkErrorText(Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }))).toBe('连接超时（ETIMEDOUT）');
      expect(networkErrorText(Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }))).toBe('证书无效（证书已过期）（CERT_HAS_EXPIRED）');
      expect(networkErrorText(Object.assign(new Error('x'), { code: 'CERT_REVOKED' }))).toBe('证书无效（CERT_REVOKED）');
      expect(networkErrorText(Object.assign(new Error('x'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' }))).toBe('TLS 握手失败（ERR_SSL_WRONG_VERSION_NUMBER）');
      expect(networkErrorText(Object.assign(new Error('x'), { code: 'EWHATEVER' }))).toBe('网络错误（EWHATEVER）');
      // a real refused connection, as the delivery log shows it
      const port = await freePort();
      await add(seller, ['order.created'], `http://127.0.0.1:${port}/hook`);
      await placeOrder();
      expect(await worker().runOnce()).toBe(1);
      const d = (await deliveries(seller)).data[0];
      expect(d).toMatchObject({ state: 'pending', last_status: 0, last_error: '连接被拒绝（ECONNREFUSED）' });
      const tried = (await env.api('webhookDeliveryAttempts', { id: d.id }, { token: seller })).body.data;
      expect(tried.map((a) => a.error)).toEqual(['连接被拒绝（ECONNREFUSED）']);
    });

    it('disabling an endpoint fails what waited for it (回调地址已停用): nothing stale is sent on enabling it again', async () => {
      const s = (await add(seller, ['order.created'])).body.data;
      receiver.mode = 500;
      await placeOrder();
      expect(await worker().runOnce()).toBe(1);
      // one tried and waiting for its retry, one not tried yet
      await placeOrder();
      expect((await deliveries(seller)).data.map((d) => d.state)).toEqual(['pending', 'pending']);
      expect((await env.api('webhookEndpointEnable', { id: s.endpoint.id, enabled: false }, { token: seller, idempotencyKey: key() })).status).toBe(200);
      const stopped = (await deliveries(seller)).data;
      expect(stopped.map((d) => [d.state, d.last_error])).toEqual([['failed', webhookText.deliveryStopped], ['failed', webhookText.deliveryStopped]]);
      expect(stopped.every((d) => d.finished_at === Math.floor(env.clock.now().getTime() / 1000) && d.next_at === 0)).toBe(true);
      // enabled again a day later: no burst of old events, no failures to tell
      env.clock.advance(86_400);
      receiver.mode = 200;
      receiver.got.length = 0;
      const before = (await assistantNotices(env, 'seller')).length;
      await env.api('webhookEndpointEnable', { id: s.endpoint.id, enabled: true }, { token: seller, idempotencyKey: key() });
      expect(await worker().runOnce()).toBe(0);
      expect(receiver.got).toHaveLength(0);
      expect((await assistantNotices(env, 'seller')).length).toBe(before);
      // a delivery written by a change that raced the disabling (committed after it) is failed by the worker, not sent
      await sql`update webhook_endpoint set enabled = false where id = ${s.endpoint.id}`.execute(db());
      await sql`insert into webhook_delivery (event_id, endpoint_id, company_id, event, body, next_at, give_up_at, created_at)
        values (gen_random_uuid(), ${s.endpoint.id}, 2, 'order.created', '{}', ${env.clock.now()}, ${new Date(env.clock.now().getTime() + 86_400_000)}, ${env.clock.now()})`.execute(db());
      expect(await worker().runOnce()).toBe(0);
      expect((await deliveries(seller)).data[0]).toMatchObject({ state: 'failed', last_error: webhookText.deliveryStopped });
      expect(receiver.got).toHaveLength(0);
    });

    it('a delivery is never sent after its 24 h: the last wait ends at the window, and one that waited past it (worker down) fails unsent, with a notice', async () => {
      await add(seller, ['order.created']);
      const now = () => env.clock.now().getTime();
      // an event 24 h less 5 s ago: its first failure would wait 10 s, past the window; the wait is cut at the window's end
      receiver.mode = 500;
      const windowEnd = new Date(now() + 5_000);
      await inTransaction(db(), (trx) => enqueueWebhookEvent(trx, { event: 'order.created', companyIds: [2], data: { order_no: 'LATE-1' }, at: new Date(windowEnd.getTime() - 86_400_000) }));
      expect(await worker().runOnce()).toBe(1);
      let d = (await deliveries(seller)).data[0];
      const giveUpAt = Math.floor(windowEnd.getTime() / 1000);
      expect(d).toMatchObject({ state: 'pending', attempts: 1, next_at: giveUpAt });
      env.clock.current = windowEnd;
      expect(await worker().runOnce()).toBe(0);
      d = (await deliveries(seller)).data[0];
      expect(d).toMatchObject({ state: 'failed', attempts: 1, last_error: 'HTTP 500: receiver says no', finished_at: giveUpAt });
      expect(receiver.got).toHaveLength(1);
      let told = await assistantNotices(env, 'seller');
      expect(told.at(-1)!.内容).toContain(`投递 ${d.delivery_id} 在 24 小时内未成功，已停止重试（最后一次：HTTP 500: receiver says no）`);

      // the worker was down for 25 h: the two deliveries that waited are failed without a request, one notice for both
      receiver.mode = 200;
      receiver.got.length = 0;
      await placeOrder();
      await placeOrder();
      env.clock.advance(25 * 3600);
      expect(await worker().runOnce()).toBe(0);
      expect(receiver.got).toHaveLength(0);
      const [a, b] = (await deliveries(seller)).data;
      expect([a.state, b.state, a.attempts, b.attempts]).toEqual(['failed', 'failed', 0, 0]);
      told = await assistantNotices(env, 'seller');
      expect(told.at(-1)!.内容).toContain(`发往 ${receiver.url} 的 2 条投递在 24 小时内未成功，已停止重试`);
    });

    it('at most 10 endpoints per company, also when additions race', async () => {
      const results = await Promise.all(Array.from({ length: 13 }, () => add(seller, ['order.created'])));
      expect(results.filter((r) => r.status === 200)).toHaveLength(10);
      expect(results.filter((r) => r.status === 409).map((r) => r.body.msg)).toEqual([webhookText.tooMany, webhookText.tooMany, webhookText.tooMany]);
      expect((await env.api('webhookEndpointList', {}, { token: seller })).body.data).toHaveLength(10);
    });
  });
});

const freePort = () => new Promise<number>((resolve) => {
  const srv = createNetServer();
  srv.listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as AddressInfo;
    srv.close(() => resolve(port));
  });
});

interface Child { proc: ChildProcess; out: string[]; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }

/** the server as `npm start` runs it (src/server/main.ts), until its start line is printed (as payment-crash.test.ts) */
const startChild = async (env: Record<string, string | undefined>): Promise<Child> => {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(process.cwd(), 'src', 'server', 'main.ts')], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => proc.once('exit', (code, signal) => r({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      out.push(chunk.toString());
      if (out.join('').includes('已启动')) resolve();
    });
    proc.stderr!.on('data', (c: Buffer) => out.push(c.toString()));
    void exited.then(() => reject(new Error(`the server stopped while starting:\n${out.join('')}`)));
  });
  return { proc, out, exited };
};

/**
 * kill -9 during a delivery (docs/open-platform.md, "Webhooks", "At least once"): the real server
 * runs as a child process; its worker posts the event to a receiver that holds the request; the
 * process is killed with SIGKILL while it waits; the restarted server sends the same delivery again
 * (same X-Qipei-Delivery) once the dead claim's lease has run out, the receiver answers 200, and a
 * receiver that drops delivery ids it has seen processes the event once.
 */
describe.each(backends)('kill -9 during a webhook delivery, on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'restart', () => {
    const cleanups: Array<() => Promise<void> | void> = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('the restarted server delivers the event, with the same delivery id, and it is done', async () => {
      const receiver = await startReceiver();
      cleanups.push(() => receiver.stop());
      const dir = mkdtempSync(join(tmpdir(), 'qph-webhook-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const pg = backend === 'postgres' ? await createPostgresDatabase() : undefined;
      if (pg) cleanups.push(() => pg.drop());
      const open = (): Promise<Database> => openDatabase(pg ? { databaseUrl: pg.url } : { dataDir: join(dir, 'data', 'pglite') });

      // a seeded database, an endpoint of company 2 and one order.created event waiting for it
      const prepared = await open();
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      try {
        await migrate(prepared.db);
        await seed(prepared.db, { scryptN: 1024, stockRows: 0 });
        await sql`insert into webhook_endpoint (company_id, url, events, secret, created_by) values (2, ${receiver.url}, '{order.created}', ${secret}, (select id from app_user where username = 'seller'))`.execute(prepared.db);
        await inTransaction(prepared.db, (trx) => enqueueWebhookEvent(trx, { event: 'order.created', companyIds: [2], data: { order_no: 'SO-CRASH' }, at: new Date() }));
      } finally {
        await prepared.close();
      }

      const port = await freePort();
      const { DATABASE_URL: _ignored, ...inherited } = process.env;
      const env = {
        ...inherited, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), STATIC_DIR: dir,
        ...(pg ? { DATABASE_URL: pg.url, PAYMENT_PROVIDER: 'sandbox' } : {}), WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_TIMEOUT_MS: '4000',
      };

      // first life: the receiver holds the request; the server is killed while it waits
      receiver.mode = 'hang';
      const first = await startChild(env);
      cleanups.push(() => void first.proc.kill('SIGKILL'));
      await expect.poll(() => receiver.got.length, { timeout: 60_000, interval: 50 }).toBe(1);
      first.proc.kill('SIGKILL');
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });

      // second life: the dead claim's lease runs out (twice the timeout plus 5 s) and the same delivery is sent again
      receiver.mode = 200;
      const second = await startChild(env);
      cleanups.push(() => void second.proc.kill('SIGKILL'));
      await expect.poll(() => receiver.got.length, { timeout: 60_000, interval: 100 }).toBe(2);
      const [a, b] = receiver.got;
      expect(b.headers['x-qipei-delivery']).toBe(a.headers['x-qipei-delivery']);
      expect(b.body).toBe(a.body);
      expect(signatureValid(secret, b)).toBe(true);
      // a receiver that drops delivery ids it has processed processes the event once
      const processed = new Set(receiver.got.map((g) => g.headers['x-qipei-delivery']));
      expect(processed.size).toBe(1);

      // stopped as an operator would; the delivery is done, its last attempt answered 200
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      second.proc.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
      expect(receiver.got).toHaveLength(2);
      const db = await open();
      try {
        const rows = (await sql<{ state: string; attempts: number; last_status: number }>`select state, attempts, last_status from webhook_delivery`.execute(db.db)).rows;
        expect(rows).toEqual([expect.objectContaining({ state: 'done', last_status: 200 })]);
      } finally {
        await db.close();
      }
    }, 600_000);
  });
});
