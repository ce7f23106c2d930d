import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoints } from './index';
import { PAGE_SIZE_CHOICES } from './page-size';

/** Every list's page_size field, wherever it sits in the call's payload. */
const pageSizeFields = () => Object.entries(endpoints).flatMap(([name, ep]) => {
  const found: v.GenericSchema[] = [];
  const walk = (s: unknown, seen = new Set<unknown>()) => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    const o = s as Record<string, unknown>;
    if (o.entries && typeof o.entries === 'object') {
      const entries = o.entries as Record<string, v.GenericSchema>;
      if (entries.page_size) found.push(entries.page_size);
      Object.values(entries).forEach((e) => walk(e, seen));
    }
    for (const k of ['wrapped', 'item']) walk(o[k], seen);
    for (const k of ['pipe', 'options']) if (Array.isArray(o[k])) (o[k] as unknown[]).forEach((x) => walk(x, seen));
  };
  walk(ep.payload);
  return found.map((schema) => [name, schema] as const);
});

describe('one set of page sizes (docs/api.md, "Paging")', () => {
  const fields = pageSizeFields();
  it('is found in the lists', () => expect(fields.length).toBeGreaterThan(20));
  it.each(fields.map(([name, schema]) => [name, schema]))('%s takes every page size, as a number and as query text', (_, schema) => {
    // a list without a typed page_size (the spec's chat list ignores it) takes anything
    for (const n of PAGE_SIZE_CHOICES) {
      expect(v.safeParse(schema, n).success, String(n)).toBe(true);
      expect(v.safeParse(schema, String(n)).success, `'${n}'`).toBe(true);
    }
  });
  it('refuses other sizes with the field named in Chinese', () => {
    const typed = fields.filter(([, s]) => !v.safeParse(s, 'abc').success);
    expect(typed.length).toBeGreaterThan(20);
    for (const [name, schema] of typed) {
      for (const bad of [30, 0, 801, '2.5', -20]) {
        const r = v.safeParse(schema, bad);
        expect(r.success, `${name} ${bad}`).toBe(false);
        // the trade-circle lists also take their whole list of 1000 (the specification's default)
        if (!r.success) expect(r.issues[0].message, name).toMatch(/^每页条数只能是 10、20、50、100、200、400、800(、1000)? 之一$/);
      }
    }
  });
});
