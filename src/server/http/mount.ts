/**
 * Mounts the endpoint table: one route per call (and path/:id), the payload validated with the
 * call's own schema, access and permissions checked, idempotency honoured, and every answer in
 * the one envelope.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { endpoints, ResultCode, type Access, type AnswerOf, type EndpointName, type OpenScope, type PayloadOut } from '../../shared/contracts';
import { hasAnyPermission, HEAD_COMPANY_ID, OPERATOR_CODES } from '../../shared/domain/permissions';
import { msg } from '../../shared/messages';
import { AppError, forbidden, invalid, notLoggedIn } from './errors';
import { heavyCost, HOLD_REPEATED_MS, tooFast } from './limits';
import { jsonAnswer } from './compress';
import { runInBackground } from '../db/priority';
import { createBudgets, type Budgets } from './budgets';
import type { AppDeps, Caller, OpenCaller, RequestContext } from './context';
import { withIdempotency } from './idempotency';
import { sessionCookie } from './session-cookie';

export type Handler<N extends EndpointName> = (payload: PayloadOut<N>, ctx: RequestContext) => Promise<AnswerOf<N>>;
export type Handlers = { [N in EndpointName]: Handler<N> };

export interface MountOptions {
  deps: AppDeps;
  handlers: Handlers;
  resolveCaller: (bearer: string) => Promise<Caller>;
  addressOf: (c: Context) => string;
  /** the budgets shared with the file routes (http/file-route.ts); unset: the table's own */
  budgets?: Budgets;
  /** the open module's verifier of signed calls (access 'open'); unset: such calls are refused */
  open?: OpenGate;
}

/** One signed call of a known key, as the open module logs it (docs/open-platform.md, "Keys and signing"). */
export interface OpenCallEntry {
  keyId: string;
  companyId: number;
  name: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
}

/**
 * The check of a partner's signed call (modules/open/open.verifier.ts). `known` is told the key as
 * soon as it is found, so refusals of a known key are logged too; `throttle` takes the key's
 * budget (throws 429) and is called by the verifier before it records the nonce.
 */
export interface OpenGate {
  verify(
    c: Context,
    spec: { name: string; scope?: OpenScope; address: string },
    hooks: { known: (k: { keyId: string; companyId: number }) => void; throttle: (keyId: string) => Promise<void> },
  ): Promise<OpenCaller>;
  record(entry: OpenCallEntry): Promise<void>;
}

/** the per-key budget of signed calls when the limits name none */
export const DEFAULT_OPEN_RATE = { perSecond: 10, burst: 60 };

/**
 * How many refused calls of one key are logged before its signature was proven (docs/open-platform.md,
 * "Call log"): a key id is not a secret, so without this anyone who saw one could fill its company's
 * log from many addresses. Signed calls are always logged.
 */
export const UNSIGNED_LOG_RATE = { perSecond: 1, burst: 30 };
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

const DEVICES = new Set(['pc', 'h5', 'app', 'pad']);

/** Room for the largest upload (5 MB of image as base64, about 6.7 MB) and nothing much beyond it. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * The first text in a payload that no column can store: a NUL (PostgreSQL refuses it in text) or
 * a lone surrogate (half of a UTF-16 pair, which is no character at all and fails when a stored
 * answer is written). Keys are checked like values. Refused at the edge with 422, nothing changed.
 */
export const badTextPath = (value: unknown, path: string[] = [], depth = 0): { path: string; text: string } | null => {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path: path.join('.'), text: msg.nulCharacter };
    return value.isWellFormed() ? null : { path: path.join('.'), text: msg.loneSurrogate };
  }
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, item] of Object.entries(value)) {
    const key = badTextPath(k, [...path, k], depth + 1);
    if (key !== null) return key;
    const found = badTextPath(item, [...path, k], depth + 1);
    if (found !== null) return found;
  }
  return null;
};

export const ok = <T>(data: T) => ({ code: ResultCode.ok, msg: 'success', data });

export const errorBody = (e: AppError) => ({
  code: e.code,
  msg: e.clientMsg,
  client_msg: e.clientMsg,
  data: null,
  ...(e.extra.field ? { field: e.extra.field } : {}),
});

export const sendError = (c: Context, e: AppError) => {
  for (const [k, val] of Object.entries(e.extra.headers ?? {})) c.header(k, val);
  return c.json(errorBody(e), e.httpStatus as 400);
};

