/**
 * The message assistant's notices in Vietnamese (docs/i18n.md, "The message assistant's notices"):
 * every scene the assistant posts has its Vietnamese, read from facts as the server writes them
 * (server/modules/im/notices.ts and the services that post), with no Chinese left outside the data,
 * money by Intl and days on Vietnam's calendar; a notice without facts, or with a fact that does not
 * read, is shown as stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_NOTICE, type BizContent } from '../../../shared/contracts';
import { NOTICE_SCENE_KEYS, NOTICE_SCENES } from '../../../shared/domain/notice-templates';
import { spotText } from '../../../shared/domain/spot';
import { setLang } from '../../i18n/lang';
import { NOTICE_VI, noticePreview, noticeWords, personName, previewIn, type ImNoticeScene } from './notice-text';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const ORDER = 'SO20261130120000123456';
const AS = 'AS20261130120000123456';
const IV = 'IV20261130120000123456';

/** Facts of each scene as its poster writes them, each variant the Vietnamese words differently. */
const SAMPLES: Record<ImNoticeScene, ReadonlyArray<Record<string, string>>> = {
  im_order_create: [{ order_no: ORDER, buyer: '河内汽配行', lines: '2', qty: '1200', amount: '123450' }],
  im_order_confirm: [{ order_no: ORDER, seller: '骏达汽配', amount: '123450' }],
  im_order_deliver: [{ order_no: ORDER, seller: '骏达汽配', logistics: '顺丰 SF123' }, { order_no: ORDER, seller: '骏达汽配', logistics: '' }],
  im_order_reject: [{ order_no: ORDER, seller: '骏达汽配', reason: '缺货' }, { order_no: ORDER, seller: '骏达汽配', reason: '' }],
  im_order_expire: [{ order_no: ORDER, seller: '骏达汽配', reason: spotText.expiredReason }, { order_no: ORDER, seller: '骏达汽配', reason: '' }],
  im_order_cancel: [{ order_no: ORDER, buyer: '河内汽配行', reason: '买错了' }, { order_no: ORDER, buyer: '河内汽配行', reason: '' }],
  im_order_pay: [{ order_no: ORDER, seller: '骏达汽配', amount: '5000', pay_method: '银行转账' }, { order_no: ORDER, seller: '骏达汽配', amount: '5000', pay_method: '' }],
  im_order_paid_online: [{ order_no: ORDER, buyer: '河内汽配行', amount: '5000', pay_method: '越南盾钱包' }],
  im_order_receipt: [{ order_no: ORDER, buyer: '河内汽配行' }],
  im_aftersale_apply: [{ as_no: AS, buyer: '河内汽配行', order_no: ORDER, type: 'return', reason: '质量问题', qty: '2', amount: '9900' }],
  im_aftersale_agree: [{ as_no: AS, seller: '骏达汽配', type: 'return' }, { as_no: AS, seller: '骏达汽配', type: 'refund' }],
  im_aftersale_reject: [{ as_no: AS, seller: '骏达汽配', reason: '已超过售后期' }],
  im_aftersale_cancel: [{ as_no: AS, buyer: '河内汽配行', reason: '已与卖家协商' }, { as_no: AS, buyer: '河内汽配行', reason: '' }],
  im_aftersale_deliver: [{ as_no: AS, buyer: '河内汽配行', logistics: '中通 ZT1' }, { as_no: AS, buyer: '河内汽配行', logistics: '' }],
  im_aftersale_receipt: [{ as_no: AS, seller: '骏达汽配' }],
  im_aftersale_complete: [
    { as_no: AS, seller: '骏达汽配', amount: '9900', refund_method: '原路退回', refund_note: '' },
    { as_no: AS, seller: '骏达汽配', amount: '9900', refund_method: '' },
    { as_no: AS, seller: '骏达汽配', amount: '9900', refund_method: '原路退回', refund_note: '已于周五退到对公账户' },
  ],
  im_aftersale_close: [{ as_no: AS, order_no: ORDER, reason: '双方已线下解决' }],
  im_invoice_apply: [{ request_no: IV, buyer: '河内汽配行', orders: '3', amount: '300000', title: '河内汽配行', invoice_type: 'special' }],
  im_invoice_issue: [{ request_no: IV, seller: '骏达汽配', invoice_number: '12345678', amount: '300000' }],
  im_invoice_refuse: [{ request_no: IV, seller: '骏达汽配', reason: '抬头有误' }],
  im_invoice_withdraw: [{ request_no: IV, buyer: '河内汽配行' }],
  im_invoice_reverse: [{ request_no: IV, seller: '骏达汽配', invoice_number: '12345678', red_number: '87654321', reason: '金额有误' }],
  im_invoice_resubmit: [{ request_no: IV, buyer: '河内汽配行', amount: '300000', title: '河内汽配行' }],
  im_quote: [
    { enquiry_no: 'XJ1', part: '刹车片', seller: '骏达汽配', price: '10000', dong: '' },
    { enquiry_no: 'XJ1', part: '刹车片', seller: '骏达汽配', price: '10000', dong: '362000' },
    { enquiry_no: 'XJ1', part: '刹车片', seller: '骏达汽配', price: '-1', dong: '' },
  ],
  im_audit_approved: [{}],
  im_audit_rejected: [{ reason: '营业执照不清晰' }],
  im_cash_pledge_deduct: [{ as_no: AS, amount: '10000', to: 'buyer', reason: '质量问题', held: '90000' }, { as_no: AS, amount: '10000', to: 'platform', reason: '违规', held: '0' }],
  im_cash_pledge_return: [{ amount: '100000', reason: '退出平台' }],
  im_package_paid: [{ order_no: 'PK1', level: '黄金会员', amount: '99900', end_day: '2027-11-30' }],
  im_membership_granted: [{ level: '黄金会员', until: '2027-11-30' }, { level: '黄金会员', until: '' }],
  im_membership_expiring: [{ level: '黄金会员', end_day: '2026-12-01', left: '1' }, { level: '黄金会员', end_day: '2026-12-05', left: '5' }],
  im_points_expiring: [{ points: '12000', end_day: '2026-12-31' }],
  im_membership_expired: [{ level: '黄金会员', end_day: '2026-11-29' }],
  im_circle_updated: [
    { circle: '广州汽配圈', name: '华南汽配圈', description: '1' }, { circle: '广州汽配圈', name: '华南汽配圈', description: '' },
    { circle: '广州汽配圈', name: '', description: '1' }, { circle: '广州汽配圈', name: '', description: '' },
  ],
  im_circle_member_removed: [{ circle: '广州汽配圈', company: '骏达汽配', what: 'pending', reason: '违规' }, { circle: '广州汽配圈', company: '骏达汽配', what: 'member', reason: '违规' }],
  im_circle_removed_member: [{ circle: '广州汽配圈', what: 'pending', reason: '违规' }, { circle: '广州汽配圈', what: 'member', reason: '违规' }],
  im_circle_dissolved: [{ circle: '广州汽配圈', reason: '长期无活动' }],
  im_exhibition_removed: [
    { what: 'photo', title: '门店', reason: '含联系方式' }, { what: 'video', title: '仓库', reason: '含联系方式' },
    { what: 'photo', title: '', reason: '含联系方式' }, { what: 'video', title: '', reason: '含联系方式' },
  ],
  im_withdrawal: [
    { no: 'WD1', amount: '50000', bank: '招商银行', tail: '1234', state: 'rejected', reason: '户名不符' },
    ...(['applied', 'approved', 'paid'] as const).map((state) => ({ no: 'WD1', amount: '50000', bank: '招商银行', tail: '1234', state, reason: '' })),
  ],
  im_bank_card: [{ bank: '招商银行', tail: '1234', state: 'verified', reason: '' }, { bank: '招商银行', tail: '1234', state: 'rejected', reason: '照片不清晰' }],
  im_webhook: [
    { kind: 'failed', event: 'order.created', url: 'https://erp.example.vn/hook', delivery: 'd1', error: 'HTTP 500' },
    { kind: 'failed_many', url: 'https://erp.example.vn/hook', count: '3', error: '' },
    { kind: 'disabled', url: 'https://erp.example.vn/hook', stopped: '2' }, { kind: 'disabled', url: 'https://erp.example.vn/hook', stopped: '0' },
  ],
  im_follow_oe: [
    { oe: '0005543715', name: '轮毂轴承', what: 'back', price: '12000' }, { oe: '0005543715', name: '轮毂轴承', what: 'back', price: '' },
    { oe: '0005543715', name: '轮毂轴承', what: 'cheaper', price: '12000' },
  ],
  im_operator_group: [{ text: '春节期间物流暂停' }],
};

