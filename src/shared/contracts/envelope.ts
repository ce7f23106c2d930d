import * as v from 'valibot';

/**
 * Every answer of the API uses this envelope. `code` 200 is success; the other codes the
 * client acts on are listed in `ResultCode` (see the error catalogue, requirements 000-8 / requirements 001-8).
 */
export const ResultCode = {
  ok: 200,
  /** token expired: refresh and retry once */
  tokenExpired: 4,
  /** signed out: inactivity, logout, login elsewhere, refresh-token reuse */
  signedOut: 908,
  /** go to /400 */
  badRequestPage: 10086,
  invalidPayload: 422,
  notLoggedIn: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  serverError: 500,
} as const;

export interface Envelope<T = unknown> {
  code: number | string;
  msg: string;
  data: T;
  /** a Chinese text fit to show to a person */
  client_msg?: string;
  /** set when the client must log out and reload */
  exception?: boolean;
  /** for invalid payloads: the offending field path */
  field?: string;
}

export const envelopeSchema = <T extends v.GenericSchema>(data: T) =>
  v.object({
    code: v.union([v.number(), v.string()]),
    msg: v.string(),
    data,
    client_msg: v.optional(v.string()),
    exception: v.optional(v.boolean()),
    field: v.optional(v.string()),
  });
