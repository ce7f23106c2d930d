import { ApiError, CancelledError, OfflineError } from './request';
import type { ReplayOutcome } from '../local/outbox';

const SIGNED_OUT_CODES: ReadonlySet<string> = new Set(['4', '401', '908']);

/**
 * What an error of the request helper means for a queued write (see outbox.ts). The helper's
 * ApiError carries the envelope's code, which our server sets to the HTTP status or a catalogue
 * code (4, 908, 10086); the status itself is not exposed. An answer without a code is not ours
 * (a proxy's 502 page, a gateway timeout) and counts as trouble that may pass.
 */
export const replayOutcome = (e: unknown): ReplayOutcome => {
  if (e instanceof OfflineError || e instanceof CancelledError) return 'retry';
  if (!(e instanceof ApiError)) return 'refused';
  if (e.code === undefined) return 'retry';
  const code = String(e.code);
  if (SIGNED_OUT_CODES.has(code)) return 'signedOut';
  if (code === '429' || /^5\d\d$/.test(code)) return 'retry';
  return 'refused';
};
