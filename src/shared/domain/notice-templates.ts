/**
 * The texts the platform sends, by scene (requirements 001-2-2 system/notice: sms, im, scene): the
 * SMS texts and the message assistant's notices (消息助手, requirements 001-9). Operators edit them on
 * /operation/system/notice; the server renders the stored text at each send. A template must keep
 * its required placeholders (a verification text without {code} would send no code) and may use
 * only its own; an SMS gateway in China refuses a text without its 【签名】 in front. A notice's
 * optional facts (a reason, a carrier) come as one placeholder that is empty when there is none,
 * with its own words around it, so a template needs no conditions.
 */
export interface NoticeScene {
  /** sms: sent as a text message; im: posted by the message assistant */
  channel: 'sms' | 'im';
  label: string;
  /** placeholder → what it stands for, in the editor's words */
  placeholders: Readonly<Record<string, string>>;
  required: readonly string[];
  /** the text before an operator edits it (also migration 0081's row) */
  fallback: string;
}

export const NOTICE_SCENES = {
  sms_register: {
    channel: 'sms', label: '注册验证码短信', placeholders: { code: '验证码', minutes: '有效分钟数' }, required: ['code'],
    fallback: '【汽配汇】您的注册验证码是{code}，{minutes}分钟内有效。如非本人操作，请忽略本短信。',
  },
  sms_reset: {
    channel: 'sms', label: '找回密码验证码短信', placeholders: { code: '验证码', minutes: '有效分钟数' }, required: ['code'],
    fallback: '【汽配汇】您的找回密码验证码是{code}，{minutes}分钟内有效。如非本人操作，请忽略本短信。',
  },
  sms_temp_password: {
    channel: 'sms', label: '临时密码短信（运营重置密码）', placeholders: { name: '用户姓名', password: '临时密码' }, required: ['password'],
    fallback: '【汽配汇】{name}，平台已为您重置登录密码，临时密码：{password}，请登录后立即修改。',
  },
  im_order_create: {
    channel: 'im', label: '新订单（通知卖家）', required: ['order_no'],
    placeholders: { buyer: '买家公司', lines: '配件种数', qty: '件数', amount: '合计金额（元）', order_no: '订单号' },
    fallback: '新订单：{buyer}下单 {lines} 种配件共 {qty} 件，合计 ¥{amount}，订单号 {order_no}，请及时确认。',
  },
  im_order_confirm: {
    channel: 'im', label: '订单已确认（通知买家）', required: ['order_no'],
    placeholders: { seller: '卖家公司', order_no: '订单号', amount: '合计金额（元）' },
    fallback: '订单已确认：{seller}已确认您的订单 {order_no}，合计 ¥{amount}。',
  },
  im_order_deliver: {
    channel: 'im', label: '订单已发货（通知买家）', required: ['order_no'],
    placeholders: { seller: '卖家公司', order_no: '订单号', logistics: '物流（有则为“，物流 公司 单号”）' },
    fallback: '订单已发货：{seller}已发出您的订单 {order_no}{logistics}。',
  },
  im_order_reject: {
    channel: 'im', label: '卖家拒绝订单（通知买家）', required: ['order_no'],
    placeholders: { seller: '卖家公司', order_no: '订单号', reason: '原因（有则为“，原因：…”）' },
    fallback: '订单已取消：{seller}拒绝了您的订单 {order_no}{reason}。',
  },
  im_order_expire: {
    channel: 'im', label: '现货订单超时自动取消（通知买家）', required: ['order_no'],
    placeholders: { seller: '卖家公司', order_no: '订单号', reason: '原因（有则为“，原因：…”）' },
    fallback: '订单已取消：{seller}未在规定时间内确认您的现货订单 {order_no}，平台已自动取消{reason}。货款如已支付将原路退回。',
  },
  im_order_cancel: {
    channel: 'im', label: '买家取消订单（通知卖家）', required: ['order_no'],
    placeholders: { buyer: '买家公司', order_no: '订单号', reason: '原因（有则为“，原因：…”）' },
    fallback: '订单已取消：{buyer}取消了订单 {order_no}{reason}。',
  },
  im_order_pay: {
    channel: 'im', label: '付款已确认（通知买家）', required: ['order_no'],
    placeholders: { seller: '卖家公司', order_no: '订单号', amount: '金额（元）', pay_method: '收款方式（有则为“（方式）”）' },
    fallback: '付款已确认：{seller}已确认收到订单 {order_no} 的付款 ¥{amount}{pay_method}。',
  },
  im_order_paid_online: {
    // docs/money.md, "Paying orders": the buyer paid from its wallet or through the provider; the platform holds the money
    channel: 'im', label: '买家已在线付款（通知卖家）', required: ['order_no'],
    placeholders: { buyer: '买家公司', order_no: '订单号', amount: '金额（元）', pay_method: '付款方式（钱包余额或在线支付）' },
    fallback: '买家已付款：{buyer}已为订单 {order_no} 在线付款 ¥{amount}（{pay_method}），款项由平台暂管，买家确认收货后结算到贵公司钱包。',
  },
  im_order_receipt: {
    channel: 'im', label: '买家已确认收货（通知卖家）', required: ['order_no'],
    placeholders: { buyer: '买家公司', order_no: '订单号' },
    fallback: '买家已确认收货：{buyer}已确认收到订单 {order_no} 的货物。',
  },
  im_aftersale_apply: {
    channel: 'im', label: '新售后申请（通知卖家）', required: ['as_no'],
    placeholders: { buyer: '买家公司', order_no: '订单号', as_no: '售后单号', type: '售后类型', reason: '售后原因', qty: '件数', amount: '退款金额（元）' },
    fallback: '新售后申请：{buyer}对订单 {order_no} 申请{type}（{reason}），共 {qty} 件，退款 ¥{amount}，售后单号 {as_no}，请及时处理。',
  },
  im_aftersale_agree: {
    channel: 'im', label: '卖家同意售后（通知买家）', required: ['as_no'],
    placeholders: { seller: '卖家公司', as_no: '售后单号', type: '售后类型', next: '下一步（“，请寄回配件并填写物流单号”或“，等待卖家退款”）' },
    fallback: '售后已同意：{seller}已同意您的售后 {as_no}（{type}）{next}。',
  },
  im_aftersale_reject: {
    channel: 'im', label: '卖家拒绝售后（通知买家）', required: ['as_no', 'reason'],
    placeholders: { seller: '卖家公司', as_no: '售后单号', reason: '拒绝原因' },
    fallback: '售后被拒绝：{seller}拒绝了您的售后 {as_no}，原因：{reason}。',
  },
  im_aftersale_cancel: {
    channel: 'im', label: '买家撤销售后（通知卖家）', required: ['as_no'],
    placeholders: { buyer: '买家公司', as_no: '售后单号', reason: '原因（有则为“，原因：…”）' },
    fallback: '售后已撤销：{buyer}撤销了售后 {as_no}{reason}。',
  },
  im_aftersale_deliver: {
    channel: 'im', label: '买家已退货（通知卖家）', required: ['as_no'],
    placeholders: { buyer: '买家公司', as_no: '售后单号', logistics: '物流（“，物流 公司 单号”）' },
    fallback: '买家已退货：{buyer}已寄回售后 {as_no} 的配件{logistics}，请注意查收。',
  },
  im_aftersale_receipt: {
    channel: 'im', label: '卖家已收到退货（通知买家）', required: ['as_no'],
    placeholders: { seller: '卖家公司', as_no: '售后单号' },
    fallback: '卖家已收到退货：{seller}已收到售后 {as_no} 的退货，等待卖家退款。',
  },
  im_aftersale_complete: {
    channel: 'im', label: '售后已完成（通知买家）', required: ['as_no'],
    placeholders: { seller: '卖家公司', as_no: '售后单号', amount: '退款金额（元）', refund_method: '退款方式（有则为“（方式）”）' },
    fallback: '售后已完成：{seller}已退款 ¥{amount}{refund_method}，售后 {as_no} 已完成。',
  },
  im_aftersale_close: {
    channel: 'im', label: '平台关闭售后（通知买卖双方）', required: ['as_no', 'reason'],
    placeholders: { as_no: '售后单号', order_no: '订单号', reason: '关闭原因' },
    fallback: '售后已被平台关闭：售后 {as_no}（订单 {order_no}）已被平台关闭，原因：{reason}。如有疑问请联系平台客服。',
  },
  im_invoice_apply: {
    channel: 'im', label: '新开票申请（通知卖家）', required: ['request_no'],
    placeholders: { buyer: '买家公司', request_no: '申请单号', orders: '订单数', amount: '金额（元）', title: '发票抬头', invoice_type: '发票类型' },
    fallback: '新开票申请：{buyer}申请开具{invoice_type}（抬头：{title}），{orders} 个订单共 ¥{amount}，申请单号 {request_no}，请及时处理。',
  },
  im_invoice_issue: {
    channel: 'im', label: '卖家已开票（通知买家）', required: ['request_no'],
    placeholders: { seller: '卖家公司', request_no: '申请单号', invoice_number: '发票号码', amount: '开票金额（元）' },
    fallback: '发票已开具：{seller}已为申请 {request_no} 开具发票，发票号码 {invoice_number}，金额 ¥{amount}，可在开票记录中查看。',
  },
  im_invoice_refuse: {
    channel: 'im', label: '卖家拒绝开票（通知买家）', required: ['request_no', 'reason'],
    placeholders: { seller: '卖家公司', request_no: '申请单号', reason: '拒绝原因' },
    fallback: '开票被拒绝：{seller}拒绝了开票申请 {request_no}，原因：{reason}。修改后可重新提交。',
  },
  im_invoice_withdraw: {
    channel: 'im', label: '买家撤回开票申请（通知卖家）', required: ['request_no'],
    placeholders: { buyer: '买家公司', request_no: '申请单号' },
    fallback: '开票申请已撤回：{buyer}撤回了开票申请 {request_no}。',
  },
  im_invoice_reverse: {
    channel: 'im', label: '卖家红冲发票（通知买家）', required: ['request_no', 'red_number'],
    placeholders: { seller: '卖家公司', request_no: '申请单号', invoice_number: '原发票号码', red_number: '红字发票号码', reason: '红冲原因' },
    fallback: '发票已红冲：{seller}已红冲申请 {request_no} 的发票 {invoice_number}（红字发票号码 {red_number}），原因：{reason}。相关订单可重新申请开票。',
  },
  im_invoice_resubmit: {
    channel: 'im', label: '买家重新提交开票申请（通知卖家）', required: ['request_no'],
    placeholders: { buyer: '买家公司', request_no: '申请单号', amount: '金额（元）', title: '发票抬头' },
    fallback: '开票申请已重新提交：{buyer}重新提交了开票申请 {request_no}（抬头：{title}），金额 ¥{amount}，请及时处理。',
  },
  im_quote: {
    channel: 'im', label: '收到报价（通知询价人）', required: ['enquiry_no'],
    placeholders: { enquiry_no: '询价单号', part: '配件', seller: '报价公司', price: '报价' },
    fallback: '收到报价：您的询价单 {enquiry_no}（{part}）收到{seller}的报价 {price}。',
  },
  im_audit_approved: {
    channel: 'im', label: '卖家入驻审核通过', required: [], placeholders: {},
    fallback: '企业审核通过：您的卖家入驻申请已通过审核，现在可以发布库存、接收询价和订单。',
  },
  im_audit_rejected: {
    channel: 'im', label: '卖家入驻审核未通过', required: ['reason'], placeholders: { reason: '驳回原因' },
    fallback: '企业审核未通过：您的卖家入驻申请被驳回，原因：{reason}。修改后可重新申请。',
  },
  im_cash_pledge_deduct: {
    channel: 'im', label: '保证金被扣除（通知卖家）', required: ['amount', 'reason'],
    placeholders: { amount: '扣除金额（元）', as_no: '售后单号', to: '去向（“赔付买家”或“平台收取”）', reason: '原因', held: '剩余保证金（元）' },
    fallback: '保证金已扣除：平台根据售后 {as_no} 的裁决从贵公司保证金扣除 ¥{amount}（{to}），原因：{reason}。剩余保证金 ¥{held}，请及时补缴。',
  },
  im_cash_pledge_return: {
    channel: 'im', label: '保证金已退还（通知卖家）', required: ['amount'],
    placeholders: { amount: '退还金额（元）', reason: '原因' },
    fallback: '保证金已退还：平台已将贵公司的保证金 ¥{amount} 退还到钱包，原因：{reason}。',
  },
  im_package_paid: {
    channel: 'im', label: '会员套餐已支付', required: ['order_no'],
    placeholders: { order_no: '订单号', level: '会员等级', amount: '金额（元）', end_day: '有效期至' },
    fallback: '会员套餐已支付：订单 {order_no}（{level}）已付款 ¥{amount}，会员有效期至 {end_day}。',
  },
  im_membership_granted: {
    channel: 'im', label: '平台开通会员', required: ['level'],
    placeholders: { level: '会员等级', until: '期限（“，有效期至 日期”或“，长期有效”）' },
    fallback: '会员已开通：平台已为贵公司开通{level}{until}。',
  },
  im_membership_expiring: {
    channel: 'im', label: '会员即将到期', required: ['end_day'],
    placeholders: { level: '会员等级', end_day: '到期日', left: '剩余（“今天到期”或“剩余N天”）' },
    fallback: '会员即将到期：贵公司的{level}将于 {end_day} 到期（{left}），请及时续费。',
  },
  im_points_expiring: {
    channel: 'im', label: '积分年底过期提醒', required: ['points', 'end_day'],
    placeholders: { points: '将过期的积分', end_day: '过期日（当年12月31日）' },
    fallback: '积分即将过期：贵公司有 {points} 积分将于 {end_day} 24:00 过期，请尽快到积分商城兑换。',
  },
  im_membership_expired: {
    channel: 'im', label: '会员已到期', required: ['end_day'],
    placeholders: { level: '会员等级', end_day: '到期日' },
    fallback: '会员已到期：贵公司的{level}已于 {end_day} 到期，请续费以继续享有正式会员权益。',
  },
  im_circle_updated: {
    channel: 'im', label: '平台修改商圈（通知圈主）', required: ['circle'],
    placeholders: { circle: '商圈名称', changes: '改了什么（如“名称由…改为…，简介已修改”）' },
    fallback: '商圈资料已被平台修改：您的商圈“{circle}”{changes}。如有疑问请联系平台客服。',
  },
  im_circle_member_removed: {
    channel: 'im', label: '平台移出商圈成员（通知圈主）', required: ['circle', 'reason'],
    placeholders: { circle: '商圈名称', company: '被移出的公司', what: '结果（“已被平台移出该商圈”或“入圈申请已被平台撤销”）', reason: '原因' },
    fallback: '商圈成员已被平台移出：您的商圈“{circle}”中，{company}{what}，原因：{reason}。',
  },
  im_circle_removed_member: {
    channel: 'im', label: '平台移出商圈成员（通知被移出的公司）', required: ['circle', 'reason'],
    placeholders: { circle: '商圈名称', what: '结果（“成员资格已被平台取消”或“入圈申请已被平台撤销”）', reason: '原因' },
    fallback: '商圈成员已被平台移出：贵公司在商圈“{circle}”的{what}，原因：{reason}。',
  },
  im_circle_dissolved: {
    channel: 'im', label: '平台解散商圈（通知圈主）', required: ['circle', 'reason'],
    placeholders: { circle: '商圈名称', reason: '原因' },
    fallback: '商圈已被平台解散：您的商圈“{circle}”已被平台解散，原因：{reason}。如有疑问请联系平台客服。',
  },
  im_exhibition_removed: {
    channel: 'im', label: '平台移除展厅内容（通知企业负责人）', required: ['reason'],
    placeholders: { what: '图片或视频', title: '标题', reason: '原因' },
    fallback: '店铺展厅内容已被平台移除：您店铺展厅的{what}“{title}”已被平台移除，原因：{reason}。如有疑问请联系平台客服。',
  },
  im_withdrawal: {
    channel: 'im', label: '提现状态变化（通知企业负责人）', required: ['no', 'state'],
    placeholders: { no: '提现单号', amount: '金额（元）', card: '收款卡（银行及尾号）', state: '新状态', reason: '原因（已拒绝时，含前面的说明）' },
    fallback: '提现{state}：提现单 {no}，金额 ¥{amount}，收款卡 {card}{reason}。',
  },
  im_bank_card: {
    channel: 'im', label: '银行卡审核结果（通知企业负责人）', required: ['card', 'state'],
    placeholders: { card: '银行卡（银行及尾号）', state: '审核结果', reason: '原因（未通过时，含前面的说明）' },
    fallback: '银行卡审核{state}：{card}{reason}。',
  },
  im_webhook: {
    // docs/open-platform.md, "Webhooks": a delivery given up after 24 h, or an endpoint the platform disabled
    channel: 'im', label: 'Webhook 投递失败或回调地址被停用（通知企业负责人）', required: ['what'],
    placeholders: { what: '发生了什么（含回调地址与事件）' },
    fallback: 'Webhook 通知：{what}。请检查接收服务后在“开放平台 → Webhook”中重新发送或启用。',
  },
  im_follow_oe: {
    // docs/basket-follows.md: a followed part's lowest price fell or it is back in stock, once a day per part and follower
    channel: 'im', label: '关注的配件降价或到货（通知关注者）', required: ['oe', 'what'],
    placeholders: { oe: 'OE号', name: '配件名称', what: '发生了什么（降价或到货，含最低价）' },
    fallback: '您关注的配件 {oe} {name}{what}，快去看看吧。',
  },
  im_operator_group: {
    // the group's name is the operators' own word (重点客户 …) and never reaches the companies
    channel: 'im', label: '运营群发通知（企业分组）', required: ['text'],
    placeholders: { text: '运营填写的通知内容' },
    fallback: '平台通知：{text}',
  },
} as const satisfies Record<string, NoticeScene>;

