/**
 * The operator's oversight of trade circles (requirements 001-2-2 company: trade, trade/edit): every
 * circle across companies with filters, one circle's members, editing its name and description,
 * removing a member or dissolving a circle with a reason the owner company reads (消息助手). Reading
 * needs 企业 D02-01, changing D02-02; every change is in the audit log.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { positiveIdField } from './seller-apply';
import { circleMemberSchema } from './circle';
import { listAnswer, listPayload, opKeyword as keyword, opReasonField } from './operation-list';
import { OP_CODES } from '../domain/operation-codes';
import { rangeRule } from '../domain/ranges';
import { rangeMsg } from '../messages';

/** 成员数 from / to: a whole number, or '' for open. */
const memberCount = (label: string) => v.optional(v.union([
  v.literal(''),
  v.pipe(
    v.union([v.number(`${label}应为整数`), v.pipe(v.string(`${label}应为整数`), v.regex(/^\d{1,6}$/, `${label}应为0到999999的整数`), v.transform(Number))], `${label}应为整数`),
    v.integer(`${label}应为整数`), v.minValue(0, `${label}不能小于0`), v.maxValue(999_999, `${label}不能大于999999`),
  ),
], `${label}应为整数`), '');

export const opCircleRowSchema = v.object({
  id: v.number(), name: v.string(), description: v.string(), area: v.string(), is_internal: v.boolean(),
  owner: v.object({ id: v.number(), name: v.string(), short_name: v.string() }),
  /** approved members, the owner included */
  member_count: v.number(),
  /** requests waiting for the owner */
  pending_count: v.number(),
  created_at: v.number(),
});
export type OpCircleRow = v.InferOutput<typeof opCircleRowSchema>;

const circleName = v.pipe(v.string('请填写商圈名称'), v.trim(), v.nonEmpty('请填写商圈名称'), v.minLength(2, '商圈名称至少2个字符'), v.maxLength(30, '商圈名称最多30个字符'));
const circleId = positiveIdField('商圈编号');

export const opCircleEndpoints = {
  opCircleList: defineEndpoint({
    method: 'get', path: '/operation/circles', tag: 'operation', access: 'operator', permissions: OP_CODES.companyRead, heavy: true,
    summary: '运营：所有企业的商圈（含内部商圈），按名称、圈主企业和成员数筛选，最新创建的在前',
    payload: v.pipe(
      listPayload({
        k: keyword('商圈名称', 30), owner: keyword('圈主企业', 40),
        members_min: memberCount('成员数下限'), members_max: memberCount('成员数上限'),
      }),
      rangeRule('members_min', 'members_max', rangeMsg.circleMembers),
    ),
    answer: listAnswer(opCircleRowSchema),
  }),
  opCircleDetail: defineEndpoint({
    method: 'get', path: '/operation/circle', tag: 'operation', access: 'operator', permissions: OP_CODES.companyRead,
    summary: '运营：一个商圈：圈主、已通过的成员和待审核的入圈申请',
    payload: v.object({ id: circleId }),
    answer: v.object({ circle: opCircleRowSchema, members: v.array(circleMemberSchema), pending: v.array(circleMemberSchema) }),
  }),
  opCircleUpdate: defineEndpoint({
    method: 'post', path: '/operation/circle/update', tag: 'operation', access: 'operator', permissions: OP_CODES.companyWrite, idempotent: true,
    summary: '运营：修改商圈名称和简介（名称不能与其他商圈相同）；消息助手通知圈主企业；记入操作日志',
    payload: v.object({
      id: circleId, name: circleName,
      description: v.optional(v.pipe(v.string('商圈简介应为文本'), v.trim(), v.maxLength(300, '商圈简介最多300个字符')), ''),
    }),
    answer: opCircleRowSchema,
  }),
  opCircleRemoveMember: defineEndpoint({
    method: 'post', path: '/operation/circle/remove-member', tag: 'operation', access: 'operator', permissions: OP_CODES.companyWrite, idempotent: true,
    summary: '运营：把一个企业移出商圈（或撤掉它的入圈申请），附原因；圈主企业不能移出；消息助手把原因告诉圈主企业和被移出的企业；记入操作日志',
    payload: v.object({ circle_id: circleId, company_id: positiveIdField('企业编号'), reason: opReasonField('移出原因') }),
    answer: v.null(),
  }),
  opCircleDissolve: defineEndpoint({
    method: 'post', path: '/operation/circle/dissolve', tag: 'operation', access: 'operator', permissions: OP_CODES.companyWrite, idempotent: true,
    summary: '运营：解散商圈，附原因：商圈和全部成员关系删除（圈内搜索随即不再包含它）；消息助手把原因告诉圈主企业；记入操作日志（含解散前的成员）',
    payload: v.object({ id: circleId, reason: opReasonField('解散原因') }),
    answer: v.object({ name: v.string(), members: v.number() }),
  }),
} as const;