const card = (scene: string, facts: Record<string, string>): Pick<BizContent, 'Notice'> => ({ Notice: { scene, facts } });
/** the sentence with its data slots taken out: what must be Vietnamese */
const own = (sentence: string) => sentence.split('\u0001').filter((_, i) => i % 2 === 0).join('');

beforeAll(async () => {
  await setLang('vi');
});
afterAll(async () => {
  await setLang('zh');
});

describe('the message assistant\'s notices in Vietnamese', () => {
  it('has a Vietnamese wording and a sample for every scene the assistant posts in chat', () => {
    const im = NOTICE_SCENE_KEYS.filter((k) => NOTICE_SCENES[k].channel === 'im');
    expect(im.length).toBeGreaterThan(40);
    expect(im.filter((k) => !(k in NOTICE_VI)), 'add the scene to NOTICE_VI in notice-text.ts').toEqual([]);
    expect(im.filter((k) => !(k in SAMPLES)), 'add the scene\'s facts to SAMPLES').toEqual([]);
  });

  it.each(Object.entries(SAMPLES).flatMap(([scene, list]) => list.map((facts, i) => [`${scene} #${i + 1}`, scene, facts] as const)))('words %s', (_, scene, facts) => {
    const w = noticeWords(card(scene, facts));
    expect(w).not.toBeNull();
    expect(w!.title).not.toMatch(CJK);
    expect(own(w!.sentence), w!.sentence).not.toMatch(CJK);
    // what someone wrote comes out as written, and only as data
    for (const v of w!.data) expect(Object.values(facts)).toContain(v);
  });

  it('writes money by Intl, a date on Vietnam\'s calendar, and keeps user data as it was written', () => {
    const w = noticeWords(card('im_order_confirm', SAMPLES.im_order_confirm[0]))!;
    expect(w.title).toBe('Đơn hàng đã được xác nhận');
    expect(own(w.sentence)).toContain('CN¥ 1.234,50');
    expect(w.data).toEqual(['骏达汽配', ORDER]);
    expect(noticePreview(w)).toBe(`Đơn hàng đã được xác nhận: 骏达汽配 đã xác nhận đơn hàng ${ORDER} của bạn, thành tiền CN¥ 1.234,50.`);
    expect(own(noticeWords(card('im_package_paid', SAMPLES.im_package_paid[0]))!.sentence)).toContain('30/11/2027');
    expect(own(noticeWords(card('im_quote', SAMPLES.im_quote[1]))!.sentence)).toContain('₫ 362.000 (≈ CN¥ 100,00)');
  });

  it('says a reason in its own words, with no Chinese fragment around it, and translates the server\'s fixed reasons', () => {
    const withReason = noticeWords(card('im_order_reject', SAMPLES.im_order_reject[0]))!;
    expect(own(withReason.sentence)).toContain('lý do:');
    expect(withReason.data).toContain('缺货');
    expect(own(noticeWords(card('im_order_reject', SAMPLES.im_order_reject[1]))!.sentence)).not.toContain('lý do');
    const expired = noticeWords(card('im_order_expire', SAMPLES.im_order_expire[0]))!;
    expect(expired.data).not.toContain(spotText.expiredReason);
    expect(own(expired.sentence)).toContain('30 phút');
    // a payment method of the list is translated; any other text is what the seller wrote
    expect(noticeWords(card('im_order_pay', SAMPLES.im_order_pay[0]))!.data).not.toContain('银行转账');
    expect(noticeWords(card('im_order_pay', { ...SAMPLES.im_order_pay[0], pay_method: '老王代收' }))!.data).toContain('老王代收');
    // a completed after-sale: the refund method of the list translated, the seller's note on it as written
    const refunded = noticeWords(card('im_aftersale_complete', SAMPLES.im_aftersale_complete[2]))!;
    expect(refunded.data).toEqual(['骏达汽配', '已于周五退到对公账户', AS]);
    expect(own(refunded.sentence)).toContain('Hoàn theo đường thanh toán ban đầu');
  });

  it('shows a notice as stored when it has no facts, its scene is unknown or a fact does not read', () => {
    expect(noticeWords({})).toBeNull();
    expect(noticeWords(card('im_no_such_scene', {}))).toBeNull();
    expect(noticeWords(card('im_order_confirm', { ...SAMPLES.im_order_confirm[0], amount: '1,234.50' }))).toBeNull();
    expect(noticeWords(card('im_order_confirm', { order_no: ORDER, amount: '100' }))).toBeNull();
    expect(noticeWords(card('im_aftersale_agree', { as_no: AS, seller: 'x', type: '退货退款' }))).toBeNull();
    expect(noticeWords(card('im_package_paid', { ...SAMPLES.im_package_paid[0], end_day: '2027年11月30日' }))).toBeNull();
  });

  it('previews a notice in Vietnamese in a conversation list, and as stored in Chinese', async () => {
    const m = {
      messageType: 'QPH:BizMsg',
      content: {
        SceneCode: SCENE_NOTICE, BusinessInfo: { 标题: '订单已确认', 内容: '订单已确认：骏达汽配已确认您的订单。', 单号: ORDER },
        LinkData: { QHId: 0, lineId: 0, link: '/' }, Notice: { scene: 'im_order_confirm', facts: SAMPLES.im_order_confirm[0] },
      },
    } as const;
    expect(previewIn('vi', m)).toMatch(/^\[Thông báo\] Đơn hàng đã được xác nhận: 骏达汽配/);
    const { Notice: _, ...old } = m.content;
    expect(previewIn('vi', { ...m, content: old })).toContain('订单已确认：骏达汽配');
    await setLang('zh');
    expect(previewIn('zh', m)).toBe('[通知] 订单已确认：骏达汽配已确认您的订单。');
    await setLang('vi');
  });
});

describe('the message assistant\'s own name', () => {
  afterAll(() => setLang('zh'));

  it('is worded from the catalogue in Vietnamese and kept in Chinese; anyone else\'s name stays as written, marked as data', async () => {
    await setLang('zh');
    expect(personName({ name: '消息助手', is_assistant: true })).toEqual({ text: '消息助手', data: false });
    await setLang('vi');
    expect(personName({ name: '消息助手', is_assistant: true })).toEqual({ text: 'Trợ lý tin nhắn', data: false });
    expect(personName({ name: '张经理' })).toEqual({ text: '张经理', data: true });
  });
});
