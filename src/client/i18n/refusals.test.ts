/**
 * Refusals in Vietnamese (docs/i18n.md, "Refusals"): each template of refusals.ts reads back the
 * text its shared function words, so a change of the Chinese wording fails here before a page
 * shows it untranslated; a read-back refusal comes out in Vietnamese with the part's name kept as
 * data and amounts by Intl; Chinese pages get the text as it came.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cartText, fenText, orderText } from '../../shared/contracts';
import { creditText } from '../../shared/domain/customer';
import { spotText } from '../../shared/domain/spot';
import { ALREADY_PAID } from '../../shared/domain/orders';
import { vnText } from '../../shared/domain/vn-mall';
import { vnWalletText } from '../../shared/contracts/vn-wallet';
import { unusableReason } from '../../shared/domain/vouchers';
import { setLang } from './lang';
import { MALL_REFUSALS, REGISTRATION_REFUSALS, readBack, refusalParts, refusalText, sideBySide, UNAVAILABLE_REASONS } from './refusals';
import { vnMallEndpoints } from '../../shared/contracts/vn-mall';
import { overseasEndpoints } from '../../shared/contracts/overseas';
import { overseasText } from '../../shared/domain/overseas';
import { businessTypeText } from '../../shared/domain/company-type';
import { msg } from '../../shared/messages';

const NAME = '0005543715 轮毂轴承';

describe('the refusal templates', () => {
  it.each<[string, Record<string, string>]>([
    [cartText.notEnough(6, 2), { stock: '6', inCart: '2' }],
    [cartText.notEnough(6, 0), { stock: '6' }],
    [cartText.notEnoughQuoted(4), { qty: '4' }],
    ...UNAVAILABLE_REASONS.map((reason): [string, Record<string, string>] => [orderText.unavailable(NAME, reason), { name: NAME, reason }]),
    [orderText.notEnough(NAME, 3), { name: NAME, stock: '3' }],
    [orderText.totalChanged(123450), { amount: '1234.50' }],
    [spotText.notSpot(NAME), { name: NAME }],
    [spotText.outOfStock(NAME), { name: NAME }],
    [spotText.notEnough(NAME, 2), { name: NAME, stock: '2' }],
    [fenText('最低价格', 0, 999999999), { field: '最低价格', min: '0', max: '999999999' }],
    [creditText.noTerm('骏达汽配'), { seller: '骏达汽配' }],
    [creditText.over(500000, 12000, 30000), { available: '120.00', limit: '5000.00', order: '300.00' }],
    [vnWalletText.insufficient(975000, 1025000), { balance: '₫975,000', need: '₫1,025,000' }],
    [vnText.payTotalChanged(525000), { amount: '₫525,000' }],
    [`${ALREADY_PAID}：SO20261129120000123456`, { no: 'SO20261129120000123456' }],
    [sideBySide(vnText.notEnough('1K0698151', 3)), { oe: '1K0698151', qty: '3' }],
    [sideBySide(vnText.rateChanged(1_025_000)), { amount: '1,025,000' }],
    [vnText.noBasePrice('1K0698151'), { oe: '1K0698151' }],
    [vnText.belowFloor('1K0698151', 250_000, 1_250_000), { oe: '1K0698151', price: '250,000', min: '1,250,000' }],
  ])('reads back %s', (text, values) => {
    expect(readBack(text)?.values).toEqual(values);
  });

  it('reads back a voucher\'s minimum', () => {
    const reason = unusableReason(
      { claim_id: 1, state: 'unused', valid_from: 0, valid_until: 2e9, terms: { issuer_company_id: null, seller_ids: [], category_ids: [], min_order_fen: 10000, kind: 'amount', amount_fen: 1000, percent_off: 0, cap_fen: 0 } } as unknown as Parameters<typeof unusableReason>[0],
      { seller_id: 2, lines: [{ category_id: null, amount_fen: 5000 }] } as unknown as Parameters<typeof unusableReason>[1], 1,
    );
    expect(readBack(reason)?.values).toEqual({ amount: '100.00' });
  });

  it('knows no other text', () => {
    expect(readBack('请填写收货人')).toBeNull();
  });
});

describe('the Vietnam mall\'s refusals', () => {
  beforeEach(() => setLang('zh'));
  afterAll(() => setLang('zh'));

  it('keeps the Chinese side of a side-by-side text, and every fixed one is catalogued', () => {
    expect(sideBySide(vnText.notOffered)).toBe('该商品未在越南商城销售');
    expect(sideBySide('请填写正确的联系电话（越南手机号或中国电话）· Số điện thoại không hợp lệ')).toBe('请填写正确的联系电话（越南手机号或中国电话）');
    // a text with no Vietnamese side, or a · between Chinese words, as it came
    expect(sideBySide(vnText.ownStock)).toBe(vnText.ownStock);
    expect(sideBySide('骏达 · 汽配')).toBe('骏达 · 汽配');
    const fixed = [vnText.noRate, vnText.noRateSeller, vnText.notVnBuyer, vnText.vnBuyerOnlyMall, vnText.notOffered, vnText.qty, vnText.cartEmpty,
      vnText.cartLineNotFound, vnText.ownStock, vnText.deliveryTerm].map(sideBySide);
    expect(fixed.filter((text) => !(MALL_REFUSALS as readonly string[]).includes(text))).toEqual([]);
    // the checkout's field refusals (contracts/vn-mall.ts vnCheckout)
    const bad = v.safeParse(vnMallEndpoints.vnCheckout.payload, { expected_total_dong: 'x', delivery_term: 'sea', contact_name: '', contact_phone: '1', address: 'ab' }, { abortEarly: false });
    const said = (bad.issues ?? []).map((i) => sideBySide(i.message));
    expect(said).toHaveLength(5);
    expect(said.filter((text) => !(MALL_REFUSALS as readonly string[]).includes(text) && text !== '请填写收货人')).toEqual([]);
  });

  it('reads a mall refusal in the reader\'s language: Vietnamese through the catalogue, dong by Intl; Chinese without the Vietnamese side', async () => {
    expect(refusalText(vnText.notOffered)).toBe('该商品未在越南商城销售');
    expect(refusalText(vnText.rateChanged(1_025_000))).toBe('汇率或价格已变化，新的应付总额为 ₫1,025,000，请确认后再下单');
    await setLang('vi');
    expect(refusalText(vnText.notOffered)).toBe('Sản phẩm không bán tại Vietnam Mall');
    expect(refusalText(vnText.noRate)).toBe('Tỷ giá VND hôm nay chưa được công bố, Vietnam Mall tạm dừng bán');
    expect(refusalText(vnText.rateChanged(1_025_000))).toBe('Tỷ giá hoặc giá đã thay đổi, tổng thanh toán mới là ₫ 1.025.000, vui lòng xác nhận rồi đặt hàng');
    expect(refusalParts(vnText.notEnough('1K0698151', 3))).toEqual([
      { text: '1K0698151', data: true },
      { text: ': số lượng bán tại Việt Nam chỉ còn 3', data: false },
    ]);
  });
});

describe('a refusal on a page', () => {
  // each test starts on a Chinese page, whatever ran before it, and the page is left Chinese
  beforeEach(() => setLang('zh'));
  afterAll(() => setLang('zh'));

  it('in Chinese is the text as it came', () => {
    expect(refusalParts(orderText.notEnough(NAME, 3))).toEqual([{ text: orderText.notEnough(NAME, 3), data: false }]);
  });

  it('in Vietnamese is translated, the part\'s name kept and marked as data, amounts by Intl', async () => {
    await setLang('vi');
    expect(refusalParts(orderText.notEnough(NAME, 3))).toEqual([
      { text: NAME, data: true },
      { text: ': không đủ hàng, chỉ còn 3 sản phẩm, vui lòng sửa số lượng rồi thanh toán lại', data: false },
    ]);
    expect(refusalText(orderText.unavailable(NAME, '已下架'))).toBe(`${NAME}: Đã ngừng bán, vui lòng quay lại giỏ hàng xử lý rồi thanh toán lại`);
    expect(refusalText(orderText.totalChanged(123450))).toBe('Giá đã thay đổi, tổng phải trả hiện là CN¥ 1.234,50, vui lòng kiểm tra rồi đặt hàng lại');
    expect(refusalText(orderText.contactName)).toBe('Vui lòng nhập người nhận');
    // a text nobody translated is shown as it came
    expect(refusalText('未知的拒绝')).toBe('未知的拒绝');
  });
});

/** Every message a valibot schema can give: its own, its pipe's, its entries' (the registration's checks). */
const messagesOf = (node: unknown, seen = new Set<unknown>()): string[] => {
  if (typeof node !== 'object' || node === null || seen.has(node)) return [];
  seen.add(node);
  const s = node as { message?: unknown; pipe?: unknown[]; entries?: Record<string, unknown>; wrapped?: unknown };
  return [
    ...(typeof s.message === 'string' ? [s.message] : []),
    ...(s.pipe ?? []).flatMap((x) => messagesOf(x, seen)),
    ...Object.values(s.entries ?? {}).flatMap((x) => messagesOf(x, seen)),
    ...messagesOf(s.wrapped, seen),
  ];
};
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

