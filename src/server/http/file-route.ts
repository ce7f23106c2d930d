/**
 * The routes beside the endpoint table (they carry files, not JSON: the stock export and import
 * upload, the import's error file, the operator's XLSX exports, uploaded images and schematics)
 * go through the same edge as the table's calls (mount.ts), in the same order: the address
 * budget, the bearer token, the user budget, access and permission codes, the query checked (NUL
 * and lone surrogates refused with 422 naming the parameter, then the route's schema), the
 * heavy-call budget priced by rows, and HEAVY_AT_ONCE (a heavy route holds one of its user's
 * slots, shared with the user's searches, until its last byte is written). Long work stops when
 * the client goes away: the request's abort signal is handed to the route, and a call still
 * waiting for its slot leaves the queue. docs/api.md, "Budgets and rate limits".
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { ResultCode } from '../../shared/contracts';
import { msg } from '../../shared/messages';
import { runInBackground } from '../db/priority';
import type { AppDeps, Caller } from './context';
import { AppError, invalid } from './errors';
import type { Budgets } from './budgets';
import { ClientGone, HOLD_REPEATED_MS, tooFast } from './limits';
import { admit, badTextPath, issueToError, sendError } from './mount';

/** A query as it came (a parameter given twice is a list), when the route has no schema. */
export type RawQuery = Record<string, string | string[] | undefined>;

export interface FileEdge {
  deps: AppDeps;
  budgets: Budgets;
  resolveCaller: (bearer: string) => Promise<Caller>;
  addressOf: (c: Context) => string;
}

export interface FileRouteSpec<Q> {
  /** for the log */
  name: string;
  access: 'public' | 'user' | 'operator';
  /** any one of these codes is needed (as an endpoint's `permissions`) */
  permissions?: readonly string[];
  /** the query's schema; without one the query is only checked for text no column can store */
  query?: v.GenericSchema<unknown, Q>;
  /**
   * A heavy route: the tokens of its user's HEAVY_RATE budget its first rows cost (limits.ts
   * heavyCost or exportCost), refused with 429 when there are not enough; it then runs in one of
   * its user's HEAVY_AT_ONCE slots, its statements behind the light calls (db/priority.ts).
   */
  heavy?: (query: Q) => number;
}

export interface FileCall<Q> {
  c: Context;
  caller: Caller | null;
  query: Q;
  /** aborted when the client goes away: stop reading rows and writing the file */
  signal: AbortSignal;
  /**
   * Takes `tokens` more of the user's HEAVY_RATE budget for rows about to be read, waiting for
   * them (a download under way slows down rather than fails); throws ClientGone when the client
   * leaves meanwhile.
   */
  pay(tokens: number): Promise<void>;
}

/** A streamed answer: the route's slot is held until `finished` settles (its last byte written or the client gone). */
export interface Streamed { response: Response; finished: Promise<unknown> }

const wait = (ms: number, signal: AbortSignal) => new Promise<void>((resolve, reject) => {
  if (signal.aborted) return reject(new ClientGone());
  const gone = () => {
    clearTimeout(timer);
    reject(new ClientGone());
  };
  const timer = setTimeout(() => {
    signal.removeEventListener('abort', gone);
    resolve();
  }, ms);
  signal.addEventListener('abort', gone, { once: true });
});

/** The status answered to a client that has gone (nobody reads it; nginx's "client closed request"). */
const GONE_STATUS = 499;

export const fileRoute = <Q = RawQuery>(edge: FileEdge, spec: FileRouteSpec<Q>, produce: (call: FileCall<Q>) => Promise<Response | Streamed>) => {
  const { deps, budgets: { limits, buckets, heavyGate } } = edge;
  return async (c: Context): Promise<Response> => {
    const signal = c.req.raw.signal;
    try {
      const { bearer, caller } = await admit(c, { limits, buckets, heavyGate }, edge, spec);
      const raw = Object.fromEntries(Object.entries(c.req.queries()).map(([k, vals]) => [k, vals.length > 1 ? vals : vals[0]]));
      const bad = badTextPath(raw);
      if (bad !== null) throw invalid(bad.path, bad.text);
      let query = raw as Q;
      if (spec.query) {
        const parsed = v.safeParse(spec.query, raw);
        if (!parsed.success) throw issueToError(spec.query, parsed.issues);
        query = parsed.output;
      }
      const userId = caller ? String(caller.userId) : '';
      const pay = async (tokens: number) => {
        if (!caller || !limits.heavyRate) return;
        for (;;) {
          const seconds = await buckets.take('heavy', userId, limits.heavyRate, tokens);
          if (seconds === 0) return;
          await wait(seconds * 1000, signal);
        }
      };
      const call: FileCall<Q> = { c, caller, query, signal, pay };
      if (!spec.heavy || !caller) {
        const out = await produce(call);
        return out instanceof Response ? out : out.response;
      }
      // priced by the rows it reads first, as a table call by its page_size
      if (limits.heavyRate) {
        const heavyWait = await buckets.take('heavy', userId, limits.heavyRate, spec.heavy(query));
        if (heavyWait > 0) throw tooFast(heavyWait, HOLD_REPEATED_MS);
      }
      // the answer goes out as soon as the route has it; the slot is kept until the stream ends
      let answered!: (r: Response) => void;
      const response = new Promise<Response>((resolve) => (answered = resolve));
      const ran = heavyGate(userId, () => runInBackground(async () => {
        const out = await produce(call);
        if (out instanceof Response) return answered(out);
        answered(out.response);
        await out.finished.catch(() => undefined);
      }), bearer, signal);
      return await Promise.race([response, ran.then(() => response)]);
    } catch (e) {
      if (e instanceof AppError) {
        if (e.extra.holdMs) await new Promise((r) => setTimeout(r, e.extra.holdMs));
        return sendError(c, e);
      }
      if (e instanceof ClientGone || signal.aborted) return new Response(null, { status: GONE_STATUS });
      deps.log?.('error', `${c.req.method} ${c.req.path} (${spec.name}) failed`, e);
      return sendError(c, new AppError(ResultCode.serverError, 500, msg.internalError));
    }
  };
};

/** Mounts a GET or POST file route. */
export const mountFileRoute = <Q = RawQuery>(app: Hono, method: 'get' | 'post', path: string, edge: FileEdge, spec: FileRouteSpec<Q>, produce: (call: FileCall<Q>) => Promise<Response | Streamed>) =>
  app.on(method.toUpperCase(), path, fileRoute(edge, spec, produce));
