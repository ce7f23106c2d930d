import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoints } from '../../shared/contracts';
import { FIELD_NAMES } from '../../shared/field-names';
import { issueToError } from './mount';

/**
 * No refusal names a raw key (docs/api.md, "Messages name fields in Chinese"): every call's payload
 * is sent empty and with each field of the wrong kind, and no answer's message holds an ASCII
 * identifier such as targetId or page_size; every field of every payload has a Chinese name.
 */
const RAW_KEY = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b/;

type Entries = Record<string, v.GenericSchema>;
/** Every object's entries reachable in a schema (pipes, optional and nullable wrappers, unions, variants, arrays). */
const objectsIn = (schema: unknown, seen = new Set<unknown>()): Entries[] => {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  const out: Entries[] = [];
  if (s.entries && typeof s.entries === 'object') {
    out.push(s.entries as Entries);
    for (const e of Object.values(s.entries as Entries)) out.push(...objectsIn(e, seen));
  }
  for (const k of ['wrapped', 'item', 'value', 'key']) if (s[k]) out.push(...objectsIn(s[k], seen));
  for (const k of ['pipe', 'options', 'items']) if (Array.isArray(s[k])) for (const x of s[k] as unknown[]) out.push(...objectsIn(x, seen));
  return out;
};

const WRONG: unknown[] = [{ x: 1 }, -1.5, 'zz', [], true, '', 99_999_999_999];

describe('refusal messages', () => {
  it('every field of every payload has a Chinese name', () => {
    const unnamed = new Set<string>();
    for (const [name, ep] of Object.entries(endpoints)) {
      for (const entries of objectsIn(ep.payload)) for (const key of Object.keys(entries)) if (!Object.hasOwn(FIELD_NAMES, key)) unnamed.add(`${name}.${key}`);
    }
    expect([...unnamed]).toEqual([]);
  });

  it('no refusal of an empty or wrong-typed payload names a raw key', () => {
    const raw = new Map<string, string>();
    for (const [name, ep] of Object.entries(endpoints)) {
      const top = Object.keys(objectsIn(ep.payload)[0] ?? {});
      const tries: unknown[] = [{}, ...top.flatMap((k) => WRONG.map((w) => ({ [k]: w })))];
      for (const t of tries) {
        const r = v.safeParse(ep.payload, t);
        if (r.success) continue;
        const text = issueToError(ep.payload, r.issues).clientMsg;
        if (RAW_KEY.test(text) && !raw.has(text)) raw.set(text, `${name} ${JSON.stringify(t)}`);
      }
    }
    expect([...raw].map(([text, where]) => `${where}: ${text}`)).toEqual([]);
  });

  it('says a missing or wrong field by its Chinese name', () => {
    const r = v.safeParse(endpoints.imSend.payload, { client_msg_id: 'abcdefgh', messageType: 'RC:TxtMsg', content: { content: 'hi' } });
    expect(r.success).toBe(false);
    if (!r.success) expect(issueToError(endpoints.imSend.payload, r.issues).clientMsg).not.toMatch(RAW_KEY);
  });
});
