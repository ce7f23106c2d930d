/**
 * WeChat template messages (docs/wechat.md): the scenes the platform sends (requirements 001-3:
 * weChat-001 a new enquiry, weChat-002 a quote; and an order shipped), each with the values its
 * texts may use. An operator sets per scene the official account's template id, the template's
 * keywords each filled from a text with placeholders, and whether the scene is sent.
 */
import { PLACEHOLDER_RE, renderTemplate } from './notice-templates';

export interface WechatScene {
  label: string;
  /** who receives it, in the editor's words */
  to: string;
  /** placeholder → what it stands for */
  placeholders: Readonly<Record<string, string>>;
}

export const WECHAT_SCENES = {
  'weChat-001': {
    label: '新询价', to: '被询价卖家的联系人',
    placeholders: { enquiry_no: '询价单号', buyer: '询价企业', parts: '配件（首个及种数）', time: '询价时间' },
  },
  'weChat-002': {
    label: '新报价', to: '询价的买家',
    placeholders: { enquiry_no: '询价单号', seller: '报价企业', part: '配件', price: '报价', time: '报价时间' },
  },
  'weChat-003': {
    label: '订单已发货', to: '下单的买家',
    placeholders: { order_no: '订单号', seller: '卖家企业', logistics: '物流公司及单号', time: '发货时间' },
  },
} as const satisfies Record<string, WechatScene>;
export type WechatSceneKey = keyof typeof WECHAT_SCENES;
export const WECHAT_SCENE_KEYS = Object.keys(WECHAT_SCENES) as WechatSceneKey[];

export const WECHAT_STATES = { pending: '待发送', sent: '已发送', failed: '发送失败', skipped: '未发送' } as const;
export type WechatState = keyof typeof WECHAT_STATES;

export const WECHAT_FIELDS_MAX = 10;
/** how long a binding's authorisation (its state) may take */
export const WECHAT_STATE_MINUTES = 10;
export const WECHAT_VALUE_MAX = 200;
/** a template's keyword as the official account's template names it: first, keyword1, remark, thing2, … */
export const WECHAT_KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
export const WECHAT_TEMPLATE_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export interface WechatField { key: string; value: string }

export const wechatText = {
  templateIdNeeded: '启用前请填写模板ID',
  templateIdBad: '模板ID只能用字母、数字、下划线和短横线（最多64个字符）',
  fieldsNeeded: '启用前请至少填写一个字段',
  fieldsTooMany: `最多${WECHAT_FIELDS_MAX}个字段`,
  keyBad: '字段名只能用字母、数字和下划线，以字母开头（如 keyword1）',
  keyTwice: (k: string) => `字段名 ${k} 重复`,
  valueEmpty: '请填写字段内容',
  valueLong: `字段内容最多${WECHAT_VALUE_MAX}个字符`,
  unknownPlaceholder: (name: string, scene: WechatSceneKey) =>
    `未知的占位符 {${name}}，可用：${Object.keys(WECHAT_SCENES[scene].placeholders).map((k) => `{${k}}`).join('、')}`,
  noBinding: '用户未绑定微信（没有 openid）',
  // binding (docs/wechat.md, "Binding")
  bound: '已绑定',
  unbound: '未绑定',
  alreadyBound: '已绑定微信；如需更换，请先解除绑定',
  notBound: '当前账号未绑定微信',
  stateMissing: '缺少授权状态（state），请重新点击“绑定微信”',
  stateUnknown: '授权状态（state）无效，请重新点击“绑定微信”',
  stateOtherSession: '授权状态（state）不属于当前登录的会话，请在发起绑定的浏览器中重新点击“绑定微信”',
  stateUsed: '该授权已使用过，请重新点击“绑定微信”',
  stateExpired: `授权已过期（${WECHAT_STATE_MINUTES} 分钟内有效），请重新点击“绑定微信”`,
  codeMissing: '缺少微信授权码（code），请重新点击“绑定微信”',
  openidTaken: '该微信已绑定其他账号；请先在那个账号中解除绑定，或换一个微信',
  originBad: '本站地址应为 http:// 或 https:// 开头的地址',
  disabledMeanwhile: '模板已停用',
} as const;

/** The first problem of one field's text for a scene, or null. */
export const wechatValueProblem = (scene: WechatSceneKey, value: string): string | null => {
  const t = value.trim();
  if (t === '') return wechatText.valueEmpty;
  if (t.length > WECHAT_VALUE_MAX) return wechatText.valueLong;
  for (const [, name] of t.matchAll(PLACEHOLDER_RE)) {
    if (!(name in WECHAT_SCENES[scene].placeholders)) return wechatText.unknownPlaceholder(name, scene);
  }
  return null;
};

/** The template's data as WeChat takes it: each keyword's text filled in. */
export const wechatData = (fields: readonly WechatField[], values: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f.key, renderTemplate(f.value, values)]));
