import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { fieldErrors } from './field-errors';
import {
  headImageSchema, mobileSchema, passwordChangeSchema, passwordResetSchema, passwordSchema, profileUpdateSchema,
  registerSchema, smsCodeSchema, usernameSchema, contactPhoneSchema,
} from './account-rules';

const ok = (schema: v.GenericSchema, x: unknown) => v.safeParse(schema, x).success;
const first = (schema: v.GenericSchema, x: unknown) => {
  const r = v.safeParse(schema, x);
  return r.success ? '' : r.issues[0].message;
};

describe('username', () => {
  it.each(['abcd', 'Zhang_san01', 'a' + '1'.repeat(19), ' padded '.trim()])('accepts %s', (u) => expect(ok(usernameSchema, u)).toBe(true));
  it.each(['abc', 'a'.repeat(21), '1abcd', '_abcd', 'ab-cd', 'ab cd', '张三丰五六', ''])('refuses %j', (u) => {
    expect(ok(usernameSchema, u)).toBe(false);
    expect(first(usernameSchema, u)).toMatch(/用户名/);
  });
  it('trims around the name', () => expect(v.parse(usernameSchema, '  abcd ')).toBe('abcd'));
});

describe('mobile', () => {
  it.each(['13012345678', '19912345678', '15800000000'])('accepts %s', (m) => expect(ok(mobileSchema, m)).toBe(true));
  it.each(['12012345678', '1301234567', '130123456789', '23012345678', '+8613012345678', '1301234567a'])('refuses %s', (m) => {
    expect(first(mobileSchema, m)).toMatch(/手机号/);
  });
  it('asks for it when empty', () => expect(first(mobileSchema, '')).toBe('请输入手机号'));
});

describe('SMS code', () => {
  it('is exactly 6 digits', () => {
    expect(ok(smsCodeSchema, '012345')).toBe(true);
    for (const c of ['12345', '1234567', '12a456', '']) expect(first(smsCodeSchema, c)).toMatch(/短信验证码/);
  });
});

describe('password', () => {
  const p = passwordSchema();
  it('needs 8 to 32 characters with letters and digits', () => {
    expect(ok(p, 'abcdefg1')).toBe(true);
    expect(ok(p, 'A1' + 'x'.repeat(30))).toBe(true);
    expect(first(p, 'abcde12')).toBe('密码至少8位');
    expect(first(p, 'A1' + 'x'.repeat(31))).toBe('密码最多32位');
    expect(first(p, 'abcdefgh')).toBe('密码须包含数字');
    expect(first(p, '12345678')).toBe('密码须包含字母');
    expect(first(p, 'abcd 1234')).toMatch(/不能有空格或中文/);
    expect(first(p, '密码abcd1234')).toMatch(/不能有空格或中文/);
  });
  it('names the field it checks', () => expect(first(passwordSchema('新密码'), 'short1')).toBe('新密码至少8位'));
});

describe('registration form', () => {
  const good = {
    company_name: '南京宁通汽修', business_type: 'repair', contact_name: '周宁通', username: 'ningtong', mobile: '13912345678',
    sms_code: '123456', password: 'ningtong2026', password2: 'ningtong2026', agree: true,
  };
  it('accepts a complete form', () => expect(fieldErrors(registerSchema, good)).toEqual({}));
  it('reports every bad field at once, each under its name', () => {
    const errors = fieldErrors(registerSchema, { ...good, company_name: '', username: '9x', mobile: '1', agree: false });
    expect(Object.keys(errors).sort()).toEqual(['agree', 'company_name', 'mobile', 'username']);
    expect(errors.agree).toBe('请阅读并同意《汽配汇用户协议》');
  });
  it('asks for the company type, one of five (docs/reports.md#company-types)', () => {
    expect(fieldErrors(registerSchema, { ...good, business_type: '' })).toEqual({ business_type: '请选择企业类型（维修厂、汽配商、4S店、车队/运输公司或其他）' });
    for (const t of ['repair', 'parts_dealer', 'dealer_4s', 'fleet', 'other']) expect(fieldErrors(registerSchema, { ...good, business_type: t })).toEqual({});
  });
  it('refuses a password equal to the username, whatever the case', () => {
    expect(fieldErrors(registerSchema, { ...good, username: 'Ningtong2026', password: 'NINGTONG2026', password2: 'NINGTONG2026' }))
      .toEqual({ password: '密码不能与用户名相同' });
  });
  it('refuses two different passwords under the second one', () => {
    expect(fieldErrors(registerSchema, { ...good, password2: 'ningtong2027' })).toEqual({ password2: '两次输入的密码不一致' });
  });
  it('limits the names', () => {
    expect(fieldErrors(registerSchema, { ...good, company_name: '甲', contact_name: 'x'.repeat(21) }))
      .toEqual({ company_name: '企业名称至少2个字符', contact_name: '联系人姓名最多20个字符' });
  });
});

describe('reset and change', () => {
  it('reset needs matching new passwords', () => {
    expect(fieldErrors(passwordResetSchema, { mobile: '13912345678', sms_code: '123456', password: 'newpass2026', password2: 'newpass2026' })).toEqual({});
    expect(fieldErrors(passwordResetSchema, { mobile: '13912345678', sms_code: '123456', password: 'newpass2026', password2: 'x' })).toEqual({ password2: '两次输入的密码不一致' });
  });
  it('change refuses the old password as the new one', () => {
    expect(fieldErrors(passwordChangeSchema, { old_password: 'demo123456', password: 'demo123456', password2: 'demo123456' })).toEqual({ password: '新密码不能与原密码相同' });
    expect(fieldErrors(passwordChangeSchema, { old_password: '', password: 'newpass2026', password2: 'newpass2026' })).toEqual({ old_password: '请输入原密码' });
  });
});

describe('profile', () => {
  it('takes a head image URL, a local path or none, never a script', () => {
    for (const s of ['', 'https://img.example.com/a.png', 'http://x.cn/b.jpg', '/uploads/abc.png']) expect(ok(headImageSchema, s)).toBe(true);
    for (const s of ['javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,xx', 'https://a b.png', 'ftp://x/a.png']) expect(ok(headImageSchema, s)).toBe(false);
  });
  it('takes a contact phone or none', () => {
    for (const s of ['', '020-86321458', '+86 139 1234 5678', '(0571)88213360']) expect(ok(contactPhoneSchema, s)).toBe(true);
    for (const s of ['1234', 'call me', '1'.repeat(21)]) expect(first(contactPhoneSchema, s)).toMatch(/联系电话/);
  });
  it('checks company fields under their path', () => {
    const errors = fieldErrors(profileUpdateSchema, { display_name: '李晓琳', head_image: '', contact_phone: '', company: { name: '', short_name: 'x', phone: '', province: '', city: '', address: '' } });
    expect(Object.keys(errors).sort()).toEqual(['company.name', 'company.short_name']);
  });
});
