/**
 * The official account's API provider (docs/wechat.md, "Providers") against a fake WeChat API on
 * the loopback address: the access token is fetched once and kept until shortly before it
 * expires, renewed once on errcode 40001 / 42001; an errcode fails with its reason; the web
 * authorisation's code is exchanged for the openid; the consent address carries snsapi_base.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMpWechat } from './wechat.mp';
import { parseEnv } from '../../env';

interface Seen { path: string; query: Record<string, string>; body: unknown }

describe('the mp provider (official account API)', () => {
  let server: Server;
  let base = '';
  let seen: Seen[] = [];
  /** what the fake answers next, by path; a list is used up in order */
  let answers: Record<string, unknown[]> = {};
  let tokenNo = 0;

  const readBody = (req: IncomingMessage) => new Promise<string>((res) => {
    let s = '';
    req.on('data', (c: Buffer) => { s += c.toString(); });
    req.on('end', () => res(s));
  });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const text = await readBody(req);
      seen.push({ path: u.pathname, query: Object.fromEntries(u.searchParams), body: text ? JSON.parse(text) : null });
      let answer: unknown;
      if (u.pathname === '/cgi-bin/token') answer = answers[u.pathname]?.shift() ?? { access_token: `TOKEN-${++tokenNo}`, expires_in: 7200 };
      else answer = answers[u.pathname]?.shift() ?? { errcode: 0, errmsg: 'ok' };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => { seen = []; answers = {}; tokenNo = 0; });

  const clock = { t: new Date('2026-11-30T04:00:00Z'), now() { return this.t; } };
  const mp = () => createMpWechat({ appId: 'wx0123456789abcdef', secret: 'S3cret0123456789', apiBase: base, siteUrl: 'https://parts.example.test' }, clock);
  const message = { openid: 'oUser-1', template_id: 'TPL_1', data: { keyword1: 'XJ001', remark: '请及时报价' }, link: '/enquiry/list/7' };
  const paths = () => seen.map((s) => `${s.path}${s.query.access_token ? `?${s.query.access_token}` : ''}`);

  it('fetches the token once, keeps it until shortly before it expires, and sends the template', async () => {
    const p = mp();
    await p.send(message);
    await p.send(message);
    expect(paths()).toEqual(['/cgi-bin/token', '/cgi-bin/message/template/send?TOKEN-1', '/cgi-bin/message/template/send?TOKEN-1']);
    expect(seen[0].query).toEqual({ grant_type: 'client_credential', appid: 'wx0123456789abcdef', secret: 'S3cret0123456789' });
    expect(seen[1].body).toEqual({
      touser: 'oUser-1', template_id: 'TPL_1', url: 'https://parts.example.test/enquiry/list/7',
      data: { keyword1: { value: 'XJ001' }, remark: { value: '请及时报价' } },
    });
    // 2 hours less the margin: the next send fetches a new token
    clock.t = new Date(clock.t.getTime() + 7200_000 - 4 * 60_000);
    await p.send(message);
    expect(paths().slice(3)).toEqual(['/cgi-bin/token', '/cgi-bin/message/template/send?TOKEN-2']);
  });

  it('renews the token once on errcode 40001 or 42001 and sends again', async () => {
    for (const errcode of [40001, 42001]) {
      seen = [];
      tokenNo = 0;
      const p = mp();
      answers['/cgi-bin/message/template/send'] = [{ errcode, errmsg: 'access_token expired' }];
      await p.send(message);
      expect(paths()).toEqual(['/cgi-bin/token', '/cgi-bin/message/template/send?TOKEN-1', '/cgi-bin/token', '/cgi-bin/message/template/send?TOKEN-2']);
    }
  });

  it('fails with the errcode and errmsg (and renews only once)', async () => {
    const p = mp();
    answers['/cgi-bin/message/template/send'] = [{ errcode: 43004, errmsg: 'require subscribe' }];
    await expect(p.send(message)).rejects.toThrow('errcode 43004：require subscribe');
    answers['/cgi-bin/message/template/send'] = [{ errcode: 40001, errmsg: 'invalid credential' }, { errcode: 40001, errmsg: 'invalid credential' }];
    await expect(p.send(message)).rejects.toThrow('errcode 40001：invalid credential');
    answers['/cgi-bin/token'] = [{ errcode: 40125, errmsg: 'invalid appsecret' }];
    await expect(mp().send(message)).rejects.toThrow('获取 access_token 失败：errcode 40125：invalid appsecret');
  });

  it('exchanges the authorisation code for the openid, and refuses a bad code in Chinese', async () => {
    const p = mp();
    answers['/sns/oauth2/access_token'] = [{ access_token: 'web-token', expires_in: 7200, openid: 'oUser-42', scope: 'snsapi_base' }, { errcode: 40163, errmsg: 'code been used' }];
    expect(await p.openidFor('CODE-1')).toBe('oUser-42');
    expect(seen[0]).toMatchObject({ path: '/sns/oauth2/access_token', query: { appid: 'wx0123456789abcdef', secret: 'S3cret0123456789', code: 'CODE-1', grant_type: 'authorization_code' } });
    await expect(p.openidFor('CODE-1')).rejects.toThrow('微信授权失败（errcode 40163：code been used），请重新绑定');
  });

  it('sends the browser to the consent page with snsapi_base, our state and the way back', () => {
    const u = new URL(mp().authorizeUrl('st-1', 'https://parts.example.test/login/oauth'));
    expect(`${u.origin}${u.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      appid: 'wx0123456789abcdef', redirect_uri: 'https://parts.example.test/login/oauth', response_type: 'code', scope: 'snsapi_base', state: 'st-1',
    });
    expect(u.hash).toBe('#wechat_redirect');
  });

  it('a server that cannot be reached fails with the reason', async () => {
    const p = createMpWechat({ appId: 'wx0123456789abcdef', secret: 'S3cret0123456789', apiBase: 'http://127.0.0.1:9', timeoutMs: 2000 }, clock);
    await expect(p.send(message)).rejects.toThrow('无法连接微信公众号接口');
  });
});

describe('the official account settings', () => {
  it('takes the app id and secret together, or neither, and names a bad one', () => {
    expect(parseEnv({ WECHAT_APP_ID: 'wx0123456789abcdef', WECHAT_APP_SECRET: 'S3cret0123456789', WECHAT_SITE_URL: 'https://parts.example.test' })).toMatchObject({ ok: true });
    const half = parseEnv({ WECHAT_APP_ID: 'wx0123456789abcdef' });
    expect(!half.ok && half.message).toContain('WECHAT_APP_SECRET 须同时设置');
    const id = parseEnv({ WECHAT_APP_ID: '12345', WECHAT_APP_SECRET: 'S3cret0123456789' });
    expect(!id.ok && id.message).toContain('WECHAT_APP_ID 应为公众号的 AppID');
    const site = parseEnv({ WECHAT_SITE_URL: 'https://parts.example.test/login' });
    expect(!site.ok && site.message).toContain('WECHAT_SITE_URL');
  });
});
