import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';

export const credentialsSchema = v.object({
  username: v.pipe(v.string('请输入用户名'), v.trim(), v.nonEmpty('请输入用户名'), v.maxLength(64, '用户名最多64个字符')),
  password: v.pipe(v.string('请输入密码'), v.nonEmpty('请输入密码'), v.maxLength(128, '密码最多128个字符')),
});

export const tokenPairSchema = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
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
});
export type User = v.InferOutput<typeof userSchema>;

export const refreshPayload = v.object({
  refresh_token: v.pipe(v.string('缺少 refresh_token'), v.nonEmpty('缺少 refresh_token'), v.maxLength(512, 'refresh_token 无效')),
});

export const userEndpoints = {
  userAuth: defineEndpoint({
    method: 'post', path: '/user/auth', tag: 'user', access: 'public',
    summary: '登录：用户名和密码换取访问令牌和刷新令牌',
    payload: credentialsSchema, answer: tokenPairSchema,
  }),
  userProfileGet: defineEndpoint({
    method: 'post', path: '/user/profile', tag: 'user', access: 'user',
    summary: '当前登录用户', payload: emptyPayload, answer: userSchema,
  }),
  userLogout: defineEndpoint({
    method: 'post', path: '/user/logout', tag: 'user', access: 'user',
    summary: '退出登录，吊销当前会话', payload: emptyPayload, answer: v.null(),
  }),
  tokenRefresh: defineEndpoint({
    method: 'post', path: '/user/token/refresh', tag: 'user', access: 'public',
    summary: '用刷新令牌换新令牌（刷新令牌轮换；重复使用已用过的刷新令牌会吊销整个令牌族）',
    payload: refreshPayload, answer: tokenPairSchema,
  }),
} as const;
