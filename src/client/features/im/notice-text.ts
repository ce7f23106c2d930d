/**
 * The message assistant's notices (消息助手) in Vietnamese (docs/i18n.md, "The message assistant's
 * notices"). The server stores a notice's Chinese title and sentence (the scene's template, which
 * operators may edit) and beside them the scene and its facts (`BizContent.Notice`: user data as
 * written, money in fen, days as YYYY-MM-DD, fixed words by code). A Vietnamese reader gets the
 * title and sentence worded here from the catalogue; a Chinese reader keeps the stored text. A
 * notice stored before facts were kept, of a scene this table does not know, or with a fact that
 * does not read (money that is not whole fen) is shown as it was stored.
 */
import { SCENE_NOTICE, type BizContent } from '../../../shared/contracts';
import type { NoticeSceneKey, NOTICE_SCENES } from '../../../shared/domain/notice-templates';
import { AFTERSALE_REASONS, AFTERSALE_TYPE_TEXT, REFUND_METHODS } from '../../../shared/domain/aftersale';
import { PAY_CHANNEL_TEXT, PAY_METHODS } from '../../../shared/domain/orders';
import { INVOICE_TYPE_LONG_TEXT } from '../../../shared/domain/invoice';
import { spotText } from '../../../shared/domain/spot';
import { msg } from '../../../shared/messages';
import { mark, t, type Lang } from '../../i18n/lang';
import { previewOf } from './chat-store';
import { dataSlot } from '../../i18n/with-data';
import { formatDate, formatNumber, formatVnd, formatYuan } from '../../i18n/format';

/** the scenes the message assistant posts in chat (the others are text messages) */
export type ImNoticeScene = { [K in NoticeSceneKey]: (typeof NOTICE_SCENES)[K]['channel'] extends 'im' ? K : never }[NoticeSceneKey];

/** A notice in the reader's words: the title, and the sentence with `dataSlot(i)` where `data[i]` (user data, as written) stands. */
export interface NoticeWords { title: string; sentence: string; data: string[] }

class Unreadable extends Error {}

/**
 * Fixed words the server puts in a fact as Chinese (a payment or refund method, an after-sale reason
 * chosen from the list, the spot order's expiry): translated; any other text of those facts is what
 * someone wrote, kept as data.
 */
const FIXED_WORDS: ReadonlySet<string> = new Set<string>([...PAY_METHODS, ...REFUND_METHODS, ...Object.values(PAY_CHANNEL_TEXT), ...AFTERSALE_REASONS, spotText.expiredReason]);

type Facts = Readonly<Record<string, string>>;

/** How a scene reads its facts: each helper gives the value to put in a placeholder, or throws when the fact does not read. */
const reader = (f: Facts) => {
  const data: string[] = [];
  const raw = (k: string) => {
    const v = f[k];
    if (typeof v !== 'string') throw new Unreadable(k);
    return v;
  };
  const int = (k: string) => {
    const v = raw(k);
    if (!/^-?\d{1,15}$/.test(v)) throw new Unreadable(k);
    return Number(v);
  };
  const r = {
    data,
    /** user data as written (a company, an order number, a reason): a slot the page marks data-user-text */
    d: (k: string) => {
      data.push(raw(k));
      return dataSlot(data.length - 1);
    },
    /** a fact present and not empty */
    has: (k: string) => (f[k] ?? '') !== '',
    is: (k: string, v: string) => f[k] === v,
    /** yuan in fen, by Intl: CN¥ 1.234,50 */
    yuan: (k: string) => formatYuan('vi', int(k)),
    n: (k: string) => formatNumber('vi', int(k)),
    int,
    /** a China day (YYYY-MM-DD) as a Vietnamese date; noon, so Vietnam's clock keeps the day */
    day: (k: string) => {
      const v = raw(k);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new Unreadable(k);
      return formatDate('vi', new Date(`${v}T12:00:00+08:00`));
    },
    /** a fixed word translated, anything else as data */
    word: (k: string) => (FIXED_WORDS.has(raw(k)) ? t(raw(k)) : r.d(k)),
    /** one of a fact's codes, or unreadable */
    code: <C extends string>(k: string, codes: readonly C[]): C => {
      const v = raw(k);
      if (!(codes as readonly string[]).includes(v)) throw new Unreadable(k);
      return v as C;
    },
  };
  return r;
};
type R = ReturnType<typeof reader>;
type Say = (r: R) => { title: string; sentence: string };

