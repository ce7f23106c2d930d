/**
 * 支付渠道 (docs/money.md, "Choosing the provider"): the operator sees the providers this server
 * can use (the sandbox on the demo database, Alipay when configured) and switches new payments to
 * one of them; a provider the server cannot use is refused and changes nothing; the switch is
 * audited; a payment started before goes on with its own provider; the channel pages are the
 * money operator's only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { payChannelText } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';
import { startFakeAlipay, type FakeAlipay } from './fake-alipay';

describe.each(backends)('payment channel switch on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let fake: FakeAlipay;
    const t: Record<string, string> = {};
    const current = async () => (await sql<{ value: string }>`select value from system_param where key = 'pay_provider'`.execute(env.database.db)).rows[0]?.value;

    beforeAll(async () => {
      fake = await startFakeAlipay();
      env = await createTestEnv(backend, {
        accessTtlSeconds: 3600,
        alipay: { appId: fake.appId, privateKey: fake.appPrivateKey, alipayPublicKey: fake.alipayPublicKey, gateway: fake.gateway, notifyBaseUrl: 'https://qipei.example.test/' },
      });
      for (const u of ['operator', 'buyer']) t[u] = (await env.login(u)).access_token;
    });
    afterAll(async () => {
      await env?.close();
      await fake?.stop();
    });

    it('lists what this server can use and switches new payments; a started payment keeps its provider; audited', async () => {
      const list = await env.api('opPayChannels', {}, { token: t.operator });
      expect(list.body.data).toEqual({
        current: 'sandbox',
        channels: [{ name: 'sandbox', label: '演示支付（沙箱，不会真实扣款）', demo: true }, { name: 'alipay', label: '支付宝', demo: false }],
      });
      // a recharge started on the sandbox
      const before = await env.api('walletRecharge', { amount_fen: 5000 }, { token: t.buyer, idempotencyKey: `ch-${backend}-1` });
      expect(before.body.data.provider).toBe('sandbox');

      const set = await env.api('opPayChannelSet', { provider: 'alipay' }, { token: t.operator });
      expect(set.body.data.current).toBe('alipay');
      expect(await current()).toBe('alipay');
      const after = await env.api('walletRecharge', { amount_fen: 5000 }, { token: t.buyer, idempotencyKey: `ch-${backend}-2` });
      expect(after.body.data.provider).toBe('alipay');
      const old = (await sql<{ provider: string }>`select provider from wallet_recharge where recharge_no = ${before.body.data.recharge_no}`.execute(env.database.db)).rows[0];
      expect(old.provider).toBe('sandbox');
      const logged = (await sql<{ old: unknown; new: unknown }>`select old_value as old, new_value as new from operator_audit where entity = 'system_param' and entity_id = 'pay_provider' order by id desc limit 1`.execute(env.database.db)).rows[0];
      expect(logged).toMatchObject({ old: { value: 'sandbox' }, new: { value: 'alipay' } });

      // the same again is said so; back to the sandbox works
      expect((await env.api('opPayChannelSet', { provider: 'alipay' }, { token: t.operator })).body).toMatchObject({ code: 409, client_msg: payChannelText.same });
      expect((await env.api('opPayChannelSet', { provider: 'sandbox' }, { token: t.operator })).body.data.current).toBe('sandbox');
    });

    it('refuses a provider this server cannot use, and anyone but the money operator; nothing changes', async () => {
      const r = await env.api('opPayChannelSet', { provider: 'wechat' }, { token: t.operator });
      expect(r.body).toMatchObject({ code: 422, field: 'provider', client_msg: payChannelText.unavailable('wechat') });
      expect((await env.api('opPayChannelSet', { provider: '' }, { token: t.operator })).body).toMatchObject({ code: 422, field: 'provider' });
      expect((await env.api('opPayChannelSet', { provider: 'alipay' }, { token: t.buyer })).status).toBe(403);
      expect((await env.api('opPayChannels', {}, { token: t.buyer })).status).toBe(403);
      expect(await current()).toBe('sandbox');
    });
  });
});
