/**
 * 微信模板消息 (/operation/system/notice/wechat, D11-05; docs/wechat.md): the templates by scene
 * and the send log. Every call is `operator` (company 1 only).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { listAnswer, listPayload, opKeyword, opOptionalDay } from './operation-list';
import { OP_CODES } from '../domain/operation-codes';
import {
  WECHAT_FIELDS_MAX, WECHAT_KEY_RE, WECHAT_SCENE_KEYS, WECHAT_STATES, WECHAT_TEMPLATE_ID_RE, wechatText,
} from '../domain/wechat';

const STATE_KEYS = Object.keys(WECHAT_STATES) as Array<keyof typeof WECHAT_STATES>;

export const wechatTemplateSchema = v.object({
  scene: v.picklist(WECHAT_SCENE_KEYS), label: v.string(), to: v.string(), placeholders: v.record(v.string(), v.string()),
  template_id: v.string(), fields: v.array(v.object({ key: v.string(), value: v.string() })), enabled: v.boolean(),
  /** unix seconds of the last change; 0 when never changed */
  updated_at: v.number(), updated_by: v.string(),
});
export type WechatTemplate = v.InferOutput<typeof wechatTemplateSchema>;

export const wechatMessageSchema = v.object({
  id: v.number(), scene: v.picklist(WECHAT_SCENE_KEYS), user_id: v.number(), username: v.string(), display_name: v.string(), company_name: v.string(),
  openid: v.string(), template_id: v.string(), data: v.record(v.string(), v.string()), link: v.string(), ref_no: v.string(),
  state: v.picklist(STATE_KEYS), reason: v.string(), provider: v.string(), created_at: v.number(), sent_at: v.number(),
});
export type WechatMessage = v.InferOutput<typeof wechatMessageSchema>;

const fieldSchema = v.object({
  key: v.pipe(v.string('请填写字段名'), v.trim(), v.regex(WECHAT_KEY_RE, wechatText.keyBad)),
  value: v.pipe(v.string('请填写字段内容'), v.trim()),
});

export const operationWechatEndpoints = {
  opWechatTemplates: defineEndpoint({
    method: 'get', path: '/operation/wechat/templates', tag: 'operation', access: 'operator', permissions: OP_CODES.wechat,
    summary: '运营：微信模板消息：各场景的模板ID、字段与占位符、是否启用',
    payload: emptyPayload, answer: v.array(wechatTemplateSchema),
  }),
  opWechatTemplateSave: defineEndpoint({
    method: 'post', path: '/operation/wechat/templates/save', tag: 'operation', access: 'operator', permissions: OP_CODES.wechat, idempotent: true,
    summary: '运营：保存一个场景的微信模板（模板ID、字段、启用）；启用时须有模板ID和至少一个字段；字段名不重复，字段内容只能用该场景的占位符；之后的消息即按新设置；记入操作日志',
    payload: v.pipe(v.object({
      scene: v.picklist(WECHAT_SCENE_KEYS, '未知的微信消息场景'),
      wx_template_id: v.pipe(v.string('模板ID应为文字'), v.trim(), v.check((s) => s === '' || WECHAT_TEMPLATE_ID_RE.test(s), wechatText.templateIdBad)),
      fields: v.pipe(v.array(fieldSchema, '字段应为列表'), v.maxLength(WECHAT_FIELDS_MAX, wechatText.fieldsTooMany)),
      enabled: v.boolean('enabled 应为 true 或 false'),
    }),
    v.forward(v.check((p) => !p.enabled || p.wx_template_id !== '', wechatText.templateIdNeeded), ['wx_template_id']),
    v.forward(v.check((p) => !p.enabled || p.fields.length > 0, wechatText.fieldsNeeded), ['fields'])),
    answer: wechatTemplateSchema,
  }),
  opWechatMessages: defineEndpoint({
    method: 'get', path: '/operation/wechat/messages', tag: 'operation', access: 'operator', permissions: OP_CODES.wechat,
    summary: '运营：微信消息发送记录，最新在前；可按场景、状态、用户名/单号/openid、日期筛选',
    payload: listPayload({
      scene: v.optional(v.picklist(['', ...WECHAT_SCENE_KEYS], '未知的微信消息场景'), ''),
      state: v.optional(v.picklist(['', ...STATE_KEYS], '状态只能是待发送、已发送、发送失败或未发送'), ''),
      k: opKeyword('关键词'),
      date_from: opOptionalDay('开始日期'),
      date_to: opOptionalDay('结束日期'),
    }),
    answer: listAnswer(wechatMessageSchema),
  }),
} as const;
