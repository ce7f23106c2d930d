import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { companyIdSchema, emptyPayload } from './common';
import { IM_CONVERSATION_LIST, SCENE_INQUIRY, SCENE_NOTICE, SCENE_PRODUCT, SCENE_QUOTE } from './limits';

/**
 * Chat (requirements 001-2-3, 001-3, 001-7 "Messaging and requests"). Message shapes follow RongCloud's, so a
 * RongCloud transport can stand in for ours: conversationType 1 (private), senderUserId,
 * targetId (always the other side, seen from the caller), sentTime (unix milliseconds, as
 * RongCloud has it), messageType 'RC:TxtMsg' with content.content, or 'RC:ImgMsg' with
 * content.imageUri. Group chats (conversationType 3) are not built.
 */
export const IM_TEXT_MAX = 2000;
export const IM_HISTORY_PAGE = 20;
export const IM_HISTORY_MAX = 50;
export { IM_CONVERSATION_LIST, IM_MORE_HISTORY, SCENE_INQUIRY, SCENE_QUOTE, SCENE_PRODUCT, SCENE_NOTICE } from './limits';
export const IM_SYNC_MAX = 200;
export const CONVERSATION_PRIVATE = 1;
export const CONVERSATION_GROUP = 3;
export const IM_GROUP_NAME_MAX = 30;
export const IM_GROUP_MAX_MEMBERS = 50;
export const IM_NOTE_MAX = 20;
export const IM_QUICK_REPLY_MAX = 200;
export const IM_QUICK_REPLY_PAGE = 100;
export const IM_TRANSLATE_MAX = 2000;
/** the message assistant (消息助手): the platform's system notices come from it; nobody can write to it */
export const IM_ASSISTANT_UUID = '00000000-0000-4000-8000-0000000000a1';
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
  currency: '币种只能是 CNY（人民币）或 VND（越南盾）',
  currencyNeedsM1101: '换算币种需要“快捷回复与换算”权限',
  noVndRate: '平台尚未设置越南盾汇率，请用人民币发送',
  groupId: '请选择群聊',
  noSuchGroup: '群聊不存在或您已不在群中',
  notInGroup: '您不在该群聊中，不能发送或查看消息',
  groupName: '请填写群名称',
  groupNameTooLong: `群名称最多${IM_GROUP_NAME_MAX}个字`,
  groupMembers: '请至少选择两位好友建群',
  groupMembersToAdd: '请选择要添加的好友',
  groupTooBig: `群成员最多${IM_GROUP_MAX_MEMBERS}人`,
  memberList: '成员应为逗号分隔的用户编号',
  notFriend: '只能选择您的好友',
  friendUuid: '请选择好友',
  friendSelf: '不能添加自己为好友',
  notYourFriend: '对方不是您的好友',
  noteTooLong: `备注最多${IM_NOTE_MAX}个字`,
  notSelfUser: '只能操作自己的账号',
  serviceInGroup: '群聊不能邀请客服，请在私聊中邀请',
  serviceUuid: '请选择客服',
  noService: '所选客服不存在或不在岗',
  serviceAlready: '对方已是客服，无需邀请',
  assistantNoReply: '消息助手不接收消息',
  clientType: '客户端类型只能是 web',
  blocked: '对方已将您拉黑，消息未发送',
  blockUuid: '请选择要拉黑的用户',
  blockSelf: '不能拉黑自己',
  quickReplyCn: '请填写中文快捷回复',
  quickReplyCnLong: `中文快捷回复最多${IM_QUICK_REPLY_MAX}个字`,
  quickReplyVnLong: `越南语快捷回复最多${IM_QUICK_REPLY_MAX}个字`,
  quickReplyId: '快捷回复不存在',
  quickReplyFull: `快捷回复最多${IM_QUICK_REPLY_PAGE}条`,
  translateText: '请提供要翻译的文字',
  translateTooLong: `翻译内容最多${IM_TRANSLATE_MAX}个字`,
  translateTarget: '目标语言只能是 vi 或 zh',
  translateOff: '未配置翻译服务',
  translateFailed: '翻译服务暂时不可用，请稍后再试',
  conversationType: 'conversationType 只能是 1（私聊）或 3（群聊）',
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

const clientMsgId = v.pipe(v.string(imText.clientMsgId), v.regex(/^[A-Za-z0-9_-]{8,64}$/, imText.clientMsgId));
const conversationType = v.optional(v.pipe(
  v.union([v.number(imText.conversationType), v.pipe(v.string(imText.conversationType), v.transform(Number))], imText.conversationType),
  v.picklist([CONVERSATION_PRIVATE, CONVERSATION_GROUP], imText.conversationType)), CONVERSATION_PRIVATE);