/**
 * The first issue, as a Chinese message naming the field. A missing top-level key is reported by
 * the object schema; we word it with the field's own schema (e.g. 请输入用户名) by parsing nothing.
 */
export const issueToError = (schema: v.GenericSchema, issues: v.BaseIssue<unknown>[]) => {
  const first = issues[0];
  const field = v.getDotPath(first) ?? '';
  const entries = (schema as { entries?: Record<string, v.GenericSchema> }).entries;
  if (first.input === undefined && entries && field in entries) {
    const own = v.safeParse(entries[field], undefined);
    if (!own.success) return invalid(field, own.issues[0].message);
  }
  return invalid(field, first.message);
};

const readPayload = async (c: Context, method: string): Promise<unknown> => {
  if (method === 'get' || method === 'delete') {
    return Object.fromEntries(Object.entries(c.req.queries()).map(([k, vals]) => [k, vals.length > 1 ? vals : vals[0]]));
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('', '请求体不是有效的 JSON');
  }
};

/**
 * The edge's first steps, the same for the table's calls and the file routes (file-route.ts):
 * the address budget, the bearer token, the caller, the user budget, an operator's head company
 * and operator code, then the call's permission codes.
 */
export const admit = async (
  c: Context,
  { limits, buckets, heavyGate }: Pick<Budgets, 'limits' | 'buckets' | 'heavyGate'>,
  edge: { addressOf: (c: Context) => string; resolveCaller: (bearer: string) => Promise<Caller> },
  spec: { access: Access; heavy?: unknown; permissions?: readonly string[] },
): Promise<{ bearer: string | undefined; caller: Caller | null }> => {
  const addressWait = await buckets.take('address', edge.addressOf(c), limits.address);
  if (addressWait > 0) throw tooFast(addressWait);
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  if (spec.access === 'public') return { bearer, caller: null };
  // signed calls are admitted by the open module's verifier only (mountEndpoints), never by a bearer token
  if (spec.access === 'open') throw forbidden();
  if (!bearer) throw notLoggedIn();
  if (spec.heavy) heavyGate.refuseEarly(bearer);
  const caller = await edge.resolveCaller(bearer);
  const userWait = await buckets.take('user', String(caller.userId), limits.user);
  if (userWait > 0) throw tooFast(userWait);
  if (spec.access === 'operator') {
    if (caller.companyId !== HEAD_COMPANY_ID) throw forbidden(msg.operatorOnly);
    // a head-company employee without any operator code (D00–D12) is no operator (requirements 001-2-2)
    if (!hasAnyPermission(caller.permissions, OPERATOR_CODES)) throw forbidden();
  }
  if (!hasAnyPermission(caller.permissions, spec.permissions ?? [])) throw forbidden();
  return { bearer, caller };
};

