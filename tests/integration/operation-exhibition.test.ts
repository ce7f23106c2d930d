/**
 * 展厅 (requirements 001-2-2 company/exhibition): operators review every shop's decoration and remove
 * one photo with a reason: gone from the shop page at once, logged, and the owners told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { exhibitionText } from '../../src/server/modules/operation/exhibition.service';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('店铺展厅 review on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    const tokens: Record<string, string> = {};
    const db = () => env.database.db;
    const list = (query: PayloadIn<'opExhibitionList'> = {}, token = tokens.operator) => env.api('opExhibitionList', query, { token });
    const remove = (payload: PayloadIn<'opExhibitionRemove'>, token = tokens.operator, key = crypto.randomUUID()) =>
      env.api('opExhibitionRemove', payload, { token, idempotencyKey: key });

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50 });
      for (const u of ['operator', 'buyer']) tokens[u] = (await env.login(u)).access_token;
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
        select gen_random_uuid(), 1, 'company_reader', '企业查看', password_hash, array['D02-01']::text[], null from app_user where username = 'operator'`.execute(db());
      tokens.reader = (await env.login('company_reader')).access_token;
    });
    afterAll(async () => env?.close());

    it('lists decorated shops first with their photos, and filters by content', async () => {
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.data.data[0]).toMatchObject({ company_id: 2, banner_url: '/shop/banner.svg', media: [
        { kind: 'photo', url: '/shop/factory-1.svg', title: '仓储区' }, { kind: 'photo', url: '/shop/factory-2.svg', title: '分拣包装' }, { kind: 'photo', url: '/shop/factory-3.svg', title: '发货站台' },
      ] });
      expect(r.body.data.data[0].updated_at).toBeGreaterThan(0);
      expect((await list({ has: 'photo' })).body.data.data.map((x) => x.company_id)).toEqual([2]);
      expect((await list({ has: 'none', page_size: 800 })).body.data.data.some((x) => x.company_id === 2)).toBe(false);
      expect((await list({}, tokens.reader)).status).toBe(200);
      expect((await list({}, tokens.buyer)).status).toBe(403);
    });

    it('removes one photo with a reason: gone from the shop page, logged, the owners told; bad input changes nothing', async () => {
      const item = { company_id: 2, kind: 'photo', url: '/shop/factory-2.svg' } as const;
      const noReason = await remove({ ...item, reason: '' });
      expect(noReason.body).toMatchObject({ code: 422, field: 'reason', client_msg: msg.invalidPayload('reason', '请填写移除原因') });
      expect((await remove({ ...item, reason: '图片含联系方式' }, tokens.reader)).status).toBe(403);
      expect(await db().selectFrom('company_shop_media').select('url').where('company_id', '=', 2).execute()).toHaveLength(3);

      const ok = await remove({ ...item, reason: '图片含联系方式' });
      expect(ok.body.data).toEqual({ removed: 1 });
      const shop = await env.api('getCompanyShop', { company_id: 2 }, { token: tokens.buyer });
      expect(JSON.stringify(shop.body.data)).not.toContain('factory-2.svg');
      expect(JSON.stringify(shop.body.data)).toContain('factory-1.svg');
      const log = (await sql<{ action: string; note: string; old_value: unknown }>`select action, note, old_value from operator_audit where entity = 'shop_media' and entity_id = '2'`.execute(db())).rows;
      expect(log).toEqual([{ action: 'delete', note: '图片含联系方式', old_value: { kind: 'photo', url: '/shop/factory-2.svg', title: '分拣包装' } }]);
      const notice = (await sql<{ text: string }>`select m.text from im_message m join app_user u on u.id = m.recipient_id
        where u.username = 'seller' and m.text like '%展厅%' order by m.id desc limit 1`.execute(db())).rows[0];
      expect(JSON.parse(notice.text).BusinessInfo.内容).toBe('店铺展厅内容已被平台移除：您店铺展厅的图片“分拣包装”已被平台移除，原因：图片含联系方式。如有疑问请联系平台客服。');

      const again = await remove({ ...item, reason: '图片含联系方式' });
      expect(again.status).toBe(404);
      expect(again.body.client_msg).toBe(exhibitionText.itemGone);
    });
  });
});
