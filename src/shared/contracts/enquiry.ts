/**
 * Enquiries and quotes (requirements 001-7 "enquiry and quote": add, send, end, cancel, anew, delete;
 * getZdQuoteCount). The buyer's calls act on the caller's company's enquiries; the seller's on the
 * enquiries addressed to the caller's company. States and rules: ../domain/enquiry.ts.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { ENQUIRY_MAX_LINES, enquiryText, MAX_QUOTE_FEN, QUOTE_ROUNDINGS, QUOTE_RULE_COLUMNS, QUOTE_VALID_DAYS } from '../domain/enquiry';
import { normalizeVin } from '../domain/vin';
import { normalizeOe, OE_MIN_LENGTH } from '../domain/oe';
import { ENQUIRY_CODES, QUOTE_CODES } from './codes';
import { pageSizeField } from './page-size';
export { ENQUIRY_CODES, QUOTE_CODES };

/** C07 发布询价 / C08 查看报价 (buyers); M10 报价中心 / M12 报价 (sellers). */

const idOf = (label: string) => {
  const text = `${label}编号应为正整数`;
  return v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,10}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(1, text), v.maxValue(MAX_ID, text),
  );
};
const textOf = (label: string, max: number) =>
  v.optional(v.pipe(v.string(`${label}应为文本`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`)), '');
const wholeOf = (label: string, min: number, max: number, fallback: number) => {
  const t = `${label}应为${min}到${max}的整数`;
  return v.optional(v.pipe(
    v.union([v.number(t), v.pipe(v.string(t), v.trim(), v.regex(/^\d{1,6}$/, t), v.transform(Number))], t),
    v.integer(t), v.minValue(min, t), v.maxValue(max, t),
  ), fallback);
};

/** A line as the form sends it; each line is checked whole by checkEnquiryLines on the server. */
const lineInput = v.object({
  oe: textOf('OE号', 40),
  name: textOf('配件名称', 50),
  qty: v.union([v.number(enquiryText.qty), v.string(enquiryText.qty)], enquiryText.qty),
  quality: v.optional(v.string(enquiryText.quality), '不限'),
});

export const enquiryCreatePayload = v.object({
  lines: v.pipe(v.array(lineInput, enquiryText.noLines), v.minLength(1, enquiryText.noLines), v.maxLength(ENQUIRY_MAX_LINES, enquiryText.tooManyLines(ENQUIRY_MAX_LINES))),
  /** the seller companies to ask (from OE results); may be empty when the enquiry goes to the zone */
  seller_ids: v.pipe(v.array(idOf('卖家'), '请选择询价的卖家'), v.maxLength(50, '一次最多询价50家卖家'), v.transform((ids) => [...new Set(ids)])),
  make_id: v.optional(v.nullable(idOf('车型品牌')), null),
  img_infos: v.optional(v.pipe(v.array(v.string('图片地址应为文本'), '图片应为列表'), v.maxLength(5, '最多上传5张图片')), []),
  /** also open to every seller whose main makes include make_id (报价专区); needs make_id */
  zone: v.optional(v.boolean('是否发到报价专区应为 true 或 false'), false),
  vin: v.optional(v.pipe(v.string('VIN码应为文本'), v.transform(normalizeVin), v.check((s) => s === '' || /^[A-HJ-NPR-Z0-9]{17}$/.test(s), 'VIN码必须是17位字母或数字（不含I、O、Q）')), ''),
  note: textOf('备注', 200),
  /** false: keep it as a draft */
  send: v.optional(v.boolean('是否发送应为 true 或 false'), true),
});

export const quoteSchema = v.object({
  id: v.number(),
  line_id: v.number(),
  seller_company_id: v.number(),
  seller_name: v.string(),
  seller_area: v.string(),
  /** fen of CNY, what the buyer pays; −1 is 无货 (reads 暂无报价) */
  price_fen: v.number(),
  /** what the seller quoted in: a VND quote keeps its dong and the rate of that moment */
  currency: v.picklist(['CNY', 'VND']),
  /** as typed: fen for CNY, whole dong for VND */
  quoted_amount: v.number(),
  /** VND per CNY at the moment of quoting (0 for CNY): price_fen = quoted_amount at this rate, fixed */
  rate: v.number(),
  brand: v.string(),
  quality: v.string(),
  qty: v.number(),
  delivery_days: v.number(),
  /** unix seconds */
  valid_until: v.number(),
  note: v.string(),
  fate: v.picklist(['active', 'expired', 'accepted', 'lost']),
  /** unix seconds */
  updated_at: v.number(),
});
export type Quote = v.InferOutput<typeof quoteSchema>;

export const enquiryLineSchema = v.object({
  id: v.number(), line_no: v.number(), oe: v.string(), oe_norm: v.string(), name: v.string(), qty: v.number(), quality: v.string(),
});

export const enquirySummarySchema = v.object({
  id: v.number(),
  enquiry_no: v.string(),
  state: v.picklist(['draft', 'open', 'ended', 'cancelled', 'expired']),
  /** 待报价, 已报价 N, 已结束 … */
  state_text: v.string(),
  buyer_company_name: v.string(),
  make_name: v.string(),
  first_line: v.string(),
  line_count: v.number(),
  quote_count: v.number(),
  /** open to every seller of its make (报价专区) */
  zone: v.boolean(),
  /** the wanted request (求购) this enquiry carries, or null */
  wanted_id: v.nullable(v.number()),
  /** unix seconds */
  created_at: v.number(),
  expires_at: v.number(),
});
export type EnquirySummary = v.InferOutput<typeof enquirySummarySchema>;

export const enquiryDetailSchema = v.object({
  ...enquirySummarySchema.entries,
  make_id: v.nullable(v.number()),
  vin: v.string(),
  note: v.string(),
  /** up to 5 photos (file paths of the buyer's company's uploads) */
  img_infos: v.array(v.string()),
  lines: v.array(enquiryLineSchema),
  /** the buyer sees every seller's quotes; a seller only its own */
  quotes: v.array(quoteSchema),
  recipients: v.array(v.object({ id: v.number(), name: v.string() })),
  /** the moves open to the caller now (buyer: send, update, end, cancel, anew, delete) */
  actions: v.array(v.string()),
});
export type EnquiryDetail = v.InferOutput<typeof enquiryDetailSchema>;

const listPayload = v.object({
  state: v.optional(v.picklist(['', 'draft', 'open', 'ended', 'cancelled', 'expired'], '状态只能是草稿、待报价、已结束、已取消或已过期'), ''),
  page_number: wholeOf('页码', 1, 10000, 1),
  page_size: pageSizeField(20),
});

/** A quote's price on the wire: whole fen, or whole dong for a VND quote (docs/api.md, "Money"). */
export const MAX_QUOTE_DONG = 999_999_999_999;
export const quotePriceWireText = `报价应为整数：人民币以分为单位（0 至 ${MAX_QUOTE_FEN}），越南盾以盾为单位`;
export const chatQuotePriceText = `报价应为以分为单位的整数（0 至 ${MAX_QUOTE_FEN}），无货为 −1`;

/** Today's quotes of the company (docs/money.md#paid-services). */
export const quoteAllowanceSchema = v.object({
  per_day: v.nullable(v.number()), used_today: v.number(), free_left: v.nullable(v.number()), bought_left: v.number(),
  next: v.picklist(['free', 'bought', 'none']),
});

export const quoteSubmitPayload = v.object({
  enquiry_id: idOf('询价单'),
  line_id: idOf('询价行'),
  /** whole fen (whole dong for currency VND), docs/api.md "Money"; ignored when no_stock */
  price: v.optional(v.nullable(v.pipe(v.number(quotePriceWireText), v.integer(quotePriceWireText), v.minValue(0, quotePriceWireText), v.maxValue(MAX_QUOTE_DONG, quotePriceWireText))), null),
  /** VND: the price is converted to CNY at today's rate once, and stays so */
  currency: v.optional(v.picklist(['CNY', 'VND'], '币种只能是人民币或越南盾'), 'CNY'),
  /** 无货: stored as price −1 */
  no_stock: v.optional(v.boolean('无货应为 true 或 false'), false),
  brand: textOf('品牌', 30),
  quality: textOf('品质', 20),
  qty: wholeOf('可供数量', 0, 9999, 0),
  delivery_days: wholeOf('货期天数', 0, 365, 0),
  valid_days: wholeOf('报价有效天数', QUOTE_VALID_DAYS.min, QUOTE_VALID_DAYS.max, QUOTE_VALID_DAYS.default),
  note: textOf('备注', 200),
});

const byId = v.object({ id: idOf('询价单') });

/** A seller's quote with the enquiry and line it answers (我的报价). */
export const myQuoteSchema = v.object({
  ...quoteSchema.entries,
  enquiry_id: v.number(),
  enquiry_no: v.string(),
  buyer_company_name: v.string(),
  line_text: v.string(),
  /** the line's part name as the buyer wrote it: its translated line is keyed by it (docs/i18n.md, "Translated lines") */
  line_name: v.string(),
  line_qty: v.number(),
});
export type MyQuote = v.InferOutput<typeof myQuoteSchema>;

export const quoteRuleText = {
  price_column: '预填价格只能取批发价(不含税)、批发价(含税)、标准价、零售价(不含税)或零售价(含税)',
  markup_pct: '加价须为-50到200之间的数字，最多两位小数',
  round_to: '取整只能是到分、到角或到元',
};

export const quoteRuleSchema = v.object({
  valid_days: v.number(), delivery_days: v.number(), price_column: v.picklist(QUOTE_RULE_COLUMNS), markup_pct: v.number(),
  round_to: v.picklist(Object.keys(QUOTE_ROUNDINGS) as Array<keyof typeof QUOTE_ROUNDINGS>),
  /** unix seconds; 0 while the defaults apply */
  updated_at: v.number(),
});

const markup = v.pipe(
  v.union([v.number(quoteRuleText.markup_pct), v.pipe(v.string(quoteRuleText.markup_pct), v.trim(), v.regex(/^-?\d{1,3}(\.\d{1,2})?$/, quoteRuleText.markup_pct), v.transform(Number))], quoteRuleText.markup_pct),
  v.check((n) => Number.isFinite(n) && Math.round(n * 100) === n * 100, quoteRuleText.markup_pct), v.minValue(-50, quoteRuleText.markup_pct), v.maxValue(200, quoteRuleText.markup_pct),
);

export const quoteRulePayload = v.object({
  valid_days: wholeOf('报价有效天数', QUOTE_VALID_DAYS.min, QUOTE_VALID_DAYS.max, QUOTE_VALID_DAYS.default),
  delivery_days: wholeOf('默认货期天数', 0, 365, 0),
  price_column: v.picklist(QUOTE_RULE_COLUMNS, quoteRuleText.price_column),
  markup_pct: markup,
  round_to: v.picklist(Object.keys(QUOTE_ROUNDINGS) as Array<keyof typeof QUOTE_ROUNDINGS>, quoteRuleText.round_to),
});

export const enquiryEndpoints = {
  enquiryAdd: defineEndpoint({
    method: 'post', path: '/enquiry/add', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES, idempotent: true,
    summary: `新建询价单：1到${ENQUIRY_MAX_LINES}行（OE号或配件名称、数量、品质），发给所选卖家；send=false 存为草稿`,
    payload: enquiryCreatePayload, answer: enquiryDetailSchema,
  }),
  enquiryUpdate: defineEndpoint({
    method: 'put', path: '/enquiry/update', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES, idempotent: true,
    summary: '修改询价单：草稿，或已发出但还没有卖家报价的询价单（之后为“已有卖家报价，无法修改”）；求购在“我的求购”中修改',
    payload: v.object({ id: idOf('询价单'), ...v.omit(enquiryCreatePayload, ['send']).entries }), answer: enquiryDetailSchema,
  }),
  enquiryList: defineEndpoint({
    method: 'get', path: '/enquiry/mine', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES,
    summary: '我的询价：本公司的询价单（最新在前），可按状态筛选',
    payload: listPayload, answer: v.object({ data: v.array(enquirySummarySchema), total: v.number() }),
  }),
  enquiryDetail: defineEndpoint({
    method: 'get', path: '/enquiry/detail', pathId: true, tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES,
    summary: '询价单详情：每行及各卖家的报价（比价），看过即清零新报价数',
    payload: emptyPayload, answer: enquiryDetailSchema,
  }),
  enquirySend: defineEndpoint({
    method: 'post', path: '/enquiry/send', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES,
    summary: '发送草稿询价单', payload: byId, answer: enquiryDetailSchema,
  }),
  enquiryEnd: defineEndpoint({
    method: 'post', path: '/enquiry/end', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES,
    summary: '结束询价：不再接受报价', payload: byId, answer: enquiryDetailSchema,
  }),
  enquiryCancel: defineEndpoint({
    method: 'post', path: '/enquiry/cancel', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES,
    summary: '取消询价', payload: byId, answer: enquiryDetailSchema,
  }),
  enquiryAnew: defineEndpoint({
    method: 'post', path: '/enquiry/anew', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES,
    summary: '重新询价：已结束、已过期或已取消的询价单重新开放报价（有效期重新计算）', payload: byId, answer: enquiryDetailSchema,
  }),
  enquiryDelete: defineEndpoint({
    method: 'post', path: '/enquiry/delete', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES,
    summary: '删除草稿或已取消的询价单', payload: byId, answer: v.null(),
  }),
  /** getZdQuoteCount already names 谁看过我's count (shop.ts, an earlier reading of the spec); this is the enquiry badge's */
  enquiryQuoteCount: defineEndpoint({
    method: 'get', path: '/enquiry/quote-count', tag: 'enquiry', access: 'user',
    summary: '本公司询价单收到、尚未查看的报价数（角标，超过99显示99+）',
    payload: emptyPayload, answer: v.object({ count: v.number() }),
  }),
  quoteAccept: defineEndpoint({
    method: 'post', path: '/enquiry/accept', tag: 'enquiry', access: 'user', permissions: ENQUIRY_CODES, idempotent: true,
    summary: '采纳报价：把本公司询价单上的报价作为临时产品按报价加入购物车（数量为询价数量，不超过报价可供数量）；无货、已过有效期或询价单已取消的报价不能采纳',
    payload: v.object({
      quote_ids: v.pipe(v.array(idOf('报价'), '请选择要采纳的报价'), v.minLength(1, '请选择要采纳的报价'), v.maxLength(ENQUIRY_MAX_LINES, `一次最多采纳${ENQUIRY_MAX_LINES}条报价`), v.transform((ids) => [...new Set(ids)])),
    }),
    answer: v.object({ added: v.number(), already: v.number() }),
  }),
  quoteCenter: defineEndpoint({
    method: 'get', path: '/quote/center', tag: 'quote', access: 'user', permissions: QUOTE_CODES,
    summary: '报价中心（scope=direct）：发给本公司的询价单；报价专区（scope=zone）：本公司主营车型（企业信息）的公开询价和求购。最新在前，可按状态筛选；zone_makes 为本公司主营车型数（0 时专区为空）',
    payload: v.object({
      ...listPayload.entries,
      scope: v.optional(v.picklist(['direct', 'zone'], '范围只能是报价中心或报价专区'), 'direct'),
      make_id: v.optional(v.nullable(idOf('车型品牌')), null),
      /** an OE number or part name in any line */
      keyword: textOf('关键词', 40),
    }),
    answer: v.object({ data: v.array(enquirySummarySchema), total: v.number(), zone_makes: v.number() }),
  }),
  quoteEnquiry: defineEndpoint({
    method: 'get', path: '/quote/enquiry', pathId: true, tag: 'quote', access: 'user', permissions: QUOTE_CODES,
    summary: '卖家查看一张发给本公司的询价单：各行及本公司的报价',
    payload: emptyPayload, answer: enquiryDetailSchema,
  }),
  quoteMine: defineEndpoint({
    method: 'get', path: '/quote/mine', tag: 'quote', access: 'user', permissions: QUOTE_CODES,
    summary: '我的报价：本公司的报价（最新在前）及其结果：有效、已过期、已采纳、未采纳',
    payload: v.object({ page_number: wholeOf('页码', 1, 10000, 1), page_size: pageSizeField(50) }),
    answer: v.object({ data: v.array(myQuoteSchema), total: v.number() }),
  }),
  getIMQuoteHisgoryByOe: defineEndpoint({
    method: 'get', path: '/quote/history', tag: 'quote', access: 'user', permissions: QUOTE_CODES,
    summary: '本公司对这个OE号的历史报价（最新在前，最多20条）：报价日期、买家、品牌、品质、价格（分，−1 为无货）',
    payload: v.object({ oe: v.pipe(v.string('请输入OE号'), v.transform(normalizeOe), v.minLength(OE_MIN_LENGTH, `OE号至少${OE_MIN_LENGTH}个字符`), v.maxLength(40, 'OE号最多40个字符')) }),
    answer: v.array(v.object({
      /** unix seconds */
      quote_date: v.number(), company_name: v.string(), brand_name: v.string(), brand_name_new: v.string(),
      quality_name: v.string(), quality_name_new: v.string(), price: v.number(),
    })),
  }),
  getIMQuoteHisgoryById: defineEndpoint({
    method: 'get', path: '/quote/history-of', pathId: true, tag: 'quote', access: 'user', permissions: [...ENQUIRY_CODES, ...QUOTE_CODES],
    summary: '一张询价单（聊天卡片的 QHId）的报价记录：每次报价和改价，旧品牌、旧品质 → 新品牌、新品质和价格（分，−1 为无货）；买家看到各家的，卖家只看到本公司的',
    payload: emptyPayload,
    answer: v.array(v.object({
      quote_id: v.number(),
      /** unix seconds */
      quote_date: v.number(), company_name: v.string(), line_no: v.number(), line_text: v.string(),
      brand_name: v.string(), brand_name_new: v.string(), quality_name: v.string(), quality_name_new: v.string(), price: v.number(),
      currency: v.picklist(['CNY', 'VND']), quoted_amount: v.number(), qty: v.number(), delivery_days: v.number(),
    })),
  }),
  getMyProductByOe: defineEndpoint({
    method: 'get', path: '/quote/my-product', tag: 'quote', access: 'user', permissions: QUOTE_CODES,
    summary: '本公司这个OE号的在售库存（报价时预填品牌、品质、数量和批发价），没有则为 null',
    payload: v.object({ oe: v.pipe(v.string('请输入OE号'), v.transform(normalizeOe), v.minLength(OE_MIN_LENGTH, `OE号至少${OE_MIN_LENGTH}个字符`), v.maxLength(40, 'OE号最多40个字符')) }),
    answer: v.nullable(v.object({
      stock_id: v.number(), brand: v.string(), quality: v.string(), qty: v.number(), price0: v.nullable(v.number()),
      /** fen: the price the company's 报价规则 starts a quote at (column + markup, rounded); null without a price */
      suggested_fen: v.nullable(v.number()),
    })),
  }),
  sendIMQuoteMsg: defineEndpoint({
    method: 'post', path: '/im/quote', tag: 'quote', access: 'user', permissions: QUOTE_CODES, idempotent: true,
    summary: '聊天中直接报价（没有询价单时）：为聊天对象的公司记一张只发给本公司的询价单（备注“卖家在聊天中报价”），报价一行并发报价卡片；对方可采纳进购物车。price 为以分为单位的整数，−1 为无货',
    payload: v.object({
      oe_number: textOf('OE号', 40),
      product_name: textOf('配件名称', 50),
      brand_name_new: textOf('品牌', 30),
      quality_name_new: textOf('品质', 20),
      /** whole fen (docs/api.md "Money"); −1: 无货 */
      price: v.pipe(v.number(chatQuotePriceText), v.integer(chatQuotePriceText), v.minValue(-1, chatQuotePriceText), v.maxValue(MAX_QUOTE_FEN, chatQuotePriceText)),
      /** the sender (must be the caller; kept for the spec's shape) */
      uuid: v.optional(v.string(), ''),
      msg_to_uuid: v.pipe(v.string('请选择聊天对象'), v.trim(), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '请选择聊天对象'), v.toLowerCase()),
      product_qty: wholeOf('数量', 1, 9999, 1),
    }),
    answer: v.object({ enquiry_id: v.number(), quote: quoteSchema }),
  }),
  quoteRules: defineEndpoint({
    method: 'get', path: '/quote/rules', tag: 'quote', access: 'user', permissions: QUOTE_CODES,
    summary: '报价规则：报价有效天数、默认货期、预填价格取哪一列库存价、加价百分比和取整；未设置时为默认规则',
    payload: emptyPayload, answer: quoteRuleSchema,
  }),
  quoteRulesSave: defineEndpoint({
    method: 'put', path: '/quote/rules', tag: 'quote', access: 'user', permissions: QUOTE_CODES, idempotent: true,
    summary: '保存报价规则（本公司），此后的报价按此预填',
    payload: quoteRulePayload, answer: quoteRuleSchema,
  }),
  quoteAllowance: defineEndpoint({
    method: 'get', path: '/quote/allowance', tag: 'quote', access: 'user', permissions: QUOTE_CODES,
    summary: '本公司今日报价次数：今日已报价、会员等级每日免费次数（null 为不限）及剩余、已购报价包剩余次数；免费次数用完后每条新报价用一次已购次数（docs/money.md 付费服务）',
    payload: emptyPayload, answer: quoteAllowanceSchema,
  }),
  quoteSubmit: defineEndpoint({
    method: 'post', path: '/quote/submit', tag: 'quote', access: 'user', permissions: QUOTE_CODES, idempotent: true,
    summary: '报价一行：价格（以分为单位的整数；越南盾报价为越南盾整数）或无货（存为 −1）；同一行再次报价覆盖未采纳的报价；注册会员不能报价',
    payload: quoteSubmitPayload, answer: quoteSchema,
  }),
} as const;
