/**
 * Field rules of registration, password reset, change password and profile (requirements 000-5 leaves them to
 * us). The forms show `ACCOUNT_RULES` and check with these schemas; the server parses every payload
 * with the same schemas, so both refuse the same input with the same Chinese words.
 */
import * as v from 'valibot';
import { customerText, INVITATION_CODE_RE } from './customer';
import { normaliseVnMobile } from './overseas-rules';
import { BUSINESS_TYPES, businessTypeText } from './company-type';

export const SMS_PURPOSES = ['register', 'reset'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** The hints shown beside each field: the rules in words. */
export const ACCOUNT_RULES = {
  companyName: '2到50个字符，填写营业执照上的企业名称',
  contactName: '2到20个字符',
  username: '4到20位字母、数字或下划线，以字母开头，不区分大小写',
  mobile: '11位中国大陆手机号码，用于接收验证码和找回密码',
  smsCode: '6位数字，5分钟内有效',
  password: '8到32位，须同时包含字母和数字，不能与用户名相同',
  contactPhone: '可不填；5到20位数字，可含空格、+、-和括号',
  headImage: '可不填；以 http://、https:// 或 / 开头的图片地址',
} as const;

export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const SMS_CODE_RE = /^\d{6}$/;

const text = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(`请输入${label}`),
    v.trim(),
    v.nonEmpty(`请输入${label}`),
    v.minLength(min, `${label}至少${min}个字符`),
    v.maxLength(max, `${label}最多${max}个字符`),
  );

export const companyNameSchema = text('企业名称', 2, 50);
export const contactNameSchema = text('联系人姓名', 2, 20);

export const usernameSchema = v.pipe(
  v.string('请输入用户名'),
  v.trim(),
  v.nonEmpty('请输入用户名'),
  v.regex(USERNAME_RE, `用户名须为${ACCOUNT_RULES.username.replace('，不区分大小写', '')}`),
);

export const mobileSchema = v.pipe(
  v.string('请输入手机号'),
  v.trim(),
  v.nonEmpty('请输入手机号'),
  v.regex(MOBILE_RE, '手机号须为11位中国大陆手机号码（1开头，第二位3到9）'),
);

export const smsCodeSchema = v.pipe(
  v.string('请输入短信验证码'),
  v.trim(),
  v.nonEmpty('请输入短信验证码'),
  v.regex(SMS_CODE_RE, '短信验证码须为6位数字'),
);

/** Letters and digits both, 8 to 32 printable ASCII characters without spaces. */
export const passwordSchema = (label = '密码') =>
  v.pipe(
    v.string(`请输入${label}`),
    v.nonEmpty(`请输入${label}`),
    v.minLength(8, `${label}至少8位`),
    v.maxLength(32, `${label}最多32位`),
    v.regex(/^[\x21-\x7e]+$/, `${label}只能包含字母、数字和英文符号，不能有空格或中文`),
    v.regex(/[A-Za-z]/, `${label}须包含字母`),
    v.regex(/\d/, `${label}须包含数字`),
  );

const confirmSchema = v.pipe(v.string('请再次输入密码'), v.nonEmpty('请再次输入密码'));

export const samePassword = (a: string, b: string) => a === b;
export const passwordLikeUsername = (password: string, username: string) => password.toLowerCase() === username.trim().toLowerCase();

/** 企业类型 (docs/reports.md#company-types) */
export const businessTypeSchema = v.picklist(BUSINESS_TYPES, businessTypeText.pick);

