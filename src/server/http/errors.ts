import { ResultCode } from '../../shared/contracts';
import { msg } from '../../shared/messages';
import { refusalText } from '../../shared/field-names';

/** A refusal with a Chinese message fit for a person; becomes an error envelope at the edge. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus: number,
    readonly clientMsg: string,
    /** holdMs: answer only after this long (a refusal repeated against Retry-After; http/limits.ts) */
    readonly extra: { field?: string; headers?: Record<string, string>; holdMs?: number } = {},
  ) {
    super(clientMsg);
  }
}

export const invalid = (field: string, detail: string) =>
  new AppError(ResultCode.invalidPayload, 422, refusalText(field, detail), { field });
export const notLoggedIn = () => new AppError(ResultCode.notLoggedIn, 401, msg.loginFirst);
export const forbidden = (text: string = msg.forbidden) => new AppError(ResultCode.forbidden, 403, text);
export const signedOut = (text: string = msg.signedOutBody) => new AppError(ResultCode.signedOut, 401, text);
export const tokenExpired = () => new AppError(ResultCode.tokenExpired, 401, msg.tokenExpired);
export const conflict = (text: string) => new AppError(ResultCode.conflict, 409, text);
export const tooMany = (seconds: number) =>
  new AppError(ResultCode.tooManyRequests, 429, msg.tooManyLogins(seconds), { headers: { 'Retry-After': String(seconds) } });