const HELP = mark('如有疑问请联系平台客服。');
const afterSaleType = (r: R) => t(AFTERSALE_TYPE_TEXT[r.code('type', ['refund', 'return'] as const)]);

/** Every scene the message assistant posts, in Vietnamese: a scene added without a line here does not compile (and notice-text.test.ts reads each). */
export const NOTICE_VI: Record<ImNoticeScene, Say> = {
  im_order_create: (r) => ({
    title: t('新订单'),
    sentence: t('{{buyer}}下单 {{lines}} 种配件共 {{qty}} 件，合计 {{amount}}，订单号 {{order_no}}，请及时确认。', {
      buyer: r.d('buyer'), lines: r.n('lines'), qty: r.n('qty'), amount: r.yuan('amount'), order_no: r.d('order_no'),
    }),
  }),
  im_order_confirm: (r) => ({
    title: t('订单已确认'),
    sentence: t('{{seller}}已确认您的订单 {{order_no}}，合计 {{amount}}。', { seller: r.d('seller'), order_no: r.d('order_no'), amount: r.yuan('amount') }),
  }),
  im_order_deliver: (r) => ({
    title: t('订单已发货'),
    sentence: r.has('logistics')
      ? t('{{seller}}已发出您的订单 {{order_no}}，物流 {{logistics}}。', { seller: r.d('seller'), order_no: r.d('order_no'), logistics: r.d('logistics') })
      : t('{{seller}}已发出您的订单 {{order_no}}。', { seller: r.d('seller'), order_no: r.d('order_no') }),
  }),
  im_order_reject: (r) => ({
    title: t('订单已取消'),
    sentence: r.has('reason')
      ? t('{{seller}}拒绝了您的订单 {{order_no}}，原因：{{reason}}。', { seller: r.d('seller'), order_no: r.d('order_no'), reason: r.word('reason') })
      : t('{{seller}}拒绝了您的订单 {{order_no}}。', { seller: r.d('seller'), order_no: r.d('order_no') }),
  }),
  im_order_expire: (r) => ({
    title: t('订单已取消'),
    sentence: r.has('reason')
      ? t('{{seller}}未在规定时间内确认您的现货订单 {{order_no}}，平台已自动取消，原因：{{reason}}。货款如已支付将原路退回。', {
        seller: r.d('seller'), order_no: r.d('order_no'), reason: r.word('reason'),
      })
      : t('{{seller}}未在规定时间内确认您的现货订单 {{order_no}}，平台已自动取消。货款如已支付将原路退回。', { seller: r.d('seller'), order_no: r.d('order_no') }),
  }),
  im_order_cancel: (r) => ({
    title: t('订单已取消'),
    sentence: r.has('reason')
      ? t('{{buyer}}取消了订单 {{order_no}}，原因：{{reason}}。', { buyer: r.d('buyer'), order_no: r.d('order_no'), reason: r.word('reason') })
      : t('{{buyer}}取消了订单 {{order_no}}。', { buyer: r.d('buyer'), order_no: r.d('order_no') }),
  }),
  im_order_pay: (r) => ({
    title: t('付款已确认'),
    sentence: r.has('pay_method')
      ? t('{{seller}}已确认收到订单 {{order_no}} 的付款 {{amount}}（{{pay_method}}）。', {
        seller: r.d('seller'), order_no: r.d('order_no'), amount: r.yuan('amount'), pay_method: r.word('pay_method'),
      })
      : t('{{seller}}已确认收到订单 {{order_no}} 的付款 {{amount}}。', { seller: r.d('seller'), order_no: r.d('order_no'), amount: r.yuan('amount') }),
  }),
  im_order_paid_online: (r) => ({
    title: t('买家已付款'),
    sentence: t('{{buyer}}已为订单 {{order_no}} 在线付款 {{amount}}（{{pay_method}}），款项由平台暂管，买家确认收货后结算到贵公司钱包。', {
      buyer: r.d('buyer'), order_no: r.d('order_no'), amount: r.yuan('amount'), pay_method: r.word('pay_method'),
    }),
  }),
  im_order_receipt: (r) => ({
    title: t('买家已确认收货'),
    sentence: t('{{buyer}}已确认收到订单 {{order_no}} 的货物。', { buyer: r.d('buyer'), order_no: r.d('order_no') }),
  }),
  im_aftersale_apply: (r) => ({
    title: t('新售后申请'),
    sentence: t('{{buyer}}对订单 {{order_no}} 申请{{type}}（{{reason}}），共 {{qty}} 件，退款 {{amount}}，售后单号 {{as_no}}，请及时处理。', {
      buyer: r.d('buyer'), order_no: r.d('order_no'), type: afterSaleType(r), reason: r.word('reason'), qty: r.n('qty'), amount: r.yuan('amount'), as_no: r.d('as_no'),
    }),
  }),
  im_aftersale_agree: (r) => ({
    title: t('售后已同意'),
    sentence: r.is('type', 'return')
      ? t('{{seller}}已同意您的售后 {{as_no}}（{{type}}），请寄回配件并填写物流单号。', { seller: r.d('seller'), as_no: r.d('as_no'), type: afterSaleType(r) })
      : t('{{seller}}已同意您的售后 {{as_no}}（{{type}}），等待卖家退款。', { seller: r.d('seller'), as_no: r.d('as_no'), type: afterSaleType(r) }),
  }),
  im_aftersale_reject: (r) => ({
    title: t('售后被拒绝'),
    sentence: t('{{seller}}拒绝了您的售后 {{as_no}}，原因：{{reason}}。', { seller: r.d('seller'), as_no: r.d('as_no'), reason: r.d('reason') }),
  }),
  im_aftersale_cancel: (r) => ({
    title: t('售后已撤销'),
    sentence: r.has('reason')
      ? t('{{buyer}}撤销了售后 {{as_no}}，原因：{{reason}}。', { buyer: r.d('buyer'), as_no: r.d('as_no'), reason: r.d('reason') })
      : t('{{buyer}}撤销了售后 {{as_no}}。', { buyer: r.d('buyer'), as_no: r.d('as_no') }),
  }),
  im_aftersale_deliver: (r) => ({
    title: t('买家已退货'),
    sentence: r.has('logistics')
      ? t('{{buyer}}已寄回售后 {{as_no}} 的配件，物流 {{logistics}}，请注意查收。', { buyer: r.d('buyer'), as_no: r.d('as_no'), logistics: r.d('logistics') })
      : t('{{buyer}}已寄回售后 {{as_no}} 的配件，请注意查收。', { buyer: r.d('buyer'), as_no: r.d('as_no') }),
  }),
  im_aftersale_receipt: (r) => ({
    title: t('卖家已收到退货'),
    sentence: t('{{seller}}已收到售后 {{as_no}} 的退货，等待卖家退款。', { seller: r.d('seller'), as_no: r.d('as_no') }),
  }),
  im_aftersale_complete: (r) => ({
    title: t('售后已完成'),
    sentence: r.has('refund_method') && r.has('refund_note')
      ? t('{{seller}}已退款 {{amount}}（{{refund_method}}：{{refund_note}}），售后 {{as_no}} 已完成。', {
        seller: r.d('seller'), amount: r.yuan('amount'), refund_method: r.word('refund_method'), refund_note: r.d('refund_note'), as_no: r.d('as_no'),
      })
      : r.has('refund_method')
      ? t('{{seller}}已退款 {{amount}}（{{refund_method}}），售后 {{as_no}} 已完成。', {
        seller: r.d('seller'), amount: r.yuan('amount'), refund_method: r.word('refund_method'), as_no: r.d('as_no'),
      })
      : t('{{seller}}已退款 {{amount}}，售后 {{as_no}} 已完成。', { seller: r.d('seller'), amount: r.yuan('amount'), as_no: r.d('as_no') }),
  }),
  im_aftersale_close: (r) => ({
    title: t('售后已被平台关闭'),
    sentence: `${t('售后 {{as_no}}（订单 {{order_no}}）已被平台关闭，原因：{{reason}}。', { as_no: r.d('as_no'), order_no: r.d('order_no'), reason: r.d('reason') })} ${t(HELP)}`,
  }),
  im_invoice_apply: (r) => ({
    title: t('新开票申请'),
    sentence: t('{{buyer}}申请开具{{invoice_type}}（抬头：{{title}}），{{orders}} 个订单共 {{amount}}，申请单号 {{request_no}}，请及时处理。', {
      buyer: r.d('buyer'), invoice_type: t(INVOICE_TYPE_LONG_TEXT[r.code('invoice_type', ['normal', 'special'] as const)]), title: r.d('title'),
      orders: r.n('orders'), amount: r.yuan('amount'), request_no: r.d('request_no'),
    }),
  }),
  im_invoice_issue: (r) => ({
    title: t('发票已开具'),
    sentence: t('{{seller}}已为申请 {{request_no}} 开具发票，发票号码 {{invoice_number}}，金额 {{amount}}，可在开票记录中查看。', {
      seller: r.d('seller'), request_no: r.d('request_no'), invoice_number: r.d('invoice_number'), amount: r.yuan('amount'),
    }),
  }),
  im_invoice_refuse: (r) => ({
    title: t('开票被拒绝'),
    sentence: t('{{seller}}拒绝了开票申请 {{request_no}}，原因：{{reason}}。修改后可重新提交。', { seller: r.d('seller'), request_no: r.d('request_no'), reason: r.d('reason') }),
  }),
  im_invoice_withdraw: (r) => ({
    title: t('开票申请已撤回'),
    sentence: t('{{buyer}}撤回了开票申请 {{request_no}}。', { buyer: r.d('buyer'), request_no: r.d('request_no') }),
  }),
  im_invoice_reverse: (r) => ({
    title: t('发票已红冲'),
    sentence: t('{{seller}}已红冲申请 {{request_no}} 的发票 {{invoice_number}}（红字发票号码 {{red_number}}），原因：{{reason}}。相关订单可重新申请开票。', {
      seller: r.d('seller'), request_no: r.d('request_no'), invoice_number: r.d('invoice_number'), red_number: r.d('red_number'), reason: r.d('reason'),
    }),
  }),
  im_invoice_resubmit: (r) => ({
    title: t('开票申请已重新提交'),
    sentence: t('{{buyer}}重新提交了开票申请 {{request_no}}（抬头：{{title}}），金额 {{amount}}，请及时处理。', {
      buyer: r.d('buyer'), request_no: r.d('request_no'), title: r.d('title'), amount: r.yuan('amount'),
    }),
  }),
  im_quote: (r) => {
    const fen = r.int('price');
    const price = fen < 0 ? t('无货') : r.has('dong') ? t('{{dong}}（合 {{yuan}}）', { dong: formatVnd(r.int('dong')), yuan: r.yuan('price') }) : r.yuan('price');
    return {
      title: t('收到报价'),
      sentence: t('您的询价单 {{enquiry_no}}（{{part}}）收到{{seller}}的报价 {{price}}。', { enquiry_no: r.d('enquiry_no'), part: r.d('part'), seller: r.d('seller'), price }),
    };
  },
  im_audit_approved: () => ({
    title: t('企业审核通过'),
    sentence: t('您的卖家入驻申请已通过审核，现在可以发布库存、接收询价和订单。'),
  }),
  im_audit_rejected: (r) => ({
    title: t('企业审核未通过'),
    sentence: t('您的卖家入驻申请被驳回，原因：{{reason}}。修改后可重新申请。', { reason: r.d('reason') }),
  }),
  im_cash_pledge_deduct: (r) => ({
    title: t('保证金已扣除'),
    sentence: t('平台根据售后 {{as_no}} 的裁决从贵公司保证金扣除 {{amount}}（{{to}}），原因：{{reason}}。剩余保证金 {{held}}，请及时补缴。', {
      as_no: r.d('as_no'), amount: r.yuan('amount'), to: r.code('to', ['buyer', 'platform'] as const) === 'buyer' ? t('赔付买家') : t('平台收取'),
      reason: r.d('reason'), held: r.yuan('held'),
    }),
  }),
  im_cash_pledge_return: (r) => ({
    title: t('保证金已退还'),
    sentence: t('平台已将贵公司的保证金 {{amount}} 退还到钱包，原因：{{reason}}。', { amount: r.yuan('amount'), reason: r.d('reason') }),
  }),
  im_package_paid: (r) => ({
    title: t('会员套餐已支付'),
    sentence: t('订单 {{order_no}}（{{level}}）已付款 {{amount}}，会员有效期至 {{end_day}}。', {
      order_no: r.d('order_no'), level: r.d('level'), amount: r.yuan('amount'), end_day: r.day('end_day'),
    }),
  }),
  im_membership_granted: (r) => ({
    title: t('会员已开通'),
    sentence: r.has('until')
      ? t('平台已为贵公司开通{{level}}，有效期至 {{until}}。', { level: r.d('level'), until: r.day('until') })
      : t('平台已为贵公司开通{{level}}，长期有效。', { level: r.d('level') }),
  }),
  im_membership_expiring: (r) => ({
    title: t('会员即将到期'),
    sentence: r.int('left') <= 1
      ? t('贵公司的{{level}}将于 {{end_day}} 到期（今天到期），请及时续费。', { level: r.d('level'), end_day: r.day('end_day') })
      : t('贵公司的{{level}}将于 {{end_day}} 到期（剩余 {{left}} 天），请及时续费。', { level: r.d('level'), end_day: r.day('end_day'), left: r.n('left') }),
  }),
  im_points_expiring: (r) => ({
    title: t('积分即将过期'),
    sentence: t('贵公司有 {{points}} 积分将于 {{end_day}} 24:00 过期，请尽快到积分商城兑换。', { points: r.n('points'), end_day: r.day('end_day') }),
  }),
  im_membership_expired: (r) => ({
    title: t('会员已到期'),
    sentence: t('贵公司的{{level}}已于 {{end_day}} 到期，请续费以继续享有正式会员权益。', { level: r.d('level'), end_day: r.day('end_day') }),
  }),
  im_circle_updated: (r) => {
    const circle = r.d('circle');
    const sentence = r.has('name') && r.has('description') ? t('您的商圈“{{circle}}”名称已改为“{{name}}”，简介已修改。', { circle, name: r.d('name') })
      : r.has('name') ? t('您的商圈“{{circle}}”名称已改为“{{name}}”。', { circle, name: r.d('name') })
        : r.has('description') ? t('您的商圈“{{circle}}”简介已修改。', { circle })
          : t('您的商圈“{{circle}}”资料已修改。', { circle });
    return { title: t('商圈资料已被平台修改'), sentence: `${sentence} ${t(HELP)}` };
  },
  im_circle_member_removed: (r) => ({
    title: t('商圈成员已被平台移出'),
    sentence: r.code('what', ['pending', 'member'] as const) === 'pending'
      ? t('您的商圈“{{circle}}”中，{{company}}的入圈申请已被平台撤销，原因：{{reason}}。', { circle: r.d('circle'), company: r.d('company'), reason: r.d('reason') })
      : t('您的商圈“{{circle}}”中，{{company}}已被平台移出该商圈，原因：{{reason}}。', { circle: r.d('circle'), company: r.d('company'), reason: r.d('reason') }),
  }),
  im_circle_removed_member: (r) => ({
    title: t('商圈成员已被平台移出'),
    sentence: r.code('what', ['pending', 'member'] as const) === 'pending'
      ? t('贵公司在商圈“{{circle}}”的入圈申请已被平台撤销，原因：{{reason}}。', { circle: r.d('circle'), reason: r.d('reason') })
      : t('贵公司在商圈“{{circle}}”的成员资格已被平台取消，原因：{{reason}}。', { circle: r.d('circle'), reason: r.d('reason') }),
  }),
  im_circle_dissolved: (r) => ({
    title: t('商圈已被平台解散'),
    sentence: `${t('您的商圈“{{circle}}”已被平台解散，原因：{{reason}}。', { circle: r.d('circle'), reason: r.d('reason') })} ${t(HELP)}`,
  }),
  im_exhibition_removed: (r) => {
    const photo = r.code('what', ['photo', 'video'] as const) === 'photo';
    const sentence = r.has('title')
      ? (photo ? t('您店铺展厅的图片“{{title}}”已被平台移除，原因：{{reason}}。', { title: r.d('title'), reason: r.d('reason') })
        : t('您店铺展厅的视频“{{title}}”已被平台移除，原因：{{reason}}。', { title: r.d('title'), reason: r.d('reason') }))
      : (photo ? t('您店铺展厅的一张图片已被平台移除，原因：{{reason}}。', { reason: r.d('reason') })
        : t('您店铺展厅的一个视频已被平台移除，原因：{{reason}}。', { reason: r.d('reason') }));
    return { title: t('展厅内容已被平台移除'), sentence: `${sentence} ${t(HELP)}` };
  },
  im_withdrawal: (r) => {
    const state = r.code('state', ['applied', 'approved', 'paid', 'rejected'] as const);
    const title = state === 'applied' ? t('提现申请中') : state === 'approved' ? t('提现已通过') : state === 'paid' ? t('提现已打款') : t('提现已拒绝');
    const v = { no: r.d('no'), amount: r.yuan('amount'), bank: r.d('bank'), tail: r.d('tail') };
    return {
      title,
      sentence: r.has('reason')
        ? t('提现单 {{no}}，金额 {{amount}}，收款卡 {{bank}} 尾号 {{tail}}，原因：{{reason}}。', { ...v, reason: r.d('reason') })
        : t('提现单 {{no}}，金额 {{amount}}，收款卡 {{bank}} 尾号 {{tail}}。', v),
    };
  },
  im_bank_card: (r) => {
    const verified = r.code('state', ['verified', 'rejected'] as const) === 'verified';
    const v = { bank: r.d('bank'), tail: r.d('tail') };
    return {
      title: verified ? t('银行卡审核通过') : t('银行卡审核未通过'),
      sentence: r.has('reason') ? t('银行卡 {{bank}} 尾号 {{tail}}，原因：{{reason}}。', { ...v, reason: r.d('reason') }) : t('银行卡 {{bank}} 尾号 {{tail}}。', v),
    };
  },
  im_webhook: (r) => {
    const kind = r.code('kind', ['failed', 'failed_many', 'disabled'] as const);
    const what = kind === 'failed'
      ? t('事件 {{event}} 发往 {{url}} 的投递 {{delivery}} 在 24 小时内未成功，已停止重试。', { event: r.d('event'), url: r.d('url'), delivery: r.d('delivery') })
      : kind === 'failed_many'
        ? t('发往 {{url}} 的 {{count}} 条投递在 24 小时内未成功，已停止重试。', { url: r.d('url'), count: r.n('count') })
        : r.int('stopped') > 0
          ? t('回调地址 {{url}} 连续 24 小时投递失败，已被自动停用；其余 {{stopped}} 条未送达的投递已停止发送。', { url: r.d('url'), stopped: r.n('stopped') })
          : t('回调地址 {{url}} 连续 24 小时投递失败，已被自动停用。', { url: r.d('url') });
    const last = kind !== 'disabled' && r.has('error') ? ` ${t('最后一次：{{error}}。', { error: r.d('error') })}` : '';
    return { title: t('Webhook 投递失败'), sentence: `${what}${last} ${t('请检查接收服务后在“开放平台 → Webhook”中重新发送或启用。')}` };
  },
  im_follow_oe: (r) => {
    const back = r.code('what', ['back', 'cheaper'] as const) === 'back';
    const v = { oe: r.d('oe'), name: r.d('name') };
    return {
      title: back ? t('关注的配件到货') : t('关注的配件降价'),
      sentence: back
        ? (r.has('price') ? t('您关注的配件 {{oe}} {{name}} 已到货，最低 {{price}}，快去看看吧。', { ...v, price: r.yuan('price') }) : t('您关注的配件 {{oe}} {{name}} 已到货，快去看看吧。', v))
        : t('您关注的配件 {{oe}} {{name}} 降价了，最低 {{price}}，快去看看吧。', { ...v, price: r.yuan('price') }),
    };
  },
  im_operator_group: (r) => ({ title: t('平台通知'), sentence: r.d('text') }),
};

