/**
 * The ranges a payload gives as two fields (domain/ranges.ts): a reversed pair is refused by the
 * payload's own schema, under its field with its words (what the server's refusal names, and where
 * a page shows it with `fieldErrors`); an equal pair and a pair with an open end pass.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoints, type EndpointName } from './index';
import { priceRangeReversed, stockRangeReversed } from './search';
import { fieldErrors } from '../domain/field-errors';
import { opCatalogueText } from '../domain/operation';
import { promotionText } from '../domain/promotion';
import { inOrder, withinDays } from '../domain/ranges';
import { rangeMsg } from '../messages';

interface Rule {
  name: EndpointName;
  /** the rest of a good payload */
  base: Record<string, unknown>;
  low: string;
  high: string;
  /** the field the refusal is said under */
  under: string;
  message: string;
  reversed: [unknown, unknown];
  equal: [unknown, unknown];
  /** '' or absent: no bound on that side */
  open: unknown;
  /** a required pair has no open end */
  required?: true;
  /** another field of the payload, wrong ({} when the pair is all there is) */
  wrong?: Record<string, unknown>;
}

const day = (offset: number) => new Date(Date.UTC(2026, 10, 20 + offset)).toISOString().slice(0, 10);
const dates = (name: EndpointName, base: Record<string, unknown> = {}, message: string = opCatalogueText.rangeReversed): Rule => ({
  name, base, low: 'date_from', high: 'date_to', under: 'date_to', message, reversed: [day(3), day(1)], equal: [day(2), day(2)], open: '',
});
const ad = { code: 'GG005', images_url: '/uploads/ad.png' };
const promotion = { code: 'NEW2026', name: '新会员立减', kind: 'percent', value: 20 };

const RULES: Rule[] = [
  { name: 'keywordSearch', base: { k: '滤清器' }, low: 'min_price', high: 'max_price', under: 'min_price', message: priceRangeReversed, reversed: ['30000', '10050'], equal: ['10050', 10050], open: undefined },
  { name: 'keywordSearch', base: { k: '滤清器' }, low: 'min_stock_qty', high: 'max_stock_qty', under: 'min_stock_qty', message: stockRangeReversed, reversed: [9, '2'], equal: ['5', 5], open: undefined },
  { name: 'opCircleList', base: {}, low: 'members_min', high: 'members_max', under: 'members_max', message: rangeMsg.circleMembers, reversed: ['5', 2], equal: [3, '3'], open: '' },
  { name: 'getStockData', base: {}, low: 'min_create_date', high: 'max_create_date', under: 'max_create_date', message: rangeMsg.stockCreateDate, reversed: [day(1), day(0)], equal: [day(0), day(0)], open: '' },
  dates('opAuditList'),
  dates('opOrderList'),
  dates('opEnquiryList'),
  dates('opPayList'),
  dates('opAfterSaleList'),
  dates('afterSaleSearch', { side: 'buyer' }),
  dates('opGroupMessageList'),
  dates('opReportMemberUsage'),
  ...(['opReportMembers', 'opReportSearches', 'opReportOrders'] as const).map((n) => ({ ...dates(n), required: true as const, wrong: {} })),
  { ...dates('opAdSave', ad), low: 'start_day', high: 'end_day', under: 'end_day', required: true, wrong: { code: 'nope' } },
  { ...dates('opPromotionSave', promotion, promotionText.endBeforeStart), low: 'start_day', high: 'end_day', under: 'end_day', required: true, wrong: { name: '' } },
];

const payloadOf = (r: Rule, [low, high]: [unknown, unknown]) => ({ ...r.base, [r.low]: low, [r.high]: high });
/** What the server's edge reports: the first issue's field and message (http/mount.ts issueToError). */
const refusal = (r: Rule, pair: [unknown, unknown]) => {
  const parsed = v.safeParse(endpoints[r.name].payload, payloadOf(r, pair));
  return parsed.success ? null : { field: v.getDotPath(parsed.issues[0]), message: parsed.issues[0].message };
};

describe.each(RULES.map((r) => [`${r.name} ${r.low}/${r.high}`, r] as const))('%s', (_, r) => {
  it('refuses a reversed pair under its field, with its words', () => {
    expect(refusal(r, r.reversed)).toEqual({ field: r.under, message: r.message });
    expect(fieldErrors(endpoints[r.name].payload, payloadOf(r, r.reversed))).toEqual({ [r.under]: r.message });
  });

  it('accepts an equal pair', () => expect(refusal(r, r.equal)).toBeNull());

  it.each([['low', 0], ['high', 1]] as const)('accepts a pair with only the %s end', (_end, given) => {
    const pair: [unknown, unknown] = given === 0 ? [r.reversed[0], r.open] : [r.open, r.reversed[1]];
    if (r.required) {
      // no open end: the missing day is asked for under its own field, never called a reversed range
      expect(Object.values(fieldErrors(endpoints[r.name].payload, payloadOf(r, pair)))).not.toContain(r.message);
    } else {
      expect(refusal(r, pair)).toBeNull();
      expect(refusal(r, pair.map((x) => (x === r.open ? undefined : x)) as [unknown, unknown])).toBeNull();
    }
  });
});

/** a pair and another field wrong: the page shows both; the server names the other field, as it did before the rule moved here */
const withOthers = RULES.filter((r) => !r.wrong || Object.keys(r.wrong).length > 0);
describe.each(withOthers.map((r) => [`${r.name} ${r.low}/${r.high}`, r] as const))('%s beside another field\'s refusal', (_, r) => {
  it('is said as well', () => {
    const wrong = r.wrong ?? { page_size: 7 };
    const errors = fieldErrors(endpoints[r.name].payload, { ...payloadOf(r, r.reversed), ...wrong });
    expect(errors[r.under]).toBe(r.message);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(Object.keys(wrong)));
    expect(refusal({ ...r, base: { ...r.base, ...wrong } }, r.reversed)?.field).toBe(Object.keys(wrong)[0]);
  });
});

describe('report ranges: at most 366 days', () => {
  it.each(['opReportMembers', 'opReportMemberUsage'] as const)('%s refuses a longer one under date_to', (name) => {
    const r = { name, base: {}, low: 'date_from', high: 'date_to' } as Rule;
    expect(refusal(r, ['2025-01-01', '2026-01-01'])).toBeNull();
    expect(refusal(r, ['2025-01-01', '2026-01-02'])).toEqual({ field: 'date_to', message: opCatalogueText.rangeTooLong });
  });
});

describe('the rule helpers', () => {
  it('orders numbers as numbers and days as text, an open end always in order', () => {
    expect(inOrder(5, 10)).toBe(true);
    expect(inOrder(10, 5)).toBe(false);
    expect(inOrder('2026-01-31', '2026-02-01')).toBe(true);
    expect(inOrder('2026-02-01', '2026-01-31')).toBe(false);
    for (const openEnd of ['', null, undefined]) {
      expect(inOrder(openEnd, 1)).toBe(true);
      expect(inOrder(1, openEnd)).toBe(true);
    }
  });
  it('counts both days of a span', () => {
    expect(withinDays(2)('2026-01-01', '2026-01-02')).toBe(true);
    expect(withinDays(2)('2026-01-01', '2026-01-03')).toBe(false);
    expect(withinDays(2)('', '2026-01-03')).toBe(true);
  });
});
