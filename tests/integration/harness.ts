/**
 * Runs a suite on embedded PGlite and, when a PostgreSQL server answers (TEST_DATABASE_URL or
 * 127.0.0.1:5432), on a fresh database there created with LC_CTYPE 'C.UTF-8' from template0.
 * TEST_BACKEND picks one of the two.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import * as v from 'valibot';
import { inject } from 'vitest';
// the query-string encoder the client's request() uses (through ofetch): a GET payload reaches the server as it does from the page
import { withQuery, type QueryObject } from 'ufo';
import { endpoints, envelopeSchema, type AnswerOf, type EndpointName, type Envelope, type ImPush, type PayloadIn } from '../../src/shared/contracts';
import { createApp } from '../../src/server/app';
import type { AppDeps } from '../../src/server/http/context';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import type { SmsProvider } from '../../src/server/modules/sms/sms.provider';
import { PAGE_HEADER, REFRESH_COOKIE } from '../../src/server/http/session-cookie';

export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const postgresAvailable = await (async () => {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
})();

export const allBackends = ['pglite', 'postgres'] as const;
export type BackendName = (typeof allBackends)[number];
/**
 * The backends this run covers: TEST_BACKEND=pglite or =postgres runs one of them (scripts/test.ts
 * runs the two passes at once, they share nothing), unset runs both.
 */
const chosen = process.env.TEST_BACKEND;
if (chosen && !(allBackends as readonly string[]).includes(chosen)) throw new Error(`TEST_BACKEND must be one of ${allBackends.join(', ')} (got ${chosen})`);
export const backends: readonly BackendName[] = chosen ? [chosen as BackendName] : allBackends;
/** Tests that pick no backend (scripts, the gateway on PGlite) run in the PGlite pass. */
export const runsBackendFreeTests = !chosen || chosen === 'pglite';
export const skipReason = (b: BackendName) => (b === 'postgres' && !postgresAvailable ? `no PostgreSQL at ${adminUrl}` : '');

/**
 * Runs fn and tells the CPU time this test process spent meanwhile, in ms: a check that something
 * is refused "at once" (no quadratic backtracking) measured this way does not fail because other
 * processes keep the machine busy, as a wall-clock measure does.
 */
export const cpuTime = async <T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> => {
  const before = process.cpuUsage();
  const result = await fn();
  const used = process.cpuUsage(before);
  return { result, ms: (used.user + used.system) / 1000 };
};

export class TestClock {
  constructor(public current = new Date('2026-11-22T04:00:00Z')) {}
  now = () => this.current;
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/** What a call sends besides its payload. */
export interface CallOptions {
  token?: string;
  /** the Device header */
  device?: string;
  /** the caller's address (x-test-address, read by the test app's addressOf) */
  address?: string;
  headers?: Record<string, string>;
}
export interface ApiOptions extends CallOptions {
  /** the optional last path segment (request()'s `id`) */
  id?: string | number;
  /** the Idempotency-Key header */
  idempotencyKey?: string;
}
/** An answer: HTTP status, the parsed JSON body (null when empty) and the headers. */
export interface Answer<B> { status: number; body: B; headers: Headers }
/** The answer of a call of the table: `data` typed from the contract (null on refusals, as the envelope says). */
export type ApiAnswer<N extends EndpointName> = Answer<Envelope<AnswerOf<N>>>;
/** The calls whose payload may be left out (an optional schema). */
export type NoPayloadName = { [N in EndpointName]: undefined extends PayloadIn<N> ? N : never }[EndpointName];
/** An event the app pushed to a user's /ws sockets: the chat's, and an enquiry's new quote count. */
export type Push = ImPush | { type: 'quoteCount'; count: number };

const anyEnvelope = envelopeSchema(v.unknown());
/** The envelope of an untyped answer: fails when the body is not one. */
export const envelope = (body: unknown): Envelope<unknown> => v.parse(anyEnvelope, body);

/** The calls of a test: typed from the contract, and the raw escape. */
export interface ApiClient {
  /**
   * A call of the endpoint table, typed from the contract: method and path come from the table,
   * the payload is `PayloadIn<N>` (a GET or DELETE payload goes as the query string, the rest as
   * the JSON body, as the client's request() sends them; `id` is the optional last path segment)
   * and the body read back is the envelope of `AnswerOf<N>`.
   */
  api<N extends EndpointName>(name: N, payload: PayloadIn<N>, opts?: ApiOptions): Promise<ApiAnswer<N>>;
  /** a call whose contract takes no payload (or only optional fields), sent without one */
  api<N extends NoPayloadName>(name: N): Promise<ApiAnswer<N>>;
  /**
   * The untyped escape: any method, path and body (malformed or refused payloads, raw text,
   * unknown paths). The body read back is `unknown`: a test narrows what it reads (`envelope()`).
   */
  callRaw(method: string, path: string, opts?: CallOptions & { body?: unknown; rawBody?: string }): Promise<Answer<unknown>>;
}

/** How a request reaches the server: the test app's app.request, or fetch to a running server. */
type Send = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Sends a request and reads its answer (the JSON body, null when empty). The headers are those the
 * tests have always sent: JSON content type, the bearer token, Device and the test address.
 */
const request = async (send: Send, method: string, path: string, o: CallOptions, body: string | undefined): Promise<Answer<unknown>> => {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(o.headers ?? {}) };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.device) headers.device = o.device;
  if (o.address) headers['x-test-address'] = o.address;
  const res = await send(path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, headers: res.headers };
};