export type NoticeSceneKey = keyof typeof NOTICE_SCENES;
export const NOTICE_SCENE_KEYS = Object.keys(NOTICE_SCENES) as NoticeSceneKey[];

/** Longer texts are split into several paid messages by the gateways, or refused. */
export const NOTICE_BODY_MAX = 300;

export const PLACEHOLDER_RE = /\{([^{}]*)\}/g;

/** The first problem of a template, in the editor's words, or null when it can be sent. */
export const templateProblem = (scene: NoticeSceneKey, raw: string): string | null => {
  const def: NoticeScene = NOTICE_SCENES[scene];
  const body = raw.trim();
  if (body === '') return '请填写模板内容';
  if (body.length > NOTICE_BODY_MAX) return `模板内容最多${NOTICE_BODY_MAX}个字符`;
  if (def.channel === 'sms' && !/^【[^【】]{2,12}】/.test(body)) return '短信须以【签名】开头（2到12个字，如【汽配汇】）';
  for (const [, name] of body.matchAll(PLACEHOLDER_RE)) {
    if (!(name in def.placeholders)) return `未知的占位符 {${name}}，可用：${Object.keys(def.placeholders).map((k) => `{${k}}`).join('、')}`;
  }
  const missing = def.required.find((k) => !body.includes(`{${k}}`));
  if (missing) return `模板须包含占位符 {${missing}}（${def.placeholders[missing]}）`;
  if (/[{}]/.test(body.replace(PLACEHOLDER_RE, ''))) return '花括号只能用于占位符，如 {code}';
  return null;
};

/** The text a person receives: each placeholder replaced by its value. */
export const renderTemplate = (body: string, values: Readonly<Record<string, string>>) =>
  body.replace(PLACEHOLDER_RE, (whole, name: string) => values[name] ?? whole);
