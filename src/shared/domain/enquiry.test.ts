import { describe, expect, it } from 'vitest';
import {
  availableEnquiryActions, checkEnquiryLines, effectiveState, ENQUIRY_ACTION_TEXT, ENQUIRY_MAX_LINES, enquiryStateText, enquiryText,
  enquiryTransition, isNoStock, mayAccept, mayQuote, NO_STOCK_PRICE, parseQuotePrice, quotedText, suggestedQuoteFen, DEFAULT_QUOTE_RULE, quoteFate, quotePriceText,
  type EnquiryAction, type EnquiryFacts, type EnquiryStoredState,
} from './enquiry';

const NOW = 1_800_000_000;
const e = (state: EnquiryStoredState, quoteCount = 0, expiresAt: number | null = NOW + 3600): EnquiryFacts => ({ state, quoteCount, expiresAt: state === 'draft' ? null : expiresAt });
const ACTIONS = Object.keys(ENQUIRY_ACTION_TEXT) as EnquiryAction[];

describe('enquiry state machine', () => {
  it('an open enquiry past its expiry reads 已过期; open with quotes reads 已报价 N', () => {
    expect(effectiveState(e('open', 0, NOW), NOW)).toBe('expired');
    expect(effectiveState(e('open', 0, NOW + 1), NOW)).toBe('open');
    expect(enquiryStateText('open', 0)).toBe('待报价');
    expect(enquiryStateText('open', 3)).toBe('已报价 3');
    expect(enquiryStateText('expired', 3)).toBe('已过期');
  });

  it('allows exactly the designed moves from each state', () => {
    const allowed = (f: EnquiryFacts) => availableEnquiryActions(f, NOW);
    expect(allowed(e('draft'))).toEqual(['send', 'update', 'cancel', 'delete']);
    expect(allowed(e('open'))).toEqual(['update', 'end', 'cancel']);
    expect(allowed(e('open', 2))).toEqual(['end', 'cancel']);
    expect(allowed(e('open', 2, NOW - 1))).toEqual(['end', 'anew']);
    expect(allowed(e('ended', 2))).toEqual(['anew']);
    expect(allowed(e('cancelled'))).toEqual(['anew', 'delete']);
    for (const a of ACTIONS) {
      const m = enquiryTransition(e('ended'), a, NOW);
      if (!m.ok) expect(m.reason).toMatch(/^询价单已结束，不能/);
    }
  });

  it('a quoted enquiry cannot be edited, with the glossary text', () => {
    expect(enquiryTransition(e('open', 1), 'update', NOW)).toEqual({ ok: false, reason: '已有卖家报价，无法修改' });
    expect(enquiryTransition(e('open', 0), 'update', NOW)).toEqual({ ok: true, to: 'open' });
    expect(enquiryTransition(e('open', 0, NOW - 10), 'anew', NOW)).toEqual({ ok: true, to: 'open' });
  });

  it('sellers quote only an open enquiry of another company', () => {
    expect(mayQuote(e('open'), NOW, 2, 3)).toEqual({ ok: true });
    expect(mayQuote(e('open'), NOW, 3, 3)).toEqual({ ok: false, reason: enquiryText.ownEnquiry });
    expect(mayQuote(e('open', 0, NOW), NOW, 2, 3)).toEqual({ ok: false, reason: '询价单已过期，不能再报价' });
    expect(mayQuote(e('ended'), NOW, 2, 3)).toEqual({ ok: false, reason: '询价单已结束，不能再报价' });
    expect(mayQuote(e('cancelled'), NOW, 2, 3).ok).toBe(false);
    expect(mayQuote(e('draft'), NOW, 2, 3).ok).toBe(false);
  });
});

describe('enquiry lines', () => {
  const line = (over: Record<string, unknown> = {}) => ({ oe: '7L0-698-151 A', name: '', qty: 2, quality: '原厂件', ...over }) as never;
  it('takes 1 to 50 lines of an OE number or a part name, quantity and wanted quality', () => {
    const r = checkEnquiryLines([line(), line({ oe: '', name: '前刹车片', qty: '4', quality: '不限' })]);
    expect(r).toEqual({ ok: true, lines: [
      { oe: '7L0-698-151 A', oe_norm: '7L0698151A', name: '', qty: 2, quality: '原厂件' },
      { oe: '', oe_norm: '', name: '前刹车片', qty: 4, quality: '不限' },
    ] });
    expect(checkEnquiryLines([])).toMatchObject({ ok: false, form: enquiryText.noLines });
    expect(checkEnquiryLines(Array.from({ length: ENQUIRY_MAX_LINES + 1 }, () => line()))).toMatchObject({ ok: false, form: '一次最多询价50行' });
    expect(checkEnquiryLines(Array.from({ length: ENQUIRY_MAX_LINES }, () => line())).ok).toBe(true);
  });
  it('names each bad field of each line', () => {
    const r = checkEnquiryLines([line(), line({ oe: '12-3', qty: 0 }), line({ oe: '', name: ' ', quality: '随便' }), line({ qty: '2.5' })]);
    expect(r).toEqual({ ok: false, lines: [
      {}, { oe: 'OE号至少5个字符', qty: enquiryText.qty }, { oe: enquiryText.lineNeedsPart, quality: enquiryText.quality }, { qty: enquiryText.qty },
    ] });
  });
});

