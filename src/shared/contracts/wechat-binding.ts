/**
 * 微信通知: binding a signed-in user's WeChat through the official account's web authorisation
 * (/login/bind, /login/oauth; docs/wechat.md, "Binding"). Every call is the caller's own.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { wechatText } from '../domain/wechat';

export const wechatBindingSchema = v.object({
  bound: v.boolean(),
  /** the openid's last characters (…a1B2), '' when not bound */
  openid_tail: v.string(),
  /** unix seconds; 0 when not bound */
  bound_at: v.number(),
  /** who authorises: `sandbox` (模拟微信授权) or `mp` (the official account) */
  provider: v.string(),
});
export type WechatBinding = v.InferOutput<typeof wechatBindingSchema>;

export const wechatBindingEndpoints = {
  wechatBinding: defineEndpoint({
    method: 'get', path: '/account/wechat', tag: 'account', access: 'user',
    summary: '自己的微信绑定：已绑定 / 未绑定（模板消息只发给已绑定的用户）',
    payload: emptyPayload, answer: wechatBindingSchema,
  }),
  wechatBindStart: defineEndpoint({
    method: 'post', path: '/account/wechat/start', tag: 'account', access: 'user',
    summary: '开始绑定微信：生成一次性的授权状态（state，绑定本会话，10 分钟内有效），答复微信网页授权的地址；已绑定时拒绝',
    payload: v.object({
      site_origin: v.pipe(v.string(wechatText.originBad), v.trim(), v.regex(/^https?:\/\/[^\s/?#]+$/, wechatText.originBad)),
    }),
    answer: v.object({ url: v.string() }),
  }),
  wechatBindFinish: defineEndpoint({
    method: 'post', path: '/account/wechat/finish', tag: 'account', access: 'user',
    summary: '微信授权回调（/login/oauth）：核对授权状态（本会话发起、未过期、未使用），用授权码换取 openid 并绑定；该微信已绑定其他账号时拒绝',
    payload: v.object({
      auth_code: v.pipe(v.string(wechatText.codeMissing), v.trim(), v.nonEmpty(wechatText.codeMissing), v.maxLength(200, wechatText.codeMissing)),
      auth_state: v.pipe(v.string(wechatText.stateMissing), v.trim(), v.nonEmpty(wechatText.stateMissing), v.maxLength(100, wechatText.stateUnknown)),
    }),
    answer: wechatBindingSchema,
  }),
  wechatUnbind: defineEndpoint({
    method: 'post', path: '/account/wechat/unbind', tag: 'account', access: 'user',
    summary: '解除自己的微信绑定；之后的模板消息记为未发送',
    payload: emptyPayload, answer: wechatBindingSchema,
  }),
} as const;
