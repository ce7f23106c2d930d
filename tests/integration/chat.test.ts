import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import WebSocket from 'ws';
import { IM_TEXT_MAX, imText, type ImMessage, type PayloadIn } from '../../src/shared/contracts';
import { startServer } from '../../src/server/server';
import { backends, clientFor, createTestEnv, envelope, runsBackendFreeTests, skipReason, type TestEnv } from './harness';

const SELLER = '00000000-0000-4000-8000-000000000002';
const BUYER = '00000000-0000-4000-8000-000000000004';
/** a real 1×1 PNG */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const cid = () => `c-${randomUUID()}`;
/** the text of a message (undefined for an image or a card) */
const textOf = (m: ImMessage | undefined) => (m && 'content' in m.content ? m.content.content : undefined);
const text = (targetId: string, content: string, client_msg_id = cid()): PayloadIn<'imSend'> => ({ client_msg_id, targetId, messageType: 'RC:TxtMsg', content: { content } });

describe.each(backends)('chat on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'imSend / imHistory / imConversations / imMarkRead / imUnreadCount / imContact', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    let member: string;
    let clerk: string;
    let trial: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      [buyer, seller, member, clerk, trial] = await Promise.all(['buyer', 'seller', 'member', 'clerk', 'trial'].map(async (u) => (await env.login(u)).access_token));
    });
    afterAll(async () => env?.close());

    const send = (token: string, payload: PayloadIn<'imSend'>, idempotencyKey?: string) => env.api('imSend', payload, { token, idempotencyKey });
    const unread = (token: string) => env.api('imUnreadCount', {}, { token });
    const conversations = (token: string) => env.api('imConversations', {}, { token });
    const history = (token: string, query: PayloadIn<'imHistory'>) => env.api('imHistory', query, { token });
    const sync = (token: string, since: PayloadIn<'imSync'>['since']) => env.api('imSync', { since }, { token });
    const count = async (table: string) => Number((await env.database.db.selectFrom(table as 'im_message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    it('sends, lists conversations with unread counts, pages history, marks read', async () => {
      const first = await send(buyer, text(SELLER, '  你好，请问 06A115561B 机油滤清器有货吗？ '));
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        conversationType: 1, messageDirection: 1, senderUserId: BUYER, targetId: SELLER, messageType: 'RC:TxtMsg',
        content: { content: '你好，请问 06A115561B 机油滤清器有货吗？' },
      });
      for (let i = 1; i <= 24; i++) expect((await send(i % 2 ? seller : buyer, text(i % 2 ? BUYER : SELLER, `第${i}条`))).status).toBe(200);

      const sellerUnread = await unread(seller);
      expect(sellerUnread.body.data).toEqual({ unreadTotal: 13 });
      expect((await unread(buyer)).body.data).toEqual({ unreadTotal: 12 });

      const list = await conversations(seller);
      expect(list.body.data.unreadTotal).toBe(13);
      expect(list.body.data.conversations).toHaveLength(1);
      expect(list.body.data.conversations[0]).toMatchObject({
        conversationType: 1, targetId: BUYER, name: '王志强', company_name: '申通汽修', unread: 13,
        latestMessage: { content: { content: '第24条' }, messageDirection: 2, senderUserId: BUYER, targetId: BUYER },
      });

      // newest 20 in time order, then the rest; sentTime strictly increases
      const page1 = await history(seller, { targetId: BUYER });
      expect(page1.body.data.messages).toHaveLength(20);
      expect(page1.body.data.hasMore).toBe(true);
      expect(textOf(page1.body.data.messages.at(-1))).toBe('第24条');
      const times = page1.body.data.messages.map((m) => m.sentTime);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(new Set(times).size).toBe(times.length);
      const page2 = await history(seller, { targetId: BUYER, before: times[0] });
      expect(page2.body.data.hasMore).toBe(false);
      expect(page2.body.data.messages.map(textOf)).toEqual(['你好，请问 06A115561B 机油滤清器有货吗？', '第1条', '第2条', '第3条', '第4条']);

      const read = await env.api('imMarkRead', { targetId: BUYER }, { token: seller });
      expect(read.body.data).toEqual({ unreadTotal: 0 });
      expect((await conversations(seller)).body.data.conversations[0].unread).toBe(0);
      // the buyer's side is untouched
      expect((await unread(buyer)).body.data).toEqual({ unreadTotal: 12 });

      // what a reconnecting client missed, from a time on
      const missed = await sync(seller, times[18]);
      expect(missed.body.data.messages.map(textOf)).toEqual(['第23条', '第24条']);
    });

    it('stores a message once for one client message id, and refuses the id for another message', async () => {
      const id = cid();
      const before = await count('im_message');
      const a = await send(buyer, text(SELLER, '同一条消息', id));
      const b = await send(buyer, text(SELLER, '同一条消息', id));
      expect(b.status).toBe(200);
      expect(b.body.data).toEqual(a.body.data);
      expect(await count('im_message')).toBe(before + 1);
      // through the outbox, with an Idempotency-Key as well
      const key = randomUUID();
      const c = await send(buyer, text(SELLER, '同一条消息', id), key);
      expect(c.body.data).toEqual(a.body.data);
      expect(await count('im_message')).toBe(before + 1);
      const other = await send(buyer, text(SELLER, '另一条消息', id));
      expect(other.status).toBe(409);
      expect(other.body.client_msg).toBe(imText.clientIdReused);
      expect(await count('im_message')).toBe(before + 1);
    });

    it('a user reads only their own conversations', async () => {
      await send(buyer, text(SELLER, '只给卖家看的'));
      // the clerk of the same company, another member, a trial member: none of them sees it
      for (const token of [clerk, member, trial]) {
        const h = await history(token, { targetId: SELLER });
        expect(h.body.data.messages.map(textOf)).not.toContain('只给卖家看的');
        const h2 = await history(token, { targetId: BUYER });
        expect(h2.body.data.messages.map(textOf)).not.toContain('只给卖家看的');
        const all = await sync(token, 0);
        expect(all.body.data.messages.map(textOf)).not.toContain('只给卖家看的');
        expect((await conversations(token)).body.data.conversations.map((c) => c.targetId)).not.toContain(BUYER);
      }
      expect((await unread(clerk)).body.data).toEqual({ unreadTotal: 0 });
      expect((await env.api('imHistory', { targetId: SELLER })).status).toBe(401);
    });

    it('shows contact phone and QQ to formal members only', async () => {
      const formal = await env.api('imContact', { uuid: SELLER }, { token: buyer });
      expect(formal.body.data).toMatchObject({
        uuid: SELLER, nick_name: '陈骏达', company_id: 2, contacts_visible: true, contact_phone: expect.any(String), contact_qq: expect.any(String),
      });
      expect(formal.body.data.contact_phone).not.toBe('');
      expect(formal.body.data.company_area_list.length).toBe(1);
      expect(formal.body.data.company_brand_list.length).toBeGreaterThan(0);
      for (const token of [member, trial]) {
        const registered = await env.api('imContact', { uuid: SELLER }, { token });
        expect(registered.status).toBe(200);
        expect(registered.body.data.contacts_visible).toBe(false);
        expect(registered.body.data).not.toHaveProperty('contact_phone');
        expect(registered.body.data).not.toHaveProperty('contact_qq');
        expect(JSON.stringify(registered.body.data)).not.toContain(formal.body.data.contact_phone);
        expect(registered.body.data.company_name).toBe(formal.body.data.company_name);
      }
    });

    it('finds the company contact: the owner', async () => {
      expect((await env.api('imCompanyContact', { company_id: 2 }, { token: buyer })).body.data).toEqual({ uuid: SELLER, nick_name: '陈骏达', company_name: expect.any(String) });
      // a generated parts company: its seeded owner answers
      const generated = await env.database.db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id')
        .select(['app_user.uuid', 'app_user.display_name', 'company.id']).where('app_user.username', '=', 'seller6').executeTakeFirstOrThrow();
      expect((await env.api('imCompanyContact', { company_id: generated.id }, { token: buyer })).body.data).toMatchObject({ uuid: generated.uuid, nick_name: generated.display_name });
      const none = await env.api('imCompanyContact', { company_id: 999999 }, { token: buyer });
      expect(none.status).toBe(404);
      expect(none.body.client_msg).toBe(imText.noCompanyContact);
    });

    it('refuses to send for users without allow_im, and changes nothing', async () => {
      const before = await count('im_message');
      for (const token of [member, clerk]) {
        const r = await send(token, text(SELLER, '我想咨询'));
        expect(r.status).toBe(403);
        expect(r.body.client_msg).toBe(imText.notAllowed);
      }
      expect(await count('im_message')).toBe(before);
    });

    it('refuses bad input with a Chinese message naming the problem, and stores nothing', async () => {
      const before = await count('im_message');
      // a message type the contract does not know: sent raw
      const voice = { client_msg_id: cid(), targetId: SELLER, messageType: 'RC:VcMsg', content: { content: 'x' } };
      const refusedVoice = await env.callRaw('POST', '/api/im/messages', { token: buyer, body: voice });
      expect(refusedVoice.status, JSON.stringify(voice).slice(0, 80)).toBe(422);
      expect(envelope(refusedVoice.body).field).toBe('messageType');
      expect(envelope(refusedVoice.body).client_msg).toContain(imText.content);
      const cases: Array<[PayloadIn<'imSend'>, string, string]> = [
        [text(SELLER, '   '), 'content.content', imText.text],
        [text(SELLER, 'x'.repeat(IM_TEXT_MAX + 1)), 'content.content', imText.textTooLong],
        [text(SELLER, '你好', 'short'), 'client_msg_id', imText.clientMsgId],
        [text('not-a-uuid', '你好'), 'targetId', imText.targetId],
        [{ client_msg_id: cid(), targetId: SELLER, messageType: 'RC:ImgMsg', content: { imageUri: 'https://example.com/a.png' } }, 'content.imageUri', imText.imageUri],
        [{ client_msg_id: cid(), targetId: SELLER, messageType: 'RC:ImgMsg', content: { imageUri: `/api/uploads/${'a'.repeat(32)}.png` } }, 'content.imageUri', imText.imageNotOurs],
        [text(BUYER, '自言自语'), 'targetId', imText.notSelf],
      ];
      for (const [body, field, message] of cases) {
        const r = await send(buyer, body);
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(r.body.field).toBe(field);
        expect(r.body.client_msg).toContain(message);
      }
      const gone = await send(buyer, text('00000000-0000-4000-8000-00000000ffff', '你好'));
      expect(gone.status).toBe(404);
      expect(gone.body.client_msg).toBe(imText.noSuchUser);
      expect((await history(buyer, { targetId: SELLER, count: 99 })).body.client_msg).toContain(imText.count);
      expect((await sync(buyer, 'yesterday')).body.client_msg).toContain(imText.since);
      expect(await count('im_message')).toBe(before);
    });

    it('sends an image the sender uploaded', async () => {
      const up = await env.api('fileUpload', { base64_data: PNG_1PX, file_name: 'part.png' }, { token: buyer });
      const imageUri = up.body.data.file_path;
      const r = await send(buyer, { client_msg_id: cid(), targetId: SELLER, messageType: 'RC:ImgMsg', content: { imageUri } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ messageType: 'RC:ImgMsg', content: { imageUri } });
      // someone else's upload cannot be sent as one's own
      const foreign = await send(seller, { client_msg_id: cid(), targetId: BUYER, messageType: 'RC:ImgMsg', content: { imageUri } });
      expect(foreign.status).toBe(422);
      expect(foreign.body.client_msg).toContain(imText.imageNotOurs);
    });
  });
});

