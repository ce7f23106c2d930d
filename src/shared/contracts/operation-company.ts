/**
 * Companies for operators, fourth part (requirements 001-2-2 company/recommend, relation, review,
 * report/chatHistory; 001-7 merchants): the storefront home's featured companies, head and branch
 * companies, the review of company data changes, and reading a conversation for a dispute.
 * Operator calls are `operator` (company 1 only) with their D code (domain/operation.ts).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { companyIdSchema, emptyPayload } from './common';
import { positiveIdField } from './seller-apply';
import { listAnswer, listPayload, opKeyword as keyword, opReasonField as reasonField } from './operation-list';
import { CHANGE_STATES, OP_COMPANY_CODES, RECOMMEND_MAX } from '../domain/operation';


export const companyRefSchema = v.object({ id: v.number(), name: v.string(), short_name: v.string() });
export type CompanyRef = v.InferOutput<typeof companyRefSchema>;

export const recommendedCompanySchema = v.object({
  id: v.number(), name: v.string(), short_name: v.string(), province: v.string(), city: v.string(), logo: v.string(),
  is_seller: v.boolean(), main_brands: v.array(v.string()),
});
export type RecommendedCompany = v.InferOutput<typeof recommendedCompanySchema>;

const relationRowSchema = v.object({ head: companyRefSchema, branch: companyRefSchema, created: v.number() });

/** the reviewed fields (domain/operation.ts REVIEWED_COMPANY_FIELDS) as strings */
const fieldsSchema = v.record(v.string(), v.string());

export const companyChangeSchema = v.object({
  id: v.number(),
  company: companyRefSchema,
  old_value: fieldsSchema,
  new_value: fieldsSchema,
  state: v.picklist(Object.keys(CHANGE_STATES) as Array<keyof typeof CHANGE_STATES>),
  reason: v.string(),
  submitted_by: v.string(),
  /** unix seconds */
  submitted_at: v.number(),
  decided_by: v.string(),
  /** unix seconds; 0 while pending */
  decided_at: v.number(),
});
export type CompanyChange = v.InferOutput<typeof companyChangeSchema>;

const chatUserSchema = v.object({ id: v.number(), username: v.string(), display_name: v.string(), mobile: v.string(), company: companyRefSchema });

export const chatConversationSchema = v.object({
  id: v.number(), a: chatUserSchema, b: chatUserSchema, messages: v.number(),
  /** unix seconds; 0 when empty */
  last_sent_at: v.number(),
});
export type ChatConversation = v.InferOutput<typeof chatConversationSchema>;

/** A group chat (conversationType 3) as 聊天记录查询 finds it: its owner, members and messages. */
export const chatGroupSchema = v.object({
  id: v.number(), name: v.string(), owner: chatUserSchema,
  /** made by inviting customer service into a private chat (邀请客服) */
  is_service: v.boolean(),
  member_count: v.number(),
  /** the first members by joining time (the owner among them), enough to tell groups apart */
  members: v.array(chatUserSchema),
  messages: v.number(),
  /** unix seconds; 0 when empty */
  last_sent_at: v.number(),
  created_at: v.number(),
});
export type ChatGroup = v.InferOutput<typeof chatGroupSchema>;
export type ChatUser = v.InferOutput<typeof chatUserSchema>;

export const chatMessageSchema = v.object({
  id: v.number(), sender_id: v.number(), message_type: v.string(), text: v.string(), image_uri: v.string(),
  /** unix seconds */
  sent_at: v.number(),
});

