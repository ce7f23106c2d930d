/**
 * The user's page language (docs/i18n.md): PUT /account/lang keeps zh, vi or null (the default of
 * the company's country); the signed-in user carries the language shown, the choice and the
 * country. A wrong value is refused naming 语言 and changes nothing; a guest is refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

describe.each(backends)('the page language on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'the page language', () => {
    let env: TestEnv;
    beforeEach(async () => {
      env = await createTestEnv(backend);
    });
    afterEach(async () => env?.close());

    const langOf = async (username: string) =>
      (await env.database.db.selectFrom('app_user').select('lang').where('username', '=', username).executeTakeFirstOrThrow()).lang;

    it('keeps the choice; null goes back to the company country\'s default', async () => {
      const token = (await env.login('buyer')).access_token;
      const before = await env.api('userProfileGet', undefined, { token });
      expect(before.body.data).toMatchObject({ country: 'CN', lang: 'zh', lang_chosen: null });

      const vi = await env.api('accountLangSet', { lang: 'vi' }, { token });
      expect(vi.status).toBe(200);
      expect(vi.body.data).toMatchObject({ lang: 'vi', lang_chosen: 'vi', country: 'CN' });
      expect(await langOf('buyer')).toBe('vi');
      expect((await env.api('userProfileGet', undefined, { token })).body.data.lang).toBe('vi');
      // another user keeps the default
      expect(await langOf('member')).toBeNull();

      const back = await env.api('accountLangSet', { lang: null }, { token });
      expect(back.body.data).toMatchObject({ lang: 'zh', lang_chosen: null });
      expect(await langOf('buyer')).toBeNull();
    });

    it('a Vietnamese company\'s users see Vietnamese by default and may choose Chinese', async () => {
      const token = (await env.login('buyer')).access_token;
      const me = (await env.api('userProfileGet', undefined, { token })).body.data;
      await env.database.db.updateTable('company').set({ country: 'VN' }).where('id', '=', me.company_id).execute();
      expect((await env.api('userProfileGet', undefined, { token })).body.data).toMatchObject({ country: 'VN', lang: 'vi', lang_chosen: null });
      const zh = await env.api('accountLangSet', { lang: 'zh' }, { token });
      expect(zh.body.data).toMatchObject({ country: 'VN', lang: 'zh', lang_chosen: 'zh' });
    });

    it('refuses a language it does not have, naming 语言, and a guest', async () => {
      const token = (await env.login('buyer')).access_token;
      await env.api('accountLangSet', { lang: 'vi' }, { token });
      const bad = await env.callRaw('PUT', '/api/account/lang', { token, body: { lang: 'en' } });
      expect(bad.status).toBe(422);
      const e = envelope(bad.body);
      expect(e.field).toBe('lang');
      expect(e.msg).toContain('语言');
      expect(await langOf('buyer')).toBe('vi');

      const guest = await env.callRaw('PUT', '/api/account/lang', { body: { lang: 'zh' } });
      expect(guest.status).toBe(401);
      expect(await langOf('buyer')).toBe('vi');
    });
  });
});
