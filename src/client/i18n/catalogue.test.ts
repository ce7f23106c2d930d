/**
 * The Vietnamese catalogue against the code (docs/i18n.md): every text a page passes through t()
 * or marks with mark() has its Vietnamese, with the same placeholders and no Chinese left in it,
 * and the catalogue holds nothing the code no longer uses.
 */
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { msg } from '../../shared/messages';
import { ACCOUNT_RULES } from '../../shared/domain/account-rules';
import { chargedColumnLabel, PRICE_LABELS } from '../../shared/domain/prices';
import { SPOT_SHIP_TEXT, spotText } from '../../shared/domain/spot';
import { AFTERSALE_ACTION_TEXT, AFTERSALE_NEXT_STEP, AFTERSALE_REASONS, AFTERSALE_STATUS_TEXT, AFTERSALE_TYPE_TEXT } from '../../shared/domain/aftersale';
import { warrantyText } from '../../shared/domain/warranty';
import { afterSaleText } from '../../shared/contracts/aftersale';
import { ORDER_ACTION_TEXT, ORDER_STATUS_TEXT, PAY_CHANNEL_TEXT, PAY_STATUS_TEXT } from '../../shared/domain/orders';
import { cartText, keywordTooDeep, orderText, priceColumnHidden, priceRangeReversed, stockRangeReversed, vnWalletText, billText } from '../../shared/contracts';
import { DELIVERY_TERM_ZH, vnText } from '../../shared/domain/vn-mall';
import { BUSINESS_TYPE_LABELS, businessTypeText } from '../../shared/domain/company-type';
import { OVERSEAS_RULES, OVERSEAS_STATE_LABEL } from '../../shared/domain/overseas';
import catalogue from './vi.json';
import { formatMoneyIn, formatVnd } from './format';
import { ENQUIRY_ACTION_TEXT, ENQUIRY_STATE_TEXT, enquiryText, QUOTE_FATE_TEXT } from '../../shared/domain/enquiry';
import { PAY_METHODS } from '../../shared/domain/orders';
import { REFUND_METHODS } from '../../shared/domain/aftersale';
import { INVOICE_STATUS_TEXT, INVOICE_TITLE_KIND_TEXT, INVOICE_TYPE_LONG_TEXT, INVOICE_TYPE_TEXT, invoiceTitleText } from '../../shared/domain/invoice';
import { invoiceText } from '../../shared/contracts/invoice';
import { pointsText, POINTS_TX_TEXT, REDEMPTION_STATUS_TEXT } from '../../shared/domain/points';

const ROOT = join(import.meta.dirname, '..');
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
  const p = join(dir, d.name);
  if (d.isDirectory()) return sources(p);
  return /\.tsx?$/.test(d.name) && !/\.(test|gen)\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [p] : [];
});

interface Use { key: string; where: string }

/** The texts a call's first argument can be: a literal, either side of a condition, or a msg constant. */
const literals = (node: ts.Expression): string[] | null => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = literals(node.whenTrue);
    const b = literals(node.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'msg') {
    const text = (msg as Record<string, unknown>)[node.name.text];
    return typeof text === 'string' ? [text] : null;
  }
  return null;
};

/** A text made in place (a template with values, a concatenation): its key cannot be in the catalogue. */
const computed = (node: ts.Expression): boolean =>
  ts.isTemplateExpression(node) || ts.isBinaryExpression(node)
  || (ts.isConditionalExpression(node) && (computed(node.whenTrue) || computed(node.whenFalse)))
  || (ts.isParenthesizedExpression(node) && computed(node.expression));

