/**
 * The RongCloud transport's server side against a local fake of RongCloud's server API: getLoginIm
 * fetches a user token (signed as RongCloud documents it: App-Key, Nonce, Timestamp, Signature =
 * SHA1(secret + nonce + timestamp)) and keeps it per user; the message-routing callback, signed by
 * "RongCloud" in its query (nonce, signTimestamp, signature), stores the message by our rules.
 * No live RongCloud account is used: this machine cannot reach RongCloud.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { IM_TEXT_MAX, imText, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { createRongCloud, RongCloudError } from '../../src/server/modules/im/rongcloud';
import { createRongOutbox, OUTBOX_STUCK_AFTER } from '../../src/server/modules/im/rong-outbox';
import { rongText } from '../../src/server/modules/im/im.rong';
import { parseEnv } from '../../src/server/env';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

const SELLER = '00000000-0000-4000-8000-000000000002';
const OPERATOR = '00000000-0000-4000-8000-000000000001';
const BUYER = '00000000-0000-4000-8000-000000000004';
const MEMBER = '00000000-0000-4000-8000-000000000005';

const APP_KEY = 'qph5test0appkey';
const APP_SECRET = 'S3cr3t-of-the-fake';
/** the documented signature, written out here on its own so a mistake in ours cannot hide */
const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');

