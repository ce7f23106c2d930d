import { describe, expect, it } from 'vitest';
import { msg } from '../../shared/messages';
import { ApiError, CancelledError, OfflineError } from './request';
import { replayOutcome } from './replay-outcome';

describe('what an error means for a queued write', () => {
  it('network trouble, server errors, 429 and answers that are not ours: keep it and try later', () => {
    expect(replayOutcome(new OfflineError(msg.offline))).toBe('retry');
    expect(replayOutcome(new CancelledError('cancelled'))).toBe('retry');
    expect(replayOutcome(new ApiError(500, msg.internalError))).toBe('retry');
    expect(replayOutcome(new ApiError('503', msg.serverError))).toBe('retry');
    expect(replayOutcome(new ApiError(429, '请求过于频繁'))).toBe('retry');
    expect(replayOutcome(new ApiError(undefined, msg.serverError))).toBe('retry');
  });

  it('signed out (908, 401, or 4 after a failed refresh): keep it for the next sign-in', () => {
    expect(replayOutcome(new ApiError(908, msg.signedOutBody))).toBe('signedOut');
    expect(replayOutcome(new ApiError('908', msg.signedOutBody))).toBe('signedOut');
    expect(replayOutcome(new ApiError(401, msg.loginFirst))).toBe('signedOut');
    expect(replayOutcome(new ApiError(4, msg.tokenExpired))).toBe('signedOut');
  });

  it('a definite refusal of the payload marks it failed', () => {
    for (const code of [422, 403, 404, 409, 413, 400, 10086]) expect(replayOutcome(new ApiError(code, '参数有误'))).toBe('refused');
    expect(replayOutcome(new TypeError('bad'))).toBe('refused');
  });
});
