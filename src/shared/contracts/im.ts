import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { companyIdSchema, emptyPayload } from './common';

/**
 * Chat (001 §2.3, §3, §7 "Messaging and requests"). Message shapes follow RongCloud's, so a
 * RongCloud transport can stand in for ours: conversationType 1 (private), senderUserId,
 * targetId (always the other side, seen from the caller), sentTime (unix milliseconds, as
 * RongCloud has it), messageType 'RC:TxtMsg' with content.content, or 'RC:ImgMsg' with
 * content.imageUri. Group chats (conversationType 3) are not built.
 */
export const IM_TEXT_MAX = 2000;
export const IM_HISTORY_PAGE = 20;
export const IM_HISTORY_MAX = 50;
export const IM_CONVERSATION_LIST = 150;
export const IM_SYNC_MAX = 200;
export const CONVERSATION_PRIVATE = 1;
/** the images a chat may show: ones uploaded through fileUpload (JPG/PNG by their bytes) */
export const IM_IMAGE_URI = /^\/api\/uploads\/[0-9a-f]{32}\.(?:jpg|png)$/;

export const imText = {
  clientMsgId: '消息编号应为8到64个字母、数字、下划线或连字符',
  targetId: '请选择聊天对象',
  text: '消息内容不能为空',
  textTooLong: `消息内容最多${IM_TEXT_MAX}个字`,
  imageUri: '图片地址无效，请重新上传图片',
  imageNotOurs: '图片不是您的公司上传的，请重新上传',
  content: '消息内容应为文字或图片',
  before: 'before 应为毫秒时间戳',
  since: 'since 应为毫秒时间戳',
  count: `count 应为1到${IM_HISTORY_MAX}之间的整数`,
  uuid: '用户编号无效',
  noSuchUser: '聊天对象不存在或已停用',
  notSelf: '不能和自己聊天',
  notAllowed: '注册会员无法报价和查看联系方式，请联系客服升级为正式会员',
  clientIdReused: '该消息编号已用于另一条消息，请勿重复使用',
  noCompanyContact: '该商家暂未开通在线咨询',
  fillSalesPrice: '请填写销售价格',
  productNotOurs: '库存不存在或不是本公司的',
  productOff: '该配件已下架，不能发送',
  productQty: '数量应为1到9999之间的整数',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userUuid = (text: string) => v.pipe(v.string(text), v.trim(), v.regex(UUID, text), v.toLowerCase());
const millis = (text: string) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,15}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(0, text), v.maxValue(8_640_000_000_000, text),
  );

export const textContentSchema = v.object({
  content: v.pipe(v.string(imText.text), v.trim(), v.nonEmpty(imText.text), v.maxLength(IM_TEXT_MAX, imText.textTooLong)),
});
export const imageContentSchema = v.object({ imageUri: v.pipe(v.string(imText.imageUri), v.regex(IM_IMAGE_URI, imText.imageUri)) });

export const imSendPayload = v.variant('messageType', [
  v.object({
    client_msg_id: v.pipe(v.string(imText.clientMsgId), v.regex(/^[A-Za-z0-9_-]{8,64}$/, imText.clientMsgId)),
    targetId: userUuid(imText.targetId),
    messageType: v.literal('RC:TxtMsg'),
    content: textContentSchema,
  }),
  v.object({
    client_msg_id: v.pipe(v.string(imText.clientMsgId), v.regex(/^[A-Za-z0-9_-]{8,64}$/, imText.clientMsgId)),
    targetId: userUuid(imText.targetId),
    messageType: v.literal('RC:ImgMsg'),
    content: imageContentSchema,
  }),
], imText.content);
export type ImSendPayload = v.InferOutput<typeof imSendPayload>;

/**
 * An inquiry or quote card (001 §3, §4): the platform posts it when an enquiry is sent to a seller
 * (SceneCode weChat-001, from the buyer to the seller company's chat contact, one per line) and when
 * the seller quotes a line (weChat-002, from the seller to the buyer). Never sent by a client.
 * BusinessInfo has the Chinese-labelled fields of the spec; LinkData points at the enquiry (QHId),
 * the line and, on a quote card, the quote. Whether an inquiry is still 待报价 is read live from the
 * enquiry, not from the stored card.
 */