const scan = () => {
  const uses: Use[] = [];
  const unmarked: string[] = [];
  for (const file of sources(ROOT)) {
    const text = readFileSync(file, 'utf8');
    if (!/\b(t|mark)\(/.test(text)) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === 't' || node.expression.text === 'mark') && node.arguments.length > 0) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const where = `${relative(ROOT, file)}:${line + 1}`;
        const found = literals(node.arguments[0]);
        if (found) found.forEach((key) => uses.push({ key, where }));
        // a name or a property holding a marked text is fine; a text computed in place cannot be in the catalogue
        else if (computed(node.arguments[0])) unmarked.push(`${where} ${node.arguments[0].getText()}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { uses, unmarked };
};

/**
 * Shared texts a page passes to t() as a value (// i18n-dynamic): the tables' and messages' texts
 * count as used.
 */
const SHARED_TEXTS: Record<string, readonly string[]> = {
  'domain/prices.ts PRICE_LABELS, chargedColumnLabel': [...Object.values(PRICE_LABELS), chargedColumnLabel('quote'), chargedColumnLabel('circle')],
  'domain/spot.ts SPOT_SHIP_TEXT': Object.values(SPOT_SHIP_TEXT),
  // the message assistant's notices (features/im/notice-text.ts): a spot order's expiry, the reason the server writes
  'domain/spot.ts spotText.expiredReason': [spotText.expiredReason],
  'domain/orders.ts ORDER_STATUS_TEXT, PAY_STATUS_TEXT, PAY_CHANNEL_TEXT, ORDER_ACTION_TEXT': [
    ...Object.values(ORDER_STATUS_TEXT), ...Object.values(PAY_STATUS_TEXT), ...Object.values(PAY_CHANNEL_TEXT), ...Object.values(ORDER_ACTION_TEXT),
  ],
  'domain/oe.ts validateOeBatch': [msg.enterOe, msg.oeMinLength, msg.oeMaxLines],
  // the fixed refusals a storefront page shows through <Refusal> (refusals.ts; the worded ones are marked there)
  'contracts/orders.ts orderText (checkout)': [
    orderText.contactName, orderText.contactNameLong, orderText.contactPhone, orderText.address, orderText.remark, orderText.remarkSeller,
    orderText.creditSellerUnknown, orderText.cartIds, orderText.cartChanged,
  ],
  'domain/aftersale.ts AFTERSALE_*_TEXT, AFTERSALE_NEXT_STEP, AFTERSALE_REASONS, warrantyText.afterSale': [
    ...Object.values(AFTERSALE_STATUS_TEXT), ...Object.values(AFTERSALE_TYPE_TEXT), ...Object.values(AFTERSALE_ACTION_TEXT),
    ...Object.values(AFTERSALE_NEXT_STEP), ...AFTERSALE_REASONS, warrantyText.afterSale,
  ],
  'contracts/aftersale.ts afterSaleText (the buyer\'s application)': [
    afterSaleText.type, afterSaleText.reason, afterSaleText.description, afterSaleText.descriptionOther, afterSaleText.images, afterSaleText.lines, afterSaleText.qty,
  ],
  'contracts/cart.ts cartText': [cartText.qty, cartText.noStock, cartText.ownStock, cartText.noPrice, cartText.outOfStock, cartText.cartFull, cartText.notInCart, cartText.quoteTaxFixed],
  'contracts/search.ts keyword refusals': [priceRangeReversed, stockRangeReversed, priceColumnHidden, keywordTooDeep],
  'domain/vouchers.ts unusableReason': ['该优惠券已使用', '该优惠券已过期', '该优惠券尚未到使用时间', '该优惠券不适用于这个卖家的订单', '该订单中没有这张券适用的配件', '该优惠券对这个订单没有优惠'],
  'messages.ts msg (the request helper)': [msg.offline, msg.serverError],
  // 修改密码 (/im/password, /backend/settings/password): the form's checks and the server's refusals
  'domain/account-rules.ts passwordChangeSchema, msg (the password form)': [
    '请输入原密码', '原密码最多128个字符', '请输入新密码', '新密码至少8位', '新密码最多32位', '新密码只能包含字母、数字和英文符号，不能有空格或中文',
    '新密码须包含字母', '新密码须包含数字', '请再次输入密码', '新密码不能与原密码相同', '两次输入的密码不一致', msg.oldPasswordWrong, msg.passwordIsUsername, ACCOUNT_RULES.password,
  ],
  'features/im/connection-state.ts STATUS_TEXT (the chat\'s state)': [msg.chatConnected, msg.chatConnecting, msg.chatDisconnected, msg.chatKicked, msg.chatOffline],
  'contracts/vn-wallet.ts vnWalletText (the dong wallet, /vnwallet)': [vnWalletText.notVn, vnWalletText.mayNotUse, vnWalletText.amount, vnWalletText.providerNoVnd],
  // the dong statements (/backend/overseas/bill/{month}): a month not yet begun
  'contracts/bill.ts billText': [billText.futureMonth],
  'paying a mall order in dong (/vnmall)': [vnText.notMallOrder, orderText.payOtherCompany],
  'domain/vn-mall.ts DELIVERY_TERM_ZH (the delivery terms at the mall\'s checkout, /vnmall)': Object.values(DELIVERY_TERM_ZH),
  // 企业类型 on the Vietnamese registration (/login/register/vn): the choices and the refusal when none is chosen
  'domain/company-type.ts BUSINESS_TYPE_LABELS, businessTypeText': [...Object.values(BUSINESS_TYPE_LABELS), businessTypeText.pick],
  // the Vietnamese registration and its state (/login/register/vn, /apply/vn): the fields' rules and the states (its refusals are marked in refusals.ts)
  'domain/overseas.ts OVERSEAS_RULES, OVERSEAS_STATE_LABEL; domain/account-rules.ts ACCOUNT_RULES (the owner\'s fields)': [
    ...Object.values(OVERSEAS_RULES), ...Object.values(OVERSEAS_STATE_LABEL), ACCOUNT_RULES.contactName, ACCOUNT_RULES.username, ACCOUNT_RULES.smsCode, ACCOUNT_RULES.password,
  ],
  // the order's and the after-sale's move dialogs: the payment and refund methods are sent as they are, shown translated
  'domain/orders.ts PAY_METHODS, domain/aftersale.ts REFUND_METHODS': [...PAY_METHODS, ...REFUND_METHODS],
  'ui/form/form.ts OFFLINE_TEXT (a form\'s refusal offline)': ['网络不可用，请联网后再试'],
  // 我的询价, an enquiry's page and the chat's cards
  'domain/enquiry.ts ENQUIRY_STATE_TEXT, ENQUIRY_ACTION_TEXT, QUOTE_FATE_TEXT, the buyer\'s refusals': [
    ...Object.values(ENQUIRY_STATE_TEXT), ...Object.values(ENQUIRY_ACTION_TEXT), ...Object.values(QUOTE_FATE_TEXT),
    enquiryText.quoteExpired, enquiryText.noStockNotAcceptable, enquiryText.notYours,
  ],
  // 申请开票, 发票抬头, 开票记录 (the buyer's invoice pages)
  'domain/invoice.ts INVOICE_*_TEXT, invoiceTitleText; contracts/invoice.ts invoiceText (the buyer\'s fields)': [
    ...Object.values(INVOICE_STATUS_TEXT), ...Object.values(INVOICE_TITLE_KIND_TEXT), ...Object.values(INVOICE_TYPE_TEXT), ...Object.values(INVOICE_TYPE_LONG_TEXT),
    ...Object.values(invoiceTitleText), invoiceText.titleId, invoiceText.orderNos, invoiceText.orderTwice, invoiceText.remark,
  ],
  // 我的积分 (/points, /ofo/points)
  'domain/points.ts POINTS_TX_TEXT, REDEMPTION_STATUS_TEXT, pointsText (redeeming)': [
    ...Object.values(POINTS_TX_TEXT), ...Object.values(REDEMPTION_STATUS_TEXT), pointsText.productNotFound, pointsText.productOff, pointsText.qty, pointsText.productId,
  ],
};

const scanned = scan();
const uses: Use[] = [...scanned.uses, ...Object.entries(SHARED_TEXTS).flatMap(([where, keys]) => keys.map((key) => ({ key, where })))];
const { unmarked } = scanned;
const vi = catalogue as Record<string, string>;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the Vietnamese catalogue', () => {
  it('finds the texts of the converted pages', () => {
    expect(uses.length).toBeGreaterThan(50);
  });

  it('has every text the pages translate', () => {
    const missing = [...new Set(uses.filter((u) => !(u.key in vi)).map((u) => `${u.key}  (${u.where})`))];
    expect(missing, 'add these to src/client/i18n/vi.json').toEqual([]);
  });

  it('holds no text the code no longer uses', () => {
    const used = new Set(uses.map((u) => u.key));
    expect(Object.keys(vi).filter((k) => !used.has(k)), 'remove these from vi.json').toEqual([]);
  });

  it('says everything in Vietnamese: no Chinese character, no empty value', () => {
    expect(Object.entries(vi).filter(([, v]) => CJK.test(v) || v.trim() === '').map(([k, v]) => `${k} → ${v}`)).toEqual([]);
  });

  it('keeps each text\'s placeholders', () => {
    expect(Object.entries(vi).filter(([k, v]) => placeholders(k).join() !== placeholders(v).join()).map(([k, v]) => `${k} → ${v}`)).toEqual([]);
  });

  it('translates only catalogued texts: a literal, or a name holding a marked one, never a text computed in place', () => {
    expect(unmarked).toEqual([]);
  });
});

describe('money and numbers in Vietnamese', () => {
  it('writes dong with the symbol first and dots between thousands', () => {
    expect(formatVnd(1234567)).toBe('₫ 1.234.567');
    expect(formatVnd(-5000)).toBe('-₫ 5.000');
    // 1 234.50 yuan at 3618.5 dong
    expect(formatMoneyIn('vi', 123450, 'VND', 3618.5)).toBe('₫ 4.467.038');
    expect(formatMoneyIn('vi', 123450, 'CNY')).toMatch(/^CN¥ 1\.234,50$/);
  });

  it('leaves Chinese pages as they were', () => {
    expect(formatMoneyIn('zh', 123450, 'VND', 3618.5)).toBe('₫4,467,038');
    expect(formatMoneyIn('zh', 123450, 'CNY')).toBe('¥1,234.50');
  });
});
