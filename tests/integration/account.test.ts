import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '../../src/shared/messages';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRecordingSms, createWebhookSms, type RecordingSms } from '../../src/server/modules/sms/sms.provider';
import { SMS_LIMITS } from '../../src/server/modules/sms/sms.service';
import { BUYER_OWNER_CODES } from '../../src/server/modules/account/account.service';
import { PAIR_LIMIT } from '../../src/server/modules/auth/rate-limit';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, cpuTime, createTestEnv, envelope, refreshCookieOf, skipReason, type TestEnv } from './harness';

describe.each(backends)('accounts on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'accounts', () => {
    let env: TestEnv;
    let sms: RecordingSms;
    beforeEach(async () => {
      sms = createRecordingSms();
      env = await createTestEnv(backend, { sms });
    });
    afterEach(async () => env?.close());

    const sendCode = (mobile: string, purpose: 'register' | 'reset' = 'register', address?: string) =>
      env.api('smsCodeSend', { mobile, purpose }, { address });

    const form = (over: Partial<PayloadIn<'userRegister'>> = {}): PayloadIn<'userRegister'> => ({
      company_name: '南京宁通汽车维修有限公司', business_type: 'repair', contact_name: '周宁通', username: 'NingTong01', mobile: '13912345678',
      sms_code: '000000', password: 'ningtong2026', password2: 'ningtong2026', agree: true, ...over,
    });

    const register = (payload: PayloadIn<'userRegister'>) => env.api('userRegister', payload);

    const count = async (table: 'company' | 'app_user' | 'session') =>
      Number((await env.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    /** Sends a code and registers with it; returns the answer. */
    const registerWithCode = async (over: Partial<PayloadIn<'userRegister'>> = {}) => {
      const mobile = String(over.mobile ?? form().mobile);
      expect((await sendCode(mobile)).body.code).toBe(200);
      return register(form({ ...over, mobile, sms_code: sms.lastCode(mobile, 'register') }));
    };

    it('registers a buyer company at the registered level with its owner, signed in at once', async () => {
      const before = { company: await count('company'), app_user: await count('app_user') };
      const sent = await sendCode('13912345678');
      expect(sent.body.data).toEqual({ resend_after: 60, expires_in: 300 });
      expect(sms.messages).toHaveLength(1);
      expect(sms.messages[0].text).toContain(sms.messages[0].code);
      const r = await register(form({ sms_code: sms.lastCode('13912345678') }));
      expect(r.status).toBe(200);
      expect(r.body.data.access_token).toBeTruthy();
      // the refresh token only in the HttpOnly cookie, as at sign-in
      expect(r.body.data).not.toHaveProperty('refresh_token');
      expect(r.headers.getSetCookie().find((l) => l.startsWith('qph_rt='))).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/);
      expect(refreshCookieOf(r.headers)).toBeTruthy();

      const me = await env.api('userProfileGet', undefined, { token: r.body.data.access_token });
      expect(me.body.data).toMatchObject({ company_name: '南京宁通汽车维修有限公司', user_name: '周宁通', is_seller: false, allow_im: false });
      expect([...me.body.data.permissions].sort()).toEqual([...BUYER_OWNER_CODES].sort());
      const row = await env.database.db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
        .select(['company_level.name', 'company.vin_sum_qty', 'company.business_type']).where('company.id', '=', me.body.data.company_id).executeTakeFirstOrThrow();
      expect(row.name).toBe('注册会员');
      // the company type chosen on the form (docs/reports.md#company-types)
      expect(row.business_type).toBe('repair');
      expect(await count('company')).toBe(before.company + 1);
      expect(await count('app_user')).toBe(before.app_user + 1);

      // the name is the owner's, whatever its case, and signs in with the chosen password
      expect((await env.api('userAuth', { username: 'ningtong01', password: 'ningtong2026' })).body.code).toBe(200);
      // the code is spent
      const again = await register(form({ username: 'Other01', sms_code: sms.lastCode('13912345678') }));
      expect(again.status).toBe(422);
    });

    it.each([
      ['company_name', { company_name: '' }, '请输入企业名称'],
      ['company_name', { company_name: '甲' }, '企业名称至少2个字符'],
      ['business_type', { business_type: undefined }, '请选择企业类型'],
      ['business_type', { business_type: 'garage' }, '请选择企业类型'],
      ['contact_name', { contact_name: '   ' }, '请输入联系人姓名'],
      ['username', { username: '1abc' }, '用户名须为4到20位字母、数字或下划线'],
      ['username', { username: 'ab' }, '用户名须为'],
      ['username', { username: 'abc-def' }, '用户名须为'],
      ['mobile', { mobile: '12912345678' }, '手机号须为11位中国大陆手机号码'],
      ['mobile', { mobile: '1391234567' }, '手机号须为11位'],
      ['sms_code', { sms_code: '12345' }, '短信验证码须为6位数字'],
      ['password', { password: 'short1', password2: 'short1' }, '密码至少8位'],
      ['password', { password: 'onlyletters', password2: 'onlyletters' }, '密码须包含数字'],
      ['password', { password: '1234567890', password2: '1234567890' }, '密码须包含字母'],
      ['password', { password: 'NingTong01', password2: 'NingTong01' }, '密码不能与用户名相同'],
      ['password2', { password2: 'ningtong2027' }, '两次输入的密码不一致'],
      ['agree', { agree: false }, '请阅读并同意《汽配汇用户协议》'],
      ['agree', { agree: undefined }, '请阅读并同意《汽配汇用户协议》'],
    ])('refuses a bad %s with a message naming it and creates nothing', async (field, over, text) => {
      await sendCode('13912345678');
      const before = { company: await count('company'), app_user: await count('app_user') };
      // some rows send what the contract's type refuses (agree false or missing): sent raw
      const r = await env.callRaw('POST', '/api/account/register', { body: { ...form({ sms_code: sms.lastCode('13912345678') }), ...over } });
      expect(r.status).toBe(422);
      expect(envelope(r.body).field).toBe(field);
      expect(envelope(r.body).client_msg).toContain(text);
      expect(await count('company')).toBe(before.company);
      expect(await count('app_user')).toBe(before.app_user);
      // the code was not spent by a refused form
      expect((await register(form({ sms_code: sms.lastCode('13912345678') }))).status).toBe(200);
    });

    it('refuses a taken username (any case) and a taken mobile, without spending the code', async () => {
      expect((await registerWithCode()).status).toBe(200);
      await sendCode('13600001111');
      const code = sms.lastCode('13600001111');
      const sameName = await register(form({ username: 'NINGTONG01', mobile: '13600001111', sms_code: code }));
      expect(sameName.body).toMatchObject({ code: 422, field: 'username', client_msg: msg.usernameTaken });
      const demoName = await register(form({ username: 'Seller', mobile: '13600001111', sms_code: code }));
      expect(demoName.body).toMatchObject({ field: 'username', client_msg: msg.usernameTaken });
      // a registered mobile answers like any other (nobody learns which numbers have accounts)
      const known = await sendCode('13800000002');
      const unknown = await sendCode('13600002222');
      expect(known.body).toEqual(unknown.body);
      expect(known.body.code).toBe(200);
      const companies = await count('company');
      // registering with it: without its code the answer is about the code, with it (only its owner has it) about the number
      expect((await register(form({ username: 'Fresh01', mobile: '13800000002', sms_code: code }))).body.field).toBe('sms_code');
      expect((await register(form({ username: 'Fresh01', mobile: '13800000002', sms_code: sms.lastCode('13800000002') }))).body)
        .toMatchObject({ code: 422, field: 'mobile', client_msg: msg.mobileTaken });
      expect(await count('company')).toBe(companies);
      expect((await register(form({ username: 'Fresh01', mobile: '13600001111', sms_code: code }))).status).toBe(200);
    });

    it('says nothing about a username before the SMS code is right (no oracle of taken names)', async () => {
      expect((await registerWithCode()).status).toBe(200);
      // a number never sent a code, and a wrong code: both answers are about the code, the same whether the name is taken or free
      for (const username of ['NingTong01', 'FreeName01']) {
        const noCode = await register(form({ username, mobile: '13600003333', sms_code: '123456' }));
        expect(noCode.body).toMatchObject({ code: 422, field: 'sms_code', client_msg: msg.smsNoCode });
      }
      await sendCode('13600003333');
      const right = sms.lastCode('13600003333');
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      const taken = await register(form({ username: 'NingTong01', mobile: '13600003333', sms_code: wrong }));
      expect(taken.body.field).toBe('sms_code');
      expect(taken.body.client_msg).not.toBe(msg.usernameTaken);
      // with the right code the name is the answer
      expect((await register(form({ username: 'NingTong01', mobile: '13600003333', sms_code: right }))).body).toMatchObject({ field: 'username', client_msg: msg.usernameTaken });
    });

    it('sends at most one code per mobile per 60 s, and caps each mobile and address per day', async () => {
      expect((await sendCode('13700000001')).status).toBe(200);
      env.clock.advance(30);
      const soon = await sendCode('13700000001');
      expect(soon.status).toBe(429);
      expect(soon.body.client_msg).toBe(msg.smsTooSoon(30));
      expect(soon.headers.get('Retry-After')).toBe('30');
      env.clock.advance(30);
      expect((await sendCode('13700000001')).status).toBe(200);
      for (let i = 2; i < SMS_LIMITS.perMobilePerDay; i++) {
        env.clock.advance(61);
        expect((await sendCode('13700000001')).status).toBe(200);
      }
      env.clock.advance(61);
      const capped = await sendCode('13700000001');
      expect(capped.body).toMatchObject({ code: 429, client_msg: msg.smsMobileDailyCap });
      expect(sms.messages).toHaveLength(SMS_LIMITS.perMobilePerDay);

      // the address cap counts codes to any mobile from one address
      const addr = '192.0.2.9';
      for (let i = 0; i < SMS_LIMITS.perAddressPerDay; i++) {
        expect((await sendCode(`1350000${String(i).padStart(4, '0')}`, 'register', addr)).status).toBe(200);
      }
      expect((await sendCode('13599999999', 'register', addr)).body).toMatchObject({ code: 429, client_msg: msg.smsAddressDailyCap });
      expect((await sendCode('13599999999', 'register', '192.0.2.10')).status).toBe(200);

      // a new China day lifts the caps (the clock starts at 12:00 China time)
      env.clock.advance(13 * 3600);
      expect((await sendCode('13700000001')).status).toBe(200);
    });

    it('holds the address cap when codes to many mobiles are asked for at once', async () => {
      const burst = await Promise.all(Array.from({ length: SMS_LIMITS.perAddressPerDay + 15 }, (_, i) =>
        sendCode(`1360000${String(i).padStart(4, '0')}`, 'register', '192.0.2.77')));
      expect(burst.filter((r) => r.status === 200).length).toBe(SMS_LIMITS.perAddressPerDay);
      expect(sms.messages).toHaveLength(SMS_LIMITS.perAddressPerDay);
    });

    it('lets a code expire after 5 minutes and burns it after 5 wrong tries', async () => {
      const users = await count('app_user');
      await sendCode('13912345678');
      const good = sms.lastCode('13912345678')!;
      env.clock.advance(SMS_LIMITS.ttlS + 1);
      expect((await register(form({ sms_code: good }))).body).toMatchObject({ field: 'sms_code', client_msg: msg.smsCodeExpired });

      await sendCode('13912345678');
      const fresh = sms.lastCode('13912345678')!;
      const wrong = fresh === '111111' ? '222222' : '111111';
      for (let left = 4; left >= 1; left--) {
        expect((await register(form({ sms_code: wrong }))).body).toMatchObject({ field: 'sms_code', client_msg: msg.smsWrongCode(left) });
      }
      expect((await register(form({ sms_code: wrong }))).body.client_msg).toBe(msg.smsTooManyTries);
      // the right code no longer helps
      expect((await register(form({ sms_code: fresh }))).body.client_msg).toBe(msg.smsCodeDead);
      expect(await count('app_user')).toBe(users);

      // a register code does not reset a password, and no code at all is asked for first
      expect((await env.api('passwordReset',
        { mobile: '13800000005', sms_code: fresh, password: 'newpass2026', password2: 'newpass2026' },
      )).body).toMatchObject({ field: 'sms_code', client_msg: msg.smsNoCode });
    });

    it('counts guesses sent at the same time, so a burst cannot try more than 5 codes', async () => {
      const users = await count('app_user');
      await sendCode('13912345678');
      const fresh = sms.lastCode('13912345678')!;
      const guesses = Array.from({ length: 30 }, (_, i) => String((Number(fresh) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(guesses.map((g) => register(form({ sms_code: g }))));
      expect(answers.every((r) => r.body.field === 'sms_code')).toBe(true);
      expect(answers.filter((r) => r.body.client_msg === msg.smsTooManyTries || r.body.client_msg === msg.smsCodeDead).length).toBeGreaterThanOrEqual(25);
      expect((await register(form({ sms_code: fresh }))).body.field).toBe('sms_code');
      expect(await count('app_user')).toBe(users);
    });

    it('resets a password by SMS and signs the user out everywhere', async () => {
      const reg = await registerWithCode();
      const app = await env.login('ningtong01', { device: 'app', password: 'ningtong2026' });
      // a number without an account answers like one with it, and gets no message
      const sent = sms.messages.length;
      expect((await sendCode('13999999999', 'reset')).body).toMatchObject({ code: 200 });
      expect(sms.messages.length).toBe(sent);
      const stranger = await env.api('passwordReset', { mobile: '13999999999', sms_code: '123456', password: 'newpass2026', password2: 'newpass2026' });
      expect(stranger.body.field).toBe('sms_code');
      // the 60 s rule holds across purposes
      expect((await sendCode('13912345678', 'reset')).status).toBe(429);
      env.clock.advance(61);
      expect((await sendCode('13912345678', 'reset')).status).toBe(200);
      const code = sms.lastCode('13912345678', 'reset')!;
      expect(sms.messages.at(-1)!.text).toContain('找回密码');
      const reset = (body: { password: string; password2: string }) => env.api('passwordReset', { mobile: '13912345678', sms_code: code, ...body });

      expect((await reset({ password: 'NINGTONG01', password2: 'NINGTONG01' })).body).toMatchObject({ field: 'password', client_msg: msg.passwordIsUsername });
      expect((await reset({ password: 'newpass2026', password2: 'newpass2027' })).body.field).toBe('password2');
      expect((await reset({ password: 'newpass2026', password2: 'newpass2026' })).body.code).toBe(200);

      for (const t of [{ ...reg.body.data, refresh_token: refreshCookieOf(reg.headers)! }, app]) {
        expect((await env.api('userProfileGet', undefined, { token: t.access_token })).body.code).toBe(908);
        expect((await env.refresh(t.refresh_token)).body.code).toBe(908);
      }
      const old = await env.api('userAuth', { username: 'NingTong01', password: 'ningtong2026' });
      expect(old.body.client_msg).toBe(msg.badCredentials);
      expect((await env.api('userAuth', { username: 'NingTong01', password: 'newpass2026' })).body.code).toBe(200);
      // the code was spent
      expect((await reset({ password: 'other2026x', password2: 'other2026x' })).body.client_msg).toBe(msg.smsCodeDead);
      // a demo account resets by its demo mobile
      expect((await sendCode('13800000005', 'reset')).status).toBe(200);
    });

    it('changes a password only with the right old one; this session stays, the others go', async () => {
      const here = await env.login('buyer', { device: 'pc' });
      const there = await env.login('buyer', { device: 'app' });
      const change = (payload: PayloadIn<'passwordChange'>, token = here.access_token) => env.api('passwordChange', payload, { token });

      const wrong = await change({ old_password: 'wrong-old-1', password: 'buyer2026new', password2: 'buyer2026new' });
      expect(wrong.body).toMatchObject({ code: 422, field: 'old_password', client_msg: msg.oldPasswordWrong });
      expect((await env.api('userProfileGet', undefined, { token: there.access_token })).body.code).toBe(200);
      expect((await env.api('userAuth', { username: 'buyer', password: 'demo123456' }, { device: 'h5' })).body.code).toBe(200);

      expect((await change({ old_password: 'demo123456', password: 'demo123456', password2: 'demo123456' })).body.field).toBe('password');
      expect((await change({ old_password: 'demo123456', password: 'buyer2026new', password2: 'buyer2026neW' })).body.field).toBe('password2');
      expect((await env.callRaw('POST', '/api/account/password', { token: here.access_token, body: { password: 'buyer2026new', password2: 'buyer2026new' } })).body).toMatchObject({ field: 'old_password' });
      expect((await env.api('passwordChange', { old_password: 'demo123456', password: 'buyer2026new', password2: 'buyer2026new' })).status).toBe(401);

      const r = await change({ old_password: 'demo123456', password: 'buyer2026new', password2: 'buyer2026new' });
      expect(r.body.code).toBe(200);
      expect((await env.api('userProfileGet', undefined, { token: here.access_token })).body.code).toBe(200);
      expect((await env.api('userProfileGet', undefined, { token: there.access_token })).body.code).toBe(908);
      expect((await env.api('userAuth', { username: 'buyer', password: 'buyer2026new' }, { device: 'h5' })).body.code).toBe(200);
      expect((await env.api('userAuth', { username: 'buyer', password: 'demo123456' }, { device: 'h5' })).body.code).toBe(422);
      // guessing the old password is throttled like signing in
      for (let i = 0; i < PAIR_LIMIT.failures - 1; i++) {
        expect((await change({ old_password: `guess-${i}-x1`, password: 'buyer2026nex', password2: 'buyer2026nex' })).body.code).toBe(422);
      }
      const locked = await change({ old_password: 'buyer2026new', password: 'buyer2026nex', password2: 'buyer2026nex' });
      expect(locked.status).toBe(429);
      expect(locked.headers.get('Retry-After')).toBe(String(PAIR_LIMIT.baseLockS));
      env.clock.advance(PAIR_LIMIT.baseLockS + 1);
      expect((await change({ old_password: 'buyer2026new', password: 'buyer2026nex', password2: 'buyer2026nex' })).body.code).toBe(200);
    });

    it('changes only the caller\'s own profile; company fields only for the owner', async () => {
      const clerk = await env.login('clerk');
      const seller = await env.login('seller');
      const get = (token: string) => env.api('accountProfileGet', {}, { token });
      const put = (token: string, payload: PayloadIn<'accountProfileUpdate'>) => env.api('accountProfileUpdate', payload, { token });

      const sellerBefore = (await get(seller.access_token)).body.data;
      expect(sellerBefore).toMatchObject({ username: 'seller', display_name: '陈骏达', is_owner: true, mobile: '13800000002' });
      expect(sellerBefore.company.name).toBe('广州骏达汽车配件有限公司');

      // an id in the path is no call at all (only calls that name a row take one), and a uuid in the
      // body does not point the call at someone else (a uuid is no field of the contract: sent raw)
      const body = { display_name: '李晓琳二', head_image: '/uploads/a.png', contact_phone: '020-8888 6666', uuid: '00000000-0000-4000-8000-000000000002' };
      expect((await env.callRaw('PUT', '/api/account/profile/2', { token: clerk.access_token, body })).status).toBe(404);
      expect((await get(seller.access_token)).body.data).toEqual(sellerBefore);
      const mine = await env.callRaw('PUT', '/api/account/profile', { token: clerk.access_token, body });
      expect(envelope(mine.body).code).toBe(200);
      expect(envelope(mine.body).data).toMatchObject({ username: 'clerk', display_name: '李晓琳二', head_image: '/uploads/a.png', contact_phone: '020-8888 6666', is_owner: false });
      expect((await get(seller.access_token)).body.data).toEqual(sellerBefore);
      expect((await env.api('userProfileGet', undefined, { token: clerk.access_token })).body.data).toMatchObject({ user_name: '李晓琳二', head_image: '/uploads/a.png' });

      // a long address ending in a space is refused at once (the check used to backtrack quadratically)
      const { result: slow, ms } = await cpuTime(() => put(clerk.access_token, { display_name: '李晓琳', head_image: `http://${'a'.repeat(60_000)} x`, contact_phone: '' }));
      expect(slow.body).toMatchObject({ code: 422, field: 'head_image' });
      expect(ms).toBeLessThan(1500);

      // an employee may not change the company
      const company = { name: '改名汽配', short_name: '改名', phone: '', province: '', city: '', address: '' };
      const refused = await put(clerk.access_token, { display_name: '李晓琳', head_image: '', contact_phone: '', company });
      expect(refused.body).toMatchObject({ code: 403, client_msg: msg.ownerOnlyCompany });
      expect((await get(clerk.access_token)).body.data.display_name).toBe('李晓琳二');
      expect((await get(seller.access_token)).body.data.company.name).toBe('广州骏达汽车配件有限公司');

      const bad = await put(clerk.access_token, { display_name: '李晓琳', head_image: 'javascript:alert(1)', contact_phone: '' });
      expect(bad.body).toMatchObject({ code: 422, field: 'head_image' });
      expect((await put(clerk.access_token, { display_name: '李', head_image: '', contact_phone: '' })).body.field).toBe('display_name');
      expect((await put(clerk.access_token, { display_name: '李晓琳', head_image: '', contact_phone: 'abc' })).body.field).toBe('contact_phone');

      const owner = await put(seller.access_token, { display_name: '陈骏达', head_image: '', contact_phone: '', company: { ...company, name: '广州骏达汽配集团', short_name: '骏达', city: '广州市' } });
      expect(owner.body.data.company).toMatchObject({ name: '广州骏达汽配集团', short_name: '骏达', city: '广州市' });
      expect((await get(clerk.access_token)).body.data.company.name).toBe('广州骏达汽配集团');
      expect((await env.api('accountProfileGet')).status).toBe(401);
    });

    it('keeps the code when the SMS gateway fails, so the user can try again at once', async () => {
      await env.close();
      let fail = true;
      const flaky = { name: 'flaky', send: async () => { if (fail) throw new Error('gateway down'); } };
      env = await createTestEnv(backend, { sms: flaky });
      const r = await env.api('smsCodeSend', { mobile: '13912345678', purpose: 'register' });
      expect(r.body).toMatchObject({ code: 500, client_msg: msg.smsSendFailed });
      fail = false;
      expect((await env.api('smsCodeSend', { mobile: '13912345678', purpose: 'register' })).body.code).toBe(200);
    });

    it('delivers codes through the webhook provider, and a refused delivery sends nothing', async () => {
      const received: Array<Record<string, string>> = [];
      let status = 200;
      const relay = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          received.push(JSON.parse(body));
          res.writeHead(status).end();
        });
      });
      await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
      try {
        await env.close();
        env = await createTestEnv(backend, { sms: createWebhookSms(`http://127.0.0.1:${(relay.address() as AddressInfo).port}/sms`) });
        expect((await sendCode('13912345678')).body.code).toBe(200);
        expect(received).toHaveLength(1);
        expect(received[0]).toMatchObject({ mobile: '13912345678', purpose: 'register' });
        expect(received[0].code).toMatch(/^\d{6}$/);
        expect(received[0].text).toContain(received[0].code);
        expect((await register(form({ sms_code: received[0].code }))).status).toBe(200);

        status = 500;
        expect((await sendCode('13600001111')).body).toMatchObject({ code: 500, client_msg: msg.smsSendFailed });
        status = 200;
        expect((await sendCode('13600001111')).body.code).toBe(200);
      } finally {
        await new Promise((r) => relay.close(r));
      }
    });
  });
});