export const BIZ_MESSAGE_TYPE = 'QPH:BizMsg';
export const SCENE_INQUIRY = 'weChat-001';
export const SCENE_QUOTE = 'weChat-002';
/** ours, beside the spec's two: a seller's stock row sent as an order link (发送订单链接, pushProductMsg); QHId and lineId are 0 */
export const SCENE_PRODUCT = 'product';
export const bizContentSchema = v.object({
  SceneCode: v.picklist([SCENE_INQUIRY, SCENE_QUOTE, SCENE_PRODUCT]),
  BusinessInfo: v.record(v.string(), v.string()),
  LinkData: v.object({ QHId: v.number(), lineId: v.number(), quoteId: v.optional(v.number()), stockId: v.optional(v.number()), link: v.string() }),
});
export type BizContent = v.InferOutput<typeof bizContentSchema>;

export const imMessageSchema = v.object({
  /** the server's id of the message */
  messageUId: v.string(),
  /** the sender's client message id: the same message delivered twice carries the same one */
  clientMsgId: v.string(),
  conversationType: v.literal(CONVERSATION_PRIVATE),
  /** 1 sent by the caller, 2 received */
  messageDirection: v.picklist([1, 2]),
  senderUserId: v.string(),
  targetId: v.string(),
  messageType: v.picklist(['RC:TxtMsg', 'RC:ImgMsg', BIZ_MESSAGE_TYPE]),
  content: v.union([v.object({ content: v.string() }), v.object({ imageUri: v.string() }), bizContentSchema]),
  sentTime: v.number(),
});
export type ImMessage = v.InferOutput<typeof imMessageSchema>;

export const imConversationSchema = v.object({
  conversationType: v.literal(CONVERSATION_PRIVATE),
  targetId: v.string(),
  /** the other side's name and company */
  name: v.string(),
  company_name: v.string(),
  portrait_uri: v.string(),
  unread: v.number(),
  sentTime: v.number(),
  latestMessage: v.nullable(imMessageSchema),
});
export type ImConversation = v.InferOutput<typeof imConversationSchema>;

const named = v.object({ name: v.string() });
/** Chat contact (001 §3); phone and QQ only for formal members (contacts_visible). */
export const imContactSchema = v.object({
  uuid: v.string(),
  nick_name: v.string(),
  portrait_uri: v.string(),
  company_id: v.number(),
  company_name: v.string(),
  company_addr: v.string(),
  contact_phone: v.optional(v.string()),
  contact_qq: v.optional(v.string()),
  /** the WeChat id of the company's first contact (M06 联系人); only for formal members */
  contact_wechat_code: v.optional(v.string()),
  contacts_visible: v.boolean(),
  on_line: v.boolean(),
  company_area_list: v.array(named),
  company_brand_list: v.array(named),
  company_part_list: v.array(named),
});
export type ImContact = v.InferOutput<typeof imContactSchema>;

/** What /ws pushes for chat (besides hello and signedOut). */
export type ImPush = { type: 'imMessage'; message: ImMessage; unreadTotal: number } | { type: 'imRead'; targetId: string; unreadTotal: number };

const withUnread = v.object({ unreadTotal: v.number() });