/** A notice card's words in Vietnamese, or null: shown as stored (a Chinese reader, or an old or unreadable notice). */
export const noticeWords = (c: Pick<BizContent, 'Notice'>): NoticeWords | null => {
  const n = c.Notice;
  if (!n || !Object.hasOwn(NOTICE_VI, n.scene)) return null;
  const r = reader(n.facts);
  try {
    const { title, sentence } = NOTICE_VI[n.scene as ImNoticeScene](r);
    return { title, sentence, data: r.data };
  } catch (e) {
    if (e instanceof Unreadable) return null;
    throw e;
  }
};

/** The sentence with its data put back, for a conversation's preview (the whole preview is marked data-user-text). */
export const noticePreview = (w: NoticeWords) => `${w.title}: ${w.sentence.split('\u0001').map((piece, i) => (i % 2 === 1 ? w.data[Number(piece)] : piece)).join('')}`;

/** A conversation's preview in the page's language: a notice's in Vietnamese when it reads, any other as chat-store words it. */
export const previewIn = (lang: Lang, m: Parameters<typeof previewOf>[0]): string => {
  if (lang === 'vi' && m && 'SceneCode' in m.content && m.content.SceneCode === SCENE_NOTICE) {
    const w = noticeWords(m.content);
    if (w) return `${t('[通知]')} ${noticePreview(w)}`;
  }
  return previewOf(m);
};

/**
 * A conversation's person as a list shows it: the message assistant by its own name from the
 * catalogue (docs/i18n.md, "Chat"), anyone else by the name they wrote (user data).
 */
export const personName = (c: { name: string; is_assistant?: boolean }): { text: string; data: boolean } =>
  (c.is_assistant ? { text: t(msg.chatAssistant), data: false } : { text: c.name, data: true });
