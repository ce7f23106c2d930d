/**
 * The message assistant's system notices (requirements 001-9): a placed order tells the seller's order
 * users, the seller's confirm / ship / reject tells the buyer who placed it, the buyer's cancel tells
 * the seller, a quote tells the buyer who asked, a company audit tells the company's owners. Each
 * event posts one notice per user, inside the business call's transaction, pushed after the commit;
 * posting the same event again stores nothing. Nobody can reply to the assistant.
 */
import { NOTICE_SCENES } from '../../src/shared/domain/notice-templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { IM_ASSISTANT_UUID, imText, type BizContent, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { createImService } from '../../src/server/modules/im/im.service';
import { orderNotice } from '../../src/server/modules/im/notices';
import { inTransaction } from '../../src/server/db/helpers';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const FORM = {
  company_name: '广州骏通汽车配件有限公司', contact_name: '王志强', contact_phone: '13812345678', province: '广东省', city: '广州市',
  address: '白云区机场路88号', licence_no: '91310112ma1gbx7l4b', main_brands: '博世, 马勒', note: '主营德系车刹车系统',
};

interface Notice { id: string; recipient: string; title: string; text: string; no: string; link: string; notice: BizContent['Notice'] }

describe.each(backends)('message assistant notices on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'orders, quotes and audits tell the right users once', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    const id: Record<string, number> = {};
    let stockId: number;
    let keyN = 0;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      for (const u of ['buyer', 'seller', 'clerk', 'operator']) t[u] = (await env.login(u)).access_token;
      const users = await env.database.db.selectFrom('app_user').select(['id', 'username']).execute();
      for (const u of users) id[u.username] = u.id;
      stockId = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 1`.execute(env.database.db)).rows[0].id;
      await sql`update stock set quantity = 100, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400, price99 = 1500, price5 = null where id = ${stockId}`.execute(env.database.db);
    });
    afterAll(async () => env?.close());

    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) =>
      env.api(name, payload, { token: t[who], idempotencyKey: `notice-test-${++keyN}-${randomUUID()}` });

    /** every notice the assistant has posted, oldest first */
    const notices = async (): Promise<Notice[]> => {
      const rows = await sql<{ id: string; username: string; text: string }>`
        select m.id::text as id, r.username, m.text from im_message m join app_user s on s.id = m.sender_id join app_user r on r.id = m.recipient_id
        where s.uuid = ${IM_ASSISTANT_UUID} order by m.id`.execute(env.database.db);
      return rows.rows.map((r) => {
        const c = JSON.parse(r.text) as BizContent;
        expect(c.SceneCode).toBe('notice');
        return { id: r.id, recipient: r.username, title: c.BusinessInfo.标题, text: c.BusinessInfo.内容, no: c.BusinessInfo.单号, link: c.LinkData.link, notice: c.Notice };
      });
    };
    /** what the call added to the assistant's notices */
    const newNotices = async (fn: () => Promise<unknown>) => {
      const before = (await notices()).length;
      await fn();
      const added = (await notices()).slice(before);
      const ids = new Set(added.map((n) => n.id));
      // pushed after the commit: each stored notice reaches its recipient's sockets (the assistant has none)
      const ofThese = () => env.pushes.filter((p) => p.event.type === 'imMessage' && ids.has(p.event.message.messageUId) && p.userId !== id['im-assistant']);
      for (let i = 0; i < 100 && ofThese().length < added.length; i++) await new Promise((r) => setTimeout(r, 20));
      const pushed = ofThese().map((p) => p.userId);
      // what each notice carries for a reader of another language (docs/i18n.md, "The message assistant's notices"), apart
      return { added: added.map(({ id: _, notice: __, ...n }) => n), pushed, facts: added.map((n) => n.notice) };
    };
    const placeOrder = async () => {
      expect((await post('buyer', 'cartAdd', { stock_id: stockId, qty: 2 })).status).toBe(200);
      const cart = (await env.api('cartList', {}, { token: t.buyer })).body.data;
      const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === stockId);
      const r = await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.orders[0];
    };

    it('a placed order tells the seller company\'s order users (not a clerk without order codes), with the order number and its page', async () => {
      let order!: { order_no: string; total_fen: number };
      const { added, pushed } = await newNotices(async () => { order = await placeOrder(); });
      expect(added).toEqual([{
        recipient: 'seller', title: '新订单', no: order.order_no, link: `/backend/order/detail/${order.order_no}`,
        text: expect.stringContaining(`订单号 ${order.order_no}，请及时确认`),
      }]);
      expect(added[0].text).toContain(`合计 ¥${(order.total_fen / 100).toFixed(2)}`);
      expect(pushed).toEqual([id.seller]);
      // the seller sees it in the conversation list, from the assistant, unread
      const conv = (await env.api('imConversations', {}, { token: t.seller })).body.data.conversations
        .find((c) => c.targetId === IM_ASSISTANT_UUID);
      expect(conv).toMatchObject({ is_assistant: true, unread: 1 });
      const latest = conv?.latestMessage?.content;
      expect(latest && 'BusinessInfo' in latest ? latest.BusinessInfo.单号 : undefined).toBe(order.order_no);
    });

    it('confirm, ship and reject tell the buyer who placed the order; the buyer\'s cancel tells the seller', async () => {
      const o = await placeOrder();
      const confirmed = await newNotices(() => post('seller', 'orderConfirm', { order_no: o.order_no }));
      expect(confirmed.added).toEqual([expect.objectContaining({ recipient: 'buyer', title: '订单已确认', no: o.order_no, link: `/backend/order/detail/${o.order_no}` })]);
      expect(confirmed.added[0].text).toContain(`已确认您的订单 ${o.order_no}`);
      expect(confirmed.pushed).toEqual([id.buyer]);
      const shipped = await newNotices(() => post('seller', 'orderDeliver', { order_no: o.order_no, logistics_company: '德邦物流', logistics_no: 'DB20261122001' }));
      expect(shipped.added).toEqual([expect.objectContaining({ recipient: 'buyer', title: '订单已发货', no: o.order_no })]);
      expect(shipped.added[0].text).toContain('物流 德邦物流 DB20261122001');

      const rejected = await placeOrder();
      const r = await newNotices(() => post('seller', 'orderReject', { order_no: rejected.order_no, reason: '该配件已停产' }));
      expect(r.added).toEqual([expect.objectContaining({ recipient: 'buyer', title: '订单已取消', no: rejected.order_no })]);
      expect(r.added[0].text).toContain('原因：该配件已停产');
      // beside the Chinese, the scene and its facts for a reader of another language (docs/i18n.md): the reason as written, no template words
      expect(r.facts[0]).toEqual({ scene: 'im_order_reject', facts: { order_no: rejected.order_no, seller: expect.any(String), reason: '该配件已停产' } });
      expect(confirmed.facts[0]).toEqual({ scene: 'im_order_confirm', facts: { order_no: o.order_no, seller: expect.any(String), amount: String(o.total_fen) } });
      expect(shipped.facts[0]?.facts.logistics).toBe('德邦物流 DB20261122001');

      const cancelled = await placeOrder();
      const c = await newNotices(() => post('buyer', 'orderCancel', { order_no: cancelled.order_no, reason: '买错了' }));
      expect(c.added).toEqual([expect.objectContaining({ recipient: 'seller', title: '订单已取消', no: cancelled.order_no })]);
      expect(c.added[0].text).toContain('取消了订单');
      // a refused move tells nobody
      expect((await newNotices(() => post('seller', 'orderConfirm', { order_no: cancelled.order_no }))).added).toEqual([]);
      // the seller records the offline payment: the buyer hears it; the buyer's receipt tells the seller's order users
      const paid = await newNotices(() => post('seller', 'orderOfflinePayment', { order_no: o.order_no, pay_method: '银行转账', note: '' }));
      expect(paid.added).toEqual([expect.objectContaining({ recipient: 'buyer', title: '付款已确认', no: o.order_no, link: `/backend/order/detail/${o.order_no}` })]);
      expect(paid.added[0].text).toContain('（银行转账）');
      expect(paid.facts[0]).toEqual({ scene: 'im_order_pay', facts: { order_no: o.order_no, seller: expect.any(String), amount: String(o.total_fen), pay_method: '银行转账' } });
      const received = await newNotices(() => post('buyer', 'orderReceipt', { order_no: o.order_no }));
      expect(received.added).toEqual([expect.objectContaining({ recipient: 'seller', title: '买家已确认收货', no: o.order_no, link: `/backend/order/detail/${o.order_no}` })]);
      expect(received.pushed).toEqual([id.seller]);
      // the same call again (a new key) is refused by the order's state and tells nobody
      expect((await newNotices(() => post('buyer', 'orderReceipt', { order_no: o.order_no }))).added).toEqual([]);
    });

    it('a quote on the buyer\'s enquiry tells the buyer, naming the enquiry; each new answer once', async () => {
      const e = (await post('buyer', 'enquiryAdd', { lines: [{ oe: '7L0-698-151 A', name: '前刹车片', qty: 2, quality: '原厂件' }], seller_ids: [2] })).body.data;
      const lineId = e.lines[0].id;
      const sellerName = (await sql<{ name: string }>`select name from company where id = 2`.execute(env.database.db)).rows[0].name;
      const q = await newNotices(() => post('seller', 'quoteSubmit', { enquiry_id: e.id, line_id: lineId, price: 12050, brand: '博世', quality: '品牌件', qty: 2, delivery_days: 1, valid_days: 3 }));
      expect(q.added).toEqual([{
        recipient: 'buyer', title: '收到报价', no: e.enquiry_no, link: `/enquiry/list/${e.id}`,
        text: `收到报价：您的询价单 ${e.enquiry_no}（前刹车片）收到${sellerName}的报价 120.50。`,
      }]);
      expect(q.pushed).toEqual([id.buyer]);
    });

    it('a company audit tells the company\'s owners whether it passed or was refused, with the reason', async () => {
      const owners = (await sql<{ username: string }>`select username from app_user where company_id = (select company_id from app_user where username = 'buyer') and is_owner and active order by id`.execute(env.database.db)).rows.map((r) => r.username);
      expect(owners).toContain('buyer');
      const first = (await post('buyer', 'sellerApplySubmit', FORM)).body.data.id;
      const refused = await newNotices(() => post('operator', 'sellerApplyReject', { id: first, reason: '营业执照照片不清晰' }));
      expect(refused.added.map((n) => n.recipient)).toEqual(owners);
      expect(refused.added[0]).toMatchObject({ title: '企业审核未通过', link: '/apply/seller' });
      expect(refused.added[0].text).toContain('原因：营业执照照片不清晰');
      const second = (await post('buyer', 'sellerApplySubmit', FORM)).body.data.id;
      const passed = await newNotices(() => post('operator', 'sellerApplyApprove', { id: second }));
      expect(passed.added.map((n) => [n.recipient, n.title])).toEqual(owners.map((o) => [o, '企业审核通过']));
      // reviewing it again is refused and tells nobody
      expect((await newNotices(() => post('operator', 'sellerApplyApprove', { id: second }))).added).toEqual([]);
    });

    it('posting the same event twice stores one notice per user', async () => {
      const im = createImService({ clock: env.clock, db: env.database.db });
      const facts = { order_no: 'SO20261122120000999999', buyer_company_name: '广州骏通', seller_company_name: '骏达汽配', line_count: 1, total_qty: 2, total_fen: 2000 };
      const post2 = () => inTransaction(env.database.db, (trx) => im.postNotice(trx, { to: [id.buyer, id.buyer, id.seller], ...orderNotice('confirm', facts) }, {}));
      const { added } = await newNotices(async () => { await post2(); await post2(); });
      expect(added.map((n) => n.recipient).sort()).toEqual(['buyer', 'seller']);
    });

    it("an operator's edit of a notice's template is what the next notice says; a template losing its order number is refused", async () => {
      const refused = await post('operator', 'opNoticeTemplateSave', { scene: 'im_order_create', body: '您有一笔新订单，请及时确认。' });
      expect(refused.status).toBe(422);
      expect(refused.body.client_msg).toMatch(/须包含占位符 \{order_no\}/);
      // a notice is no SMS: it needs no 【签名】
      const body = '您有新订单 {order_no}：{buyer}，共 {qty} 件，¥{amount}。请尽快确认发货。';
      expect((await post('operator', 'opNoticeTemplateSave', { scene: 'im_order_create', body })).status).toBe(200);
      try {
        let order!: { order_no: string; total_fen: number };
        const { added, facts } = await newNotices(async () => { order = await placeOrder(); });
        expect(added.map((n) => n.text)).toEqual([`您有新订单 ${order.order_no}：上海申通汽车维修服务有限公司，共 2 件，¥${(order.total_fen / 100).toFixed(2)}。请尽快确认发货。`]);
        // the edit is the Chinese readers'; the facts the Vietnamese wording reads are the same whatever the template says
        expect(facts[0]).toEqual({
          scene: 'im_order_create', facts: { order_no: order.order_no, buyer: '上海申通汽车维修服务有限公司', lines: expect.any(String), qty: '2', amount: String(order.total_fen) },
        });
      } finally {
        await post('operator', 'opNoticeTemplateSave', { scene: 'im_order_create', body: NOTICE_SCENES.im_order_create.fallback });
      }
    });

    it('nobody can write to the assistant: a reply is refused and nothing is stored', async () => {
      const count = async () => (await sql<{ n: number }>`select count(*)::int as n from im_message`.execute(env.database.db)).rows[0].n;
      const before = await count();
      for (const who of ['buyer', 'seller']) {
        const r = await env.api('imSend', { client_msg_id: `c-${randomUUID()}`, targetId: IM_ASSISTANT_UUID, messageType: 'RC:TxtMsg', content: { content: '收到，谢谢' } }, { token: t[who] });
        expect(r.status).toBe(403);
        expect(r.body.client_msg).toBe(imText.assistantNoReply);
      }
      expect(await count()).toBe(before);
    });
  });
});