const SERVER = join(import.meta.dirname, '../../server');
const sourceOf = (file: string) => readFileSync(join(SERVER, file), 'utf8');
const TEXTS: Record<string, Record<string, unknown>> = { t: overseasText, msg };
/** a text of overseasText (`t.x`) or messages.ts (`msg.x`); a worded one with a number, as the SMS code's tries and seconds */
const textOf = (ref: string) => {
  const [owner, name] = ref.split('.');
  const text = TEXTS[owner]?.[name];
  return typeof text === 'function' ? String((text as (n: number) => string)(4)) : text;
};
/** the refusals `code` throws: each `t.x` and `msg.x` it names, and each helper it calls that words one (notFound()) */
const thrownBy = (code: string, helpers: Map<string, string> = new Map()) => [
  ...[...code.matchAll(/\b(?:t|msg)\.\w+/g)].map((m) => m[0]),
  ...[...code.matchAll(/\b(\w+)\(\)/g)].flatMap((m) => (helpers.has(m[1]) ? [helpers.get(m[1])!] : [])),
];

/**
 * What the server answers the registration's calls, read from the code that words it, so that a
 * refusal added there is checked here without anyone listing it: the overseas service's calls of
 * an applicant (register, mine, resubmit; the operator's review and lists after them aside), the
 * SMS service that sends and checks the code, and any call's rate limit and server error.
 */