/** The typed client and the raw escape over one way of sending. */
const clientOver = (send: Send): ApiClient => {
  const callRaw: ApiClient['callRaw'] = (method, path, o = {}) =>
    request(send, method, path, o, o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body)));
  const api = async <N extends EndpointName>(name: N, payload?: PayloadIn<N>, o: ApiOptions = {}): Promise<ApiAnswer<N>> => {
    const ep = endpoints[name];
    // as request() builds it (src/client/api/request.ts): the table's path, the id segment, then the
    // payload as the query string (encoded by ufo's withQuery, which ofetch uses) or as the JSON body
    const path = `/api${ep.path}${o.id === undefined ? '' : `/${encodeURIComponent(String(o.id))}`}`;
    const bodyless = ep.method === 'get' || ep.method === 'delete';
    const headers = { ...(o.headers ?? {}), ...(o.idempotencyKey === undefined ? {} : { 'Idempotency-Key': o.idempotencyKey }) };
    const r = await request(send, ep.method.toUpperCase(), bodyless ? withQuery(path, (payload ?? {}) as QueryObject) : path, { ...o, headers }, bodyless ? undefined : JSON.stringify(payload ?? {}));
    // the one place an answer is taken as the contract says: the server's conformance is its own tests' business
    return r as ApiAnswer<N>;
  };
  return { api, callRaw };
};

/** The typed client against a running server (another process), e.g. http://127.0.0.1:3000. */
export const clientFor = (baseUrl: string): ApiClient => clientOver((path, init) => fetch(`${baseUrl}${path}`, init));

