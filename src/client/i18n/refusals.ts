/**
 * Refusals in the page's language (docs/i18n.md, "Refusals"). The server and the contracts word a
 * refusal in Chinese, and that text is what a page receives; in Vietnamese a page shows it through
 * `refusalParts()` (the `<Refusal>` widget): a fixed refusal by its catalogue entry, a refusal
 * worded with values by one of the templates below, its values read back from the text. A text
 * none of them knows is shown as it came. In Chinese every text is shown as it came.
 */
import { currentLang, mark, t } from './lang';
import { formatMoneyIn, formatVnd } from './format';

/** why a cart line can no longer be bought (the server's cart service words them) */
export const UNAVAILABLE_REASONS = [mark('已下架'), mark('无货'), mark('暂无报价'), mark('商圈价已失效'), mark('询价单已取消'), mark('报价已过期')] as const;

interface Worded {
  /** the Chinese as the shared text function writes it, its values as {{placeholders}} */
  text: string;
  /** placeholders holding user data (a part's OE number and name): shown as they are, marked */
  data?: readonly string[];
  /** placeholders holding one of these fixed texts, translated in their turn */
  words?: Record<string, readonly string[]>;
  /** placeholders holding yuan as `¥12.34`, written again by Intl */
  yuan?: readonly string[];
  /** placeholders holding whole dong as `₫1,250,000` (shared/domain/vn-mall.ts dongText), written again by Intl */
  dong?: readonly string[];
}

/**
 * The Vietnam mall's fixed refusals and a cart line's reasons (shared/domain/vn-mall.ts vnText, the
 * mall's cart service). The server writes some of them Chinese and Vietnamese side by side for API
 * callers (`… · Sản phẩm không bán tại Vietnam Mall`); a page shows only the Chinese side, through
 * the catalogue in Vietnamese (`sideBySide` below). refusals.test.ts checks each against vnText.
 */
export const MALL_REFUSALS = [
  mark('今日越南盾汇率尚未公布，越南商城暂停销售'), mark('今日越南盾汇率尚未公布：按加价率定价的商品暂无越南盾价格，越南商城暂停销售'),
  mark('越南商城只对越南企业开放'), mark('越南企业请在越南商城购买'), mark('该商品未在越南商城销售'), mark('数量须为1到9999之间的整数'),
  mark('购物车是空的'), mark('购物车中没有这一行'), mark('不能购买本公司的库存'), mark('请选择交货方式'),
  mark('请填写收货地址'), mark('收货人最多30个字符'), mark('收货地址须为5到100个字符'), mark('请填写正确的联系电话（越南手机号或中国电话）'), mark('请确认应付总额'),
  mark('未上架越南商城'), mark('库存不在售'), mark('越南盾价格低于1分人民币，不能销售'), mark('越南可售数量为0'),
] as const;

/**
 * The refusals of the Vietnamese registration and its resubmit form (/login/register/vn, /apply/vn;
 * docs/overseas.md): the company's fields (shared/domain/overseas.ts overseasText, which the server
 * and the schema word Chinese and Vietnamese side by side for API callers: a page shows the Chinese
 * side, `sideBySide` below, through the catalogue) and the owner's account fields, which the shared
 * account schemas and the server word in Chinese (domain/account-rules.ts, messages.ts, the SMS
 * service, the server's rate limit), and the resubmit's. refusals.test.ts reads every message of the
 * registration's schemas, and every refusal the overseas and SMS services throw at an applicant
 * (found in their code), through this list and the templates below.
 */