export const imEndpoints = {
  pushProductMsg: defineEndpoint({
    method: 'post', path: '/im/product', tag: 'im', access: 'user', permissions: ['M03'], idempotent: true,
    summary: '发送订单链接：把本公司一条在售库存作为产品卡片发给聊天对象（价格按对方会员等级计算；没有销售价时“请填写销售价格”），对方可直接加入购物车',
    payload: v.object({
      to_uuid: userUuid(imText.targetId),
      stock_id: v.pipe(v.union([v.number(imText.productNotOurs), v.pipe(v.string(imText.productNotOurs), v.regex(/^\d{1,10}$/, imText.productNotOurs), v.transform(Number))], imText.productNotOurs),
        v.integer(imText.productNotOurs), v.minValue(1, imText.productNotOurs), v.maxValue(2147483647, imText.productNotOurs)),
      product_qty: v.optional(v.pipe(v.union([v.number(imText.productQty), v.pipe(v.string(imText.productQty), v.regex(/^\d{1,4}$/, imText.productQty), v.transform(Number))], imText.productQty),
        v.integer(imText.productQty), v.minValue(1, imText.productQty), v.maxValue(9999, imText.productQty)), 1),
    }),
    answer: imMessageSchema,
  }),
  imSend: defineEndpoint({
    method: 'post', path: '/im/messages', tag: 'im', access: 'user', idempotent: true,
    summary: `发送私聊消息（文字最多${IM_TEXT_MAX}字，或 fileUpload 上传的图片）：先存库再经 /ws 推送给对方和自己的其他窗口；同一 client_msg_id 再次发送只存一次并返回原消息；allow_im 为否的账号不能发送`,
    payload: imSendPayload,
    answer: imMessageSchema,
  }),
  imHistory: defineEndpoint({
    method: 'get', path: '/im/history', tag: 'im', access: 'user',
    summary: `与某人的历史消息：sentTime 早于 before 的 count 条（默认${IM_HISTORY_PAGE}），按时间先后排列；hasMore 表示还有更早的`,
    payload: v.object({
      targetId: userUuid(imText.targetId),
      before: v.optional(millis(imText.before)),
      count: v.optional(v.pipe(v.union([v.number(imText.count), v.pipe(v.string(imText.count), v.regex(/^\d{1,3}$/, imText.count), v.transform(Number))], imText.count), v.integer(imText.count), v.minValue(1, imText.count), v.maxValue(IM_HISTORY_MAX, imText.count)), IM_HISTORY_PAGE),
    }),
    answer: v.object({ messages: v.array(imMessageSchema), hasMore: v.boolean() }),
  }),
  imSync: defineEndpoint({
    method: 'get', path: '/im/sync', tag: 'im', access: 'user',
    summary: `重连后补取错过的消息：sentTime 不早于 since 的收发消息（最多${IM_SYNC_MAX}条，按时间先后）；客户端按 clientMsgId 去重`,
    payload: v.object({ since: millis(imText.since) }),
    answer: v.object({ messages: v.array(imMessageSchema), hasMore: v.boolean() }),
  }),
  imConversations: defineEndpoint({
    method: 'get', path: '/im/conversations', tag: 'im', access: 'user',
    summary: `会话列表：最近的${IM_CONVERSATION_LIST}个会话，含最后一条消息和未读数`,
    payload: emptyPayload,
    answer: v.object({ conversations: v.array(imConversationSchema), unreadTotal: v.number() }),
  }),
  imMarkRead: defineEndpoint({
    method: 'post', path: '/im/read', tag: 'im', access: 'user',
    summary: '清除与某人会话的未读数；返回全部未读总数',
    payload: v.object({ targetId: userUuid(imText.targetId) }),
    answer: withUnread,
  }),
  imUnreadCount: defineEndpoint({
    method: 'get', path: '/im/unread', tag: 'im', access: 'user',
    summary: '全部会话的未读消息总数（工具栏的红点）',
    payload: emptyPayload,
    answer: withUnread,
  }),
  imContact: defineEndpoint({
    method: 'get', path: '/im/contact', tag: 'im', access: 'user',
    summary: '聊天对象的名片：公司、地区、主营品牌和配件；联系电话和QQ只给正式会员',
    payload: v.object({ uuid: userUuid(imText.uuid) }),
    answer: imContactSchema,
  }),
  imCompanyContact: defineEndpoint({
    method: 'get', path: '/im/company-contact', tag: 'im', access: 'user',
    summary: '商家的在线咨询对象：该公司的负责人账号（没有时为最早的在用账号）',
    payload: v.object({ company_id: companyIdSchema }),
    answer: v.object({ uuid: v.string(), nick_name: v.string(), company_name: v.string() }),
  }),
} as const;
