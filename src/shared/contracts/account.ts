import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { accessTokenSchema, userSchema } from './user';
import {
  passwordChangeSchema, passwordResetSchema, profileUpdateSchema, registerSchema, smsSendSchema,
} from '../domain/account-rules';

export const smsSendAnswer = v.object({
  /** seconds before the next code may be requested for this phone */
  resend_after: v.number(),
  /** seconds the code stays valid */
  expires_in: v.number(),
});

export const accountProfileSchema = v.object({
  username: v.string(),
  display_name: v.string(),
  head_image: v.string(),
  contact_phone: v.string(),
  /** the verified mobile of registration; changes only through support */
  mobile: v.string(),
  is_owner: v.boolean(),
  company: v.object({
    name: v.string(), short_name: v.string(), phone: v.string(), province: v.string(), city: v.string(), address: v.string(),
  }),
});
export type AccountProfile = v.InferOutput<typeof accountProfileSchema>;

/** The language the user chooses for the pages; null = the default of the company's country (docs/i18n.md). */
export const langChoiceSchema = v.object({
  lang: v.nullable(v.picklist(['zh', 'vi'], '语言只能是中文（zh）或越南语（vi）')),
});

export const accountEndpoints = {
  smsCodeSend: defineEndpoint({
    method: 'post', path: '/account/sms-code', tag: 'account', access: 'public',
    summary: '发送短信验证码（注册或找回密码）：6位数字，5分钟有效；同一手机号60秒内只能发送一次，每天有上限',
    payload: smsSendSchema, answer: smsSendAnswer,
  }),
  userRegister: defineEndpoint({
    method: 'post', path: '/account/register', tag: 'account', access: 'public',
    summary: '注册：新建买家企业（注册会员）及其负责人账号，并直接登录',
    payload: registerSchema, answer: accessTokenSchema,
  }),
  passwordReset: defineEndpoint({
    method: 'post', path: '/account/password/reset', tag: 'account', access: 'public',
    summary: '凭手机短信验证码重设密码；该用户所有已登录的会话都会被登出',
    payload: passwordResetSchema, answer: v.null(),
  }),
  passwordChange: defineEndpoint({
    method: 'post', path: '/account/password', tag: 'account', access: 'user',
    summary: '修改自己的密码（需原密码）；本会话保持登录，其他会话被登出',
    payload: passwordChangeSchema, answer: v.null(),
  }),
  accountProfileGet: defineEndpoint({
    method: 'get', path: '/account/profile', tag: 'account', access: 'user',
    summary: '自己的个人资料（及所在企业的资料）', payload: emptyPayload, answer: accountProfileSchema,
  }),
  accountProfileUpdate: defineEndpoint({
    method: 'put', path: '/account/profile', tag: 'account', access: 'user',
    summary: '修改自己的个人资料；企业资料只有企业负责人可以修改',
    payload: profileUpdateSchema, answer: accountProfileSchema,
  }),
  accountLangSet: defineEndpoint({
    method: 'put', path: '/account/lang', tag: 'account', access: 'user',
    summary: '选择自己的页面语言（zh 中文、vi 越南语；null 为所在企业国家的默认语言），答复更新后的当前用户',
    payload: langChoiceSchema, answer: userSchema,
  }),
} as const;
