/**
 * The commercial translation adapter (Baidu's general text translation API) behind the same
 * Translator interface, against a local fake that checks the signature exactly as Baidu documents
 * it: sign = lower-case MD5 of appid + q + salt + key, with q as sent, not URL-encoded. Chosen by
 * BAIDU_TRANSLATE_APPID and BAIDU_TRANSLATE_KEY; without them nothing changes. Baidu itself was
 * not called: this machine cannot reach it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { imText } from '../../src/shared/contracts';
import { baiduSign, createTranslator } from '../../src/server/modules/im/translator';
import { parseEnv } from '../../src/server/env';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const APPID = '20261125000123456';
const KEY = 'qph_Fake_Baidu_Key';
/** the documented signature written out on its own, so a mistake in ours cannot hide */
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

const fakeBaidu = async () => {
  const calls: Array<Record<string, string>> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push(form);
      const json = (o: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      if (req.method !== 'POST' || req.url !== '/api/trans/vip/translate' || !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        res.writeHead(404).end();
        return;
      }
      if (form.appid !== APPID) return json({ error_code: '52003', error_msg: 'UNAUTHORIZED USER' });
      if (!form.salt || form.sign !== md5(APPID + form.q + form.salt + KEY)) return json({ error_code: '54001', error_msg: 'Invalid Sign' });
      if (form.q.includes('限流')) return json({ error_code: '54003', error_msg: 'Invalid Access Limit' });
      json({ from: 'auto', to: form.to, trans_result: form.q.split('\n').map((line) => ({ src: line, dst: `<${form.to}>${line}` })) });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trans/vip/translate`, close: () => new Promise<void>((r) => server.close(() => r())) };
};

describe('Baidu translation adapter', () => {
  let fake: Awaited<ReturnType<typeof fakeBaidu>>;
  beforeAll(async () => void (fake = await fakeBaidu()));
  afterAll(() => fake?.close());

  it('signs as Baidu\'s own documented example does (appid 2015063000000001, q apple, salt 1435660288, key 12345678)', () => {
    expect(baiduSign('2015063000000001', 'apple', '1435660288', '12345678')).toBe('f89f9594663708c1605f3d736d01d2d4');
  });

  it('translates to Vietnamese (vie) and Chinese with a signature the fake accepts; several lines come back as several lines', async () => {
    const tr = createTranslator({ baidu: { appid: APPID, key: KEY, url: fake.url } })!;
    expect(await tr.translate('前刹车片有现货 & 100%', 'vi')).toBe('<vie>前刹车片有现货 & 100%');
    expect(fake.calls.at(-1)).toMatchObject({ q: '前刹车片有现货 & 100%', from: 'auto', to: 'vie', appid: APPID });
    expect(await tr.translate('Má phanh trước\ncòn hàng không?', 'zh')).toBe('<zh>Má phanh trước\n<zh>còn hàng không?');
  });

  it('a wrong key, or Baidu refusing, is an error, not a translation; it is not remembered', async () => {
    const bad = createTranslator({ baidu: { appid: APPID, key: 'wrong', url: fake.url } })!;
    await expect(bad.translate('你好', 'vi')).rejects.toThrow('54001');
    const tr = createTranslator({ baidu: { appid: APPID, key: KEY, url: fake.url } })!;
    await expect(tr.translate('限流测试', 'vi')).rejects.toThrow('54003');
    const n = fake.calls.length;
    await expect(tr.translate('限流测试', 'vi')).rejects.toThrow('54003');
    expect(fake.calls.length).toBe(n + 1);
  });

  it('is chosen only by configuration: none without it, Baidu over nothing, and the environment refuses half a key or two translators', () => {
    expect(createTranslator({})).toBeUndefined();
    expect(createTranslator({ baidu: { appid: APPID } })).toBeUndefined();
    expect(parseEnv({ BAIDU_TRANSLATE_APPID: APPID, BAIDU_TRANSLATE_KEY: KEY })).toMatchObject({ ok: true });
    const half = parseEnv({ BAIDU_TRANSLATE_APPID: APPID });
    expect(!half.ok && half.message).toContain('BAIDU_TRANSLATE_KEY');
    const both = parseEnv({ BAIDU_TRANSLATE_APPID: APPID, BAIDU_TRANSLATE_KEY: KEY, TRANSLATE_URL: 'http://127.0.0.1:5000' });
    expect(!both.ok && both.message).toContain('只能选一种');
    const id = parseEnv({ BAIDU_TRANSLATE_APPID: 'abc', BAIDU_TRANSLATE_KEY: KEY });
    expect(!id.ok && id.message).toContain('BAIDU_TRANSLATE_APPID');
  });
});

describe.each(backends)('chat translation through Baidu on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'the translation call', () => {
    let env: TestEnv;
    let fake: Awaited<ReturnType<typeof fakeBaidu>>;
    let seller: string;
    beforeAll(async () => {
      fake = await fakeBaidu();
      env = await createTestEnv(backend, { translator: createTranslator({ baidu: { appid: APPID, key: KEY, url: fake.url } }) });
      seller = (await env.login('seller')).access_token;
    });
    afterAll(async () => {
      await env?.close();
      await fake?.close();
    });

    it('the page\'s translate call answers Baidu\'s translation, once per text; a refusal reads as the usual Chinese message', async () => {
      const call = (text: string) => env.api('translation', { text }, { token: seller });
      expect((await env.api('imFeatures', {}, { token: seller })).body.data).toEqual({ translate: true });
      expect((await call('前刹车片有现货')).body.data).toEqual({ dstText: '<vie>前刹车片有现货', target: 'vi' });
      expect((await call('Má phanh trước còn hàng không?')).body.data).toEqual({ dstText: '<zh>Má phanh trước còn hàng không?', target: 'zh' });
      const n = fake.calls.length;
      await call('前刹车片有现货');
      expect(fake.calls.length).toBe(n);
      const refused = await call('限流测试');
      expect(refused.status).toBe(502);
      expect(refused.body.client_msg).toContain(imText.translateFailed);
    });
  });
});