export const REGISTRATION_REFUSALS = [
  mark('请填写企业名称'), mark('企业名称须为2到80个字符'), mark('请选择所在省/市'), mark('所在省/市须从越南34个省市中选择'),
  mark('请填写税号'), mark('税号须为10位数字，分支机构为10位数字-3位数字（如 0312345678-001）'), mark('该税号已注册'),
  mark('请填写越南手机号'), mark('手机号须为越南手机号：+84 或 0 开头，后接以3、5、7、8、9开头的9位数字'),
  mark('请填写详细地址'), mark('详细地址须为5到100个字符'),
  mark('请输入联系人姓名'), mark('联系人姓名至少2个字符'), mark('联系人姓名最多20个字符'),
  mark('请输入用户名'), mark('用户名须为4到20位字母、数字或下划线，以字母开头'), mark('用户名已被注册，请换一个'),
  mark('该手机号已注册，请直接登录或找回密码'), mark('请输入手机号'),
  mark('请输入短信验证码'), mark('短信验证码须为6位数字'), mark('请先获取短信验证码'), mark('短信验证码已失效，请重新获取'),
  mark('短信验证码已过期，请重新获取'), mark('短信验证码错误次数过多，已失效，请重新获取'),
  mark('该手机号今天获取验证码的次数已达上限，请明天再试'), mark('当前网络今天获取验证码的次数已达上限，请明天再试'), mark('短信发送失败，请稍后再试'),
  mark('请输入密码'), mark('密码至少8位'), mark('密码最多32位'), mark('密码只能包含字母、数字和英文符号，不能有空格或中文'),
  mark('密码须包含字母'), mark('密码须包含数字'), mark('请阅读并同意《汽配汇用户协议》'),
  mark('请求过于频繁，请稍后再试'), mark('服务器错误，请稍后再试'), mark('系统未配置“注册会员”等级，请联系客服'),
  // the resubmit form's (the overseas service's resubmit)
  mark('注册申请不存在'), mark('只有企业负责人可以修改注册资料'), mark('只有被驳回的注册可以修改后重新提交'),
] as const;

/**
 * The refusals worded with values that the storefront's cart, checkout and keyword filters show
 * (shared/contracts cart.ts, orders.ts, money-field.ts, search.ts; shared/domain/spot.ts).
 * refusals.test.ts checks each against the function that words it.
 */
export const WORDED: readonly Worded[] = [
  { text: mark('库存不足：该配件库存{{stock}}件，购物车中已有{{inCart}}件') },
  { text: mark('库存不足：该配件库存仅{{stock}}件') },
  { text: mark('超过卖家报价的可供数量：最多{{qty}}件') },
  { text: mark('{{name}}{{reason}}，请返回购物车处理后再结算'), data: ['name'], words: { reason: UNAVAILABLE_REASONS } },
  { text: mark('{{name}}库存不足：仅剩{{stock}}件，请修改数量后再结算'), data: ['name'] },
  { text: mark('价格已变化，应付金额现为 {{amount}}，请确认后重新提交'), yuan: ['amount'] },
  { text: mark('{{name}}不是现货，不能现货下单，请改用普通下单'), data: ['name'] },
  { text: mark('{{name}}已无货，不能现货下单'), data: ['name'] },
  { text: mark('{{name}}现货库存不足：仅剩{{stock}}件，请修改数量'), data: ['name'] },
  { text: mark('{{field}}应为以分为单位的整数（{{min}} 至 {{max}}）'), words: { field: [mark('最低价格'), mark('最高价格')] } },
  { text: mark('未满使用金额：适用配件满 {{amount}} 才能使用'), yuan: ['amount'] },
  { text: mark('{{seller}}没有给贵公司账期，不能选择账期付款，请改为普通下单后付款'), data: ['seller'] },
  { text: mark('超出账期额度：可用额度 {{available}}（账期额度 {{limit}}），本单 {{order}}，请先付清已到账期的订单或改为普通下单'), yuan: ['available', 'limit', 'order'] },
  // paying a mall order from the dong wallet (contracts/vn-wallet.ts vnWalletText.insufficient, domain/vn-mall.ts vnText, the order's ALREADY_PAID)
  { text: mark('余额不足：越南盾钱包余额 {{balance}}，需要 {{need}}') },
  { text: mark('汇率已变化，新的应付金额为 {{amount}}，请确认后再付款') },
  { text: mark('该订单已付款：{{no}}'), data: ['no'] },
  // the Vietnam mall's search, cart and checkout (domain/vn-mall.ts vnText; the cart service's 平台已移出)
  { text: mark('{{oe}} 越南可售数量只有 {{qty}}'), data: ['oe'] },
  { text: mark('汇率或价格已变化，新的应付总额为 {{amount}}，请确认后再下单'), dong: ['amount'] },
  { text: mark('{{oe}} 没有批发价(含税)，不能按加价率定价'), data: ['oe'] },
  { text: mark('{{oe}} 的越南盾价格 {{price}} 低于您设置的人民币底价（按今日汇率至少 {{min}}）'), data: ['oe'], dong: ['price', 'min'] },
  { text: mark('平台已移出：{{reason}}'), data: ['reason'] },
  // the SMS code of a registration (messages.ts smsWrongCode, smsTooSoon)
  { text: mark('短信验证码错误，还可以再试{{left}}次') },
  { text: mark('验证码发送过于频繁，请{{seconds}}秒后再试') },
];

