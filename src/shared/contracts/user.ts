import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';

export const credentialsSchema = v.object({
  username: v.pipe(v.string('请输入用户名'), v.trim(), v.nonEmpty('请输入用户名'), v.maxLength(64, '用户名最多64个字符')),
  password: v.pipe(v.string('请输入密码'), v.nonEmpty('请输入密码'), v.maxLength(128, '密码最多128个字符')),
});

/**
 * What a sign-in, a registration and a refresh answer. The refresh token is not in it: the server
 * sets it as an HttpOnly cookie scoped to the refresh call (server/http/session-cookie.ts), and the
 * page keeps the access token in memory only.
 */
export const accessTokenSchema = v.object({
  access_token: v.string(),
  /** seconds until the access token expires */
  expires_in: v.number(),
});

export const userSchema = v.object({
  uuid: v.string(),
  company_id: v.number(),
  company_short_name: v.string(),
  company_name: v.string(),
  user_name: v.string(),
  head_image: v.string(),
  is_seller: v.boolean(),
  allow_im: v.boolean(),
  permissions: v.array(v.string()),
  /** where the company is registered; a snapshot stored before this field reads as CN */
  country: v.optional(v.picklist(['CN', 'VN']), 'CN'),
  /** the language the pages speak: the user's choice, else vi for a VN company and zh otherwise (docs/i18n.md) */
  lang: v.optional(v.picklist(['zh', 'vi']), 'zh'),
  /** the user's own choice; null = the default of the company's country */
  lang_chosen: v.optional(v.nullable(v.picklist(['zh', 'vi'])), null),
});
export type User = v.InferOutput<typeof userSchema>;

export const userEndpoints = {
  userAuth: defineEndpoint({
    method: 'post', path: '/user/auth', tag: 'user', access: 'public',
    summary: '登录：用户名和密码换取访问令牌；刷新令牌放在 HttpOnly Cookie 中（仅发往刷新接口）',
    payload: credentialsSchema, answer: accessTokenSchema,
  }),
  userProfileGet: defineEndpoint({
    method: 'post', path: '/user/profile', tag: 'user', access: 'user',
    summary: '当前登录用户', payload: emptyPayload, answer: userSchema,
  }),
  userLogout: defineEndpoint({
    method: 'post', path: '/user/logout', tag: 'user', access: 'user',
    summary: '退出登录，吊销当前会话并清除刷新令牌 Cookie', payload: emptyPayload, answer: v.null(),
  }),
  tokenRefresh: defineEndpoint({
    method: 'post', path: '/user/token/refresh', tag: 'user', access: 'public',
    summary: '用刷新令牌 Cookie 换新访问令牌（须带 X-Requested-With: qipeihub 或本站 Origin；刷新令牌轮换；重复使用已用过的刷新令牌会吊销整个令牌族）',
    payload: emptyPayload, answer: accessTokenSchema,
  }),
} as const;
