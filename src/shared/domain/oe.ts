import { msg } from '../messages';

/** OE numbers are compared after stripping everything but letters and digits, upper-cased. */
export const OE_MIN_LENGTH = 5;
export const OE_MAX_CODES = 10;

export const normalizeOe = (raw: string): string => raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

export type OeBatchResult = { ok: true; codes: string[] } | { ok: false; message: string; line?: number };

/**
 * Validates the multi-line OE box (requirements 000-5): empty → 请输入OE号; each code at least 5 characters
 * after normalisation → 每行OE号至少5个字符; duplicates removed; at most 10 codes → 最多输入10行.
 * Lines are separated by newlines; blank lines are ignored. Duplicates are removed before the count,
 * so pasting the same code twice never trips the limit.
 */
export const validateOeBatch = (input: string | readonly string[]): OeBatchResult => {
  const lines = typeof input === 'string' ? input.split(/\r?\n/) : [...input];
  // a Set: an array's includes() made a batch of 80,000 lines cost seconds of blocked CPU
  const codes = new Set<string>();
  let seenAny = false;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    seenAny = true;
    const code = normalizeOe(lines[i]);
    if (code.length < OE_MIN_LENGTH) return { ok: false, message: msg.oeMinLength, line: i + 1 };
    codes.add(code);
  }
  if (!seenAny) return { ok: false, message: msg.enterOe };
  if (codes.size > OE_MAX_CODES) return { ok: false, message: msg.oeMaxLines };
  return { ok: true, codes: [...codes] };
};

/** Instant suggestions only for a single code of at least 5 characters (requirements 000-5). */
export const suggestionQuery = (input: string): string | null => {
  const lines = input.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length !== 1) return null;
  const code = normalizeOe(lines[0]);
  return code.length >= OE_MIN_LENGTH ? code : null;
};