describe.runIf(runsBackendFreeTests)('chat delivery over /ws', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', pglite: await PGlite.create() });
  });
  afterAll(async () => server?.close());

  const login = async (username: string, device: string) =>
    (await clientFor(server.url).api('userAuth', { username, password: 'demo123456' }, { device })).body.data.access_token;
  const connect = (token: string) =>
    new Promise<{ ws: WebSocket; events: Array<{ type: string; [k: string]: unknown }> }>((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, ['qph', `bearer.${token}`]);
      const events: Array<{ type: string }> = [];
      ws.on('message', (m) => {
        events.push(JSON.parse(String(m)));
        if (events.length === 1) resolve({ ws, events });
      });
      ws.on('error', reject);
    });
  const send = async (token: string, payload: PayloadIn<'imSend'>) => (await clientFor(server.url).api('imSend', payload, { token })).body;
  const markRead = async (token: string, payload: PayloadIn<'imMarkRead'>) => (await clientFor(server.url).api('imMarkRead', payload, { token })).body;

  it('pushes a stored message to every socket of the recipient and to the sender\'s other tabs, once per send', async () => {
    const buyer = await login('buyer', 'pc');
    const sellerPc = await connect(await login('seller', 'pc'));
    const sellerApp = await connect(await login('seller', 'app'));
    const buyerTab = await connect(buyer);
    const clerk = await connect(await login('clerk', 'pc'));
    const id = cid();
    const sent = await send(buyer, text(SELLER, '有货吗？', id));
    expect(sent.code).toBe(200);
    const imOf = (c: { events: Array<{ type: string }> }) => c.events.filter((e) => e.type === 'imMessage');
    await expect.poll(() => imOf(sellerPc).length).toBe(1);
    await expect.poll(() => imOf(sellerApp).length).toBe(1);
    await expect.poll(() => imOf(buyerTab).length).toBe(1);
    expect(imOf(sellerPc)[0]).toMatchObject({ message: { clientMsgId: id, senderUserId: BUYER, targetId: BUYER, messageDirection: 2, content: { content: '有货吗？' } }, unreadTotal: 1 });
    expect(imOf(buyerTab)[0]).toMatchObject({ message: { clientMsgId: id, targetId: SELLER, messageDirection: 1 }, unreadTotal: 0 });
    // sending the same id again stores and pushes nothing new
    await send(buyer, text(SELLER, '有货吗？', id));
    // reading clears the badge on the reader's other devices
    await markRead(await login('seller', 'h5'), { targetId: BUYER });
    await expect.poll(() => sellerApp.events.filter((e) => e.type === 'imRead').length).toBe(1);
    expect(sellerApp.events.find((e) => e.type === 'imRead')).toEqual({ type: 'imRead', targetId: BUYER, unreadTotal: 0 });
    expect(imOf(sellerPc)).toHaveLength(1);
    expect(imOf(clerk)).toHaveLength(0);
    expect(clerk.events.map((e) => e.type)).toEqual(['hello']);
    for (const c of [sellerPc, sellerApp, buyerTab, clerk]) c.ws.close();
  });

  it('a member without allow_im gets nothing pushed to anyone', async () => {
    const sellerPc = await connect(await login('seller', 'pad'));
    const r = await send(await login('member', 'pc'), text(SELLER, '你好'));
    expect(r.code).toBe(403);
    // a message sent after the refused one arrives on the same socket after anything the refused
    // one could have pushed: once it is there, the refused one would have been too
    const after = cid();
    expect((await send(await login('buyer', 'pad'), text(SELLER, '之后的消息', after))).code).toBe(200);
    await expect.poll(() => sellerPc.events.filter((e) => e.type === 'imMessage').length).toBe(1);
    expect(sellerPc.events.filter((e) => e.type === 'imMessage')).toMatchObject([{ message: { clientMsgId: after, senderUserId: BUYER } }]);
    sellerPc.ws.close();
  });
});
