/**
 * The network side of webhooks (docs/open-platform.md, "Webhooks", "Addresses we refuse"): which
 * addresses a delivery may reach, and one signed POST with a hard time limit.
 *
 * SSRF: an endpoint's host is resolved when it is registered and again at every delivery, and the
 * connection is made to the address that was checked (our `lookup` answers the socket with it), so
 * a name that later resolves to an inner address (DNS rebinding) is refused too. Loopback is
 * allowed only with WEBHOOK_ALLOW_LOOPBACK (tests, development), and then over plain http too.
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookText, webhookUrlProblem } from '../../../shared/domain/webhook';

const inner = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) inner.addSubnet(net, bits, 'ipv4');
// besides the inner IPv6 ranges, every range that carries an IPv4 address inside (so that
// https://[::127.0.0.1]/ — ::7f00:1 — cannot reach loopback): IPv4-compatible ::/96 (with :: and
// ::1), IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, Teredo 2001::/32,
// 6to4 2002::/16; IPv4-mapped ::ffff:0:0/96 is checked as its IPv4 address (addressAllowed)
for (const [net, bits] of [
  ['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2001::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['100::', 64], ['2001:db8::', 32],
] as const) inner.addSubnet(net, bits, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether a delivery may connect to this address. */
export const addressAllowed = (address: string, allowLoopback: boolean): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  // ::ffff:10.0.0.1 is 10.0.0.1
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  const [ip, type] = mapped ? [mapped, 'ipv4' as const] : [address, family === 4 ? 'ipv4' as const : 'ipv6' as const];
  if (allowLoopback && loopback.check(ip, type)) return true;
  return !inner.check(ip, type);
};

export class RefusedAddress extends Error {}

/** Resolves a host and answers its addresses only when every one may be reached. */
export const resolveAllowed = (host: string, allowLoopback: boolean): Promise<LookupAddress[]> => {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare)) {
    return addressAllowed(bare, allowLoopback) ? Promise.resolve([{ address: bare, family: isIP(bare) }]) : Promise.reject(new RefusedAddress(webhookText.urlPrivate));
  }
  return new Promise((resolve, reject) => {
    dnsLookup(bare, { all: true }, (err, addresses) => {
      if (err || addresses.length === 0) return reject(new RefusedAddress(webhookText.urlUnresolved));
      if (addresses.some((a) => !addressAllowed(a.address, allowLoopback))) return reject(new RefusedAddress(webhookText.urlPrivate));
      resolve(addresses);
    });
  });
};

/** The first problem of an endpoint's address, syntax then resolution; null when it may be registered. */
export const endpointUrlProblem = async (url: string, allowLoopback: boolean): Promise<string | null> => {
  const syntax = webhookUrlProblem(url, allowLoopback);
  if (syntax) return syntax;
  try {
    await resolveAllowed(new URL(url).hostname, allowLoopback);
    return null;
  } catch (e) {
    return e instanceof RefusedAddress ? e.message : webhookText.urlUnresolved;
  }
};

/** X-Qipei-Signature: lowercase hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export interface SendOutcome { status: number; error: string; durationMs: number }

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝', ENOTFOUND: '域名无法解析', EAI_AGAIN: '域名暂时无法解析', ECONNRESET: '连接被重置', EPIPE: '连接被对方关闭',
  ETIMEDOUT: '连接超时', ESOCKETTIMEDOUT: '连接超时', ECONNABORTED: '连接被中断', EHOSTUNREACH: '主机不可达', ENETUNREACH: '网络不可达',
  EPROTO: 'TLS 握手失败', ERR_TLS_CERT_ALTNAME_INVALID: '证书无效（证书与域名不符）', DEPTH_ZERO_SELF_SIGNED_CERT: '证书无效（自签名证书）',
  SELF_SIGNED_CERT_IN_CHAIN: '证书无效（证书链中有自签名证书）', UNABLE_TO_VERIFY_LEAF_SIGNATURE: '证书无效（无法验证证书）',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: '证书无效（无法验证签发者）', CERT_HAS_EXPIRED: '证书无效（证书已过期）', CERT_NOT_YET_VALID: '证书无效（证书尚未生效）',
};

/**
 * A network error as the delivery log shows it (docs/open-platform.md, "Delivery"): Chinese
 * words, with Node's code in parentheses for the partner's engineers — 连接被拒绝（ECONNREFUSED）.
 */
export const networkErrorText = (e: unknown): string => {
  const code = e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string' ? (e as { code: string }).code : '';
  const words = NETWORK_ERRORS[code]
    ?? (/^(CERT_|ERR_TLS_CERT|UNABLE_TO_|ERR_SSL_|ERR_TLS_)/.test(code) ? (/CERT/.test(code) ? '证书无效' : 'TLS 握手失败')
      : /^HPE_/.test(code) ? '对方的答复不是有效的 HTTP' : '');
  if (words) return `${words}（${code}）`;
  if (code) return `网络错误（${code}）`;
  const message = e instanceof Error ? e.message : String(e);
  return `网络错误${message ? `（${message.slice(0, 200)}）` : ''}`;
};

const RESPONSE_READ_MAX = 4096;

/**
 * One POST: resolves and checks the host at connection time, never follows a redirect (a 3xx is
 * a failure), and gives up after `timeoutMs` whatever the receiver does (connect, headers, body).
 */
export const postSigned = (p: {
  url: string; body: string; headers: Record<string, string>; timeoutMs: number; allowLoopback: boolean;
}): Promise<SendOutcome> => {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    // set below; `done` may run first (a refused address answers at once)
    const cut: { timer?: NodeJS.Timeout } = {};
    const done = (status: number, error: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(cut.timer);
      resolve({ status, error, durationMs: took() });
    };
    let u: URL;
    try {
      u = new URL(p.url);
    } catch {
      return done(0, webhookText.url);
    }
    const problem = webhookUrlProblem(p.url, p.allowLoopback);
    if (problem) return done(0, problem);
    const lookup: LookupFunction = (hostname, options, callback) => {
      resolveAllowed(hostname, p.allowLoopback).then((addresses) => {
        const first = addresses[0];
        if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        else callback(null, first.address, first.family);
      }, (e: Error) => callback(e as NodeJS.ErrnoException, '', 4));
    };
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
    // a literal address never reaches `lookup`: checked here
    if (isIP(host) && !addressAllowed(host, p.allowLoopback)) return done(0, webhookText.urlPrivate);
    const req = send(u, {
      method: 'POST', lookup, agent: false,
      headers: { ...p.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(p.body)), 'user-agent': 'QipeiHub-Webhook/1' },
    }, (res) => {
      const status = res.statusCode ?? 0;
      // 2xx is the answer we wait for: done at the status line, the body is not read
      if (status >= 200 && status < 300) {
        done(status, '');
        res.destroy();
        return;
      }
      let read = 0;
      let text = '';
      res.on('data', (c: Buffer) => {
        if (read < RESPONSE_READ_MAX) text += c.toString('utf8', 0, Math.min(c.length, RESPONSE_READ_MAX - read));
        read += c.length;
        if (read >= RESPONSE_READ_MAX) res.destroy();
      });
      const finish = () => done(status, `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`);
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    cut.timer = setTimeout(() => {
      done(0, `超时（${p.timeoutMs} ms 内未答复）`);
      req.destroy();
    }, p.timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => done(0, e instanceof RefusedAddress ? e.message : e.message === webhookText.urlPrivate ? webhookText.urlPrivate : networkErrorText(e)));
    req.end(p.body);
  });
};