/** A fake of RongCloud's server API: user/getToken.json with the signature checked as documented. */
const fakeRongCloud = async () => {
  const calls: Array<{ path: string; headers: Record<string, string>; form: Record<string, string>; failed?: boolean }> = [];
  let issued = 0;
  /** how many of the next calls answer 500 (RongCloud down for a while): the outbox must try again */
  const state = { failNext: 0 };
  /** RongCloud's idea of each group's members (group/join.json, group/quit.json) */
  const groups = new Map<string, { name: string; members: Set<string> }>();
  /** RongCloud's blacklists: user → users whose messages it refuses */
  const blacklists = new Map<string, Set<string>>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const h = (n: string) => String(req.headers[n.toLowerCase()] ?? '');
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push({ path: req.url ?? '', headers: { appKey: h('App-Key'), nonce: h('Nonce'), timestamp: h('Timestamp'), signature: h('Signature'), type: h('Content-Type') }, form });
      const json = (status: number, o: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      if (state.failNext > 0) {
        state.failNext -= 1;
        calls[calls.length - 1].failed = true;
        json(500, { code: 1000, errorMessage: 'server busy' });
        return;
      }
      if (h('App-Key') !== APP_KEY || !h('Nonce') || !/^\d{13}$/.test(h('Timestamp')) || h('Signature') !== sha1(APP_SECRET + h('Nonce') + h('Timestamp'))) {
        json(401, { code: 1004, errorMessage: 'signature error' });
        return;
      }
      if (req.method === 'POST' && req.url === '/user/getToken.json' && h('Content-Type').startsWith('application/x-www-form-urlencoded') && form.userId) {
        issued += 1;
        json(200, { code: 200, userId: form.userId, token: `tok-${form.userId}-${issued}` });
        return;
      }
      const params = new URLSearchParams(body);
      if (req.method === 'POST' && (req.url === '/group/join.json' || req.url === '/group/create.json') && params.get('groupId') && params.get('groupName') && params.getAll('userId').length) {
        const g = groups.get(params.get('groupId')!) ?? { name: '', members: new Set<string>() };
        g.name = params.get('groupName')!;
        for (const u of params.getAll('userId')) g.members.add(u);
        groups.set(params.get('groupId')!, g);
        json(200, { code: 200 });
        return;
      }
      if (req.method === 'POST' && req.url === '/group/quit.json' && params.get('groupId') && params.getAll('userId').length) {
        for (const u of params.getAll('userId')) groups.get(params.get('groupId')!)?.members.delete(u);
        json(200, { code: 200 });
        return;
      }
      if (req.method === 'POST' && (req.url === '/message/private/publish.json' || req.url === '/message/group/publish.json') && form.fromUserId && form.objectName && form.content) {
        json(200, { code: 200 });
        return;
      }
      if (req.method === 'POST' && (req.url === '/user/blacklist/add.json' || req.url === '/user/blacklist/remove.json') && form.userId && form.blackUserId) {
        const list = blacklists.get(form.userId) ?? new Set<string>();
        if (req.url === '/user/blacklist/add.json') list.add(form.blackUserId);
        else list.delete(form.blackUserId);
        blacklists.set(form.userId, list);
        json(200, { code: 200 });
        return;
      }
      json(404, { code: 1000, errorMessage: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { calls, groups, blacklists, state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
};

describe('RongCloud server API client against the fake', () => {
  let fake: Awaited<ReturnType<typeof fakeRongCloud>>;
  beforeAll(async () => void (fake = await fakeRongCloud()));
  afterAll(() => fake?.close());

  it('signs user/getToken so the fake accepts it, and a wrong secret is refused by the fake (401)', async () => {
    const rc = createRongCloud({ appKey: APP_KEY, appSecret: APP_SECRET, apiUrl: fake.url })!;
    expect(await rc.getToken({ userId: BUYER, name: '王买家', portraitUri: '' })).toMatch(new RegExp(`^tok-${BUYER}-\\d+$`));
    const bad = createRongCloud({ appKey: APP_KEY, appSecret: 'wrong', apiUrl: fake.url })!;
    const e = await bad.getToken({ userId: BUYER, name: 'x', portraitUri: '' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RongCloudError);
    expect((e as RongCloudError).status).toBe(401);
  });

  it('RONGCLOUD_* in the environment: both key and secret or neither, a base URL that is one', () => {
    expect(parseEnv({ RONGCLOUD_APP_KEY: APP_KEY, RONGCLOUD_APP_SECRET: APP_SECRET })).toMatchObject({ ok: true });
    const half = parseEnv({ RONGCLOUD_APP_KEY: APP_KEY });
    expect(half.ok).toBe(false);
    expect(!half.ok && half.message).toContain('RONGCLOUD_APP_SECRET');
    const url = parseEnv({ RONGCLOUD_APP_KEY: APP_KEY, RONGCLOUD_APP_SECRET: APP_SECRET, RONGCLOUD_API_URL: 'api-cn.ronghub.com' });
    expect(!url.ok && url.message).toContain('RONGCLOUD_API_URL');
  });

  it('is not made without both app key and secret (chat then stays on /ws)', () => {
    expect(createRongCloud({})).toBeUndefined();
    expect(createRongCloud({ appKey: APP_KEY })).toBeUndefined();
    expect(createRongCloud({ appSecret: APP_SECRET })).toBeUndefined();
  });
});

describe.each(backends)('RongCloud transport, server side, on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let fake: Awaited<ReturnType<typeof fakeRongCloud>>;
    const t: Record<string, string> = {};
    beforeAll(async () => {
      fake = await fakeRongCloud();
      env = await createTestEnv(backend, { rongcloud: createRongCloud({ appKey: APP_KEY, appSecret: APP_SECRET, apiUrl: fake.url }) });
      for (const u of ['buyer', 'seller', 'member']) t[u] = (await env.login(u)).access_token;
      await env.database.db.updateTable('system_param').set({ value: JSON.stringify({ app_key: APP_KEY }) }).where('key', '=', 'im_client_params').execute();
    });
    afterAll(async () => {
      await env?.close();
      await fake?.close();
    });

    const call = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who] });
    const messages = async () => Number((await env.database.db.selectFrom('im_message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    /** posts a routed message as RongCloud would: form body, signature in the query */
    const route = (form: Record<string, string>, sign: { secret?: string; nonce?: string; ts?: string; signature?: string } = {}) => {
      const nonce = sign.nonce ?? String(Math.floor(Math.random() * 1e9));
      const ts = sign.ts ?? String(Date.now());
      const signature = sign.signature ?? sha1((sign.secret ?? APP_SECRET) + nonce + ts);
      return env.raw('POST', `/api/im/rongcloud/route?nonce=${nonce}&signTimestamp=${ts}&signature=${signature}`, {
        body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    };
    const textForm = (from: string, to: string, content: string, extra?: string, channelType = 'PERSON') => ({
      fromUserId: from, toUserId: to, objectName: 'RC:TxtMsg', content: JSON.stringify({ content, ...(extra ? { extra } : {}) }),
      channelType, msgTimestamp: String(Date.now()), msgUID: `BD2J-${randomUUID().slice(0, 4).toUpperCase()}-M5G4-R8JS`,
    });
    const text = textForm;

    it('getLoginIm fetches the caller\'s token from RongCloud once, signed as documented, and keeps it', async () => {
      const before = fake.calls.length;
      const first = await call('buyer', 'getLoginIm', { user_uuid: BUYER, client_type: 'web' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toMatchObject({ app_key: APP_KEY, user: { uuid: BUYER } });
      expect(first.body.data.token).toMatch(new RegExp(`^tok-${BUYER}-\\d+$`));
      expect(fake.calls).toHaveLength(before + 1);
      const asked = fake.calls.at(-1)!;
      expect(asked.path).toBe('/user/getToken.json');
      expect(asked.form).toMatchObject({ userId: BUYER, name: first.body.data.user.name });
      expect(asked.headers.signature).toBe(sha1(APP_SECRET + asked.headers.nonce + asked.headers.timestamp));

      // cached: the same token, RongCloud not asked again
      const again = await call('buyer', 'getLoginIm', { user_uuid: BUYER, client_type: 'web' });
      expect(again.body.data.token).toBe(first.body.data.token);
      expect(fake.calls).toHaveLength(before + 1);
      // refresh (the SDK said the token is invalid): a new one, kept from then on
      const fresh = await call('buyer', 'getLoginIm', { user_uuid: BUYER, client_type: 'web', refresh: true });
      expect(fresh.body.data.token).not.toBe(first.body.data.token);
      expect((await call('buyer', 'getLoginIm', { user_uuid: BUYER, client_type: 'web' })).body.data.token).toBe(fresh.body.data.token);
      expect(fake.calls).toHaveLength(before + 2);
    });

    it('getLoginIm refuses another user\'s token, another client type, and an im_client_params key that is not the server\'s', async () => {
      const other = await call('buyer', 'getLoginIm', { user_uuid: SELLER, client_type: 'web' });
      expect(other.status).toBe(403);
      expect(other.body.client_msg).toBe(imText.notSelfUser);
      // a client type the contract refuses: sent raw
      const app = await env.callRaw('POST', '/api/im/login', { token: t.buyer, body: { user_uuid: BUYER, client_type: 'app' } });
      expect(app.status).toBe(422);
      expect(envelope(app.body).client_msg).toContain(imText.clientType);
      await env.database.db.updateTable('system_param').set({ value: '{"app_key":"someoneelse"}' }).where('key', '=', 'im_client_params').execute();
      try {
        const mismatch = await call('seller', 'getLoginIm', { user_uuid: SELLER, client_type: 'web' });
        expect(mismatch.status).toBe(409);
        expect(mismatch.body.client_msg).toBe(rongText.keyMismatch);
      } finally {
        await env.database.db.updateTable('system_param').set({ value: JSON.stringify({ app_key: APP_KEY }) }).where('key', '=', 'im_client_params').execute();
      }
      expect(await env.database.db.selectFrom('im_rong_token').select('user_id').execute()).toHaveLength(1);
    });

    it('stores a routed private message once, so history, unread and the /ws push are as with imSend', async () => {
      const n = await messages();
      env.pushes.length = 0;
      const clientId = `c-${randomUUID()}`;
      const form = text(BUYER, SELLER, '  你好，刹车片有货吗？  ', clientId);
      const r = await route(form);
      expect(r.status).toBe(200);
      expect(envelope(await r.json()).data).toMatchObject({ stored: true });
      expect(await messages()).toBe(n + 1);

      const history = (await call('seller', 'imHistory', { targetId: BUYER })).body.data;
      expect(history.messages.at(-1)).toMatchObject({
        clientMsgId: clientId, senderUserId: BUYER, targetId: BUYER, messageDirection: 2, messageType: 'RC:TxtMsg', content: { content: '你好，刹车片有货吗？' },
      });
      const conv = (await call('seller', 'imConversations', {})).body.data;
      expect(conv.conversations.find((c) => c.targetId === BUYER)).toMatchObject({ unread: 1 });
      await expect.poll(() => env.pushes.filter((p) => p.event.type === 'imMessage').length).toBe(2);

      // RongCloud routes it again (or a replay): nothing new
      expect(envelope(await (await route(form)).json()).data).toMatchObject({ stored: true });
      expect(await messages()).toBe(n + 1);
      // without a client id in extra, RongCloud's msgUID stands in
      const bare = text(SELLER, BUYER, '有的');
      expect(envelope(await (await route(bare)).json()).data).toMatchObject({ stored: true });
      const back = (await call('buyer', 'imHistory', { targetId: SELLER })).body.data.messages.at(-1);
      expect(back).toMatchObject({ clientMsgId: bare.msgUID, content: { content: '有的' }, messageDirection: 2 });
    });

    it('refuses a callback without RongCloud\'s signature and stores nothing', async () => {
      const n = await messages();
      const form = text(BUYER, SELLER, '伪造的消息');
      for (const forged of [{ secret: 'not-the-secret' }, { signature: '0'.repeat(40) }, { signature: 'zz' }]) {
        const r = await route(form, forged);
        expect(r.status).toBe(403);
        expect(envelope(await r.json()).client_msg).toBe(rongText.signature);
      }
      // the signature of another nonce does not carry over
      const ts = String(Date.now());
      expect((await route(form, { nonce: '111', ts, signature: sha1(APP_SECRET + '222' + ts) })).status).toBe(403);
      const unsigned = await env.raw('POST', '/api/im/rongcloud/route', { body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(unsigned.status).toBe(403);
      expect(await messages()).toBe(n);
    });

    it('does not store what our rules refuse: a registered member, too long, empty, a card, an unknown user', async () => {
      const n = await messages();
      const refused = async (form: Record<string, string>, reason: string) => {
        const r = await route(form);
        expect(r.status).toBe(200);
        expect(envelope(await r.json()).data).toEqual({ stored: false, reason });
      };
      await refused(text(MEMBER, SELLER, '注册会员的消息'), imText.notAllowed);
      await refused(text(BUYER, SELLER, '长'.repeat(IM_TEXT_MAX + 1)), imText.textTooLong);
      await refused(text(BUYER, SELLER, '   '), imText.text);
      await refused(text(BUYER, '00000000-0000-4000-8000-0000000000ff', '没有这个人'), imText.noSuchUser);
      await refused({ ...text(BUYER, SELLER, ''), objectName: 'QPH:BizMsg', content: '{"SceneCode":"weChat-001"}' }, 'message type QPH:BizMsg is not stored');
      await refused({ ...text(BUYER, SELLER, ''), objectName: 'RC:ImgMsg', content: JSON.stringify({ content: '', imageUri: '/api/uploads/0123456789abcdef0123456789abcdef.jpg' }) }, imText.imageNotOurs);
      expect(await messages()).toBe(n);
    });

    it('stores routed group messages from members only', async () => {
      for (const f of [SELLER, MEMBER]) expect((await call('buyer', 'addFriend', { friend_uuid: f })).status).toBe(200);
      const made = await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '融云测试群' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const group = made.body.data.group_id;
      const n = await messages();
      expect(envelope(await (await route(text(SELLER, group, '群里好', undefined, 'GROUP'))).json()).data).toMatchObject({ stored: true });
      expect(envelope(await (await route(text(OPERATOR, group, '我不在群里', undefined, 'GROUP'))).json()).data).toEqual({ stored: false, reason: imText.notInGroup });
      expect(envelope(await (await route(text(MEMBER, group, '我是注册会员', undefined, 'GROUP'))).json()).data).toEqual({ stored: false, reason: imText.notAllowed });
      expect(await messages()).toBe(n + 1);
      const page = (await call('member', 'imHistory', { targetId: group, conversationType: 3 })).body.data;
      expect(page.messages.at(-1)).toMatchObject({ conversationType: 3, targetId: group, senderUserId: SELLER, content: { content: '群里好' } });
      const buyerList = (await call('buyer', 'imConversations', {})).body.data;
      expect(buyerList.conversations.find((c) => c.targetId === group)).toMatchObject({ unread: 1 });
    });

    it('mirrors our groups into RongCloud (group/join on create and add, group/quit on leaving), signed as documented', async () => {
      expect((await call('buyer', 'addFriend', { friend_uuid: SELLER })).status).toBe(200);
      expect((await call('buyer', 'addFriend', { friend_uuid: MEMBER })).status).toBe(200);
      const made = await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '镜像群' });
      const group = made.body.data.group_id;
      await expect.poll(() => [...(fake.groups.get(group)?.members ?? [])].sort()).toEqual([BUYER, SELLER, MEMBER].sort());
      expect(fake.groups.get(group)!.name).toBe('镜像群');
      const join = fake.calls.filter((c) => c.path === '/group/join.json').at(-1)!;
      expect(join.headers.signature).toBe(sha1(APP_SECRET + join.headers.nonce + join.headers.timestamp));
      expect((await call('seller', 'imGroupQuit', { group_id: group })).status).toBe(200);
      await expect.poll(() => [...(fake.groups.get(group)?.members ?? [])].sort()).toEqual([BUYER, MEMBER].sort());
    });

    it('拉黑: the blocked user\'s private sends are refused and stored nowhere, until unblocked; the list; RongCloud\'s blacklist follows', async () => {
      const text = (content: string): PayloadIn<'imSend'> => ({ client_msg_id: `c-${randomUUID()}`, targetId: SELLER, messageType: 'RC:TxtMsg', content: { content } });
      const blocked = await call('seller', 'imBlock', { uuid: BUYER });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      expect(blocked.body.data).toMatchObject({ uuid: BUYER, nick_name: expect.any(String), company_name: expect.any(String) });
      // twice: no change
      expect((await call('seller', 'imBlock', { uuid: BUYER })).status).toBe(200);
      const list = (await call('seller', 'imBlockList', {})).body.data;
      expect(list.map((b) => b.uuid)).toEqual([BUYER]);
      expect((await call('buyer', 'imBlockList', {})).body.data).toEqual([]);
      await expect.poll(() => [...(fake.blacklists.get(SELLER) ?? [])]).toEqual([BUYER]);

      const n = await messages();
      const refused = await call('buyer', 'imSend', text('还在吗？'));
      expect(refused.status).toBe(403);
      expect(refused.body.client_msg).toBe(imText.blocked);
      // the same through RongCloud's routing: not stored
      expect(envelope(await (await route({ ...textForm(BUYER, SELLER, '还在吗？') })).json()).data).toEqual({ stored: false, reason: imText.blocked });
      expect(await messages()).toBe(n);
      // the one who blocked may still write to the blocked user
      const reply = await env.api('imSend', { client_msg_id: `c-${randomUUID()}`, targetId: BUYER, messageType: 'RC:TxtMsg', content: { content: '不需要了' } }, { token: t.seller });
      expect(reply.status).toBe(200);
      expect(await messages()).toBe(n + 1);

      // bad input: oneself, a malformed uuid, nobody
      const self = await call('seller', 'imBlock', { uuid: SELLER });
      expect(self.status).toBe(422);
      expect(self.body.client_msg).toContain(imText.blockSelf);
      expect((await call('seller', 'imBlock', { uuid: 'x' })).status).toBe(422);
      expect((await call('seller', 'imBlock', { uuid: '00000000-0000-4000-8000-0000000000ff' })).status).toBe(404);
      expect((await call('seller', 'imBlockList', {})).body.data).toHaveLength(1);

      expect((await call('seller', 'imUnblock', { uuid: BUYER })).status).toBe(200);
      expect((await call('seller', 'imBlockList', {})).body.data).toEqual([]);
      await expect.poll(() => [...(fake.blacklists.get(SELLER) ?? [])]).toEqual([]);
      const again = await call('buyer', 'imSend', text('现在可以了吗？'));
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(await messages()).toBe(n + 2);
    });

    it('publishes to RongCloud what our server stores itself (a send over HTTP, a group message), with the client id in extra; routed ones are not sent back', async () => {
      const publishedWith = (text: string) => fake.calls.filter((c) => c.path.startsWith('/message/') && c.form.content?.includes(text));
      const clientId = `c-${randomUUID()}`;
      const sent = await call('buyer', 'imSend', { client_msg_id: clientId, targetId: SELLER, messageType: 'RC:TxtMsg', content: { content: '经由服务器发送' } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      await expect.poll(() => publishedWith('经由服务器发送').length).toBe(1);
      const one = publishedWith('经由服务器发送')[0];
      expect(one.path).toBe('/message/private/publish.json');
      expect(one.form).toMatchObject({ fromUserId: BUYER, toUserId: SELLER, objectName: 'RC:TxtMsg', isIncludeSender: '1' });
      expect(JSON.parse(one.form.content)).toEqual({ content: '经由服务器发送', extra: clientId });
      expect(one.headers.signature).toBe(sha1(APP_SECRET + one.headers.nonce + one.headers.timestamp));

      const group = (await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '发布测试群' })).body.data.group_id;
      expect((await call('buyer', 'sendIMGroupMsg', { client_msg_id: `c-${randomUUID()}`, to_group_id: group, messageType: 'RC:TxtMsg', content: { content: '群里经由服务器' } })).status).toBe(200);
      await expect.poll(() => publishedWith('群里经由服务器').length).toBe(1);
      expect(publishedWith('群里经由服务器')[0].path).toBe('/message/group/publish.json');
      expect(publishedWith('群里经由服务器')[0].form).toMatchObject({ fromUserId: BUYER, toGroupId: group, objectName: 'RC:TxtMsg' });

      // a message RongCloud routed to us is already in RongCloud: not published again
      expect(envelope(await (await route(textForm(SELLER, BUYER, '从融云来的'))).json()).data).toMatchObject({ stored: true });
      await new Promise((r) => setTimeout(r, 300));
      expect(publishedWith('从融云来的')).toHaveLength(0);
    });
  });
});

describe.each(backends)('RongCloud outbox (retries) on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'a RongCloud that fails a few times first', () => {
    let env: TestEnv;
    let fake: Awaited<ReturnType<typeof fakeRongCloud>>;
    const t: Record<string, string> = {};
    beforeAll(async () => {
      fake = await fakeRongCloud();
      env = await createTestEnv(backend, { accessTtlSeconds: 86400, rongcloud: createRongCloud({ appKey: APP_KEY, appSecret: APP_SECRET, apiUrl: fake.url }) });
      for (const u of ['buyer', 'seller', 'member']) t[u] = (await env.login(u)).access_token;
    });
    afterAll(async () => {
      await env?.close();
      await fake?.close();
    });

    const call = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who] });
    const send = (text: string) => call('buyer', 'imSend', { client_msg_id: `c-${randomUUID()}`, targetId: SELLER, messageType: 'RC:TxtMsg', content: { content: text } });
    const published = (text: string) => fake.calls.filter((c) => c.path.startsWith('/message/') && c.form.content?.includes(text));
    const accepted = (text: string) => published(text).filter((c) => !c.failed);
    const rows = () => env.database.db.selectFrom('im_rong_outbox').select(['key', 'kind', 'attempts', 'next_at', 'last_error']).orderBy('id').execute();
    const outbox = () => env.rongOutbox!;
    const later = (s: number) => env.clock.advance(s);

    it('a publish RongCloud refused is tried again after 2, 4, 8 s and sent once when RongCloud takes it; nothing is lost or doubled', async () => {
      fake.state.failNext = 3;
      expect((await send('稍后重试的消息')).status).toBe(200);
      await outbox().idle();
      expect(published('稍后重试的消息')).toHaveLength(1);
      expect(accepted('稍后重试的消息')).toHaveLength(0);
      let [row] = await rows();
      expect(row).toMatchObject({ kind: 'publish', attempts: 1 });
      expect(row.last_error).toContain('500');
      const wait = (r: typeof row) => (new Date(r.next_at).getTime() - env.clock.now().getTime()) / 1000;
      expect(wait(row)).toBeGreaterThanOrEqual(1.6);
      expect(wait(row)).toBeLessThanOrEqual(2.4);
      // not due yet: no call
      await outbox().runOnce();
      expect(published('稍后重试的消息')).toHaveLength(1);
      later(3);
      expect(await outbox().runOnce()).toEqual({ sent: 0, failed: 1 });
      [row] = await rows();
      expect(row.attempts).toBe(2);
      expect(wait(row)).toBeGreaterThanOrEqual(3.2);
      expect(wait(row)).toBeLessThanOrEqual(4.8);
      later(5);
      expect(await outbox().runOnce()).toEqual({ sent: 0, failed: 1 });
      later(10);
      expect(await outbox().runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(accepted('稍后重试的消息')).toHaveLength(1);
      expect(JSON.parse(accepted('稍后重试的消息')[0].form.content)).toMatchObject({ content: '稍后重试的消息', extra: expect.stringMatching(/^c-/) });
      expect(await rows()).toEqual([]);
      later(600);
      await outbox().runOnce();
      expect(published('稍后重试的消息')).toHaveLength(4);
      expect(accepted('稍后重试的消息')).toHaveLength(1);
    });

    it('survives a restart: another server process (a new outbox on the same database) sends what was waiting, once even when two run at once', async () => {
      fake.state.failNext = 1;
      expect((await send('重启之后发出')).status).toBe(200);
      await outbox().idle();
      expect(accepted('重启之后发出')).toHaveLength(0);
      later(5);
      const rc = createRongCloud({ appKey: APP_KEY, appSecret: APP_SECRET, apiUrl: fake.url })!;
      const a = createRongOutbox({ db: env.database.db, rong: rc, clock: env.clock });
      const b = createRongOutbox({ db: env.database.db, rong: rc, clock: env.clock });
      const results = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
      expect(accepted('重启之后发出')).toHaveLength(1);
      expect(await rows()).toEqual([]);
    });

    it('a call that keeps failing is reported stuck (log and /api/health), folds later changes of the same group into one row, and goes when RongCloud is back', async () => {
      const logs: string[] = [];
      const rc = createRongCloud({ appKey: APP_KEY, appSecret: APP_SECRET, apiUrl: fake.url })!;
      const ob = createRongOutbox({ db: env.database.db, rong: rc, clock: env.clock, log: (level, text) => logs.push(`${level} ${text}`), random: () => 0.5 });
      fake.state.failNext = 1000;
      expect((await call('buyer', 'addFriend', { friend_uuid: SELLER })).status).toBe(200);
      expect((await call('buyer', 'addFriend', { friend_uuid: MEMBER })).status).toBe(200);
      const group = (await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '故障期间建的群' })).body.data.group_id;
      expect((await call('member', 'imGroupQuit', { group_id: group })).status).toBe(200);
      await outbox().idle();
      for (let i = 0; i < OUTBOX_STUCK_AFTER; i++) {
        later(700);
        await ob.runOnce();
      }
      const waiting = await rows();
      expect(waiting.map((r) => r.key)).toEqual([`group:${group}`]);
      expect(waiting[0].attempts).toBeGreaterThanOrEqual(OUTBOX_STUCK_AFTER);
      expect(await ob.status()).toMatchObject({ pending: 1, stuck: 1 });
      expect(logs.some((l) => l.startsWith('error RongCloud outbox: 1 call(s) stuck'))).toBe(true);
      // beside the endpoint table: read raw
      const health = v.parse(v.object({ rong_outbox: v.unknown() }), envelope((await env.callRaw('GET', '/api/health')).body).data);
      expect(health.rong_outbox).toMatchObject({ pending: 1, stuck: 1, oldest_error: expect.stringContaining('500') });
      // the backoff stops growing at 10 minutes
      const wait = (new Date(waiting[0].next_at).getTime() - env.clock.now().getTime()) / 1000;
      expect(wait).toBeLessThanOrEqual(600);

      fake.state.failNext = 0;
      later(700);
      expect(await ob.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect([...(fake.groups.get(group)?.members ?? [])].sort()).toEqual([BUYER, SELLER].sort());
      expect(await ob.status()).toMatchObject({ pending: 0, stuck: 0 });
      expect(logs.at(-1)).toMatch(/^info RongCloud outbox: 0 call\(s\) stuck/);
    });
  });
});