export const registerSchema = v.pipe(
  v.object({
    company_name: companyNameSchema,
    business_type: businessTypeSchema,
    contact_name: contactNameSchema,
    username: usernameSchema,
    mobile: mobileSchema,
    sms_code: smsCodeSchema,
    password: passwordSchema(),
    password2: confirmSchema,
    agree: v.literal(true, '请阅读并同意《汽配汇用户协议》'),
    // the code of a seller's invitation link (docs/customers.md): empty or absent registers without one
    invite_code: v.optional(v.pipe(
      v.string(customerText.invitationUnknown), v.trim(), v.check((c) => c === '' || INVITATION_CODE_RE.test(c), customerText.invitationUnknown),
    ), ''),
  }),
  v.forward(
    v.partialCheck([['username'], ['password']], (x) => !passwordLikeUsername(x.password, x.username), '密码不能与用户名相同'),
    ['password'],
  ),
  v.forward(v.partialCheck([['password'], ['password2']], (x) => samePassword(x.password, x.password2), '两次输入的密码不一致'), ['password2']),
);
export type RegisterInput = v.InferInput<typeof registerSchema>;

/**
 * A mobile a code may be texted to: a mainland one, or a Vietnamese one (+84 or 0, then 9 digits;
 * stored as +84…) for the registration of a Vietnamese company (docs/overseas.md).
 */
export const smsMobileSchema = v.pipe(
  v.string('请输入手机号'),
  v.trim(),
  v.nonEmpty('请输入手机号'),
  v.transform((s) => normaliseVnMobile(s) ?? s),
  v.regex(/^(1[3-9]\d{9}|\+84[35789]\d{8})$/, '手机号须为11位中国大陆手机号码（1开头，第二位3到9）或越南手机号（+84 或 0 开头）'),
);

export const smsSendSchema = v.object({
  mobile: smsMobileSchema,
  purpose: v.picklist(SMS_PURPOSES, '验证码用途只能是 register（注册）或 reset（找回密码）'),
});

export const passwordResetSchema = v.pipe(
  v.object({
    mobile: mobileSchema,
    sms_code: smsCodeSchema,
    password: passwordSchema('新密码'),
    password2: confirmSchema,
  }),
  v.forward(v.partialCheck([['password'], ['password2']], (x) => samePassword(x.password, x.password2), '两次输入的密码不一致'), ['password2']),
);

export const passwordChangeSchema = v.pipe(
  v.object({
    old_password: v.pipe(v.string('请输入原密码'), v.nonEmpty('请输入原密码'), v.maxLength(128, '原密码最多128个字符')),
    password: passwordSchema('新密码'),
    password2: confirmSchema,
  }),
  v.forward(v.partialCheck([['old_password'], ['password']], (x) => x.old_password !== x.password, '新密码不能与原密码相同'), ['password']),
  v.forward(v.partialCheck([['password'], ['password2']], (x) => samePassword(x.password, x.password2), '两次输入的密码不一致'), ['password2']),
);

const optionalText = (label: string, max: number) =>
  v.pipe(v.string(`${label}应为文本`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`));

export const contactPhoneSchema = v.pipe(
  v.string('联系电话应为文本'),
  v.trim(),
  v.check((s) => s === '' || /^[0-9+\-() ]{5,20}$/.test(s), `联系电话${ACCOUNT_RULES.contactPhone.replace('可不填；', '须为')}`),
);

export const headImageSchema = v.pipe(
  v.string('头像地址应为文本'),
  v.trim(),
  v.maxLength(500, '头像地址最多500个字符'),
  // `[^\s/][^\s]*`, not `[^\s/]+[^\s]*`: the same addresses without quadratic backtracking
  v.check((s) => s === '' || /^(https?:\/\/[^\s/][^\s]*|\/[^\s/][^\s]*)$/.test(s), '头像地址须以 http://、https:// 或 / 开头，且不能有空格'),
);

export const companyProfileSchema = v.object({
  name: companyNameSchema,
  short_name: text('企业简称', 2, 20),
  phone: contactPhoneSchema,
  province: optionalText('省份', 20),
  city: optionalText('城市', 20),
  address: optionalText('详细地址', 100),
});

export const profileUpdateSchema = v.object({
  display_name: contactNameSchema,
  head_image: headImageSchema,
  contact_phone: contactPhoneSchema,
  /** only the company's owner may send this */
  company: v.optional(companyProfileSchema),
});

