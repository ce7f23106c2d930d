import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { opCompanyText } from '../../src/shared/domain/operation';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

/** Company recommend, relation, change review and chat history for operators (fourth part). */
describe.each(backends)('operator company pages on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'operator company pages', () => {
    let env: TestEnv;
    let op: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 30 });
      op = (await env.login('operator')).access_token;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const REPLAY_KEY = '6f1d9a52-3c1e-4f7a-9b8e-2d4c5a6b7c8d';
    const get = <N extends EndpointName>(name: N, query: PayloadIn<N>, token = op) => env.api(name, query, { token });
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, token = op, key: string = crypto.randomUUID()) =>
      env.api(name, payload, { token, idempotencyKey: key });
    const auditRows = async (entity: string, entityId: string | number) =>
      (await sql<{ action: string; username: string; old_value: unknown; new_value: unknown; note: string }>`
        select action, username, old_value, new_value, note from operator_audit where entity = ${entity} and entity_id = ${String(entityId)} order by id`.execute(db())).rows;
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);
    const setParam = (value: string) => post('opConfigSet', { key: 'company_change_review', value });
    const enterprise = (over: Partial<PayloadIn<'enterpriseUpdate'>> = {}): PayloadIn<'enterpriseUpdate'> => ({
      name: '广州骏达汽车配件有限公司', short_name: '骏达汽配', phone: '020-86321458', province: '广东省', city: '广州市',
      address: '白云区广园西路汽配城A区112号', logo: '', main_brand_ids: [], main_make_ids: [], ...over,
    });

    it('refuses every call without its D code (403), and company 1 only', async () => {
      const reporter = await headUser('co_reporter', ['D01-01']);
      const seller = (await env.login('seller')).access_token;
      for (const token of [reporter, seller]) {
        for (const [method, path, send] of [
          ['GET', '/operation/recommend', () => get('opRecommendList', {}, token)], ['POST', '/operation/recommend', () => post('opRecommendSave', { ids: [2] }, token)],
          ['GET', '/operation/relation', () => get('opRelationList', {}, token)], ['POST', '/operation/relation/link', () => post('opRelationLink', { head_id: 2, branch_id: 3 }, token)],
          ['POST', '/operation/relation/unlink', () => post('opRelationUnlink', { branch_id: 3 }, token)],
          ['GET', '/operation/review', () => get('opReviewList', {}, token)], ['POST', '/operation/review/approve', () => post('opReviewApprove', { id: 1 }, token)],
          ['POST', '/operation/review/reject', () => post('opReviewReject', { id: 1, reason: '资料不符' }, token)],
          ['GET', '/operation/chat', () => get('opChatSearch', { a: 'seller' }, token)], ['GET', '/operation/chat-messages', () => get('opChatMessages', { conversation_id: 1 }, token)],
          ['GET', '/operation/chat-groups', () => get('opChatGroupSearch', { name: '群' }, token)], ['GET', '/operation/chat-group-messages', () => get('opChatGroupMessages', { group_id: 1 }, token)],
        ] as const) {
          const r = await send();
          expect(r.status, `${method} ${path}`).toBe(403);
        }
      }
      // a company reader sees the lists but may not change them; the review clerk sees only reviews
      const reader = await headUser('co_reader', ['D02-01']);
      const readerList = await get('opRecommendList', {}, reader);
      expect(readerList.status, JSON.stringify(readerList.body)).toBe(200);
      expect((await post('opRecommendSave', { ids: [2] }, reader)).status).toBe(403);
      const reviewer = await headUser('co_reviewer', ['D02-03']);
      expect((await get('opReviewList', {}, reviewer)).status).toBe(200);
      expect((await get('opRecommendList', {}, reviewer)).status).toBe(403);
      expect(await db().selectFrom('company_recommend').selectAll().execute()).toEqual([]);
      expect(await db().selectFrom('company_relation').selectAll().execute()).toEqual([]);
      expect((await sql<{ n: number }>`select count(*)::int as n from operator_audit where entity in ('home_recommend', 'conversation')`.execute(db())).rows[0].n).toBe(0);
    });

    it('recommends companies in the chosen order; the storefront home reads them, suspended ones left out', async () => {
      expect((await get('getRecommendCompanies', {}, '')).body.data).toEqual([]);
      const bad: Array<[PayloadIn<'opRecommendSave'>, string, RegExp | string]> = [
        [{ ids: [2, 2] }, 'ids', opCompanyText.recommendDuplicate],
        [{ ids: [1] }, 'ids', opCompanyText.recommendHead],
        [{ ids: [3, 999] }, 'ids.1', /企业不存在（ID 999）/],
        [{ ids: ['x'] }, 'ids.0', /企业ID/],
      ];
      for (const [body, field, text] of bad) {
        const r = await post('opRecommendSave', body);
        expect(r.status, JSON.stringify(body)).toBe(422);
        expect(r.body.field).toBe(field);
        expect(r.body.client_msg).toMatch(text);
      }
      const saved = await post('opRecommendSave', { ids: [3, 2, 5] }, op, REPLAY_KEY);
      expect(saved.body.data).toEqual({ ids: [3, 2, 5] });
      // replayed by its key: same answer, no second log row
      expect((await post('opRecommendSave', { ids: [3, 2, 5] }, op, REPLAY_KEY)).body.data).toEqual({ ids: [3, 2, 5] });
      const home = (await get('getRecommendCompanies', {}, '')).body.data;
      expect(home.map((c) => [c.id, c.name])).toEqual([[3, '上海申通汽车维修服务有限公司'], [2, '广州骏达汽车配件有限公司'], [5, '成都蓉威汽配商行']]);
      // reorder and remove
      await post('opRecommendSave', { ids: [2, 3] });
      expect((await get('opRecommendList', {})).body.data.map((c) => c.id)).toEqual([2, 3]);
      expect((await get('getRecommendCompanies', {}, '')).body.data.map((c) => c.id)).toEqual([2, 3]);
      expect(await auditRows('home_recommend', 'home')).toEqual([
        expect.objectContaining({ action: 'set', username: 'operator', old_value: [], new_value: [3, 2, 5] }),
        expect.objectContaining({ action: 'set', old_value: [3, 2, 5], new_value: [2, 3] }),
      ]);
      // a suspended company leaves the home at once and cannot be newly added
      expect((await post('opCompanySuspend', { ids: [4], reason: '测试停用' })).status).toBe(200);
      await post('opRecommendSave', { ids: [2, 3] });
      const refused = await post('opRecommendSave', { ids: [2, 3, 4] });
      expect(refused.body).toMatchObject({ field: 'ids.2', client_msg: opCompanyText.recommendSuspended(4) });
      await post('opCompanySuspend', { ids: [3], reason: '测试停用' });
      expect((await get('getRecommendCompanies', {}, '')).body.data.map((c) => c.id)).toEqual([2]);
      await post('opCompanyRestore', { ids: [3, 4] });
      expect((await get('getRecommendCompanies', {}, '')).body.data.map((c) => c.id)).toEqual([2, 3]);
    });

    it('links branch companies to one head, refuses cycles, chains and company 1, and unlinks', async () => {
      const bad: Array<[PayloadIn<'opRelationLink'>, string, RegExp | string]> = [
        [{ head_id: 2, branch_id: 2 }, 'branch_id', opCompanyText.relationSelf],
        [{ head_id: 1, branch_id: 2 }, 'head_id', opCompanyText.relationPlatform],
        [{ head_id: 2, branch_id: 1 }, 'branch_id', opCompanyText.relationPlatform],
        [{ head_id: 2, branch_id: 999 }, 'branch_id', /企业不存在（ID 999）/],
      ];
      for (const [body, field, text] of bad) {
        const r = await post('opRelationLink', body);
        expect(r.status, JSON.stringify(body)).toBe(422);
        expect(r.body).toMatchObject({ field, client_msg: expect.stringMatching(text) });
      }
      expect((await post('opRelationLink', { head_id: 2, branch_id: 4 })).status).toBe(200);
      expect((await post('opRelationLink', { head_id: 2, branch_id: 5 })).status).toBe(200);
      // one head per branch; no chain (a branch cannot be a head, a head cannot become a branch), so no cycle
      expect((await post('opRelationLink', { head_id: 3, branch_id: 4 })).body).toMatchObject({ field: 'branch_id', client_msg: opCompanyText.relationHasHead('广州骏达汽车配件有限公司') });
      expect((await post('opRelationLink', { head_id: 4, branch_id: 3 })).body).toMatchObject({ field: 'head_id' });
      expect((await post('opRelationLink', { head_id: 3, branch_id: 2 })).body).toMatchObject({ field: 'branch_id', client_msg: opCompanyText.relationBranchIsHead });
      expect((await post('opRelationLink', { head_id: 5, branch_id: 2 })).status).toBe(422);

      const list = (await get('opRelationList', { k: '顺捷' })).body.data.data;
      expect(list).toEqual([expect.objectContaining({ head: expect.objectContaining({ id: 2 }), branch: expect.objectContaining({ id: 4, name: '杭州顺捷汽车修理厂' }) })]);
      expect((await get('opRelationList', {})).body.data.total).toBe(2);
      // operator detail and storefront shop page show both directions
      const detail = (await get('opCompanyDetail', { id: 2 })).body.data;
      expect(detail.relation).toEqual({ head: null, branches: [expect.objectContaining({ id: 4 }), expect.objectContaining({ id: 5 })] });
      expect((await get('opCompanyDetail', { id: 4 })).body.data.relation.head).toMatchObject({ id: 2, name: '广州骏达汽车配件有限公司' });
      const buyer = (await env.login('buyer')).access_token;
      expect((await get('getCompanyRelation', { company_id: 5 }, buyer)).body.data).toEqual({ head: { id: 2, name: '广州骏达汽车配件有限公司', short_name: '骏达汽配' }, branches: [] });

      expect((await post('opRelationUnlink', { branch_id: 5 })).status).toBe(200);
      expect((await post('opRelationUnlink', { branch_id: 5 })).body).toMatchObject({ code: 404, client_msg: opCompanyText.relationNotFound });
      expect((await get('getCompanyRelation', { company_id: 2 }, buyer)).body.data.branches.map((b) => b.id)).toEqual([4]);
      expect(await auditRows('company', 5)).toEqual([
        expect.objectContaining({ action: 'relate', old_value: { head_id: null }, new_value: { head_id: 2 } }),
        expect.objectContaining({ action: 'unrelate', old_value: { head_id: 2 }, new_value: { head_id: null } }),
      ]);
    });

    it('with review off a seller edit applies at once; with it on the reviewed fields wait, the rest apply', async () => {
      const seller = (await env.login('seller')).access_token;
      const put = (payload: PayloadIn<'enterpriseUpdate'>) => env.api('enterpriseUpdate', payload, { token: seller });
      // the profile's company part: the enterprise form without logo and main lists
      const companyOf = (over: Partial<PayloadIn<'enterpriseUpdate'>>) => {
        const { logo: _logo, main_brand_ids: _brands, main_make_ids: _makes, ...company } = enterprise(over);
        return company;
      };
      const off = await put(enterprise({ address: '白云区广园西路汽配城A区113号' }));
      expect(off.body.data).toMatchObject({ address: '白云区广园西路汽配城A区113号', change: null, review_on: false });
      expect((await setParam('2')).body).toMatchObject({ field: 'value', client_msg: expect.stringMatching(/只能是 1（开启）或 0（关闭）/) });
      expect((await setParam('1')).status).toBe(200);

      const on = await put(enterprise({ name: '广州骏达汽配集团有限公司', address: '白云区新市汽配城8号', phone: '020-11112222' }));
      expect(on.status).toBe(200);
      expect(on.body.data).toMatchObject({
        name: '广州骏达汽车配件有限公司', address: '白云区广园西路汽配城A区113号', phone: '020-11112222', review_on: true,
        change: { state: 'pending', new_value: { name: '广州骏达汽配集团有限公司', address: '白云区新市汽配城8号' }, old_value: { name: '广州骏达汽车配件有限公司', address: '白云区广园西路汽配城A区113号' } },
      });
      // the owner's profile page is the other way to edit the company: it waits too
      const prof = await env.api('accountProfileUpdate', { display_name: '陈骏达', head_image: '', contact_phone: '', company: companyOf({ name: '骏达别名有限公司', phone: '020-11112222', address: '白云区广园西路汽配城A区113号' }) }, { token: seller });
      expect(prof.status, JSON.stringify(prof.body)).toBe(200);
      expect((await db().selectFrom('company').select('name').where('id', '=', 2).executeTakeFirstOrThrow()).name).toBe('广州骏达汽车配件有限公司');
      // the profile form shows the values in force: saving it unchanged keeps what waits (merge), its new name joins the waiting address
      const again = await env.api('accountProfileUpdate', { display_name: '陈骏达', head_image: '', contact_phone: '', company: companyOf({ phone: '020-11112222', address: '白云区广园西路汽配城A区113号' }) }, { token: seller });
      expect(again.status).toBe(200);

      const list = (await get('opReviewList', {})).body.data;
      expect(list.review_on).toBe(true);
      expect(list.data).toEqual([expect.objectContaining({ company: expect.objectContaining({ id: 2 }), state: 'pending', submitted_by: 'seller', new_value: { name: '骏达别名有限公司', address: '白云区新市汽配城8号' } })]);
      const id = list.data[0].id;
      // the operator home counts it and links to the review page
      expect((await get('opHomeSummary', {})).body.data.pending_changes).toEqual({ value: 1 });
      const rejected = await post('opReviewReject', { id, reason: '' });
      expect(rejected.body).toMatchObject({ field: 'reason', client_msg: '请填写驳回原因' });
      const r = await post('opReviewReject', { id, reason: '名称与营业执照不符' });
      expect(r.body.data).toMatchObject({ state: 'rejected', reason: '名称与营业执照不符', decided_by: 'operator' });
      expect((await post('opReviewApprove', { id })).body).toMatchObject({ code: 409, client_msg: opCompanyText.changeNotPending });
      const seen = (await env.api('enterpriseGet', {}, { token: seller })).body.data;
      expect(seen.change).toMatchObject({ state: 'rejected', reason: '名称与营业执照不符', new_value: { name: '骏达别名有限公司', address: '白云区新市汽配城8号' } });
      expect(seen.name).toBe('广州骏达汽车配件有限公司');

      // a new submission, approved: written in the approval's transaction
      await put(enterprise({ name: '广州骏达汽配集团有限公司', address: '白云区新市汽配城8号', phone: '020-11112222' }));
      const next = (await get('opReviewList', { state: 'pending' })).body.data.data[0];
      const a = await post('opReviewApprove', { id: next.id });
      expect(a.body.data).toMatchObject({ state: 'approved', decided_by: 'operator' });
      const after = (await env.api('enterpriseGet', {}, { token: seller })).body.data;
      expect(after).toMatchObject({ name: '广州骏达汽配集团有限公司', address: '白云区新市汽配城8号', change: null });
      expect(await auditRows('company_change', next.id)).toEqual([expect.objectContaining({
        action: 'approve', username: 'operator', new_value: { name: '广州骏达汽配集团有限公司', address: '白云区新市汽配城8号' },
      })]);
      expect(await auditRows('company_change', id)).toEqual([expect.objectContaining({ action: 'reject', note: expect.stringContaining('名称与营业执照不符') })]);
      expect((await post('opReviewApprove', { id: 9999 })).status).toBe(404);

      // on 企业信息 (whose form shows the waiting values) putting the values back withdraws a waiting change
      await put(enterprise({ name: '又一个名字有限公司', address: '白云区新市汽配城8号' }));
      await put(enterprise({ name: '广州骏达汽配集团有限公司', address: '白云区新市汽配城8号' }));
      expect((await get('opReviewList', { state: 'pending' })).body.data.total).toBe(0);
      expect((await get('opHomeSummary', {})).body.data.pending_changes).toEqual({ value: 0 });
      // turned off while a change waits: operators may still decide it, and the next edit applies directly and withdraws it
      await put(enterprise({ name: '骏达待定有限公司', address: '白云区新市汽配城8号' }));
      await setParam('0');
      expect((await get('opReviewList', { state: 'pending' })).body.data.total).toBe(1);
      const direct = await put(enterprise({ name: '骏达直改有限公司', address: '白云区新市汽配城8号' }));
      expect(direct.body.data).toMatchObject({ name: '骏达直改有限公司', change: null, review_on: false });
      expect((await get('opReviewList', { state: 'pending' })).body.data.total).toBe(0);
    });

    it('finds a conversation by either side and logs every reading', async () => {
      const users = await db().selectFrom('app_user').select(['id', 'username']).where('username', 'in', ['seller', 'buyer']).execute();
      const seller = users.find((u) => u.username === 'seller')!.id;
      const buyer = users.find((u) => u.username === 'buyer')!.id;
      const conv = await db().insertInto('im_conversation').values({ user_low: Math.min(seller, buyer), user_high: Math.max(seller, buyer), last_sent_at: new Date('2026-11-22T03:00:00Z') })
        .returning('id').executeTakeFirstOrThrow();
      await db().insertInto('im_message').values(Array.from({ length: 60 }, (_, i) => ({
        conversation_id: conv.id, sender_id: i % 2 ? seller : buyer, recipient_id: i % 2 ? buyer : seller, client_msg_id: `c${i}`,
        message_type: 'RC:TxtMsg' as const, text: `第${i + 1}条：刹车片发错货了`, sent_at: new Date(Date.parse('2026-11-22T02:00:00Z') + i * 1000),
      }))).execute();

      expect((await get('opChatSearch', { a: '' })).body).toMatchObject({ field: 'a', client_msg: opCompanyText.chatSearchEmpty });
      const byCompanies = (await get('opChatSearch', { a: '申通', b: '骏达直改' })).body.data.data;
      expect(byCompanies).toEqual([expect.objectContaining({ id: conv.id, messages: 60 })]);
      expect([byCompanies[0].a.username, byCompanies[0].b.username].sort()).toEqual(['buyer', 'seller']);
      expect((await get('opChatSearch', { a: 'buyer' })).body.data.total).toBe(1);
      expect((await get('opChatSearch', { a: 'buyer', b: '顺捷' })).body.data.total).toBe(0);

      const page2 = (await get('opChatMessages', { conversation_id: conv.id, page_number: 2, page_size: 50 })).body.data;
      expect(page2.total).toBe(60);
      expect(page2.data.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `第${51 + i}条：刹车片发错货了`));
      await get('opChatMessages', { conversation_id: conv.id });
      const logged = await auditRows('conversation', conv.id);
      expect(logged).toEqual([
        expect.objectContaining({ action: 'read', username: 'operator', new_value: { page_number: 2, page_size: 50, messages: 10 }, note: expect.stringContaining('骏达直改有限公司') }),
        expect.objectContaining({ action: 'read', new_value: { page_number: 1, page_size: 50, messages: 50 } }),
      ]);
      expect((await get('opChatMessages', { conversation_id: 99999 })).status).toBe(404);
      // a holder of D01-02 reads chats; the log shows who
      const chatReader = await headUser('co_chat', ['D01-02']);
      expect((await get('opChatMessages', { conversation_id: conv.id }, chatReader)).status).toBe(200);
      expect((await auditRows('conversation', conv.id)).at(-1)).toMatchObject({ username: 'co_chat' });
    });

    it('finds a group chat by its name or by members, reads it with every sender (one who left too), and logs every reading', async () => {
      const ids = Object.fromEntries((await db().selectFrom('app_user').select(['id', 'username']).where('username', 'in', ['seller', 'buyer', 'clerk', 'member']).execute())
        .map((u) => [u.username, u.id]));
      const group = await db().insertInto('im_group').values({ uuid: crypto.randomUUID(), name: '刹车片售后对接群', owner_id: ids.seller, last_sent_at: new Date('2026-11-22T03:30:00Z') })
        .returning('id').executeTakeFirstOrThrow();
      await db().insertInto('im_group_member').values([ids.seller, ids.buyer].map((user_id) => ({ group_id: group.id, user_id }))).execute();
      // the clerk wrote in the group before leaving it
      const senders = [ids.seller, ids.buyer, ids.clerk];
      await db().insertInto('im_message').values(Array.from({ length: 55 }, (_, i) => ({
        group_id: group.id, sender_id: senders[i % 3], client_msg_id: `g${i}`, message_type: 'RC:TxtMsg' as const,
        text: `群消息${i + 1}：退货单号已发`, sent_at: new Date(Date.parse('2026-11-22T03:00:00Z') + i * 1000),
      }))).execute();
      // another group the search must tell apart
      const other = await db().insertInto('im_group').values({ uuid: crypto.randomUUID(), name: '顺捷采购群', owner_id: ids.member }).returning('id').executeTakeFirstOrThrow();
      await db().insertInto('im_group_member').values([ids.member, ids.buyer].map((user_id) => ({ group_id: other.id, user_id }))).execute();

      expect((await get('opChatGroupSearch', {})).body).toMatchObject({ code: 422, field: 'name', client_msg: expect.stringContaining(opCompanyText.groupSearchEmpty) });
      const byName = (await get('opChatGroupSearch', { name: '售后' })).body.data;
      expect(byName).toMatchObject({ total: 1, data: [{ id: group.id, name: '刹车片售后对接群', member_count: 2, messages: 55, owner: { username: 'seller' } }] });
      expect(byName.data[0].members.map((m) => m.username).sort()).toEqual(['buyer', 'seller']);
      // by a member's company, by two members, and a member of only the other group
      const ofBuyer = (await get('opChatGroupSearch', { a: '申通' })).body.data.data.map((g) => g.id);
      expect(ofBuyer.sort()).toEqual([group.id, other.id].sort());
      expect((await get('opChatGroupSearch', { a: 'buyer', b: '骏达' })).body.data.data.map((g) => g.id)).toEqual([group.id]);
      expect((await get('opChatGroupSearch', { a: '赵顺捷', b: '王志强' })).body.data.data.map((g) => g.id)).toEqual([other.id]);
      expect((await get('opChatGroupSearch', { name: '售后', a: '顺捷' })).body.data.total).toBe(0);
      // the clerk left: not found as a member
      expect((await get('opChatGroupSearch', { a: 'clerk', name: '售后' })).body.data.total).toBe(0);

      const page2 = (await get('opChatGroupMessages', { group_id: group.id, page_number: 2, page_size: 50 })).body.data;
      expect(page2).toMatchObject({ total: 55, group: { id: group.id, name: '刹车片售后对接群' } });
      expect(page2.data.map((m) => m.text)).toEqual(Array.from({ length: 5 }, (_, i) => `群消息${51 + i}：退货单号已发`));
      expect(page2.senders.map((u) => u.username).sort()).toEqual(['buyer', 'clerk', 'seller']);
      expect(page2.senders.find((u) => u.username === 'clerk')).toMatchObject({ display_name: '李晓琳', company: { id: 2 } });
      await get('opChatGroupMessages', { group_id: group.id });
      expect(await auditRows('chat_group', group.id)).toEqual([
        expect.objectContaining({ action: 'read', username: 'operator', new_value: { page_number: 2, page_size: 50, messages: 5 }, note: expect.stringContaining('刹车片售后对接群') }),
        expect.objectContaining({ action: 'read', new_value: { page_number: 1, page_size: 50, messages: 50 } }),
      ]);
      expect((await get('opChatGroupMessages', { group_id: 99999 })).status).toBe(404);
      // searching is not reading: nothing logged for the other group
      expect(await auditRows('chat_group', other.id)).toEqual([]);
      const chatReader = await headUser('co_chat_group', ['D01-02']);
      expect((await get('opChatGroupMessages', { group_id: group.id }, chatReader)).status).toBe(200);
      expect((await auditRows('chat_group', group.id)).at(-1)).toMatchObject({ username: 'co_chat_group' });
    });
  });
});
