import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const DAY = 86400;

describe.each(backends)('a level whose end has passed on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    const levelOf = async (user: string, companyId: number) => {
      const { access_token } = await env.login(user);
      const level = (await env.api('getCompanyLevel', { company_id: companyId }, { token: access_token })).body.data[0];
      const stock = (await env.api('getStockCount', { company_id: companyId }, { token: access_token })).body.data;
      return { name: level.name, level_type: level.level_type, level_end_data: level.level_end_data, total_per_day: stock.total_per_day };
    };
    beforeAll(async () => {
      env = await createTestEnv(backend);
    });
    afterAll(async () => env?.close());

    it('keeps a paid level to its last moment, then falls back to 注册会员 with its quotas', async () => {
      // the seeded seller's formal membership ends 45 days after the seed
      env.clock.advance(45 * DAY - 60);
      expect(await levelOf('seller', 2)).toMatchObject({ name: '正式会员', level_type: 'paid', total_per_day: 9999 });
      env.clock.advance(120);
      expect(await levelOf('seller', 2)).toEqual({ name: '注册会员', level_type: 'free', level_end_data: 0, total_per_day: 50 });
      // the trial (14 days) ran out too; the head company's level has no end
      expect(await levelOf('trial', 5)).toMatchObject({ name: '注册会员', level_type: 'free' });
      expect(await levelOf('operator', 1)).toMatchObject({ name: '平台运营', level_type: 'paid' });
      // a membership still running is untouched
      expect(await levelOf('buyer', 3)).toMatchObject({ name: '正式会员', level_type: 'paid' });
    });

    it('an operator reading a company whose level ended sees what it now is, before the company calls again', async () => {
      // the buyer's formal membership ends within the year; nobody of the buyer company calls after that
      env.clock.advance(400 * DAY);
      expect(await levelOf('operator', 3)).toEqual({ name: '注册会员', level_type: 'free', level_end_data: 0, total_per_day: 50 });
    });
  });
});
