/**
 * Enquiries (询价单) and quotes (报价). The spec does not show their statuses; these follow
 * the usual RFQ flow of parts marketplaces (Cassmall 询价/报价, PartsTech quotes): a buyer asks
 * chosen sellers (or every seller of the make: the zone) for prices on a few lines, sellers answer
 * each line until the enquiry closes, the buyer compares and takes the answers it wants into the
 * cart. A wanted request (求购) is the free-text form of an enquiry and follows the same machine.
 *
 *   草稿 ─发送→ 待报价 / 已报价 N ─结束→ 已结束 ─重新询价→ 待报价
 *    │            │  └ (expires_at passes) → 已过期 ─重新询价→ 待报价
 *    └ 删除       └ 取消 → 已取消 ─重新询价→ 待报价 / 删除
 *
 * Stored states are draft, open, ended and cancelled; 已过期 is an open enquiry past expires_at,
 * computed with the injected clock, so no job has to run for it. 已报价 N is an open enquiry with
 * N quotes. An enquiry may be edited while it is a draft, or open with no quote yet (requirements 001-4: after
 * a quote it says 已有卖家报价，无法修改).
 *
 * A quote answers one line for one seller: a price (fen, in its currency, with the exchange rate
 * of the moment for VND so the buyer pays what was quoted) or 无货, stored as price −1, which
 * reads 暂无报价 everywhere. Its fate: 有效 until valid_until, 已过期 after; 已采纳 when the buyer
 * took it into the cart; 未采纳 when the enquiry ended or was cancelled without taking it.
 */
import { normalizeOe, OE_MIN_LENGTH } from './oe';
import { formatFen } from './prices';
import { msg } from '../messages';

export const ENQUIRY_STATES = ['draft', 'open', 'ended', 'cancelled'] as const;
export type EnquiryStoredState = (typeof ENQUIRY_STATES)[number];
/** What people see: the stored state, with open split by expiry. */
export type EnquiryState = EnquiryStoredState | 'expired';

export const ENQUIRY_STATE_TEXT: Record<EnquiryState, string> = {
  draft: '草稿', open: '待报价', ended: '已结束', cancelled: '已取消', expired: '已过期',
};

/** An open enquiry says how many answers it has. */
export const enquiryStateText = (state: EnquiryState, quoteCount: number) =>
  state === 'open' && quoteCount > 0 ? `已报价 ${quoteCount}` : ENQUIRY_STATE_TEXT[state];

export type EnquiryAction = 'send' | 'update' | 'end' | 'cancel' | 'anew' | 'delete';

export const ENQUIRY_ACTION_TEXT: Record<EnquiryAction, string> = {
  send: '发送询价', update: '修改', end: '结束询价', cancel: '取消询价', anew: '重新询价', delete: '删除',
};

export interface EnquiryFacts {
  state: EnquiryStoredState;
  /** unix seconds; null while a draft */
  expiresAt: number | null;
  quoteCount: number;
}

/** How long an enquiry stays open for quotes, and a quote valid, unless chosen otherwise. */
export const ENQUIRY_OPEN_DAYS = 7;
export const QUOTE_VALID_DAYS = { default: 3, min: 1, max: 30 } as const;

export const effectiveState = (e: EnquiryFacts, nowS: number): EnquiryState =>
  e.state === 'open' && e.expiresAt !== null && e.expiresAt <= nowS ? 'expired' : e.state;

export type EnquiryMove = { ok: true; to: EnquiryStoredState } | { ok: false; reason: string };

export const enquiryText = {
  quotedNoEdit: msg.quotedNoEdit,
  noLines: '请至少填写一行询价配件',
  tooManyLines: (max: number) => `一次最多询价${max}行`,
  lineNeedsPart: '请填写OE号或配件名称',
  oeTooShort: `OE号至少${OE_MIN_LENGTH}个字符`,
  qty: '数量须为1到9999的整数',
  quality: '品质只能是原厂件、品牌件、拆车件或不限',
  enterQuote: '请输入报价',
  badPrice: '报价须为不小于0的数字，最多两位小数',
  priceTooHigh: '报价不能超过 9999999.99',
  badDong: '越南盾报价须为大于0的整数（不带小数）',
  noRate: '平台尚未设置越南盾汇率，暂不能用越南盾报价',
  notOpen: (state: EnquiryState) => `询价单${ENQUIRY_STATE_TEXT[state]}，不能再报价`,
  ownEnquiry: '不能给本公司的询价单报价',
  quoteExpired: '该报价已过有效期，不能采纳，请让卖家重新报价',
  noStockNotAcceptable: '卖家回复无货，不能采纳',
  notYours: '只能采纳本公司询价单的报价',
};

const refuse = (action: EnquiryAction, state: EnquiryState, why = ''): EnquiryMove => ({
  ok: false, reason: why || `询价单${ENQUIRY_STATE_TEXT[state]}，不能${ENQUIRY_ACTION_TEXT[action]}`,
});