const serverRefusals = () => {
  const service = sourceOf('modules/overseas/overseas.service.ts');
  const [from, to] = [service.indexOf('async register('), service.indexOf('\n    list:')];
  expect(from).toBeGreaterThan(0);
  expect(to).toBeGreaterThan(from);
  const helpers = new Map([...service.matchAll(/const (\w+) = \(\) => new AppError\([^\n]*?\b((?:t|msg)\.\w+)\)/g)].map((m): [string, string] => [m[1], m[2]]));
  const refs = [...thrownBy(service.slice(from, to), helpers), ...thrownBy(sourceOf('modules/sms/sms.service.ts')), 'msg.internalError'];
  const texts = refs.map(textOf);
  expect(refs.filter((_, i) => typeof texts[i] !== 'string'), 'names no text').toEqual([]);
  const tooFast = /tooFast: '([^']+)'/.exec(sourceOf('http/limits.ts'))?.[1];
  expect(tooFast).toBeDefined();
  return [...new Set([...(texts as string[]), tooFast!])];
};

describe('the Vietnamese registration\'s refusals', () => {
  beforeEach(() => setLang('zh'));
  afterAll(() => setLang('zh'));

  // what the form checks before sending (the registration's and the resubmit form's schemas) and what the server answers
  const checked = [...new Set([...messagesOf(overseasEndpoints.overseasRegister.payload), ...messagesOf(overseasEndpoints.overseasResubmit.payload)])];
  const answered = serverRefusals();

  it('finds the server\'s refusals of these calls in the code that words them', () => {
    expect(answered).toEqual(expect.arrayContaining([overseasText.taxCodeTaken, overseasText.registrationNotFound, overseasText.resubmitOwnerOnly,
      overseasText.notPending, msg.usernameTaken, msg.mobileTaken, msg.smsCodeDead, msg.smsNoCode, msg.smsWrongCode(4), msg.smsTooSoon(4),
      msg.smsMobileDailyCap, msg.smsSendFailed, msg.internalError, '请求过于频繁，请稍后再试']));
  });

  it('finds the schemas\' messages, the side-by-side ones among them', () => {
    expect(checked.length).toBeGreaterThan(25);
    expect(checked).toContain(overseasText.taxCode);
    expect(checked).toContain('两次输入的密码不一致');
  });

  it('shows a Vietnamese reader each of them in Vietnamese only', async () => {
    await setLang('vi');
    expect([...checked, ...answered].map((text) => [text, refusalText(text)]).filter(([, shown]) => CJK.test(shown))).toEqual([]);
    expect(refusalText(overseasText.companyNameRequired)).toBe('Vui lòng nhập tên doanh nghiệp');
    expect(refusalText(overseasText.taxCode)).toBe('Mã số thuế gồm 10 chữ số; chi nhánh thêm -3 chữ số (ví dụ 0312345678-001)');
    expect(refusalText(msg.usernameTaken)).toBe('Tên đăng nhập đã được đăng ký, vui lòng chọn tên khác');
    expect(refusalText(msg.smsWrongCode(4))).toBe('Mã xác nhận SMS không đúng, còn 4 lần thử');
    expect(refusalText(msg.smsTooSoon(42))).toBe('Gửi mã quá thường xuyên, vui lòng thử lại sau 42 giây');
    expect(refusalText(overseasText.notPending)).toBe('Chỉ đăng ký bị từ chối mới có thể sửa và gửi lại');
  });

  it('shows a Chinese reader the Chinese side only', () => {
    const sideBySideOnes = checked.filter((text) => sideBySide(text) !== text);
    expect(sideBySideOnes.length).toBeGreaterThanOrEqual(10);
    expect(sideBySideOnes.map(refusalText).filter((shown) => /[ạ-ỹđĐ]/.test(shown))).toEqual([]);
    expect(refusalText(overseasText.taxCodeTaken)).toBe('该税号已注册');
    expect(refusalText(msg.usernameTaken)).toBe(msg.usernameTaken);
  });

  it('marks each refusal (a side-by-side one by its Chinese side) or reads it back by a template', () => {
    // the few the password form and 企业类型 already catalogue (catalogue.test.ts SHARED_TEXTS) aside
    const known = new Set<string>([...REGISTRATION_REFUSALS, businessTypeText.pick, '请再次输入密码', msg.passwordIsUsername, '两次输入的密码不一致']);
    expect([...checked, ...answered].map(sideBySide).filter((text) => !known.has(text) && !readBack(text))).toEqual([]);
  });
});
