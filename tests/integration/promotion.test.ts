/**
 * 优惠码 (requirements 001-2-2 pay/promotionCode): operators issue codes, members apply them to a
 * pending package order, the payment charges the discounted amount, and every rule refuses with
 * its own Chinese message and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { chinaDay } from '../../src/shared/domain/china-time';
import { promotionText } from '../../src/shared/domain/promotion';
import { msg } from '../../src/shared/messages';
import { fenText, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;

describe.each(backends)('promotion codes on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    const tokens: Record<string, string> = {};
    const db = () => env.database.db;
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, user = 'operator', key?: string) =>
      env.api(name, payload, { token: tokens[user], idempotencyKey: key });
    const get = <N extends EndpointName>(name: N, query: PayloadIn<N>, user = 'operator') => env.api(name, query, { token: tokens[user] });
    const day = (offsetDays: number) => chinaDay(new Date(env.clock.now().getTime() + offsetDays * 86_400_000));
    const issue = (over: Partial<PayloadIn<'opPromotionSave'>> = {}) => post('opPromotionSave', {
      code: 'NEW2026', name: '新会员立减', kind: 'percent', value: 20, start_day: day(-1), end_day: day(30), max_uses: '', ...over,
    });
    const formalId = async () => (await get('getPayPackages', {}, 'member')).body.data.packages[0].level_id;
    const newOrder = async (user = 'member') => (await post('createPackageOrder', { level_id: await formalId() }, user)).body.data.order_no;
    const auditRows = async (id: number) =>
      (await sql<{ action: string; old_value: unknown; new_value: unknown }>`
        select action, old_value, new_value from operator_audit where entity = 'promotion_code' and entity_id = ${String(id)} order by id`.execute(db())).rows;

    beforeAll(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 3600 });
      for (const u of ['member', 'buyer', 'operator']) tokens[u] = (await env.login(u)).access_token;
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
        select gen_random_uuid(), 1, 'pay_clerk', '支付专员', password_hash, array['D05-01']::text[], null from app_user where username = 'operator'`.execute(db());
      tokens.pay_clerk = (await env.login('pay_clerk')).access_token;
    });
    afterAll(async () => env?.close());

    it('refuses bad codes with the field named, and issues a good one into the audit log', async () => {
      const refusals: Array<[Partial<PayloadIn<'opPromotionSave'>>, string, string]> = [
        [{ code: 'ab' }, 'code', promotionText.codeFormat],
        [{ kind: 'percent', value: 95 }, 'value', promotionText.percentRange],
        // an amount is whole fen on the wire (docs/api.md, "Money"): yuan text and fractions are refused
        [{ kind: 'amount', value: '12.34' as never }, 'value', '优惠额度应为整数：按比例为百分数，减固定金额为以分为单位的金额'],
        [{ kind: 'amount', value: 12.5 }, 'value', '优惠额度应为整数：按比例为百分数，减固定金额为以分为单位的金额'],
        [{ kind: 'amount', value: 0 }, 'value', fenText('优惠金额', 1, 999_999_999)],
        [{ start_day: day(5), end_day: day(1) }, 'end_day', promotionText.endBeforeStart],
        [{ max_uses: '0' }, 'max_uses', '总次数应为1到999999的整数，不限则留空'],
        [{ level_id: 3 }, 'level_id', '该套餐不存在或已下架'],
      ];
      for (const [over, field, text] of refusals) {
        const r = await issue(over);
        expect(r.status).toBe(422);
        expect(r.body).toMatchObject({ field, client_msg: msg.invalidPayload(field, text) });
      }
      expect(await db().selectFrom('promotion_code').select('id').execute()).toEqual([]);
      const ok = await issue({ code: ' new2026 ' });
      expect(ok.body.data).toMatchObject({ code: 'NEW2026', kind: 'percent', value: 20, state: 'active', uses: 0, max_uses: 0, created_by: 'operator', start_day: day(-1), end_day: day(30) });
      expect((await issue()).body).toMatchObject({ field: 'code', client_msg: msg.invalidPayload('code', promotionText.codeTaken) });
      expect(await auditRows(ok.body.data.id)).toEqual([expect.objectContaining({ action: 'create' })]);
    });

    it('is refused without its D code; the pay clerk reads the list but cannot issue', async () => {
      const refused = await post('opPromotionSave', { code: 'CLERK01', name: '支付专员发的码', kind: 'percent', value: 5, start_day: day(0), end_day: day(1) }, 'pay_clerk');
      expect(refused.status).toBe(403);
      expect(await db().selectFrom('promotion_code').select('id').where('code', '=', 'CLERK01').execute()).toEqual([]);
      expect((await get('opPromotionList', {}, 'pay_clerk')).status).toBe(200);
      expect((await get('opPromotionList', {}, 'member')).status).toBe(403);
    });

    it('takes the discount off a pending order, which then pays the discounted amount', async () => {
      const no = await newOrder();
      const bad = await post('applyPackagePromotion', { order_no: no, code: 'NOPE123' }, 'member');
      expect(bad.body).toMatchObject({ code: 422, field: 'code', client_msg: msg.invalidPayload('code', promotionText.notFound) });
      const applied = await post('applyPackagePromotion', { order_no: no, code: 'new2026' }, 'member');
      expect(applied.body.data).toMatchObject({ amount_fen: 158400, discount_fen: 39600, promotion_code: 'NEW2026', promotion_name: '新会员立减', state: 'pending' });
      // another company cannot touch this order
      expect((await post('applyPackagePromotion', { order_no: no, code: 'NEW2026' }, 'buyer')).status).toBe(403);
      const pay = await post('payPackageOrder', { order_no: no }, 'member');
      const token = tokenOf(pay.body.data.checkout_url);
      const page = await get('sandboxCheckout', { token }, 'member');
      expect(page.body.data.amount_fen).toBe(158400);
      expect((await post('sandboxConfirm', { token, action: 'pay' }, 'member')).body.data.state).toBe('paid');
      // once paid the code cannot be changed on it, and the list shows the use and what it gave
      expect((await post('removePackagePromotion', { order_no: no }, 'member')).body.client_msg).toBe(promotionText.notPending);
      const row = (await get('opPromotionList', { q: 'NEW2026' })).body.data.data[0];
      expect(row).toMatchObject({ uses: 1, paid_uses: 1, paid_discount_fen: 39600 });
    });

    it('a company uses a code once, a full code is used up, and a checkout started before the code is void', async () => {
      const again = await newOrder();
      expect((await post('applyPackagePromotion', { order_no: again, code: 'NEW2026' }, 'member')).body.client_msg).toBe(msg.invalidPayload('code', promotionText.companyUsed));
      const id = (await issue({ code: 'ONLY1', kind: 'amount', value: 10000, max_uses: '1' })).body.data.id;
      // the checkout started at the list price is void once a code reprices the order
      const started = tokenOf((await post('payPackageOrder', { order_no: again }, 'member')).body.data.checkout_url);
      expect((await post('applyPackagePromotion', { order_no: again, code: 'ONLY1' }, 'member')).body.data).toMatchObject({ amount_fen: 188000, discount_fen: 10000 });
      expect((await post('sandboxConfirm', { token: started, action: 'pay' }, 'member')).status).toBe(403);
      expect((await get('getPackageOrder', { order_no: again }, 'member')).body.data.state).toBe('pending');
      // its one use is held by that pending order: another company is told it is used up
      const other = await newOrder('buyer');
      expect((await post('applyPackagePromotion', { order_no: other, code: 'ONLY1' }, 'buyer')).body.client_msg).toBe(msg.invalidPayload('code', promotionText.usedUp));
      // removing it gives the use back and restores the list price
      expect((await post('removePackagePromotion', { order_no: again }, 'member')).body.data).toMatchObject({ amount_fen: 198000, discount_fen: 0, promotion_code: '' });
      expect((await post('applyPackagePromotion', { order_no: other, code: 'ONLY1' }, 'buyer')).body.data.discount_fen).toBe(10000);
      // the operators cannot set the total under the uses already made
      const edit = await issue({ id, code: 'ONLY1', kind: 'amount', value: 10000, max_uses: '2', name: '限量立减' });
      expect(edit.body.data).toMatchObject({ max_uses: 2, name: '限量立减' });
      expect(await auditRows(id)).toEqual([
        expect.objectContaining({ action: 'create' }),
        { action: 'update', old_value: { name: '新会员立减', max_uses: 1 }, new_value: { name: '限量立减', max_uses: 2 } },
      ]);
    });

    it('a stopped, expired or not yet started code is refused with its reason', async () => {
      const id = (await issue({ code: 'LATER1', start_day: day(3), end_day: day(10) })).body.data.id;
      const no = await newOrder('buyer');
      expect((await post('applyPackagePromotion', { order_no: no, code: 'LATER1' }, 'buyer')).body.client_msg).toBe(msg.invalidPayload('code', promotionText.upcoming(day(3))));
      expect((await post('opPromotionActive', { ids: [id], active: false })).body.data).toEqual({ changed: 1 });
      expect((await post('applyPackagePromotion', { order_no: no, code: 'LATER1' }, 'buyer')).body.client_msg).toBe(msg.invalidPayload('code', promotionText.disabled));
      expect((await get('opPromotionList', { state: 'disabled' })).body.data.data.map((r) => r.code)).toEqual(['LATER1']);
      env.clock.advance(40 * 86_400);
      try {
        tokens.buyer = (await env.login('buyer')).access_token;
        expect((await post('applyPackagePromotion', { order_no: no, code: 'NEW2026' }, 'buyer')).body.client_msg).toBe(msg.invalidPayload('code', promotionText.expired));
      } finally {
        env.clock.advance(-40 * 86_400);
        tokens.buyer = (await env.login('buyer')).access_token;
      }
      expect(await auditRows(id)).toEqual([expect.objectContaining({ action: 'create' }), { action: 'disable', old_value: { active: true }, new_value: { active: false } }]);
    });
  });
});
