/**
 * 企业分组 (requirements 001-2-2 company/group, report/groupMessage): the operations team's named groups
 * of companies (重点客户, 华南经销商 …) with a description and members, and 群发通知: one notice of the
 * message assistant (消息助手) to every company of a group, recorded for the report. Reading needs
 * 企业 D02-01, changing and sending D02-02, the record of sent notices 报表 D01-01.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { positiveIdField } from './seller-apply';
import { listAnswer, listPayload, opIdsField, opKeyword, opOptionalDay } from './operation-list';
import { GROUP_AUDIENCES, GROUP_MEMBERS_MAX, GROUP_TEXT_MAX, GROUP_TEXT_MIN, OP_GROUP_CODES, opCatalogueText } from '../domain/operation';
import { rangeRule } from '../domain/ranges';

export const opGroupRowSchema = v.object({
  id: v.number(), name: v.string(), description: v.string(),
  member_count: v.number(),
  /** notices sent to the group, and the last one's unix seconds (0: none yet) */
  message_count: v.number(), last_message_at: v.number(),
  created_at: v.number(), updated_at: v.number(),
});
export type OpGroupRow = v.InferOutput<typeof opGroupRowSchema>;

export const opGroupMemberSchema = v.object({
  company_id: v.number(), name: v.string(), short_name: v.string(), province: v.string(), city: v.string(),
  is_seller: v.boolean(), level_name: v.string(), suspended: v.boolean(),
  /** active users, and of them the owners: who a notice would reach */
  users: v.number(), owners: v.number(),
  added_at: v.number(), added_by: v.string(),
});
export type OpGroupMember = v.InferOutput<typeof opGroupMemberSchema>;

export const opGroupMessageRowSchema = v.object({
  id: v.number(),
  /** null once the group is deleted; its name stays */
  group_id: v.nullable(v.number()), group_name: v.string(),
  audience: v.picklist(Object.keys(GROUP_AUDIENCES) as Array<keyof typeof GROUP_AUDIENCES>),
  text: v.string(), companies: v.number(), users: v.number(),
  sent_at: v.number(), sent_by: v.string(),
});
export type OpGroupMessageRow = v.InferOutput<typeof opGroupMessageRowSchema>;

const groupId = positiveIdField('分组');
const groupName = v.pipe(v.string('请填写分组名称'), v.trim(), v.nonEmpty('请填写分组名称'), v.minLength(2, '分组名称至少2个字符'), v.maxLength(20, '分组名称最多20个字符'));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const opGroupEndpoints = {
  opGroupList: defineEndpoint({
    method: 'get', path: '/operation/company-groups', tag: 'operation', access: 'operator', permissions: OP_GROUP_CODES.read,
    summary: '运营：企业分组列表（名称、说明、企业数、群发次数），按名称或说明筛选，最近修改的在前',
    payload: listPayload({ k: opKeyword('分组名称', 20) }),
    answer: listAnswer(opGroupRowSchema),
  }),
  opGroupDetail: defineEndpoint({
    method: 'get', path: '/operation/company-group', tag: 'operation', access: 'operator', permissions: OP_GROUP_CODES.read,
    summary: '运营：一个企业分组和它的全部企业（每家的用户数和负责人数：群发能送到的人）',
    payload: v.object({ id: groupId }),
    answer: v.object({ group: opGroupRowSchema, members: v.array(opGroupMemberSchema) }),
  }),
  opGroupSave: defineEndpoint({
    method: 'post', path: '/operation/company-group/save', tag: 'operation', access: 'operator', permissions: OP_GROUP_CODES.write, idempotent: true,
    summary: '运营：新建（id 为 0）或修改企业分组的名称和说明；名称不分大小写不能重复；记入操作日志',
    payload: v.object({
      id: v.optional(v.union([v.literal(0), groupId], '分组应为正整数'), 0),
      name: groupName,
      description: v.optional(v.pipe(v.string('分组说明应为文字'), v.trim(), v.maxLength(200, '分组说明最多200个字符')), ''),
    }),
    answer: opGroupRowSchema,
  }),
  opGroupDelete: defineEndpoint({
    method: 'post', path: '/operation/company-group/delete', tag: 'operation', access: 'operator', permissions: OP_GROUP_CODES.write, idempotent: true,
    summary: '运营：删除企业分组（企业本身不变；已群发的记录保留分组名称）；记入操作日志',
    payload: v.object({ id: groupId }),
    answer: v.object({ name: v.string(), members: v.number() }),
  }),
  opGroupAddCompanies: defineEndpoint({
    method: 'post', path: '/operation/company-group/add', tag: 'operation', access: 'operator', permissions: OP_GROUP_CODES.write, idempotent: true,
    summary: `运营：把企业加入分组（一次最多200家，已在组中的不重复；平台运营公司和不存在的企业整次拒绝；一组最多${GROUP_MEMBERS_MAX}家）；记入操作日志`,
    payload: v.object({ id: groupId, company_ids: opIdsField('企业') }),
    answer: v.object({ added: v.number(), already: v.number(), member_count: v.number() }),
  }),
  opGroupRemoveCompanies: defineEndpoint({
    method: 'post', path: '/operation/company-group/remove', tag: 'operation', access: 'operator', permissions: OP_GROUP_CODES.write, idempotent: true,
    summary: '运营：把企业移出分组（不在组中的忽略）；记入操作日志',
    payload: v.object({ id: groupId, company_ids: opIdsField('企业') }),
    answer: v.object({ removed: v.number(), member_count: v.number() }),
  }),
  opGroupMessageSend: defineEndpoint({
    method: 'post', path: '/operation/company-group/message', tag: 'operation', access: 'operator', permissions: OP_GROUP_CODES.write,
    idempotent: true, idempotencyRequired: true,
    summary: '运营：群发通知：消息助手把运营填写的内容（套用“运营群发通知”模板）发给分组内每家未停用企业的负责人或全部员工，一个事务；同一 client_id 再发不重复；记入操作日志和群发记录',
    payload: v.object({
      group_id: groupId,
      audience: v.optional(v.picklist(Object.keys(GROUP_AUDIENCES) as Array<keyof typeof GROUP_AUDIENCES>, '接收人只能是企业负责人或全部员工'), 'owners'),
      text: v.pipe(v.string('请填写通知内容'), v.trim(), v.nonEmpty('请填写通知内容'),
        v.minLength(GROUP_TEXT_MIN, `通知内容至少${GROUP_TEXT_MIN}个字符`), v.maxLength(GROUP_TEXT_MAX, `通知内容最多${GROUP_TEXT_MAX}个字符`)),
      /** made by the page once per send: the same id again sends and stores nothing new */
      client_id: v.pipe(v.string('缺少发送编号'), v.regex(UUID, '发送编号无效')),
    }),
    answer: v.object({ id: v.number(), companies: v.number(), users: v.number(), replayed: v.boolean() }),
  }),
  opGroupMessageList: defineEndpoint({
    method: 'get', path: '/operation/report/group-messages', tag: 'operation', access: 'operator', permissions: OP_GROUP_CODES.messages, heavy: true,
    summary: '运营：群发记录：谁、何时、向哪个分组、送达多少企业和用户、内容；按分组名称或内容、发送人、中国日期筛选，最新的在前',
    payload: v.pipe(
      listPayload({
        k: opKeyword('分组或内容', 40), sender: opKeyword('发送人', 30),
        date_from: opOptionalDay('开始日期'), date_to: opOptionalDay('结束日期'),
      }),
      rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
    ),
    answer: listAnswer(opGroupMessageRowSchema, { users: v.number() }),
  }),
} as const;
