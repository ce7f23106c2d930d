/**
 * The check of a partner's signed call (docs/open-platform.md, "Keys and signing"), run by
 * mount.ts for every `access: 'open'` call before its payload is read. In order: the four
 * headers, the key (unknown, revoked, expired), the timestamp (±5 minutes), the nonce's form and
 * whether it was seen, the signature (the current secret, or the one before a rotation within its
 * grace period; compared in constant time), the address allow-list, the scope (granted to the key
 * and still allowed to the company's level), the key's rate budget; only then is the nonce
 * recorded. Each refusal has its own Chinese message; nothing is changed by a refusal.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock, OpenCaller } from '../../http/context';
import { AppError, forbidden } from '../../http/errors';
import type { OpenGate } from '../../http/mount';
import { OPEN_SCOPE_LABELS, openText, ResultCode, type OpenScope } from '../../../shared/contracts';
import { openBodyHash, openCanonical, openHmac, OPEN_HEADERS, OPEN_NONCE_PATTERN, OPEN_WINDOW_SECONDS } from '../../../shared/domain/open-signature';
import { ipAllowed } from '../../../shared/domain/open-ip';
import { allowedScopes, keyState } from './open.service';
import { openSecret } from './open.crypto';
import * as repo from './open.repo';

const refused = (text: string) => new AppError(ResultCode.notLoggedIn, 401, text);
const NONCE_KEEP_MS = 10 * 60_000;

const sameHex = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

export const createOpenVerifier = (deps: { db: Kysely<DB>; clock: Clock; serverKey: Buffer; log?: (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void }): OpenGate => ({
  async verify(c: Context, spec, hooks): Promise<OpenCaller> {
    const { db, clock, serverKey } = deps;
    const keyId = c.req.header(OPEN_HEADERS.key) ?? '';
    const ts = c.req.header(OPEN_HEADERS.timestamp) ?? '';
    const nonce = c.req.header(OPEN_HEADERS.nonce) ?? '';
    const signature = (c.req.header(OPEN_HEADERS.signature) ?? '').toLowerCase();
    if (!keyId || !ts || !nonce || !signature) throw refused(openText.missingHeaders);
    const key = /^ak_[A-Za-z0-9]{20,40}$/.test(keyId) ? await repo.keyById(db, keyId) : undefined;
    if (!key) throw refused(openText.unknownKey);
    hooks.known({ keyId: key.id, companyId: key.company_id });
    const now = clock.now();
    const state = keyState(key, now);
    if (state === 'revoked') throw refused(openText.revokedKey);
    if (state === 'expired') throw refused(openText.expiredKey);
    if (!/^\d{1,12}$/.test(ts)) throw refused(openText.badTimestamp);
    if (Math.abs(Number(ts) - now.getTime() / 1000) > OPEN_WINDOW_SECONDS) throw refused(openText.staleTimestamp);
    if (!OPEN_NONCE_PATTERN.test(nonce)) throw refused(openText.badNonce);
    if (await repo.nonceSeen(db, key.id, nonce)) throw refused(openText.replayedNonce);
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? new Uint8Array(0) : new Uint8Array(await c.req.arrayBuffer());
    const canonical = openCanonical({ method: c.req.method, pathWithQuery: `${url.pathname}${url.search}`, timestamp: ts, nonce, bodyHash: await openBodyHash(body) });
    const secrets = [key.secret_enc];
    if (key.prev_secret_enc && key.prev_valid_until && new Date(key.prev_valid_until) > now) secrets.push(key.prev_secret_enc);
    let good = false;
    for (const sealed of secrets) {
      // every candidate is computed and compared, so the time taken does not tell which one matched
      if (sameHex(await openHmac(openSecret(serverKey, sealed), canonical), signature)) good = true;
    }
    if (!good) throw refused(openText.badSignature);
    if (!ipAllowed(spec.address, key.ip_allow)) throw forbidden(openText.ipNotAllowed(spec.address));
    const allowed = await allowedScopes(db, key.company_id, now);
    if (allowed.suspended) throw forbidden(openText.companySuspended);
    const scopes = key.scopes.filter((s): s is OpenScope => allowed.scopes.includes(s as OpenScope));
    if (spec.scope && !scopes.includes(spec.scope)) throw forbidden(openText.scopeMissing(OPEN_SCOPE_LABELS[spec.scope]));
    await hooks.throttle(key.id);
    if (!(await repo.takeNonce(db, key.id, nonce, now, new Date(now.getTime() - NONCE_KEEP_MS)))) throw refused(openText.replayedNonce);
    return { keyId: key.id, companyId: key.company_id, scopes };
  },
  async record(e) {
    const at = deps.clock.now();
    await repo.logCall(deps.db, { ...e, at });
    if (e.status < 400) await repo.touchKey(deps.db, e.keyId, at);
  },
});