/** a comma list of user uuids (the spec's user_id of createIMGroupChat) */
const uuidList = (empty: string) => v.pipe(
  v.string(imText.memberList), v.trim(), v.nonEmpty(empty),
  v.transform((s) => [...new Set(s.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean))]),
  v.minLength(1, empty),
  v.maxLength(IM_GROUP_MAX_MEMBERS, imText.groupTooBig),
  v.everyItem((x) => UUID.test(x), imText.memberList),
);
const flag = v.optional(v.pipe(v.union([v.boolean(), v.number(), v.string()]), v.transform((x) => x === true || x === 1 || x === '1' || x === 'true')), true);

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
 * An inquiry or quote card (requirements 001-3, 001-4): the platform posts it when an enquiry is sent to a seller
 * (SceneCode weChat-001, from the buyer to the seller company's chat contact, one per line) and when
 * the seller quotes a line (weChat-002, from the seller to the buyer). Never sent by a client.
 * BusinessInfo has the Chinese-labelled fields of the spec; LinkData points at the enquiry (QHId),
 * the line and, on a quote card, the quote. Whether an inquiry is still 待报价 is read live from the
 * enquiry, not from the stored card.
 */
export const BIZ_MESSAGE_TYPE = 'QPH:BizMsg';
export const bizContentSchema = v.object({
  SceneCode: v.picklist([SCENE_INQUIRY, SCENE_QUOTE, SCENE_PRODUCT, SCENE_NOTICE]),
  BusinessInfo: v.record(v.string(), v.string()),
  LinkData: v.object({ QHId: v.number(), lineId: v.number(), quoteId: v.optional(v.number()), stockId: v.optional(v.number()), link: v.string() }),
  /** a notice's scene and facts, for a reader of another language (docs/i18n.md, "The message assistant's notices"); absent on notices stored before */
  Notice: v.optional(v.object({ scene: v.string(), facts: v.record(v.string(), v.string()) })),
});
export type BizContent = v.InferOutput<typeof bizContentSchema>;

export const imMessageSchema = v.object({
  /** the server's id of the message */
  messageUId: v.string(),
  /** the sender's client message id: the same message delivered twice carries the same one */
  clientMsgId: v.string(),
  conversationType: v.picklist([CONVERSATION_PRIVATE, CONVERSATION_GROUP]),
  /** 1 sent by the caller, 2 received */
  messageDirection: v.picklist([1, 2]),
  senderUserId: v.string(),
  targetId: v.string(),
  messageType: v.picklist(['RC:TxtMsg', 'RC:ImgMsg', BIZ_MESSAGE_TYPE]),
  content: v.union([v.object({ content: v.string() }), v.object({ imageUri: v.string() }), bizContentSchema]),
  sentTime: v.number(),
});
export type ImMessage = v.InferOutput<typeof imMessageSchema>;

export const imMemberSchema = v.object({
  user_uuid: v.string(), user_name: v.string(), portrait_uri: v.string(), company_name: v.string(), on_line: v.boolean(),
  /** the member's company phone; only for formal members (contacts_visible) */
  contact_phone: v.optional(v.string()),
});
export type ImMember = v.InferOutput<typeof imMemberSchema>;

export const imConversationSchema = v.object({
  conversationType: v.picklist([CONVERSATION_PRIVATE, CONVERSATION_GROUP]),
  /** the other side's uuid, or the group's */
  targetId: v.string(),
  /** the other side's name (the caller's remark of a friend wins), or the group's name */
  name: v.string(),
  company_name: v.string(),
  portrait_uri: v.string(),
  unread: v.number(),
  sentTime: v.number(),
  latestMessage: v.nullable(imMessageSchema),
  /** groups: made by inviting customer service (邀请客服) */
  is_service: v.optional(v.boolean()),
  /** the message assistant: system notices, nothing can be sent to it */
  is_assistant: v.optional(v.boolean()),
});
export type ImConversation = v.InferOutput<typeof imConversationSchema>;

const named = v.object({ name: v.string() });
/** Chat contact (requirements 001-3); phone and QQ only for formal members (contacts_visible). */
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
export type ImPush = { type: 'imMessage'; message: ImMessage; unreadTotal: number } | { type: 'imRead'; targetId: string; unreadTotal: number }
  | { type: 'imGroup'; groupId: string };

export const imFriendSchema = v.object({
  uuid: v.string(),
  nick_name: v.string(),
  /** the caller's remark; '' when none (the name shows) */
  note: v.string(),
  portrait_uri: v.string(),
  company_name: v.string(),
  on_line: v.boolean(),
  is_customer_service: v.boolean(),
});
export type ImFriend = v.InferOutput<typeof imFriendSchema>;

/** a user the caller blocked (拉黑); created_at in unix seconds */
export const imBlockedSchema = v.object({ uuid: v.string(), nick_name: v.string(), company_name: v.string(), created_at: v.number() });
export type ImBlocked = v.InferOutput<typeof imBlockedSchema>;

export const imGroupSchema = v.object({
  group_id: v.string(),
  name: v.string(),
  owner_uuid: v.string(),
  is_service: v.boolean(),
  unread: v.number(),
  contacts_visible: v.boolean(),
  members: v.array(imMemberSchema),
});
export type ImGroup = v.InferOutput<typeof imGroupSchema>;

export const quickReplySchema = v.object({ id: v.number(), cn_message: v.string(), vn_message: v.string() });
export type QuickReply = v.InferOutput<typeof quickReplySchema>;

const groupUuid = userUuid(imText.groupId);
const note = v.pipe(v.string(imText.noteTooLong), v.trim(), v.maxLength(IM_NOTE_MAX, imText.noteTooLong));
const replyText = (empty: string, long: string) => v.pipe(v.string(long), v.trim(), v.nonEmpty(empty), v.maxLength(IM_QUICK_REPLY_MAX, long));
const replyTextOptional = (long: string) => v.pipe(v.string(long), v.trim(), v.maxLength(IM_QUICK_REPLY_MAX, long));

const richGroupPayload = v.variant('messageType', [
  v.object({
    client_msg_id: clientMsgId, to_group_id: groupUuid, from_user_id: v.optional(userUuid(imText.notSelfUser)), is_include_sender: flag,
    messageType: v.literal('RC:TxtMsg'), content: textContentSchema,
  }),
  v.object({
    client_msg_id: clientMsgId, to_group_id: groupUuid, from_user_id: v.optional(userUuid(imText.notSelfUser)), is_include_sender: flag,
    messageType: v.literal('RC:ImgMsg'), content: imageContentSchema,
  }),
], imText.content);
/**
 * The specification's form (docs/api.md, "Chat over the API"): `{from_user_id, to_group_id, content, is_include_sender}`
 * with the text itself as content; from_user_id, when given, must be the caller (403 otherwise). Without a
 * client_msg_id each call is a new message; an Idempotency-Key makes a retry safe.
 */
const specGroupPayload = v.pipe(
  v.object({
    client_msg_id: v.optional(clientMsgId), to_group_id: groupUuid, from_user_id: v.optional(userUuid(imText.notSelfUser)), is_include_sender: flag,
    content: textContentSchema.entries.content,
  }),
  v.transform((p) => ({ ...p, client_msg_id: p.client_msg_id ?? null, messageType: 'RC:TxtMsg' as const, content: { content: p.content } })),
);
type GroupPayloadOut = v.InferOutput<typeof specGroupPayload> | v.InferOutput<typeof richGroupPayload>;
/** Either form: the richer one (messageType, a content object, client_msg_id) when messageType is given or content is an object. */
export const sendGroupPayload = v.pipe(
  v.looseObject({}, imText.content),
  v.rawTransform(({ dataset, addIssue, NEVER }): GroupPayloadOut => {
    const input = dataset.value as Record<string, unknown>;
    const rich = input.messageType !== undefined || (typeof input.content === 'object' && input.content !== null);
    const r = v.safeParse(rich ? richGroupPayload : specGroupPayload, input);
    if (r.success) return r.output;
    for (const issue of r.issues) addIssue({ message: issue.message, input: issue.input, path: issue.path });
    return NEVER;
  }),
);
/** What our client sends (the richer form). */
export type SendGroupPayload = v.InferOutput<typeof richGroupPayload>;
/** What the server reads: either form, the specification's with client_msg_id null. */
export type SendGroupRequest = v.InferOutput<typeof sendGroupPayload>;

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
      /**
       * the composer's currency switch (requirements 001-2-3, M11-01): VND adds the price in dong at the
       * operators' rate (BusinessInfo 越南盾报价, 汇率) beside the yuan price the cart charges
       */
      currency: v.optional(v.picklist(['CNY', 'VND'], imText.currency), 'CNY'),
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
      conversationType,
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
    summary: '清除与某人（或某群，conversationType 3）会话的未读数；返回全部未读总数',
    payload: v.object({ targetId: userUuid(imText.targetId), conversationType }),
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
  getFriendsList: defineEndpoint({
    method: 'get', path: '/im/friends', tag: 'im', access: 'user',
    summary: '好友列表：备注、公司、是否在线；friend_uuid 给出时只返回这一位',
    payload: v.object({ uuid: v.optional(userUuid(imText.notSelfUser)), friend_uuid: v.optional(userUuid(imText.friendUuid)) }),
    answer: v.array(imFriendSchema),
  }),
  addFriend: defineEndpoint({
    method: 'post', path: '/im/friends', tag: 'im', access: 'user', idempotent: true,
    summary: '加为好友（从名片或搜索结果）：双方互为好友；已是好友时不变',
    payload: v.object({ user_uuid: v.optional(userUuid(imText.notSelfUser)), friend_uuid: userUuid(imText.friendUuid) }),
    answer: imFriendSchema,
  }),
  remarkFriend: defineEndpoint({
    method: 'put', path: '/im/friend-remark', tag: 'im', access: 'user',
    summary: `给好友备注（最多${IM_NOTE_MAX}字）；备注为空时恢复显示对方原名`,
    payload: v.object({ user_uuid: v.optional(userUuid(imText.notSelfUser)), friend_uuid: userUuid(imText.friendUuid), note }),
    answer: imFriendSchema,
  }),
  getIMGroupByMember: defineEndpoint({
    method: 'post', path: '/im/group-list', tag: 'im', access: 'user',
    summary: '我所在的群聊：成员（联系电话只给正式会员）和我的未读数；group_id 给出时只返回这一个',
    payload: v.object({ user_id: v.optional(userUuid(imText.notSelfUser)), group_id: v.optional(groupUuid) }),
    answer: v.array(imGroupSchema),
  }),
  createIMGroupChat: defineEndpoint({
    method: 'post', path: '/im/group-create', tag: 'im', access: 'user', idempotent: true,
    summary: `从好友中建群：user_id 为逗号分隔的好友编号（至少两位），群名称最多${IM_GROUP_NAME_MAX}字；建群人自动加入`,
    payload: v.object({
      user_id: uuidList(imText.groupMembers),
      group_name: v.pipe(v.string(imText.groupName), v.trim(), v.nonEmpty(imText.groupName), v.maxLength(IM_GROUP_NAME_MAX, imText.groupNameTooLong)),
    }),
    answer: v.object({ group_id: v.string() }),
  }),
  sendIMGroupMsg: defineEndpoint({
    method: 'post', path: '/im/group-messages', tag: 'im', access: 'user', idempotent: true,
    summary: '发送群消息：先存库再推送给每位群成员；is_include_sender 为 0 时不推给发送者自己的其他窗口；不在群中不能发送',
    payload: sendGroupPayload,
    answer: imMessageSchema,
  }),
  imGroupAddMembers: defineEndpoint({
    method: 'post', path: '/im/group-members', tag: 'im', access: 'user',
    summary: '把好友加入群聊（群成员才能添加）',
    payload: v.object({ group_id: groupUuid, user_id: uuidList(imText.groupMembersToAdd) }),
    answer: imGroupSchema,
  }),
  imGroupQuit: defineEndpoint({
    method: 'post', path: '/im/group-quit', tag: 'im', access: 'user',
    summary: '退出群聊：不再收到和查看该群消息',
    payload: v.object({ group_id: groupUuid }),
    answer: v.object({ unreadTotal: v.number() }),
  }),
  getEmployeeData: defineEndpoint({
    method: 'get', path: '/im/service/employees', tag: 'im', access: 'user',
    summary: '平台的在岗客服（总公司 company_id 1 的在用账号中标为客服的）',
    payload: v.object({ company_id: v.optional(companyIdSchema), active: v.optional(v.unknown()), is_customer_service: v.optional(v.unknown()) }),
    answer: v.array(v.object({ user_uuid: v.string(), name: v.string() })),
  }),
  imInviteService: defineEndpoint({
    method: 'post', path: '/im/service/invite', tag: 'im', access: 'user', idempotent: true,
    summary: '邀请客服：把私聊变成我、对方和一位客服的三人群聊；群聊中不能邀请',
    payload: v.object({ targetId: userUuid(imText.targetId), conversationType, service_uuid: userUuid(imText.serviceUuid) }),
    answer: v.object({ group_id: v.string() }),
  }),
  quickReplyList: defineEndpoint({
    method: 'get', path: '/im/quick-replies', tag: 'im', access: 'user', permissions: ['M11-01'],
    summary: `本公司的快捷回复（中文和越南语），最多${IM_QUICK_REPLY_PAGE}条`,
    payload: v.object({ role: v.optional(v.string()), page_number: v.optional(v.unknown()), page_size: v.optional(v.unknown()) }),
    answer: v.object({ data: v.array(quickReplySchema), total: v.number() }),
  }),
  quickReplySave: defineEndpoint({
    method: 'post', path: '/im/quick-reply-save', tag: 'im', access: 'user', permissions: ['M11-01'],
    summary: `新增（无 id）或修改本公司的一条快捷回复；中文必填，各最多${IM_QUICK_REPLY_MAX}字`,
    payload: v.object({
      id: v.optional(v.pipe(v.number(imText.quickReplyId), v.integer(imText.quickReplyId), v.minValue(1, imText.quickReplyId), v.maxValue(2147483647, imText.quickReplyId))),
      cn_message: replyText(imText.quickReplyCn, imText.quickReplyCnLong),
      vn_message: v.optional(replyTextOptional(imText.quickReplyVnLong), ''),
    }),
    answer: quickReplySchema,
  }),
  quickReplyDelete: defineEndpoint({
    method: 'post', path: '/im/quick-reply-delete', tag: 'im', access: 'user', permissions: ['M11-01'],
    summary: '删除本公司的一条快捷回复',
    payload: v.object({ id: v.pipe(v.number(imText.quickReplyId), v.integer(imText.quickReplyId), v.minValue(1, imText.quickReplyId), v.maxValue(2147483647, imText.quickReplyId)) }),
    answer: v.object({ ok: v.boolean() }),
  }),
  imFeatures: defineEndpoint({
    method: 'get', path: '/im/features', tag: 'im', access: 'user',
    summary: '聊天的可选功能：是否配置了翻译服务',
    payload: emptyPayload,
    answer: v.object({ translate: v.boolean() }),
  }),
  imBlock: defineEndpoint({
    method: 'post', path: '/im/block', tag: 'im', access: 'user',
    summary: '拉黑：对方发来的私聊消息被拒收，不保存（群聊不受影响）；已拉黑时不变',
    payload: v.object({ uuid: userUuid(imText.blockUuid) }),
    answer: imBlockedSchema,
  }),
  imUnblock: defineEndpoint({
    method: 'post', path: '/im/unblock', tag: 'im', access: 'user',
    summary: '取消拉黑；未拉黑时不变',
    payload: v.object({ uuid: userUuid(imText.blockUuid) }),
    answer: v.object({ ok: v.boolean() }),
  }),
  imBlockList: defineEndpoint({
    method: 'get', path: '/im/blocks', tag: 'im', access: 'user',
    summary: '我拉黑的用户，最近的在前',
    payload: emptyPayload,
    answer: v.array(imBlockedSchema),
  }),
  getLoginIm: defineEndpoint({
    method: 'post', path: '/im/login', tag: 'im', access: 'user',
    summary: '取本人的融云用户 token（按用户缓存，refresh 重新获取）与 App Key',
    payload: v.object({
      user_uuid: userUuid(imText.notSelfUser),
      client_type: v.picklist(['web'], imText.clientType),
      refresh: v.optional(v.boolean(), false),
    }),
    answer: v.object({
      token: v.string(),
      app_key: v.string(),
      user: v.object({ uuid: v.string(), name: v.string(), portrait_uri: v.string() }),
    }),
  }),
  translation: defineEndpoint({
    method: 'post', path: '/im/translation', tag: 'im', access: 'user', permissions: ['M11-01'],
    summary: '翻译一条消息：source 自动识别，target 默认越南语（越南语文字译成中文）；同一文字只译一次',
    payload: v.object({
      text: v.pipe(v.string(imText.translateText), v.trim(), v.nonEmpty(imText.translateText), v.maxLength(IM_TRANSLATE_MAX, imText.translateTooLong)),
      source: v.optional(v.string()),
      target: v.optional(v.picklist(['vi', 'zh'], imText.translateTarget)),
    }),
    answer: v.object({ dstText: v.string(), target: v.picklist(['vi', 'zh']) }),
  }),
} as const;
