import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { UNKNOWN_BRAND } from '../../src/server/modules/search/search.service';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('part-brand filter on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'keywordSearch brand_id, getPartBrands', () => {
    let env: TestEnv;
    let buyer: string;
    /** a part name stocked under at least two brands, and one of those brands */
    let pick: { name: string; brand_id: number; brand_name: string; rows: number; all: number };
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 3000 });
      buyer = (await env.login('buyer')).access_token;
      pick = (await sql<typeof pick>`
        select s.name, s.part_brand_id as brand_id, b.name as brand_name, count(*)::int as rows,
          (select count(*)::int from stock t where t.name = s.name and t.state = 'on') as "all"
        from stock s join part_brand b on b.id = s.part_brand_id
        where s.state = 'on' and s.name in (select name from stock group by name having count(distinct part_brand_id) > 1)
        group by s.name, s.part_brand_id, b.name order by count(*) desc, s.name limit 1`.execute(env.database.db)).rows[0];
    });
    afterAll(async () => env?.close());

    const keyword = (q: PayloadIn<'keywordSearch'>) => env.api('keywordSearch', q, { token: buyer });

    it('limits keyword results to the chosen brand', async () => {
      const all = await keyword({ k: pick.name, mode: 'exact', page_size: 800 });
      const brands = new Set(all.body.data.rows.map((r) => r.part_brand_name));
      expect(brands.size).toBeGreaterThan(1);
      const only = await keyword({ k: pick.name, mode: 'exact', page_size: 800, brand_id: pick.brand_id });
      expect(only.status).toBe(200);
      expect(only.body.data.rows.length).toBeGreaterThan(0);
      expect(new Set(only.body.data.rows.map((r) => r.part_brand_name))).toEqual(new Set([pick.brand_name]));
      expect(only.body.data.total).toBeLessThan(all.body.data.total);
    });

    it('refuses an unknown or malformed brand id, naming the field', async () => {
      const unknown = await keyword({ k: pick.name, brand_id: 999999 });
      expect(unknown.status).toBe(422);
      expect(unknown.body.field).toBe('brand_id');
      expect(unknown.body.client_msg).toContain(UNKNOWN_BRAND);
      const bad = await keyword({ k: pick.name, brand_id: 'abc' });
      expect(bad.status).toBe(422);
      expect(bad.body.field).toBe('brand_id');
    });

    it('pages brands 20 at a time, filtered by keyword, and an empty list for no match', async () => {
      const first = await env.api('getPartBrands', {}, { token: buyer });
      expect(first.body.data.data.length).toBeLessThanOrEqual(20);
      const byName = await env.api('getPartBrands', { keyword: pick.brand_name }, { token: buyer });
      expect(byName.body.data.data.map((b) => b.id)).toContain(pick.brand_id);
      const none = await env.api('getPartBrands', { keyword: '不存在的品牌名' }, { token: buyer });
      expect(none.body.data).toEqual({ data: [], total: 0 });
    });
  });
});