export const opCompanyEndpoints = {
  getRecommendCompanies: defineEndpoint({
    method: 'get', path: '/system/recommended-companies', tag: 'system', access: 'public',
    summary: '首页推荐企业：运营挑选的企业，按运营设定的顺序（停用的企业不显示）',
    payload: emptyPayload, answer: v.array(recommendedCompanySchema),
  }),
  getCompanyRelation: defineEndpoint({
    method: 'get', path: '/company/relation', tag: 'company', access: 'user',
    summary: '企业的总公司和分公司（店铺页的“总公司 / 分公司”链接；停用的企业不显示）',
    payload: v.object({ company_id: companyIdSchema }),
    answer: v.object({ head: v.nullable(companyRefSchema), branches: v.array(companyRefSchema) }),
  }),
  opRecommendList: defineEndpoint({
    method: 'get', path: '/operation/recommend', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.recommendRead,
    summary: '运营：首页推荐的企业，按顺序',
    payload: emptyPayload,
    answer: v.array(v.object({ ...companyRefSchema.entries, city: v.string(), is_seller: v.boolean(), suspended: v.boolean(), stock: v.number() })),
  }),
  opRecommendSave: defineEndpoint({
    method: 'post', path: '/operation/recommend', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.recommendWrite, idempotent: true,
    summary: `运营：设置首页推荐的企业及其顺序（整张列表，最多${RECOMMEND_MAX}家；增加、移除、排序都用它），记入操作日志`,
    payload: v.object({
      ids: v.pipe(v.array(positiveIdField('企业ID'), '推荐企业应为列表'), v.maxLength(RECOMMEND_MAX, `首页最多推荐${RECOMMEND_MAX}家企业`)),
    }),
    answer: v.object({ ids: v.array(v.number()) }),
  }),
  opRelationList: defineEndpoint({
    method: 'get', path: '/operation/relation', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.recommendRead,
    summary: '运营：总分公司关系，按企业名称、简称或ID查找（总公司或分公司一方匹配即可）',
    payload: listPayload({ k: keyword('企业') }),
    answer: listAnswer(relationRowSchema),
  }),
  opRelationLink: defineEndpoint({
    method: 'post', path: '/operation/relation/link', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.recommendWrite, idempotent: true,
    summary: '运营：把一家企业设为另一家的分公司（每家分公司只有一个总公司，只有一级，平台运营公司除外），记入操作日志',
    payload: v.object({ head_id: positiveIdField('总公司ID'), branch_id: positiveIdField('分公司ID') }),
    answer: v.null(),
  }),
  opRelationUnlink: defineEndpoint({
    method: 'post', path: '/operation/relation/unlink', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.recommendWrite, idempotent: true,
    summary: '运营：解除分公司与总公司的关系，记入操作日志',
    payload: v.object({ branch_id: positiveIdField('分公司ID') }),
    answer: v.null(),
  }),
  opReviewList: defineEndpoint({
    method: 'get', path: '/operation/review', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.review, heavy: true,
    summary: '运营：企业资料变更申请，按状态和企业查找；待审核的在前（最早提交的先），已处理的随后（最新的先）；另给出审核开关的当前值',
    payload: listPayload({
      state: v.optional(v.picklist(['', ...Object.keys(CHANGE_STATES)] as Array<'' | keyof typeof CHANGE_STATES>, '状态无效'), ''),
      k: keyword('企业'),
    }),
    answer: listAnswer(companyChangeSchema, { review_on: v.boolean() }),
  }),
  opReviewApprove: defineEndpoint({
    method: 'post', path: '/operation/review/approve', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.review, idempotent: true,
    summary: '运营：通过企业资料变更，在同一事务中写入企业资料，记入操作日志',
    payload: v.object({ id: positiveIdField('变更申请ID') }),
    answer: companyChangeSchema,
  }),
  opReviewReject: defineEndpoint({
    method: 'post', path: '/operation/review/reject', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.review, idempotent: true,
    summary: '运营：驳回企业资料变更，原因企业可见，记入操作日志',
    payload: v.object({ id: positiveIdField('变更申请ID'), reason: reasonField('驳回原因') }),
    answer: companyChangeSchema,
  }),
  opChatSearch: defineEndpoint({
    method: 'get', path: '/operation/chat', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.chatHistory, heavy: true,
    summary: '运营：查找两人之间的私聊会话（纠纷处理）：一方必填，另一方可选；按用户名、姓名、手机号或企业名称匹配',
    payload: listPayload({ a: keyword('一方', 40), b: keyword('另一方', 40) }),
    answer: listAnswer(chatConversationSchema),
  }),
  opChatMessages: defineEndpoint({
    method: 'get', path: '/operation/chat-messages', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.chatHistory,
    summary: '运营：读取一个会话的消息（分页，最早在前）；每次读取都记入操作日志（谁在何时读了哪个会话）',
    payload: listPayload({ conversation_id: positiveIdField('会话ID') }),
    answer: listAnswer(chatMessageSchema, { conversation: chatConversationSchema }),
  }),
  opChatGroupSearch: defineEndpoint({
    method: 'get', path: '/operation/chat-groups', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.chatHistory, heavy: true,
    summary: '运营：查找群聊（纠纷处理）：按群名称，或按成员（用户名、姓名、手机号或企业名称，可填两个成员）；至少填一项',
    payload: listPayload({ name: keyword('群名称', 40), a: keyword('成员', 40), b: keyword('另一成员', 40) }),
    answer: listAnswer(chatGroupSchema),
  }),
  opChatGroupMessages: defineEndpoint({
    method: 'get', path: '/operation/chat-group-messages', tag: 'operation', access: 'operator', permissions: OP_COMPANY_CODES.chatHistory,
    summary: '运营：读取一个群聊的消息（分页，最早在前），附本页发言人（含已退群的）；每次读取都记入操作日志（谁在何时读了哪个群）',
    payload: listPayload({ group_id: positiveIdField('群ID') }),
    answer: listAnswer(chatMessageSchema, { group: chatGroupSchema, senders: v.array(chatUserSchema) }),
  }),
} as const;
