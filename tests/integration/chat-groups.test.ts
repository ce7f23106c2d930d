import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IM_ASSISTANT_UUID, IM_TEXT_MAX, imText, type EndpointName, type ImMessage, type PayloadIn } from '../../src/shared/contracts';
import { createTranslator } from '../../src/server/modules/im/translator';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const OPERATOR = '00000000-0000-4000-8000-000000000001';
const SELLER = '00000000-0000-4000-8000-000000000002';
const CLERK = '00000000-0000-4000-8000-000000000003';
const BUYER = '00000000-0000-4000-8000-000000000004';
const MEMBER = '00000000-0000-4000-8000-000000000005';
const TRIAL = '00000000-0000-4000-8000-000000000006';

const cid = () => `c-${randomUUID()}`;
/** the text of a message (undefined for an image or a card) */
const textOf = (m: ImMessage) => ('content' in m.content ? m.content.content : undefined);

/** A LibreTranslate-compatible fake: answers POST /translate, counts the calls, says which target it was asked for. */
const fakeTranslator = async () => {
  const calls: Array<{ q: string; source: string; target: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/translate') {
        res.writeHead(404).end();
        return;
      }
      const q = JSON.parse(body) as { q: string; source: string; target: string };
      calls.push(q);
      if (q.q.includes('故障')) {
        res.writeHead(500).end('{"error":"boom"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: `[${q.target}] ${q.q}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
};

describe.each(backends)('chat friends, groups, customer service, quick replies, translation on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let translator: Awaited<ReturnType<typeof fakeTranslator>>;
    const t: Record<string, string> = {};
    beforeAll(async () => {
      translator = await fakeTranslator();
      env = await createTestEnv(backend, { translator: createTranslator({ url: translator.url }) });
      for (const u of ['buyer', 'seller', 'member', 'clerk', 'trial', 'operator']) t[u] = (await env.login(u)).access_token;
    });
    afterAll(async () => {
      await env?.close();
      await translator?.close();
    });

    const call = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who] });
    const count = async (table: 'im_message' | 'im_group' | 'im_group_member' | 'im_friend' | 'im_quick_reply') =>
      Number((await env.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const groupText = (group: string, content: string, extra: { is_include_sender?: number; from_user_id?: string } = {}): PayloadIn<'sendIMGroupMsg'> =>
      ({ client_msg_id: cid(), to_group_id: group, messageType: 'RC:TxtMsg', content: { content }, ...extra });
    const expectRefused = (r: { status: number; body: { client_msg?: string } }, status: number, message: string) => {
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.client_msg).toContain(message);
    };

    it('adds friends both ways, lists them with company and online state, and a remark shows until it is emptied', async () => {
      const added = await call('buyer', 'addFriend', { friend_uuid: SELLER });
      expect(added.status).toBe(200);
      expect(added.body.data).toMatchObject({ uuid: SELLER, nick_name: '陈骏达', note: '', company_name: '骏达汽配', on_line: false });
      // again: nothing new
      expect((await call('buyer', 'addFriend', { friend_uuid: SELLER })).status).toBe(200);
      expect((await call('seller', 'getFriendsList', {})).body.data.map((f) => f.uuid)).toContain(BUYER);

      await call('buyer', 'imSend', { client_msg_id: cid(), targetId: SELLER, messageType: 'RC:TxtMsg', content: { content: '在吗' } });
      const remarked = await call('buyer', 'remarkFriend', { friend_uuid: SELLER, note: ' 老陈（刹车片） ' });
      expect(remarked.body.data).toMatchObject({ note: '老陈（刹车片）', nick_name: '陈骏达' });
      const nameIn = async () => (await call('buyer', 'imConversations', {})).body.data.conversations.find((c) => c.targetId === SELLER)!.name;
      expect(await nameIn()).toBe('老陈（刹车片）');
      // the seller's own view is untouched
      expect((await call('seller', 'imConversations', {})).body.data.conversations.find((c) => c.targetId === BUYER)!.name).toBe('王志强');
      await call('buyer', 'remarkFriend', { friend_uuid: SELLER, note: '' });
      expect(await nameIn()).toBe('陈骏达');

      const before = await count('im_friend');
      expectRefused(await call('buyer', 'remarkFriend', { friend_uuid: SELLER, note: '很'.repeat(21) }), 422, imText.noteTooLong);
      expectRefused(await call('buyer', 'remarkFriend', { friend_uuid: CLERK, note: '李' }), 404, imText.notYourFriend);
      expectRefused(await call('buyer', 'addFriend', { friend_uuid: BUYER }), 422, imText.friendSelf);
      expectRefused(await call('buyer', 'addFriend', { user_uuid: SELLER, friend_uuid: CLERK }), 403, imText.notSelfUser);
      expectRefused(await call('buyer', 'addFriend', { friend_uuid: IM_ASSISTANT_UUID }), 403, imText.assistantNoReply);
      expect(await count('im_friend')).toBe(before);
    });

    it('makes a group from friends, stores a message once and pushes it to every member, keeps unread per member, pages history', async () => {
      for (const f of [MEMBER, TRIAL]) await call('buyer', 'addFriend', { friend_uuid: f });
      const groups = await count('im_group');
      expectRefused(await call('buyer', 'createIMGroupChat', { user_id: SELLER, group_name: '刹车片群' }), 422, imText.groupMembers);
      expectRefused(await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${CLERK}`, group_name: '刹车片群' }), 422, imText.notFriend);
      expectRefused(await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '  ' }), 422, imText.groupName);
      expectRefused(await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '群'.repeat(31) }), 422, imText.groupNameTooLong);
      expectRefused(await call('member', 'createIMGroupChat', { user_id: `${BUYER},${SELLER}`, group_name: '注册会员的群' }), 403, imText.notAllowed);
      expect(await count('im_group')).toBe(groups);

      const made = await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '刹车片采购群' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const group = made.body.data.group_id;

      env.pushes.length = 0;
      const sent = await call('buyer', 'sendIMGroupMsg', groupText(group, '各位，前刹车片今天能发吗？'));
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toMatchObject({ conversationType: 3, targetId: group, senderUserId: BUYER, messageDirection: 1 });
      const ids = Object.fromEntries((await env.database.db.selectFrom('app_user').select(['id', 'uuid']).where('uuid', 'in', [BUYER, SELLER, MEMBER, CLERK]).execute()).map((u) => [u.uuid, u.id]));
      const pushedTo = () => env.pushes.filter((p) => p.event.type === 'imMessage').map((p) => p.userId).sort();
      await expect.poll(pushedTo).toEqual([ids[BUYER], ids[SELLER], ids[MEMBER]].sort());
      const toSeller = env.pushes.flatMap((p) => (p.userId === ids[SELLER] && p.event.type === 'imMessage' ? [p.event] : []))[0];
      expect(toSeller.message).toMatchObject({ conversationType: 3, targetId: group, senderUserId: BUYER, messageDirection: 2, content: { content: '各位，前刹车片今天能发吗？' } });

      // is_include_sender 0: the sender's own sockets are not told
      env.pushes.length = 0;
      await call('buyer', 'sendIMGroupMsg', groupText(group, '今天下午五点前', { is_include_sender: 0 }));
      await expect.poll(pushedTo).toEqual([ids[SELLER], ids[MEMBER]].sort());

      const sellerConv = (await call('seller', 'imConversations', {})).body.data;
      expect(sellerConv.conversations[0]).toMatchObject({ conversationType: 3, targetId: group, name: '刹车片采购群', unread: 2, latestMessage: { content: { content: '今天下午五点前' } } });
      const buyerConv = (await call('buyer', 'imConversations', {})).body.data;
      expect(buyerConv.conversations.find((c) => c.targetId === group)!.unread).toBe(0);

      // the seller answers: the buyer and the member have one unread each, the seller none
      for (let i = 1; i <= 11; i++) expect((await call('seller', 'sendIMGroupMsg', groupText(group, `第${i}条`))).status).toBe(200);
      const members = (await call('buyer', 'getIMGroupByMember', { group_id: group })).body.data[0];
      expect(members.members.map((m) => m.user_uuid).sort()).toEqual([BUYER, SELLER, MEMBER].sort());
      expect(members).toMatchObject({ name: '刹车片采购群', unread: 11, contacts_visible: true, owner_uuid: BUYER });
      expect(members.members.find((m) => m.user_uuid === SELLER)).toMatchObject({ company_name: '骏达汽配', contact_phone: '020-86321458' });
      // a registered member sees the group but no phone, in groups too
      const asMember = (await call('member', 'getIMGroupByMember', {})).body.data.find((g) => g.group_id === group)!;
      expect(asMember.contacts_visible).toBe(false);
      expect(JSON.stringify(asMember)).not.toContain('020-86321458');
      expect(asMember.unread).toBe(13);

      // history 10 at a time, older before a time
      const page1 = (await call('member', 'imHistory', { targetId: group, conversationType: '3', count: '10' })).body.data;
      expect(page1.messages.map(textOf)).toEqual(['第2条', '第3条', '第4条', '第5条', '第6条', '第7条', '第8条', '第9条', '第10条', '第11条']);
      expect(page1.hasMore).toBe(true);
      const page2 = (await call('member', 'imHistory', { targetId: group, conversationType: '3', count: '10', before: page1.messages[0].sentTime })).body.data;
      expect(page2.messages).toHaveLength(3);
      expect(page2.hasMore).toBe(false);
      // what a reconnecting client missed includes the group
      const sync = (await call('member', 'imSync', { since: page1.messages[8].sentTime })).body.data;
      expect(sync.messages.map(textOf)).toEqual(['第10条', '第11条']);

      expect((await call('member', 'imMarkRead', { targetId: group, conversationType: 3 })).body.data.unreadTotal).toBe(0);
      expect((await call('buyer', 'getIMGroupByMember', { group_id: group })).body.data[0].unread).toBe(11);

      // add a friend, then leave
      const added = await call('buyer', 'imGroupAddMembers', { group_id: group, user_id: TRIAL });
      expect(added.body.data.members).toHaveLength(4);
      expect((await call('trial', 'imHistory', { targetId: group, conversationType: '3' })).body.data.messages).toHaveLength(13);
      expect((await call('seller', 'imGroupQuit', { group_id: group })).status).toBe(200);
      expect((await call('seller', 'imConversations', {})).body.data.conversations.map((c) => c.targetId)).not.toContain(group);
      expectRefused(await call('seller', 'sendIMGroupMsg', groupText(group, '我还在吗')), 403, imText.notInGroup);
    });

    it('refuses what may not be sent to a group, stores nothing', async () => {
      await call('buyer', 'addFriend', { friend_uuid: SELLER });
      const group = (await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '拒绝测试群' })).body.data.group_id;
      const before = await count('im_message');
      // the clerk may not chat at all; the operator may, but is not in the group
      expectRefused(await call('clerk', 'sendIMGroupMsg', groupText(group, '我不在群里')), 403, imText.notAllowed);
      expectRefused(await call('operator', 'sendIMGroupMsg', groupText(group, '我也不在')), 403, imText.notInGroup);
      expectRefused(await call('operator', 'imHistory', { targetId: group, conversationType: '3' }), 403, imText.notInGroup);
      expectRefused(await call('buyer', 'sendIMGroupMsg', groupText(group, '   ')), 422, imText.text);
      expectRefused(await call('buyer', 'sendIMGroupMsg', groupText(group, '长'.repeat(5000))), 422, imText.textTooLong);
      expectRefused(await call('buyer', 'imSend', { client_msg_id: cid(), targetId: SELLER, messageType: 'RC:TxtMsg', content: { content: '长'.repeat(5000) } }), 422, `${IM_TEXT_MAX}`);
      // a registered member in the group still may not send
      expectRefused(await call('member', 'sendIMGroupMsg', groupText(group, '注册会员发言')), 403, imText.notAllowed);
      expectRefused(await call('buyer', 'sendIMGroupMsg', groupText(randomUUID(), '没有这个群')), 403, imText.notInGroup);
      expectRefused(await call('buyer', 'sendIMGroupMsg', groupText(group, '冒名', { from_user_id: SELLER })), 403, imText.notSelfUser);
      expectRefused(await call('buyer', 'imSend', { client_msg_id: cid(), targetId: IM_ASSISTANT_UUID, messageType: 'RC:TxtMsg', content: { content: '你好助手' } }), 403, imText.assistantNoReply);
      expect(await count('im_message')).toBe(before);
    });

    it('takes the specification\'s group message form too: plain text content, from_user_id the caller\'s own (docs/api.md, "Chat over the API")', async () => {
      const group = (await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '规范格式群' })).body.data.group_id;
      const before = await count('im_message');
      const spec = (from: string, content: unknown) => ({ from_user_id: from, to_group_id: group, content, is_include_sender: 1 });
      const sent = await call('buyer', 'sendIMGroupMsg', spec(BUYER, '按规范格式发送的群消息') as never);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toMatchObject({ conversationType: 3, targetId: group, senderUserId: BUYER, messageType: 'RC:TxtMsg', content: { content: '按规范格式发送的群消息' } });
      // each such call is a new message (no client id), the same words twice are two messages
      expect((await call('buyer', 'sendIMGroupMsg', spec(BUYER, '按规范格式发送的群消息') as never)).status).toBe(200);
      expect(await count('im_message')).toBe(before + 2);
      // another user's from_user_id is refused, an empty text is said in Chinese; nothing stored
      expectRefused(await call('buyer', 'sendIMGroupMsg', spec(SELLER, '冒名') as never), 403, imText.notSelfUser);
      expectRefused(await call('buyer', 'sendIMGroupMsg', spec(BUYER, '  ') as never), 422, imText.text);
      expect(await count('im_message')).toBe(before + 2);
    });

    it('invites on-duty customer service into a private chat only, making a group of three', async () => {
      expect((await call('buyer', 'getEmployeeData', { company_id: 1, active: '1', is_customer_service: '1' })).body.data).toEqual([{ user_uuid: OPERATOR, name: '运营管理员' }]);
      const groups = await count('im_group');
      const inGroup = (await call('buyer', 'createIMGroupChat', { user_id: `${SELLER},${MEMBER}`, group_name: '已有的群' })).body.data.group_id;
      expectRefused(await call('buyer', 'imInviteService', { targetId: inGroup, conversationType: 3, service_uuid: OPERATOR }), 422, imText.serviceInGroup);
      expectRefused(await call('buyer', 'imInviteService', { targetId: inGroup, service_uuid: OPERATOR }), 422, imText.serviceInGroup);
      expectRefused(await call('buyer', 'imInviteService', { targetId: SELLER, service_uuid: CLERK }), 422, imText.noService);
      expectRefused(await call('member', 'imInviteService', { targetId: SELLER, service_uuid: OPERATOR }), 403, imText.notAllowed);
      expect(await count('im_group')).toBe(groups + 1);

      const r = await call('buyer', 'imInviteService', { targetId: SELLER, service_uuid: OPERATOR });
      expect(r.status).toBe(200);
      const g = (await call('operator', 'getIMGroupByMember', { group_id: r.body.data.group_id })).body.data[0];
      expect(g).toMatchObject({ is_service: true, name: '客服咨询：陈骏达' });
      expect(g.members.map((m) => m.user_uuid).sort()).toEqual([OPERATOR, SELLER, BUYER].sort());
      expect((await call('operator', 'sendIMGroupMsg', groupText(r.body.data.group_id, '您好，我是平台客服'))).status).toBe(200);
      expect((await call('seller', 'imConversations', {})).body.data.conversations.find((c) => c.targetId === r.body.data.group_id))
        .toMatchObject({ conversationType: 3, is_service: true, unread: 1 });
    });

    it('keeps each seller company\'s quick replies in Chinese and Vietnamese, behind M11-01', async () => {
      const saved = await call('seller', 'quickReplySave', { cn_message: '您好，现货当天发', vn_message: 'Xin chào, hàng có sẵn gửi trong ngày' });
      expect(saved.status).toBe(200);
      await call('seller', 'quickReplySave', { cn_message: '请提供车架号' });
      const list = (await call('seller', 'quickReplyList', { role: 'seller', page_number: 1, page_size: 100 })).body.data;
      expect(list).toEqual({ total: 2, data: [saved.body.data, expect.objectContaining({ cn_message: '请提供车架号', vn_message: '' })] });
      const edited = await call('seller', 'quickReplySave', { id: saved.body.data.id, cn_message: '您好，现货今天发', vn_message: 'Xin chào, hàng gửi hôm nay' });
      expect(edited.body.data.cn_message).toBe('您好，现货今天发');

      const before = await count('im_quick_reply');
      expectRefused(await call('seller', 'quickReplySave', { cn_message: '  ' }), 422, imText.quickReplyCn);
      expectRefused(await call('seller', 'quickReplySave', { cn_message: '好', vn_message: 'a'.repeat(201) }), 422, imText.quickReplyVnLong);
      // another company's phrase is not ours to change; the buyer has no M11-01
      expect((await call('buyer', 'quickReplyList', {})).status).toBe(403);
      expect((await call('buyer', 'quickReplySave', { cn_message: '买家的' })).status).toBe(403);
      expect((await call('operator', 'quickReplyList', {})).body.data.total).toBe(0);
      expectRefused(await call('operator', 'quickReplySave', { id: saved.body.data.id, cn_message: '改别人的' }), 404, imText.quickReplyId);
      expectRefused(await call('operator', 'quickReplyDelete', { id: saved.body.data.id }), 404, imText.quickReplyId);
      expect(await count('im_quick_reply')).toBe(before);
      expect((await call('seller', 'quickReplyDelete', { id: saved.body.data.id })).body.data).toEqual({ ok: true });
      expect((await call('seller', 'quickReplyList', {})).body.data.total).toBe(1);
    });

    it('translates through the LibreTranslate-compatible server, Chinese to Vietnamese and back, once per text', async () => {
      expect((await call('seller', 'imFeatures', {})).body.data).toEqual({ translate: true });
      translator.calls.length = 0;
      const zh = await call('seller', 'translation', { text: '前刹车片有现货' });
      expect(zh.body.data).toEqual({ dstText: '[vi] 前刹车片有现货', target: 'vi' });
      expect(translator.calls).toEqual([{ q: '前刹车片有现货', source: 'auto', target: 'vi', format: 'text' }]);
      const vi = await call('seller', 'translation', { text: 'Má phanh trước còn hàng không?' });
      expect(vi.body.data).toEqual({ dstText: '[zh] Má phanh trước còn hàng không?', target: 'zh' });
      await call('seller', 'translation', { text: '前刹车片有现货' });
      expect(translator.calls).toHaveLength(2);
      expectRefused(await call('seller', 'translation', { text: '' }), 422, imText.translateText);
      expectRefused(await call('seller', 'translation', { text: '故障测试' }), 502, imText.translateFailed);
      // a failure is not remembered: the next ask goes to the server again
      await call('seller', 'translation', { text: '故障测试' });
      expect(translator.calls.filter((c) => c.q === '故障测试')).toHaveLength(2);
      expect((await call('buyer', 'translation', { text: '你好' })).status).toBe(403);
    });
  });
});