export const mountEndpoints = (app: Hono, opts: MountOptions) => {
  const { limits, buckets, heavyGate } = opts.budgets ?? createBudgets(opts.deps);
  const tooLarge = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => sendError(c, new AppError(ResultCode.invalidPayload, 413, msg.bodyTooLarge(MAX_BODY_BYTES / 1024 / 1024))),
  });
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const ep = endpoints[name];
    const handler = opts.handlers[name] as (p: unknown, ctx: RequestContext) => Promise<unknown>;
    const answerCall = async (c: Context, openState: { known: { keyId: string; companyId: number } | null; signed: boolean } | null) => {
      try {
        const deviceHeader = (c.req.header('Device') ?? 'pc').toLowerCase();
        const device = DEVICES.has(deviceHeader) ? deviceHeader : 'pc';
        let open: OpenCaller | undefined;
        let admitted: { bearer: string | undefined; caller: Caller | null };
        if (openState) {
          // a partner's signed call (docs/open-platform.md, "Keys and signing"): the address budget, then the key's
          if (!opts.open) throw new AppError(ResultCode.notFound, 404, msg.endpointNotFound);
          const addressWait = await buckets.take('address', opts.addressOf(c), limits.address);
          if (addressWait > 0) throw tooFast(addressWait);
          open = await opts.open.verify(c, { name, scope: ep.scope, address: opts.addressOf(c) }, {
            known: (k) => { openState.known = k; },
            throttle: async (keyId) => {
              const keyWait = await buckets.take('open', keyId, limits.open ?? DEFAULT_OPEN_RATE);
              if (keyWait > 0) throw tooFast(keyWait);
            },
          });
          openState.signed = true;
          // as sent: the call that reads it checks it and refuses a malformed one (openStockSync's batch id)
          const idem = c.req.header('Idempotency-Key');
          if (idem !== undefined) open = { ...open, idempotencyKey: idem };
          admitted = { bearer: undefined, caller: null };
        } else {
          admitted = await admit(c, { limits, buckets, heavyGate }, opts, ep);
        }
        const { bearer, caller } = admitted;
        const raw = await readPayload(c, ep.method);
        const bad = badTextPath(raw);
        if (bad !== null) throw invalid(bad.path, bad.text);
        const parsed = v.safeParse(ep.payload, raw);
        if (!parsed.success) throw issueToError(ep.payload, parsed.issues);
        // priced by the rows asked for (limits.ts heavyCost), so the payload is read first
        if (ep.heavy && caller && limits.heavyRate) {
          const heavyWait = await buckets.take('heavy', String(caller.userId), limits.heavyRate, heavyCost(parsed.output));
          if (heavyWait > 0) throw tooFast(heavyWait, HOLD_REPEATED_MS);
        }
        const committed: Array<() => void> = [];
        const afterCommit = () => {
          for (const fn of committed) {
            try {
              fn();
            } catch (e) {
              opts.deps.log?.('warn', `${name}: after-commit work failed`, e);
            }
          }
        };
        const ctx: RequestContext = { db: opts.deps.db, caller, ...(open ? { open } : {}), device, address: opts.addressOf(c), id: c.req.param('id'), bearer, session: sessionCookie(c, opts.deps.trustProxy), afterCommit: (fn) => committed.push(fn) };
        if (ep.idempotencyRequired && !c.req.header('Idempotency-Key')) throw new AppError(ResultCode.invalidPayload, 422, msg.idempotencyKeyMissing, { field: 'Idempotency-Key' });
        if (ep.idempotent && caller) {
          const res = await withIdempotency(opts.deps, {
            userId: caller.userId, endpoint: name, key: c.req.header('Idempotency-Key'), body: parsed.output,
            run: async (db) => ok(await handler(parsed.output, { ...ctx, db })),
          });
          if (res.replayed) c.header('Idempotent-Replayed', 'true');
          afterCommit();
          return jsonAnswer(c, res.answer, res.status);
        }
        // heavy calls take the database after every waiting light call (db/priority.ts)
        const answer = ok(!ep.heavy
          ? await handler(parsed.output, ctx)
          : caller
            ? await heavyGate(String(caller.userId), () => runInBackground(() => handler(parsed.output, ctx)), bearer)
            : await runInBackground(() => handler(parsed.output, ctx)));
        afterCommit();
        return jsonAnswer(c, answer);
      } catch (e) {
        if (e instanceof AppError) {
          if (e.extra.holdMs) await new Promise((r) => setTimeout(r, e.extra.holdMs));
          return sendError(c, e);
        }
        opts.deps.log?.('error', `${name} failed`, e);
        return sendError(c, new AppError(ResultCode.serverError, 500, msg.internalError));
      }
    };
    const run = async (c: Context) => {
      if (ep.access !== 'open') return answerCall(c, null);
      const started = performance.now();
      const given = c.req.header('X-Request-Id') ?? '';
      const requestId = REQUEST_ID.test(given) ? given : crypto.randomUUID();
      const state: { known: { keyId: string; companyId: number } | null; signed: boolean } = { known: null, signed: false };
      const res = await answerCall(c, state);
      res.headers.set('X-Request-Id', requestId);
      if (state.known) {
        try {
          if (state.signed || (await buckets.take('open-unsigned-log', state.known.keyId, UNSIGNED_LOG_RATE)) === 0) {
            await opts.open?.record({ ...state.known, name, method: ep.method.toUpperCase(), path: c.req.path, status: res.status, durationMs: Math.round(performance.now() - started), requestId });
          }
        } catch (e) {
          opts.deps.log?.('warn', `${name}: the call log was not written`, e);
        }
      }
      return res;
    };
    const path = `/api${ep.path}`;
    // only a call that reads a path id takes one: another's sibling path is never its "id"
    app.on(ep.method.toUpperCase(), ep.pathId ? [path, `${path}/:id`] : [path], tooLarge, run);
  }
};
