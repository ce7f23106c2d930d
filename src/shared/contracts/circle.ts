import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { positiveIdField } from './seller-apply';
import { CIRCLE_CODES } from './codes';
import { pageSizeField } from './page-size';
import { CIRCLE_JOIN_FIELDS, circleJoinInfoSchema } from './circle-stock';
export { CIRCLE_CODES };

/** Trade circle pages and calls are for companies holding the trade-circle codes (requirements 000-6, 001-2-1). */

const memberState = v.nullable(v.picklist(['pending', 'approved', 'rejected']));

export const circleRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  area: v.string(),
  owner_company_id: v.number(),
  owner_company_name: v.string(),
  is_internal: v.boolean(),
  /** approved members, the owner included */
  member_count: v.number(),
  /** the caller's company's membership */
  member_state: memberState,
  is_owner: v.boolean(),
  created_at: v.number(),
  /** what the owner requires an applicant to fill in (入圈资料, docs/circles.md) */
  join_fields: v.array(v.picklist(CIRCLE_JOIN_FIELDS)),
});
export type CircleRow = v.InferOutput<typeof circleRowSchema>;

export const circleMemberSchema = v.object({
  company_id: v.number(),
  name: v.string(),
  short_name: v.string(),
  province: v.string(),
  city: v.string(),
  is_seller: v.boolean(),
  requested_at: v.number(),
  /** 0 while pending */
  decided_at: v.number(),
  /** 入圈资料 the applicant filled in */
  join_info: circleJoinInfoSchema,
  /** the member's stock rows allocated to the circle, and their pieces on offer now */
  product_count: v.number(),
  available_qty: v.number(),
});

const circleName = v.pipe(v.string('请填写商圈名称'), v.trim(), v.nonEmpty('请填写商圈名称'), v.minLength(2, '商圈名称至少2个字符'), v.maxLength(30, '商圈名称最多30个字符'));

const membership = v.object({ circle_id: positiveIdField('商圈编号'), company_id: positiveIdField('企业编号') });

export const circleEndpoints = {
  tradeCircleList: defineEndpoint({
    method: 'get', path: '/trade-circle/list', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '商圈列表（可按名称搜索，每页最多1000个）；内部商圈只对其成员可见',
    payload: v.object({
      k: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, '搜索内容最多30个字符')), ''),
      page_number: v.optional(positiveIdField('页码'), 1),
      page_size: pageSizeField(1000, [1000]),
    }),
    answer: v.object({ data: v.array(circleRowSchema), total: v.number() }),
  }),
  tradeCircleGet: defineEndpoint({
    method: 'get', path: '/trade-circle/detail', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '商圈详情：圈主、已通过的成员；圈主企业另外看到待审核的入圈申请',
    payload: v.object({ id: positiveIdField('商圈编号') }),
    answer: v.object({ circle: circleRowSchema, members: v.array(circleMemberSchema), pending: v.array(circleMemberSchema) }),
  }),
  tradeCircleCreate: defineEndpoint({
    method: 'post', path: '/trade-circle/create', tag: 'circle', access: 'user', permissions: CIRCLE_CODES, idempotent: true,
    summary: '创建商圈：创建者的公司成为圈主，并直接是已通过的成员',
    payload: v.object({
      name: circleName,
      area: v.pipe(v.string('请填写所在区域'), v.trim(), v.nonEmpty('请填写所在区域'), v.maxLength(30, '所在区域最多30个字符')),
      description: v.optional(v.pipe(v.string('商圈简介应为文本'), v.trim(), v.maxLength(300, '商圈简介最多300个字符')), ''),
    }),
    answer: circleRowSchema,
  }),
  tradeCircleJoin: defineEndpoint({
    method: 'post', path: '/trade-circle/join', tag: 'circle', access: 'user', permissions: CIRCLE_CODES, idempotent: true,
    summary: '申请加入商圈：待圈主审核（pending）；被拒后可再次申请；圈主要求的入圈资料必须填写',
    payload: v.object({ circle_id: positiveIdField('商圈编号'), join_info: v.optional(circleJoinInfoSchema, {}) }),
    answer: v.object({ member_state: v.picklist(['pending']) }),
  }),
  tradeCircleQuit: defineEndpoint({
    method: 'post', path: '/trade-circle/quit', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '退出商圈或撤回入圈申请；圈主企业不能退出自己的商圈',
    payload: v.object({ circle_id: positiveIdField('商圈编号') }),
    answer: v.null(),
  }),
  tradeCircleApprove: defineEndpoint({
    method: 'post', path: '/trade-circle/approve', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '圈主企业通过一条待审核的入圈申请',
    payload: membership, answer: v.null(),
  }),
  tradeCircleReject: defineEndpoint({
    method: 'post', path: '/trade-circle/reject', tag: 'circle', access: 'user', permissions: CIRCLE_CODES,
    summary: '圈主企业拒绝一条待审核的入圈申请',
    payload: membership, answer: v.null(),
  }),
} as const;