describe('quote prices and fates', () => {
  it('无货 is price −1 and reads 暂无报价', () => {
    expect(NO_STOCK_PRICE).toBe(-1);
    expect(isNoStock(-1)).toBe(true);
    expect(quotePriceText(-1)).toBe('暂无报价');
    expect(quotePriceText(12050)).toBe('120.50');
  });
  it('parses a typed price to fen; empty, negative, text and three decimals are refused', () => {
    expect(parseQuotePrice('120.5')).toEqual({ ok: true, fen: 12050 });
    // a VND quote is whole dong, separators allowed; decimals and 0 are refused
    expect(parseQuotePrice('362,000', 'VND')).toEqual({ ok: true, fen: 362000 });
    expect(parseQuotePrice('362000.5', 'VND')).toEqual({ ok: false, message: enquiryText.badDong });
    expect(parseQuotePrice('0', 'VND')).toEqual({ ok: false, message: enquiryText.badDong });
    expect(quotedText({ price_fen: 10004, currency: 'VND', quoted_amount: 362000 })).toBe('₫362,000（合 ¥100.04）');
    expect(quotedText({ price_fen: 12050, currency: 'CNY', quoted_amount: 12050 })).toBe('120.50');
    expect(parseQuotePrice(' 0 ')).toEqual({ ok: true, fen: 0 });
    expect(parseQuotePrice(88)).toEqual({ ok: true, fen: 8800 });
    expect(parseQuotePrice('')).toEqual({ ok: false, message: '请输入报价' });
    for (const bad of ['-1', '-5', 'abc', '1.234', '1e3']) expect(parseQuotePrice(bad)).toEqual({ ok: false, message: enquiryText.badPrice });
    expect(parseQuotePrice('123456789')).toEqual({ ok: false, message: enquiryText.priceTooHigh });
  });
  it('a quote is active until its validity, then expired; taken is 已采纳, left on a closed enquiry 未采纳', () => {
    expect(quoteFate({ accepted: false, validUntil: NOW + 1 }, 'open', NOW)).toBe('active');
    expect(quoteFate({ accepted: false, validUntil: NOW }, 'open', NOW)).toBe('expired');
    expect(quoteFate({ accepted: true, validUntil: NOW - 100 }, 'ended', NOW)).toBe('accepted');
    expect(quoteFate({ accepted: false, validUntil: NOW + 100 }, 'ended', NOW)).toBe('lost');
  });
  it('only a valid priced quote of a live enquiry can be accepted', () => {
    expect(mayAccept({ accepted: false, validUntil: NOW + 1, priceFen: 100 }, 'open', NOW)).toEqual({ ok: true });
    expect(mayAccept({ accepted: false, validUntil: NOW + 1, priceFen: 100 }, 'expired', NOW)).toEqual({ ok: true });
    expect(mayAccept({ accepted: false, validUntil: NOW, priceFen: 100 }, 'open', NOW)).toEqual({ ok: false, reason: enquiryText.quoteExpired });
    expect(mayAccept({ accepted: false, validUntil: NOW + 1, priceFen: -1 }, 'open', NOW)).toEqual({ ok: false, reason: enquiryText.noStockNotAcceptable });
    expect(mayAccept({ accepted: false, validUntil: NOW + 1, priceFen: 100 }, 'cancelled', NOW).ok).toBe(false);
  });

  it('pre-fills a quote from the rule: the chosen column (or the standard price), the markup, the rounding', () => {
    const stock = { price0: 12345, price1: 14000, price99: 20000 };
    expect(suggestedQuoteFen(stock, DEFAULT_QUOTE_RULE)).toBe(12345);
    expect(suggestedQuoteFen(stock, { ...DEFAULT_QUOTE_RULE, markup_pct: 10 })).toBe(13580);
    expect(suggestedQuoteFen(stock, { ...DEFAULT_QUOTE_RULE, markup_pct: 10, round_to: 'jiao' })).toBe(13580);
    expect(suggestedQuoteFen(stock, { ...DEFAULT_QUOTE_RULE, markup_pct: 12.5, round_to: 'yuan' })).toBe(13900);
    expect(suggestedQuoteFen({ price0: null, price99: 20000 }, DEFAULT_QUOTE_RULE)).toBe(20000);
    expect(suggestedQuoteFen({ price0: null, price99: null }, DEFAULT_QUOTE_RULE)).toBeNull();
    expect(suggestedQuoteFen(stock, { ...DEFAULT_QUOTE_RULE, price_column: 'price1', markup_pct: -50 })).toBe(7000);
  });
});