/** The one place the buyer's moves are decided; the server applies it to a locked row, pages offer its buttons. */
export const enquiryTransition = (e: EnquiryFacts, action: EnquiryAction, nowS: number): EnquiryMove => {
  const state = effectiveState(e, nowS);
  switch (action) {
    case 'send':
      return state === 'draft' ? { ok: true, to: 'open' } : refuse(action, state);
    case 'update':
      if (state === 'draft') return { ok: true, to: 'draft' };
      if (state === 'open') return e.quoteCount === 0 ? { ok: true, to: 'open' } : refuse(action, state, enquiryText.quotedNoEdit);
      return refuse(action, state);
    case 'end':
      return state === 'open' || state === 'expired' ? { ok: true, to: 'ended' } : refuse(action, state);
    case 'cancel':
      return state === 'draft' || state === 'open' ? { ok: true, to: 'cancelled' } : refuse(action, state);
    case 'anew':
      return state === 'ended' || state === 'expired' || state === 'cancelled' ? { ok: true, to: 'open' } : refuse(action, state);
    case 'delete':
      return state === 'draft' || state === 'cancelled' ? { ok: true, to: 'cancelled' } : refuse(action, state);
  }
};

export const availableEnquiryActions = (e: EnquiryFacts, nowS: number): EnquiryAction[] =>
  (Object.keys(ENQUIRY_ACTION_TEXT) as EnquiryAction[]).filter((a) => enquiryTransition(e, a, nowS).ok);

/** Sellers may answer only an open enquiry that is not their own company's. */
export const mayQuote = (e: EnquiryFacts, nowS: number, sellerCompanyId: number, buyerCompanyId: number): { ok: true } | { ok: false; reason: string } => {
  if (sellerCompanyId === buyerCompanyId) return { ok: false, reason: enquiryText.ownEnquiry };
  const state = effectiveState(e, nowS);
  return state === 'open' ? { ok: true } : { ok: false, reason: enquiryText.notOpen(state) };
};

/* ---- lines ---- */

export const ENQUIRY_MAX_LINES = 50;
export const WANTED_QUALITIES = ['原厂件', '品牌件', '拆车件', '不限'] as const;
export type WantedQuality = (typeof WANTED_QUALITIES)[number];

export interface EnquiryLineInput { oe: string; name: string; qty: number | string; quality: string }
export interface EnquiryLine { oe: string; oe_norm: string; name: string; qty: number; quality: WantedQuality }

/** Each line's problems by field (oe, name, qty, quality), or the clean lines. */
export const checkEnquiryLines = (lines: readonly EnquiryLineInput[]):
  { ok: true; lines: EnquiryLine[] } | { ok: false; form?: string; lines: Array<Partial<Record<'oe' | 'name' | 'qty' | 'quality', string>>> } => {
  if (lines.length === 0) return { ok: false, form: enquiryText.noLines, lines: [] };
  if (lines.length > ENQUIRY_MAX_LINES) return { ok: false, form: enquiryText.tooManyLines(ENQUIRY_MAX_LINES), lines: [] };
  const problems = lines.map((l) => {
    const p: Partial<Record<'oe' | 'name' | 'qty' | 'quality', string>> = {};
    const oe = normalizeOe(l.oe ?? '');
    const name = (l.name ?? '').trim();
    if (!oe && !name) p.oe = enquiryText.lineNeedsPart;
    else if (oe && oe.length < OE_MIN_LENGTH) p.oe = enquiryText.oeTooShort;
    const qty = typeof l.qty === 'number' ? l.qty : /^\d{1,4}$/.test(String(l.qty).trim()) ? Number(String(l.qty).trim()) : Number.NaN;
    if (!Number.isInteger(qty) || qty < 1 || qty > 9999) p.qty = enquiryText.qty;
    if (!(WANTED_QUALITIES as readonly string[]).includes(l.quality)) p.quality = enquiryText.quality;
    return p;
  });
  if (problems.some((p) => Object.keys(p).length > 0)) return { ok: false, lines: problems };
  return {
    ok: true,
    lines: lines.map((l) => ({ oe: l.oe.trim(), oe_norm: normalizeOe(l.oe), name: l.name.trim(), qty: Number(l.qty), quality: l.quality as WantedQuality })),
  };
};

/* ---- quotes ---- */

/** 无货: a seller's answer that it has none, stored as price −1 (requirements 001-3), read 暂无报价. */
export const NO_STOCK_PRICE = -1;
export const MAX_QUOTE_FEN = 999_999_999;

export const isNoStock = (priceFen: number) => priceFen === NO_STOCK_PRICE;

/** How a quoted price reads: 暂无报价 for 无货, otherwise yuan with two decimals. */
export const quotePriceText = (priceFen: number) => (isNoStock(priceFen) ? '暂无报价' : formatFen(priceFen));

/** A quote's price as the seller made it: yuan, or for a VND quote the dong with what the buyer pays in yuan. */
export const quotedText = (q: { price_fen: number; currency: 'CNY' | 'VND'; quoted_amount: number }) =>
  isNoStock(q.price_fen) ? '暂无报价'
    : q.currency === 'VND' ? `₫${String(q.quoted_amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}（合 ¥${formatFen(q.price_fen)}）` : formatFen(q.price_fen);

