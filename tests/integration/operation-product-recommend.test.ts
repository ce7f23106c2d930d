/**
 * 推荐商品 (requirements 001-2-2 product/recommend): operators choose sellers' stock rows on sale for
 * the storefront home, in order; the public list follows take-downs and suspensions at once; every
 * change is one audit row; D04-01 reads, D04-02 writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { opProductText } from '../../src/shared/domain/operation';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';

describe.each(backends)('operator product recommend on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'product recommend', () => {
    let env: TestEnv;
    let op: string;
    let keyN = 0;
    let onRows: Array<{ id: number; company_id: number; supplier_oe: string; name: string; company_name: string }>;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      op = (await env.login('operator')).access_token;
      // three rows on sale of company 2 and one of another company
      onRows = (await sql<typeof onRows[number]>`
        (select s.id::int as id, s.company_id, s.supplier_oe, s.name, c.name as company_name from stock s join company c on c.id = s.company_id
          where s.state = 'on' and s.company_id = 2 order by s.id limit 3)
        union all
        (select s.id::int, s.company_id, s.supplier_oe, s.name, c.name from stock s join company c on c.id = s.company_id
          where s.state = 'on' and s.company_id not in (1, 2) order by s.id limit 1)`.execute(env.database.db)).rows;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const get = (name: 'getRecommendProducts' | 'opProductRecommendList', token = op) => env.api(name, {}, { token });
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, token = op, key = `prodrec-key-${++keyN}`) =>
      env.api(name, payload, { token, idempotencyKey: key });
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);
    const home = async () => (await get('getRecommendProducts', '')).body.data.map((p) => p.id);
    const auditRows = async () => (await sql<{ action: string; username: string; old_value: unknown; new_value: unknown }>`
      select action, username, old_value, new_value from operator_audit where entity = 'product_recommend' order by id`.execute(db())).rows;

    it('refuses without D04; a D04-01 reader reads but cannot save', async () => {
      const seller = (await env.login('seller')).access_token;
      const reporter = await headUser('rec-reporter', ['D01-01']);
      for (const t of [seller, reporter]) {
        expect((await get('opProductRecommendList', t)).status).toBe(403);
        expect((await post('opProductRecommendSave', { ids: [onRows[0].id] }, t)).status).toBe(403);
      }
      const reader = await headUser('rec-reader', ['D04-01']);
      expect((await get('opProductRecommendList', reader)).body.data).toEqual([]);
      expect((await post('opProductRecommendSave', { ids: [onRows[0].id] }, reader)).status).toBe(403);
      expect(await auditRows()).toEqual([]);
    });

    it('saves rows on sale in order for the home; refusals name the row; a take-down or suspension hides a row at once', async () => {
      const [a, b, c, other] = onRows;
      expect(await home()).toEqual([]);
      const offRow = (await sql<{ id: number }>`select id::int as id from stock where state = 'off' and company_id = 2 limit 1`.execute(db())).rows[0]
        ?? (await sql<{ id: number }>`update stock set state = 'off' where id = ${c.id} returning id::int as id`.execute(db())).rows[0];
      const bad: Array<[PayloadIn<'opProductRecommendSave'>, string, string | RegExp]> = [
        [{ ids: [a.id, a.id] }, 'ids', opProductText.recommendDuplicate],
        [{ ids: [a.id, 99999999] }, 'ids.1', opProductText.recommendMissing(99999999)],
        [{ ids: ['x'] }, 'ids.0', /库存ID/],
        [{ ids: Array.from({ length: 25 }, (_, i) => i + 1) }, 'ids', /最多推荐24条/],
        [{ ids: [a.id, offRow.id] }, 'ids.1', /不在售，不能推荐/],
      ];
      for (const [body, field, text] of bad) {
        const r = await post('opProductRecommendSave', body);
        expect(r.status, JSON.stringify(body)).toBe(422);
        expect(r.body).toMatchObject({ field, client_msg: expect.stringMatching(text) });
      }
      if (offRow.id === c.id) await sql`update stock set state = 'on' where id = ${c.id}`.execute(db());
      expect(await auditRows()).toEqual([]);

      const replayKey = 'prodrec-replay';
      expect((await post('opProductRecommendSave', { ids: [other.id, a.id, b.id] }, op, replayKey)).body.data).toEqual({ ids: [other.id, a.id, b.id] });
      expect((await post('opProductRecommendSave', { ids: [other.id, a.id, b.id] }, op, replayKey)).body.data).toEqual({ ids: [other.id, a.id, b.id] });
      const shown = (await get('getRecommendProducts', '')).body.data;
      expect(shown[0]).toMatchObject({ id: other.id, supplier_oe: other.supplier_oe, name: other.name, company_name: other.company_name });
      expect(shown.map((p) => p.id)).toEqual([other.id, a.id, b.id]);
      // no price on the public list: prices depend on the buyer's level
      expect(Object.keys(shown[0]).some((k) => k.startsWith('price'))).toBe(false);
      // reorder; the same list again records nothing
      await post('opProductRecommendSave', { ids: [b.id, a.id, other.id] });
      await post('opProductRecommendSave', { ids: [b.id, a.id, other.id] });
      expect((await get('opProductRecommendList')).body.data.map((r) => r.id)).toEqual([b.id, a.id, other.id]);
      expect(await auditRows()).toEqual([
        expect.objectContaining({ action: 'set', username: 'operator', old_value: [], new_value: [other.id, a.id, b.id] }),
        expect.objectContaining({ action: 'set', old_value: [other.id, a.id, b.id], new_value: [b.id, a.id, other.id] }),
      ]);

      // the platform takes a row off sale: it leaves the home, stays listed for the operator, marked
      expect((await post('opProductOffSale', { ids: [a.id], reason: '图片与实物不符' })).status).toBe(200);
      expect(await home()).toEqual([b.id, other.id]);
      expect((await get('opProductRecommendList')).body.data.find((r) => r.id === a.id)).toMatchObject({ state: 'op_off' });
      // a listed row off sale may stay in a new order; it cannot be added anew once removed
      expect((await post('opProductRecommendSave', { ids: [a.id, b.id, other.id] })).status).toBe(200);
      await post('opProductRecommendSave', { ids: [b.id, other.id] });
      expect((await post('opProductRecommendSave', { ids: [b.id, other.id, a.id] })).body).toMatchObject({ field: 'ids.2', client_msg: expect.stringMatching(/不在售/) });
      // suspending the seller hides its rows; restoring brings them back
      expect((await post('opCompanySuspend', { ids: [2], reason: '测试停用' })).status).toBe(200);
      expect(await home()).toEqual([other.id]);
      expect((await post('opCompanyRestore', { ids: [2] })).status).toBe(200);
      expect(await home()).toEqual([b.id, other.id]);
      // a row its seller deletes leaves the list
      const fresh = (await sql<{ id: number }>`insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, quantity, price0, price1, price2, price3, price99)
        select 2, 'RECDEL0001', 'REC-DEL-0001', '测试删除', id, 1, 100, 100, 100, 100, 100 from part_quality limit 1 returning id::int as id`.execute(db())).rows[0].id;
      await post('opProductRecommendSave', { ids: [b.id, fresh, other.id] });
      await sql`delete from stock where id = ${fresh}`.execute(db());
      expect((await get('opProductRecommendList')).body.data.map((r) => r.id)).toEqual([b.id, other.id]);
    });
  });
});