export interface TestEnv extends ApiClient {
  database: Database;
  /** where this app stores uploaded images (a temporary folder, removed on close) */
  uploadDir: string;
  clock: TestClock;
  revoked: number[];
  /** every /ws push the app made, in order (user id and event) */
  pushes: Array<{ userId: number; event: Push }>;
  /** the app's stock import service (resuming stalled imports, waiting for one) */
  stockImport: ReturnType<typeof createApp>['stockImport'];
  heavyGate: ReturnType<typeof createApp>['heavyGate'];
  /** the durable outbox of RongCloud calls, when `rongcloud` was given */
  rongOutbox: ReturnType<typeof createApp>['rongOutbox'];
  /** the follow worker's run (follow-sweep.ts): notices of followed parts whose stock changed */
  followJobs: ReturnType<typeof createApp>['followJobs'];
  /** the points sweep's run (points-sweep.ts): year-end expiry and its notices */
  pointsJobs: ReturnType<typeof createApp>['pointsJobs'];
  /** the payment providers and the purposes their outcomes go to (payment-sweep.ts takes both) */
  payments: ReturnType<typeof createApp>['payments'];
  /** a request with any body, answered as the raw Response (files up and down) */
  raw(method: string, path: string, opts?: { body?: BodyInit; token?: string; headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response>;
  /** signs in; `refresh_token` is read from the answer's HttpOnly cookie */
  login(username: string, opts?: { device?: string; address?: string; password?: string }): Promise<{ access_token: string; refresh_token: string }>;
  /**
   * The refresh call as the page makes it: the refresh cookie and the page's header (`headers`
   * replaces them, e.g. with a foreign Origin). `refresh_token` is the rotated cookie, if one was set.
   */
  refresh(refreshToken: string | null, opts?: { headers?: Record<string, string> }): Promise<ApiAnswer<'tokenRefresh'> & { refresh_token: string | undefined }>;
  close(): Promise<void>;
}

/** The refresh-token cookie an answer sets (its value; '' when it clears it), or undefined. */
export const refreshCookieOf = (headers: Headers): string | undefined => {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${REFRESH_COOKIE}=`));
  return line === undefined ? undefined : decodeURIComponent(line.slice(REFRESH_COOKIE.length + 1).split(';')[0]);
};

const openPglite = async (dataDir?: string): Promise<{ pglite: PGlite; database: Database }> => {
  const pglite = await PGlite.create(dataDir);
  const inner = await openDatabase({ pglite });
  return {
    pglite,
    database: { ...inner, close: async () => { await inner.close(); await pglite.close(); if (dataDir) rmSync(dataDir, { recursive: true, force: true }); } },
  };
};

/**
 * Where this pass's PGlite data folders live: the pass's folder (global-setup.ts, removed when the
 * pass ends), or, for a file run outside the integration project, one of this process's own.
 */
const pgliteRoot = (() => {
  let root: string | undefined = inject('pgliteRoot');
  return () => {
    if (!root) {
      const made = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `qph-int-${process.pid}-`));
      process.once('exit', () => rmSync(made, { recursive: true, force: true }));
      root = made;
    }
    return root;
  };
})();

/**
 * A fresh PostgreSQL database: empty (LC_CTYPE 'C.UTF-8' from template0), or a copy of `template`
 * (a database of ours made that way, with no session open on it); its address, and drop().
 */
export const createPostgresDatabase = async (template?: string, name = `qph_test_${randomBytes(6).toString('hex')}`): Promise<{ url: string; drop(): Promise<void> }> => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
};

/** A fresh, empty database on this backend (nothing migrated); close() also drops it. */
export const openTestDatabase = async (backend: BackendName): Promise<Database> => {
  if (backend === 'pglite') return (await openPglite()).database;
  const fresh = await createPostgresDatabase();
  const inner = await openDatabase({ databaseUrl: fresh.url });
  return {
    ...inner,
    close: async () => {
      await inner.close();
      await fresh.drop();
    },
  };
};

/**
 * The migrated and seeded PGlite data folder of this pass, by stock rows: the seed is the same
 * every time (the clock starts at the same moment), so it is made once, closed, and every
 * environment opens a file copy of it (0.1 s to copy and 0.3 s to open, against 1.5–3 s to load
 * a dumped image and 2-5 s to migrate and seed; the account and auth suites make one per test).
 */
const seededPglite = new Map<number, Promise<string>>();

const pgliteTemplate = (clock: TestClock, stockRows: number) => {
  let made = seededPglite.get(stockRows);
  if (!made) {
    made = (async () => {
      const dir = join(pgliteRoot(), `template-${stockRows}`);
      const pglite = await PGlite.create(dir);
      const database = await openDatabase({ pglite });
      try {
        await migrate(database.db);
        await seed(database.db, { now: clock.now(), scryptN: 1024, stockRows });
      } finally {
        // closed cleanly (a shutdown checkpoint): a copy opens with no WAL to replay
        await database.close();
        await pglite.close();
      }
      return dir;
    })();
    seededPglite.set(stockRows, made);
  }
  return made;
};

/**
 * The same for PostgreSQL: the pass's migrated and seeded database by stock rows, kept closed as a
 * template that each environment copies (CREATE DATABASE … TEMPLATE, a file copy: 0.2 s against
 * 2 s to migrate and seed). Its name starts with the run's prefix (global-setup.ts), whose teardown
 * drops it; without that prefix (a file run outside the integration project) every environment
 * migrates and seeds its own.
 */
const seededPostgres = new Map<number, Promise<string>>();
const templatePrefix = inject('pgTemplatePrefix');

const postgresTemplate = (clock: TestClock, stockRows: number) => {
  let made = seededPostgres.get(stockRows);
  if (!made) {
    made = (async () => {
      const name = `${templatePrefix}${process.pid}_${stockRows}`;
      await createPostgresDatabase(undefined, name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await migrate(database.db);
        await seed(database.db, { now: clock.now(), scryptN: 1024, stockRows });
      } finally {
        await database.close();
      }
      return name;
    })();
    seededPostgres.set(stockRows, made);
  }
  return made;
};

/** A migrated and seeded database of its own on this backend. */
const openSeeded = async (backend: BackendName, clock: TestClock, stockRows: number): Promise<Database> => {
  if (backend === 'postgres' && templatePrefix) {
    const copy = await createPostgresDatabase(await postgresTemplate(clock, stockRows));
    const inner = await openDatabase({ databaseUrl: copy.url });
    return { ...inner, close: async () => { await inner.close(); await copy.drop(); } };
  }
  if (backend === 'pglite') {
    const template = await pgliteTemplate(clock, stockRows);
    const copy = mkdtempSync(join(pgliteRoot(), 'env-'));
    cpSync(template, copy, { recursive: true });
    return (await openPglite(copy)).database;
  }
  const fresh = await openTestDatabase(backend);
  await migrate(fresh.db);
  await seed(fresh.db, { now: clock.now(), scryptN: 1024, stockRows });
  return fresh;
};

export const createTestEnv = async (backend: BackendName, opts: { accessTtlSeconds?: number; stockRows?: number; sms?: SmsProvider; paymentSandbox?: boolean; limits?: AppDeps['limits']; translator?: AppDeps['translator']; rongcloud?: AppDeps['rongcloud']; staticDir?: string; alipay?: AppDeps['alipay']; log?: AppDeps['log']; webhookAllowLoopback?: boolean } = {}): Promise<TestEnv> => {
  const clock = new TestClock();
  const database = await openSeeded(backend, clock, opts.stockRows ?? 0);
  const revoked: number[] = [];
  const pushes: Array<{ userId: number; event: Push }> = [];
  const uploadDir = mkdtempSync(join(tmpdir(), 'qph-uploads-'));
  const { app, stockImport, heavyGate, rongOutbox, payments, followJobs, pointsJobs } = createApp({
    db: database.db, backend: database.backend, clock, accessTtlSeconds: opts.accessTtlSeconds ?? 900, scryptN: 1024,
    addressOf: (req) => req.headers.get('x-test-address') ?? '10.0.0.1',
    onSessionsRevoked: (ids) => revoked.push(...ids),
    pushToUser: (userId, event) => pushes.push({ userId, event: event as Push }),
    sms: opts.sms,
    translator: opts.translator,
    rongcloud: opts.rongcloud,
    uploadDir,
    staticDir: opts.staticDir,
    paymentSandbox: opts.paymentSandbox ?? true,
    alipay: opts.alipay,
    webhookAllowLoopback: opts.webhookAllowLoopback,
    // every test of this suite comes from one or two addresses at machine speed: budgets only where a test is about them (limits.test.ts)
    limits: opts.limits ?? { user: { perSecond: 1e6, burst: 1e6 }, address: { perSecond: 1e6, burst: 1e6 }, heavyAtOnce: 1000, heavyQueue: 1000 },
    // background work (stock imports) reports its failures here: shown in the test log
    log: opts.log ?? ((level, text, detail) => {
      if (level === 'error') console.error(text, detail);
    }),
  });

  const { api, callRaw } = clientOver((path, init) => app.request(path, init));

  const raw: TestEnv['raw'] = async (method, path, o = {}) =>
    app.request(path, { method, body: o.body, signal: o.signal, headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.headers ?? {}) } });

  return {
    database, clock, revoked, pushes, api, callRaw, raw, uploadDir, stockImport, heavyGate, rongOutbox, payments, followJobs, pointsJobs,
    async login(username, o = {}) {
      const r = await api('userAuth', { username, password: o.password ?? 'demo123456' }, { device: o.device, address: o.address });
      if (r.body.code !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(r.body)}`);
      const refresh_token = refreshCookieOf(r.headers);
      if (!refresh_token) throw new Error(`login ${username} set no refresh cookie`);
      return { ...r.body.data, refresh_token };
    },
    async refresh(token, o = {}) {
      const headers = o.headers ?? { [PAGE_HEADER.name]: PAGE_HEADER.value };
      const r = await api('tokenRefresh', undefined, { headers: { ...headers, ...(token === null ? {} : { cookie: `${REFRESH_COOKIE}=${token}` }) } });
      return { ...r, refresh_token: refreshCookieOf(r.headers) };
    },
    async close() {
      await database.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
};

/** A head-company employee holding just these operator codes (a password like the operator's), signed in: the access token. */
export const operatorWith = async (env: TestEnv, username: string, permissions: string[]) => {
  await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
    select gen_random_uuid(), 1, ${username}, '运营专员', password_hash, ${sql.val(permissions)}::text[], null from app_user where username = 'operator'`.execute(env.database.db);
  return (await env.login(username)).access_token;
};

/**
 * A company registered in Vietnam (the buyer's level) with an owner who may buy (C09, M02; the
 * buyer's password): the company's id.
 */
export const vietnameseCompany = async (env: TestEnv, name: string, owner: string) => {
  const id = Number((await sql<{ id: number }>`insert into company (name, short_name, level_id, country)
    select ${name}, ${name}, level_id, 'VN' from company where id = 3 returning id`.execute(env.database.db)).rows[0].id);
  await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, is_owner, permissions)
    select gen_random_uuid(), ${id}, ${owner}, ${owner}, password_hash, true, array['C09','M02']::text[] from app_user where username = 'buyer'`.execute(env.database.db);
  return id;
};

/** What the message assistant (消息助手) told a user, oldest first. */
export const assistantNotices = async (env: TestEnv, username: string) =>
  (await sql<{ text: string }>`select m.text from im_message m join app_user a on a.id = m.sender_id join app_user r on r.id = m.recipient_id
    where a.username = 'im-assistant' and r.username = ${username} order by m.id`.execute(env.database.db)).rows
    .map((r) => JSON.parse(r.text).BusinessInfo as { 标题: string; 内容: string; 单号: string });
