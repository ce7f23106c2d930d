/**
 * 微信通知: binding a user's WeChat through the web authorisation (docs/wechat.md, "Binding") on
 * both backends, with the sandbox provider (the default): 绑定微信 answers the consent page with a
 * one-time state; the callback's state must be this session's, unused and unexpired, and the
 * openid nobody else's; every refusal names the problem and changes nothing; 解除绑定; and a bound
 * user's template messages go to the provider instead of 未发送.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { wechatText, WECHAT_STATE_MINUTES } from '../../src/shared/domain/wechat';
import { sweep } from '../../src/server/sweep';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ORIGIN = 'http://127.0.0.1:5173';

describe.each(backends)('wechat binding on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'bind, refusals, unbind, messages', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let n = 0;
    const db = () => env.database.db;
    const call = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who], idempotencyKey: `wb-${backend}-${++n}-${randomUUID()}` });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data as T; };
    const bindings = async () => (await sql<{ username: string; openid: string }>`
      select u.username, b.openid from wechat_binding b join app_user u on u.id = b.user_id order by u.username`.execute(db())).rows;
    const states = async () => (await sql<{ state: string; used_at: Date | null }>`select state, used_at from wechat_oauth_state order by created_at, state`.execute(db())).rows;
    /** 绑定微信: the sandbox's consent page with its state and where it returns to */
    const start = async (who: string) => {
      const { url } = ok(await call(who, 'wechatBindStart', { site_origin: ORIGIN }));
      const u = new URL(url, ORIGIN);
      expect(u.pathname).toBe('/wechat/sandbox');
      expect(u.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/login/oauth`);
      return u.searchParams.get('state')!;
    };
    const refused = async (who: string, p: PayloadIn<'wechatBindFinish'>, status: number, text: string, field?: string) => {
      const before = [await bindings(), await states()];
      const r = await call(who, 'wechatBindFinish', p);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.msg).toContain(text);
      if (field) expect(r.body.field).toBe(field);
      expect([await bindings(), await states()]).toEqual(before);
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 30 * 86_400 });
      for (const u of ['seller', 'buyer', 'member']) t[u] = (await env.login(u)).access_token;
      t.buyer2 = (await env.login('buyer', { device: 'h5' })).access_token;
    }, 600_000);
    afterAll(async () => env?.close());

    it('shows 未绑定 and binds through the sandbox with a one-time state', async () => {
      expect(ok(await call('buyer', 'wechatBinding', {}))).toEqual({ bound: false, openid_tail: '', bound_at: 0, provider: 'sandbox' });
      const state = await start('buyer');
      const b = ok(await call('buyer', 'wechatBindFinish', { auth_code: 'sbx.oBuyer-openid-0001', auth_state: state }));
      expect(b).toMatchObject({ bound: true, openid_tail: '…0001', provider: 'sandbox' });
      expect(b.bound_at).toBe(Math.floor(env.clock.now().getTime() / 1000));
      expect(await bindings()).toEqual([{ username: 'buyer', openid: 'oBuyer-openid-0001' }]);
      expect(ok(await call('buyer', 'wechatBinding', {})).bound).toBe(true);
      // the callback again (a reload): answers the binding, changes nothing
      expect(ok(await call('buyer', 'wechatBindFinish', { auth_code: 'sbx.oBuyer-openid-0001', auth_state: state }))).toEqual(b);
      // bound: 绑定微信 again is refused until 解除绑定
      const again = await call('buyer', 'wechatBindStart', { site_origin: ORIGIN });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(wechatText.alreadyBound);
    });

    it('refuses a missing, unknown, reused, expired or someone else\'s state, and a bad code, changing nothing', async () => {
      await refused('seller', { auth_code: 'sbx.oSeller-openid-01', auth_state: '' }, 422, wechatText.stateMissing, 'auth_state');
      await refused('seller', { auth_code: '', auth_state: 'x' }, 422, wechatText.codeMissing, 'auth_code');
      await refused('seller', { auth_code: 'sbx.oSeller-openid-01', auth_state: 'not-a-state-we-gave' }, 422, wechatText.stateUnknown, 'auth_state');
      // the buyer's (spent) state, presented by the seller: not this session's
      const spent = (await states())[0].state;
      await refused('seller', { auth_code: 'sbx.oSeller-openid-01', auth_state: spent }, 422, wechatText.stateOtherSession, 'auth_state');

      const state = await start('seller');
      // another user's session, and the same user's other session (another browser)
      await refused('member', { auth_code: 'sbx.oMember-openid-01', auth_state: state }, 422, wechatText.stateOtherSession, 'auth_state');
      // a code the provider does not know
      await refused('seller', { auth_code: 'forged-code', auth_state: state }, 422, '微信授权码无效', 'auth_code');
      // expired
      env.clock.advance(WECHAT_STATE_MINUTES * 60 + 1);
      await refused('seller', { auth_code: 'sbx.oSeller-openid-01', auth_state: state }, 422, wechatText.stateExpired, 'auth_state');

      // used: unbind the buyer, then present its spent state again from its own session
      ok(await call('buyer', 'wechatUnbind', {}));
      await refused('buyer', { auth_code: 'sbx.oBuyer-openid-0001', auth_state: spent }, 422, wechatText.stateUsed, 'auth_state');
      const other = await start('buyer');
      await refused('buyer2', { auth_code: 'sbx.oBuyer-openid-0001', auth_state: other }, 422, wechatText.stateOtherSession, 'auth_state');
      ok(await call('buyer', 'wechatBindFinish', { auth_code: 'sbx.oBuyer-openid-0001', auth_state: other }));
    });

    it('refuses an openid another user has bound', async () => {
      const state = await start('seller');
      await refused('seller', { auth_code: 'sbx.oBuyer-openid-0001', auth_state: state }, 409, wechatText.openidTaken);
      // the same state still works for a WeChat of its own
      expect(ok(await call('seller', 'wechatBindFinish', { auth_code: 'sbx.oSeller-openid-01', auth_state: state })).bound).toBe(true);
      expect(await bindings()).toEqual([{ username: 'buyer', openid: 'oBuyer-openid-0001' }, { username: 'seller', openid: 'oSeller-openid-01' }]);
    });

    it('解除绑定: unbinds; unbinding again is refused; the openid is free again', async () => {
      expect(ok(await call('seller', 'wechatUnbind', {}))).toMatchObject({ bound: false, openid_tail: '' });
      const r = await call('seller', 'wechatUnbind', {});
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(wechatText.notBound);
      expect(await bindings()).toEqual([{ username: 'buyer', openid: 'oBuyer-openid-0001' }]);
      const state = await start('member');
      expect(ok(await call('member', 'wechatBindFinish', { auth_code: 'sbx.oSeller-openid-01', auth_state: state })).bound).toBe(true);
      ok(await call('member', 'wechatUnbind', {}));
    });

    it('a user who bound gets template messages through the provider instead of 未发送', async () => {
      ok(await env.api('opWechatTemplateSave', {
        scene: 'weChat-001', wx_template_id: 'TPL_inquiry-01', enabled: true,
        fields: [{ key: 'keyword1', value: '{enquiry_no}' }, { key: 'keyword2', value: '{buyer}：{parts}' }],
      }, { token: (await env.login('operator')).access_token, idempotencyKey: randomUUID() }));
      const send = async () => ok(await call('buyer', 'enquiryAdd', { lines: [{ oe: '7L0-698-151 A', name: '前刹车片', qty: 2, quality: '原厂件' }], seller_ids: [2], note: '' }));
      const settled = async (no: string) => {
        for (let i = 0; i < 1500; i++) {
          const rows = (await sql<{ state: string; provider: string; openid: string | null; reason: string }>`
            select state, provider, openid, reason from wechat_message where ref_no = ${no}`.execute(db())).rows;
          if (rows.length > 0 && rows.every((x) => x.state !== 'pending')) return rows;
          await new Promise((res) => setTimeout(res, 20));
        }
        throw new Error('message never settled');
      };
      const before = await send();
      expect(await settled(before.enquiry_no)).toEqual([{ state: 'skipped', provider: '', openid: null, reason: wechatText.noBinding }]);
      const state = await start('seller');
      ok(await call('seller', 'wechatBindFinish', { auth_code: 'sbx.oSeller-openid-01', auth_state: state }));
      const after = await send();
      expect(await settled(after.enquiry_no)).toEqual([{ state: 'sent', provider: 'log', openid: 'oSeller-openid-01', reason: '' }]);
    });

    it('the sweep deletes states expired a day ago, keeping the bindings', async () => {
      env.clock.advance(2 * 86_400);
      const fresh = await start('member');
      const counts = await sweep(db(), env.clock.now());
      expect(counts.wechatStates).toBeGreaterThan(0);
      expect((await states()).map((s) => s.state)).toEqual([fresh]);
      expect((await bindings()).map((b) => b.username)).toEqual(['buyer', 'seller']);
    });
  });
});
