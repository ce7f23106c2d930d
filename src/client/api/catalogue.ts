/**
 * The error catalogue (requirements 000-8, 001-8) as one pure decision: what the client does with an
 * answer. request.ts carries the decision out.
 */
export type CatalogueAction =
  | { kind: 'ok' }
  | { kind: 'cancelled' }
  | { kind: 'offline' }
  | { kind: 'badRequestPage' }
  | { kind: 'signedOut' }
  | { kind: 'exception' }
  | { kind: 'refresh' }
  | { kind: 'logout' }
  | { kind: 'modal'; text: string }
  | { kind: 'reject'; text: string };

export interface AnswerView {
  status: number;
  body: unknown;
}

export interface CallView {
  name: string;
  /** the mall and second-proxy call families show no modal */
  family?: 'mall' | 'proxy2';
  /** this call is already the retry after a refresh */
  retried?: boolean;
}

/** The VIN-limit check answers with its own codes and is never shown as an error modal. */
export const MODAL_EXEMPT_CALLS: ReadonlySet<string> = new Set(['getVinAvailable']);

const SUCCESS_CODES = new Set(['200', 'T', '3']);

export const messageOf = (body: Record<string, unknown>, fallback: string): string => {
  for (const key of ['client_msg', 'msg', 'error_msg', 'message']) {
    const v = body[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return fallback;
};

export const decide = (call: CallView, answer: AnswerView | 'cancelled' | 'network', fallbackText: string): CatalogueAction => {
  if (answer === 'cancelled') return { kind: 'cancelled' };
  if (answer === 'network') return { kind: 'offline' };
  const body = (answer.body && typeof answer.body === 'object' ? answer.body : {}) as Record<string, unknown>;
  const data = (body.data && typeof body.data === 'object' ? body.data : {}) as Record<string, unknown>;
  const code = body.code === undefined ? undefined : String(body.code);
  if (answer.status === 10086 || code === '10086') return { kind: 'badRequestPage' };
  if (code === '908' || (answer.status === 500 && String(data.code) === '908')) return { kind: 'signedOut' };
  if (body.exception === true) return { kind: 'exception' };
  if (code === '4') return call.retried ? { kind: 'logout' } : { kind: 'refresh' };
  if (code !== undefined && SUCCESS_CODES.has(code)) return { kind: 'ok' };
  const text = messageOf(body, fallbackText);
  if (call.family || MODAL_EXEMPT_CALLS.has(call.name)) return { kind: 'reject', text };
  return { kind: 'modal', text };
};