/**
 * A price as typed → its amount: yuan with up to two decimals → fen, or for a VND quote whole dong.
 * Empty says 请输入报价. −1 is not typed: it is the 无货 button.
 */
export const parseQuotePrice = (input: string | number, currency: 'CNY' | 'VND' = 'CNY'): { ok: true; fen: number } | { ok: false; message: string } => {
  const raw = String(input).trim();
  // dong are often typed with thousands separators: 362,000
  const text = currency === 'VND' ? raw.replace(/[,\s]/g, '') : raw;
  if (text === '') return { ok: false, message: enquiryText.enterQuote };
  if (currency === 'VND') {
    if (!/^\d{1,12}$/.test(text)) return { ok: false, message: enquiryText.badDong };
    return Number(text) === 0 ? { ok: false, message: enquiryText.badDong } : { ok: true, fen: Number(text) };
  }
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return { ok: false, message: /^\d{8,}(\.\d*)?$/.test(text) ? enquiryText.priceTooHigh : enquiryText.badPrice };
  const [whole, frac = ''] = text.split('.');
  return { ok: true, fen: Number(whole) * 100 + Number(frac.padEnd(2, '0')) };
};

/**
 * A quote's amount as sent (docs/api.md, "Money"): whole fen, or whole dong for a VND quote; the
 * page made it from what was typed with parseQuotePrice. None says 请输入报价.
 */
export const checkQuoteAmount = (amount: number | null, currency: 'CNY' | 'VND' = 'CNY'): { ok: true; fen: number } | { ok: false; message: string } => {
  if (amount === null) return { ok: false, message: enquiryText.enterQuote };
  if (currency === 'VND') return amount === 0 ? { ok: false, message: enquiryText.badDong } : { ok: true, fen: amount };
  return amount > MAX_QUOTE_FEN ? { ok: false, message: enquiryText.priceTooHigh } : { ok: true, fen: amount };
};

export type QuoteFate = 'active' | 'expired' | 'accepted' | 'lost';
export const QUOTE_FATE_TEXT: Record<QuoteFate, string> = { active: '有效', expired: '已过期', accepted: '已采纳', lost: '未采纳' };

/** What became of a quote, from its own facts and its enquiry's state. */
export const quoteFate = (q: { accepted: boolean; validUntil: number }, enquiry: EnquiryState, nowS: number): QuoteFate => {
  if (q.accepted) return 'accepted';
  if (enquiry === 'ended' || enquiry === 'cancelled') return 'lost';
  return q.validUntil <= nowS ? 'expired' : 'active';
};

/** Whether the buyer may take this quote into the cart now, and why not. */
export const mayAccept = (q: { accepted: boolean; validUntil: number; priceFen: number }, enquiry: EnquiryState, nowS: number): { ok: true } | { ok: false; reason: string } => {
  if (isNoStock(q.priceFen)) return { ok: false, reason: enquiryText.noStockNotAcceptable };
  if (q.accepted) return { ok: true };
  if (enquiry === 'cancelled' || enquiry === 'draft' || enquiry === 'ended') return { ok: false, reason: `询价单${ENQUIRY_STATE_TEXT[enquiry]}，不能采纳报价` };
  return q.validUntil > nowS ? { ok: true } : { ok: false, reason: enquiryText.quoteExpired };
};

/* ---- 报价规则: how a seller's first quote on a line is pre-filled ---- */

export const QUOTE_RULE_COLUMNS = ['price0', 'price1', 'price99', 'price2', 'price3'] as const;
export type QuoteRuleColumn = (typeof QUOTE_RULE_COLUMNS)[number];
export const QUOTE_ROUNDINGS = { fen: '到分', jiao: '到角', yuan: '到元' } as const;
export type QuoteRounding = keyof typeof QUOTE_ROUNDINGS;

export interface QuoteRule { valid_days: number; delivery_days: number; price_column: QuoteRuleColumn; markup_pct: number; round_to: QuoteRounding }

/** What a company without rules gets: quotes valid 3 days, in stock, at its wholesale price. */
export const DEFAULT_QUOTE_RULE: QuoteRule = { valid_days: QUOTE_VALID_DAYS.default, delivery_days: 0, price_column: 'price0', markup_pct: 0, round_to: 'fen' };

/**
 * The pre-filled price of a quote: the rule's stock column (the standard price when that column is
 * empty) plus the markup, rounded half up to the fen, jiao or yuan; null without a price to start from.
 */
export const suggestedQuoteFen = (stock: Partial<Record<QuoteRuleColumn, number | null>>, rule: QuoteRule): number | null => {
  const base = stock[rule.price_column] ?? stock.price99 ?? null;
  if (base === null || base <= 0) return null;
  const step = rule.round_to === 'yuan' ? 100 : rule.round_to === 'jiao' ? 10 : 1;
  // markup in hundredths of a percent, integer arithmetic
  const raw = (base * (10_000 + Math.round(rule.markup_pct * 100))) / 10_000;
  const fen = Math.round(raw / step) * step;
  return fen > 0 ? Math.min(fen, MAX_QUOTE_FEN) : null;
};
