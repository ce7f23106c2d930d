import type * as v from 'valibot';
import type { OpenScope } from './open-scopes';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call an endpoint. `public`: anyone; `user`: a signed-in user; `operator`: a signed-in
 * user of the head company (company_id 1). `permissions`, when given, must intersect the caller's
 * permission codes. `open`: a partner's signed call with an API key (docs/open-platform.md, "Keys and
 * signing"): no bearer token; the key must hold the call's `scope`.
 */
export type Access = 'public' | 'user' | 'operator' | 'open';

export interface EndpointDef<
  P extends v.GenericSchema = v.GenericSchema,
  A extends v.GenericSchema = v.GenericSchema,
> {
  method: HttpMethod;
  /** path under /api; for a `pathId` call the id of request(method, name, payload, id) is appended */
  path: string;
  /** the call names its row in the path (`/stock/row/{id}`); only these take a path id */
  pathId?: true;
  payload: P;
  /**
   * the payload as the API document shows it, where the contract takes part of it loosely and checks
   * it later (a stock sync's lines: each checked on its own, so a bad line never stops the others)
   */
  docPayload?: v.GenericSchema;
  /** schema of `data` in the success envelope */
  answer: A;
  access: Access;
  permissions?: readonly string[];
  /** for `access: 'open'`: the scope the calling key must have been granted */
  scope?: OpenScope;
  /** writes that take an Idempotency-Key header and replay the stored answer */
  idempotent?: boolean;
  /** an idempotent write that must carry the key (placing orders: a retry must never buy twice) */
  idempotencyRequired?: boolean;
  /** a search or long list: at most a few at once per user, the rest wait in that user's queue (server/http/limits.ts) */
  heavy?: boolean;
  summary: string;
  tag: string;
}

export const defineEndpoint = <P extends v.GenericSchema, A extends v.GenericSchema>(
  def: EndpointDef<P, A>,
): EndpointDef<P, A> => def;