const CJK = /[\u3400-\u9fff\uf900-\uff60]/;

/**
 * A refusal written Chinese and Vietnamese side by side (`中文 · Tiếng Việt`, the mall's for API
 * callers): its Chinese side, which a page shows in its own language. Any other text as it came.
 */
export const sideBySide = (text: string): string => {
  const at = text.lastIndexOf('· ');
  if (at <= 0) return text;
  const [zh, other] = [text.slice(0, at).trimEnd(), text.slice(at + 2)];
  return CJK.test(zh) && !CJK.test(other) ? zh : text;
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** a template as a pattern: each placeholder a group (its words, ¥ and an amount, or any text) */
const patternOf = (w: Worded) => {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of w.text.matchAll(PLACEHOLDER)) {
    source += escape(w.text.slice(last, m.index));
    const name = m[1];
    names.push(name);
    source += w.words?.[name] ? `(${w.words[name].map(escape).join('|')})` : w.yuan?.includes(name) ? '¥(\\d+\\.\\d{2})' : w.dong?.includes(name) ? '₫(\\d{1,3}(?:,\\d{3})*)' : '(.+?)';
    last = m.index + m[0].length;
  }
  return { re: new RegExp(`^${source}${escape(w.text.slice(last))}$`, 's'), names };
};
let patterns: Array<{ worded: Worded; re: RegExp; names: string[] }> | null = null;

/** The template a refusal was worded by, and its values; null when no template words it. */
export const readBack = (text: string): { worded: Worded; values: Record<string, string> } | null => {
  patterns ??= WORDED.map((worded) => ({ worded, ...patternOf(worded) }));
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (m) return { worded: p.worded, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
};

/** A piece of a shown refusal: `data` pieces are user data (marked data-user-text where shown). */
export interface RefusalPart { text: string; data: boolean }

/** Stands for a data value while the sentence is translated, then splits it out again. */
const SLOT = '\u0001';

/** A refusal in the page's language, in pieces so that the user data in it can be marked. */
export const refusalParts = (given: string): RefusalPart[] => {
  const text = sideBySide(given);
  if (currentLang() === 'zh' || text === '') return [{ text, data: false }];
  const found = readBack(text);
  if (!found) return [{ text: t(text), data: false }];
  const { worded, values } = found;
  const data: string[] = [];
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (worded.data?.includes(name)) {
      vars[name] = `${SLOT}${data.length}${SLOT}`;
      data.push(value);
    } else if (worded.words?.[name]) vars[name] = t(value);
    else if (worded.yuan?.includes(name)) vars[name] = formatMoneyIn('vi', Math.round(Number(value) * 100), 'CNY');
    else if (worded.dong?.includes(name)) vars[name] = formatVnd(Number(value.replace(/,/g, '')));
    else vars[name] = value;
  }
  return t(worded.text, vars).split(SLOT).flatMap((piece, i): RefusalPart[] => {
    if (i % 2 === 1) return [{ text: data[Number(piece)], data: true }];
    return piece ? [{ text: piece, data: false }] : [];
  });
};

/** A refusal in the page's language as one text (an attribute, a toast). */
export const refusalText = (text: string): string => refusalParts(text).map((p) => p.text).join('');
