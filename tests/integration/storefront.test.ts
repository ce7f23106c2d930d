import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('storefront calls on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    beforeAll(async () => {
      env = await createTestEnv(backend);
    });
    afterAll(async () => env?.close());

    const rates = (query: PayloadIn<'getExchangerateList'> = {}) => env.api('getExchangerateList', query);

    it('a guest reads the seeded CNY→VND rate', async () => {
      const r = await rates();
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual([{ to_curr_code: 'VND', to_curr_txt: '越南盾', rate_value: 3618.5 }]);
    });

    it('to_curr_txt picks one currency by its Chinese name; an unknown name gives an empty list', async () => {
      expect((await rates({ to_curr_txt: '越南盾' })).body.data.map((x) => x.to_curr_code)).toEqual(['VND']);
      expect((await rates({ to_curr_txt: '美元' })).body.data).toEqual([]);
      expect((await rates({ to_curr_txt: '' })).body.data).toHaveLength(1);
    });

    it('answers what the table holds, to six decimals', async () => {
      await sql`insert into exchange_rate (to_curr_code, to_curr_txt, rate_value) values ('USD', '美元', 0.137512)`.execute(env.database.db);
      await sql`update exchange_rate set rate_value = 3620.123456 where to_curr_code = 'VND'`.execute(env.database.db);
      expect((await rates()).body.data).toEqual([
        { to_curr_code: 'USD', to_curr_txt: '美元', rate_value: 0.137512 },
        { to_curr_code: 'VND', to_curr_txt: '越南盾', rate_value: 3620.123456 },
      ]);
    });

    it('refuses a too long currency name with a message naming the field', async () => {
      const r = await rates({ to_curr_txt: '越'.repeat(21) });
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: 422, field: 'to_curr_txt', client_msg: msg.invalidPayload('to_curr_txt', '币种名称最多20个字符') });
    });

    it('the table refuses a rate that is not positive', async () => {
      await expect(sql`update exchange_rate set rate_value = 0 where to_curr_code = 'VND'`.execute(env.database.db)).rejects.toThrow();
    });
  });
});
