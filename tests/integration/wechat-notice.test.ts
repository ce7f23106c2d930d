/**
 * WeChat template messages (docs/wechat.md) on both backends: the templates by scene (D11-05 only;
 * refusals under their field, changing nothing; a change audit-logged), the messages the real events
 * record (a new enquiry → its sellers' contacts, a quote → the buyer, an order shipped → the buyer):
 * nothing while a scene is off, `skipped` with the reason for a user without a WeChat binding, sent
 * through the provider for one with a binding; a provider's refusal is `failed` with its reason; a
 * scene switched off before sending is not sent; the send log and its filters.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { createWechatService } from '../../src/server/modules/wechat/wechat.service';
import type { WechatSend } from '../../src/server/modules/wechat/wechat.provider';
import { wechatText } from '../../src/shared/domain/wechat';
import { chinaDay } from '../../src/shared/domain/china-time';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const SELLER_CO = 2;
const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '上海市闵行区沪闵路6088号' };

describe.each(backends)('wechat template messages on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'templates, sending, the log', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let n = 0;
    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who], idempotencyKey: `wx-${backend}-${++n}-${randomUUID()}` });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data as T; };
    const userId = async (username: string) => (await sql<{ id: number }>`select id from app_user where username = ${username}`.execute(db())).rows[0].id;
    const messages = async (ref: string) => (await sql<{ scene: string; user_id: number; state: string; reason: string; provider: string; data: Record<string, string>; openid: string | null }>`
      select scene, user_id, state, reason, provider, data, openid from wechat_message where ref_no = ${ref} order by id`.execute(db())).rows;
    const audits = async () => (await sql<{ action: string; entity_id: string; username: string }>`
      select action, entity_id, username from operator_audit where entity = 'wechat_template' order by id`.execute(db())).rows;
    /** the app sends after the commit, without making the call wait: the rows settle soon after (up to 30 s on a busy machine) */
    const settled = async (ref: string) => {
      for (let i = 0; i < 1500; i++) {
        const rows = await messages(ref);
        if (rows.every((r) => r.state !== 'pending')) return rows;
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages(ref);
    };
    const sendEnquiry = async () => ok(await post('buyer', 'enquiryAdd', {
      lines: [{ oe: '7L0-698-151 A', name: '前刹车片', qty: 2, quality: '原厂件' }, { oe: '', name: '机油滤清器', qty: 1, quality: '不限' }],
      seller_ids: [SELLER_CO], note: '',
    }));
    const enable001 = { scene: 'weChat-001' as const, wx_template_id: 'TPL_inquiry-01', enabled: true,
      fields: [{ key: 'first', value: '您收到新的询价' }, { key: 'keyword1', value: '{enquiry_no}' }, { key: 'keyword2', value: '{buyer}：{parts}' }, { key: 'remark', value: '{time}' }] };

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50, accessTtlSeconds: 30 * 86_400 });
      for (const u of ['operator', 'seller', 'buyer']) t[u] = (await env.login(u)).access_token;
      t.wechatOp = await operatorWith(env, 'wx-op', ['D11-05']);
      t.settingsOp = await operatorWith(env, 'wx-settings', ['D11-01', 'D11-02']);
    }, 600_000);
    afterAll(async () => env?.close());

    it('only D11-05 (or D11) and operators read and change the templates and the log', async () => {
      for (const who of ['settingsOp', 'seller', 'buyer']) {
        expect((await get(who, 'opWechatTemplates', {})).status).toBe(403);
        expect((await get(who, 'opWechatMessages', {})).status).toBe(403);
        expect((await post(who, 'opWechatTemplateSave', enable001)).status).toBe(403);
      }
      const list = ok(await get('wechatOp', 'opWechatTemplates', {}));
      expect(list.map((x) => [x.scene, x.label, x.enabled, x.template_id])).toEqual([
        ['weChat-001', '新询价', false, ''], ['weChat-002', '新报价', false, ''], ['weChat-003', '订单已发货', false, ''],
      ]);
      expect(list[0].placeholders).toMatchObject({ enquiry_no: '询价单号', buyer: '询价企业' });
      expect(ok(await get('operator', 'opWechatMessages', {})).total).toBe(0);
      expect(await audits()).toEqual([]);
    });

    it('refuses a bad template under its field and changes nothing', async () => {
      const refused = async (payload: PayloadIn<'opWechatTemplateSave'>, field: string, text: string) => {
        const r = await post('wechatOp', 'opWechatTemplateSave', payload);
        expect(r.status, JSON.stringify(r.body)).toBe(422);
        expect(r.body.field).toBe(field);
        expect(r.body.msg).toContain(text);
      };
      await refused({ ...enable001, wx_template_id: '' }, 'wx_template_id', wechatText.templateIdNeeded);
      await refused({ ...enable001, wx_template_id: '模板 1' }, 'wx_template_id', wechatText.templateIdBad);
      await refused({ ...enable001, fields: [] }, 'fields', wechatText.fieldsNeeded);
      await refused({ ...enable001, fields: [{ key: 'keyword1', value: '{order_no}' }] }, 'fields.0.value', '未知的占位符 {order_no}');
      await refused({ ...enable001, fields: [{ key: 'keyword1', value: '{enquiry_no}' }, { key: 'keyword1', value: '{buyer}' }] }, 'fields.1.key', '字段名 keyword1 重复');
      await refused({ ...enable001, fields: [{ key: '1st', value: 'x' }] }, 'fields.0.key', wechatText.keyBad);
      await refused({ ...enable001, fields: [{ key: 'first', value: '  ' }] }, 'fields.0.value', wechatText.valueEmpty);
      await refused({ ...enable001, scene: 'weChat-009' as 'weChat-001' }, 'scene', '未知的微信消息场景');
      expect(ok(await get('wechatOp', 'opWechatTemplates', {}))[0]).toMatchObject({ enabled: false, template_id: '', fields: [] });
      expect(await audits()).toEqual([]);
    });

    it('a scene that is off records nothing; on, a seller contact without a binding is skipped with the reason', async () => {
      const off = await sendEnquiry();
      expect(await messages(off.enquiry_no)).toEqual([]);
      const saved = ok(await post('wechatOp', 'opWechatTemplateSave', enable001));
      expect(saved).toMatchObject({ enabled: true, template_id: 'TPL_inquiry-01', updated_by: 'wx-op' });
      expect(saved.fields).toHaveLength(4);
      // saving the same again changes nothing and logs nothing more
      ok(await post('wechatOp', 'opWechatTemplateSave', enable001));
      expect(await audits()).toEqual([{ action: 'set', entity_id: 'weChat-001', username: 'wx-op' }]);
      const e = await sendEnquiry();
      const rows = await settled(e.enquiry_no);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ scene: 'weChat-001', user_id: await userId('seller'), state: 'skipped', reason: wechatText.noBinding, openid: null });
      expect(rows[0].data).toMatchObject({ first: '您收到新的询价', keyword1: e.enquiry_no, keyword2: `${e.buyer_company_name}：7L0-698-151 A 前刹车片 等2种` });
    });

    it('a bound seller contact gets it through the provider (the log provider by default)', async () => {
      await sql`insert into wechat_binding (user_id, openid) values (${await userId('seller')}, 'o-seller-openid-1')`.execute(db());
      const e = await sendEnquiry();
      const rows = await settled(e.enquiry_no);
      expect(rows).toEqual([expect.objectContaining({ state: 'sent', provider: 'log', openid: 'o-seller-openid-1', reason: '' })]);
    });

    it('a quote tells the buyer (weChat-002) once the scene is on', async () => {
      ok(await post('wechatOp', 'opWechatTemplateSave', { scene: 'weChat-002', wx_template_id: 'TPL_quote', enabled: true,
        fields: [{ key: 'keyword1', value: '{enquiry_no}' }, { key: 'keyword2', value: '{seller} 报价 {price}（{part}）' }] }));
      const e = await sendEnquiry();
      ok(await post('seller', 'quoteSubmit', { enquiry_id: e.id, line_id: e.lines[0].id, price: 12_345 } as PayloadIn<'quoteSubmit'>));
      const rows = (await settled(e.enquiry_no)).filter((r) => r.scene === 'weChat-002');
      expect(rows).toEqual([expect.objectContaining({ user_id: await userId('buyer'), state: 'skipped', reason: wechatText.noBinding })]);
      expect(rows[0].data.keyword2).toMatch(/报价 .*123\.45.*（前刹车片）$/);
    });

    it('an order shipped tells the buyer who placed it (weChat-003)', async () => {
      ok(await post('wechatOp', 'opWechatTemplateSave', { scene: 'weChat-003', wx_template_id: 'TPL_ship', enabled: true,
        fields: [{ key: 'keyword1', value: '{order_no}' }, { key: 'keyword2', value: '{logistics}' }] }));
      await sql`insert into wechat_binding (user_id, openid) values (${await userId('buyer')}, 'o-buyer-openid-1')`.execute(db());
      const row = (await sql<{ id: number }>`select id from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 1`.execute(db())).rows[0];
      await sql`update stock set quantity = 50, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000 where id = ${row.id}`.execute(db());
      ok(await post('buyer', 'cartAdd', { stock_id: row.id, qty: 1 }));
      const item = ok(await get('buyer', 'cartList', {})).groups.flatMap((g) => g.items).find((i) => i.stockId === row.id)!;
      const o = ok(await post('buyer', 'cartSubmit', { cart_ids: [item.id], expected_total_fen: item.amount, ...ADDRESS })).orders[0];
      ok(await post('seller', 'orderConfirm', { order_no: o.order_no }));
      ok(await post('seller', 'orderOfflinePayment', { order_no: o.order_no, pay_method: '银行转账' }));
      ok(await post('seller', 'orderDeliver', { order_no: o.order_no, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' }));
      const rows = await settled(o.order_no);
      expect(rows).toEqual([expect.objectContaining({ scene: 'weChat-003', user_id: await userId('buyer'), state: 'sent', openid: 'o-buyer-openid-1' })]);
      expect(rows[0].data).toEqual({ keyword1: o.order_no, keyword2: '顺丰速运 SF1234567890' });
    });

    it('a provider that refuses leaves the message failed with its reason; a scene switched off meanwhile is not sent', async () => {
      const sent: WechatSend[] = [];
      let refuse = true;
      const svc = createWechatService({ db: db(), clock: env.clock, provider: { name: 'test', async send(m) {
        if (refuse) throw new Error('errcode 43004: require subscribe');
        sent.push(m);
      } } });
      const seller = await userId('seller');
      // recorded in a transaction of its own with no request: left pending for the sweep
      await db().transaction().execute((trx) => svc.notify(trx, { scene: 'weChat-001', userIds: [seller], values: { enquiry_no: 'XJ-SWEEP-1' }, link: '/backend/quote/1', ref_no: 'XJ-SWEEP-1' }));
      expect((await messages('XJ-SWEEP-1')).map((r) => r.state)).toEqual(['pending']);
      expect(await svc.deliverPending(db())).toEqual({ wechat_sent: 0 });
      expect(await messages('XJ-SWEEP-1')).toEqual([expect.objectContaining({ state: 'failed', reason: 'errcode 43004: require subscribe', provider: 'test' })]);
      refuse = false;
      await db().transaction().execute((trx) => svc.notify(trx, { scene: 'weChat-001', userIds: [seller], values: { enquiry_no: 'XJ-SWEEP-2' }, link: '/backend/quote/2', ref_no: 'XJ-SWEEP-2' }));
      ok(await post('wechatOp', 'opWechatTemplateSave', { ...enable001, enabled: false }));
      await svc.deliverPending(db());
      expect(await messages('XJ-SWEEP-2')).toEqual([expect.objectContaining({ state: 'skipped', reason: wechatText.disabledMeanwhile })]);
      expect(sent).toEqual([]);
      ok(await post('wechatOp', 'opWechatTemplateSave', enable001));
      await db().transaction().execute((trx) => svc.notify(trx, { scene: 'weChat-001', userIds: [seller], values: { enquiry_no: 'XJ-SWEEP-3' }, link: '/backend/quote/3', ref_no: 'XJ-SWEEP-3' }));
      expect(await svc.deliverPending(db())).toEqual({ wechat_sent: 1 });
      expect(sent).toEqual([{ openid: 'o-seller-openid-1', template_id: 'TPL_inquiry-01', link: '/backend/quote/3',
        data: { first: '您收到新的询价', keyword1: 'XJ-SWEEP-3', keyword2: '{buyer}：{parts}', remark: '{time}' } }]);
    });

    it('the send log: newest first, with filters by scene, state, keyword and day', async () => {
      const all = ok(await get('wechatOp', 'opWechatMessages', {}));
      expect(all.total).toBeGreaterThanOrEqual(7);
      expect(all.data[0].ref_no).toBe('XJ-SWEEP-3');
      expect(all.data[0]).toMatchObject({ scene: 'weChat-001', username: 'seller', state: 'sent', openid: 'o-seller-openid-1' });
      const failed = ok(await get('wechatOp', 'opWechatMessages', { state: 'failed' }));
      expect(failed.data.map((m) => m.ref_no)).toEqual(['XJ-SWEEP-1']);
      const shipped = ok(await get('wechatOp', 'opWechatMessages', { scene: 'weChat-003' }));
      expect(shipped.total).toBe(1);
      expect(ok(await get('wechatOp', 'opWechatMessages', { k: 'XJ-SWEEP-2' })).data.map((m) => m.reason)).toEqual([wechatText.disabledMeanwhile]);
      expect(ok(await get('wechatOp', 'opWechatMessages', { k: 'buyer', scene: 'weChat-002' })).total).toBe(1);
      const today = chinaDay(env.clock.now());
      expect(ok(await get('wechatOp', 'opWechatMessages', { date_from: today, date_to: today })).total).toBe(all.total);
      expect(ok(await get('wechatOp', 'opWechatMessages', { date_to: '2020-01-01' })).total).toBe(0);
      const bad = await get('wechatOp', 'opWechatMessages', { state: 'lost' as 'sent' });
      expect(bad.status).toBe(422);
      expect(bad.body.field).toBe('state');
    });
  });
});
