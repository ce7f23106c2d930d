import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sellerApplyPayload } from '../contracts';
import { CONTACT_PHONE, LICENCE_NO } from './seller-apply';

const form = {
  company_name: '上海申通汽车配件有限公司', contact_name: '王志强', contact_phone: '13812345678', province: '上海市', city: '上海市',
  address: '闵行区沪闵路6088号', licence_no: '91310112MA1GBX7L4B', main_brands: '博世，马勒',
};

describe('seller application rules', () => {
  it('a licence number is an 18-character unified social credit code without I, O, S, V, Z', () => {
    expect(LICENCE_NO.test('91310112MA1GBX7L4B')).toBe(true);
    expect(LICENCE_NO.test('91310112MA1GBX7L4')).toBe(false);
    expect(LICENCE_NO.test('91310112MA1GBX7L4BB')).toBe(false);
    for (const bad of ['I', 'O', 'S', 'V', 'Z']) expect(LICENCE_NO.test(`91310112MA1GBX7L4${bad}`)).toBe(false);
    // the region part is digits only
    expect(LICENCE_NO.test('913A0112MA1GBX7L4B')).toBe(false);
  });

  it('a contact phone is a mobile number or a landline with its area code', () => {
    for (const ok of ['13812345678', '020-86321458', '02086321458', '0571-8821336']) expect(CONTACT_PHONE.test(ok)).toBe(true);
    for (const bad of ['1381234567', '23812345678', '86321458', '020-863', '+8613812345678']) expect(CONTACT_PHONE.test(bad)).toBe(false);
  });

  it('the form schema trims, upper-cases the licence number and defaults the optional parts', () => {
    const r = v.safeParse(sellerApplyPayload, { ...form, licence_no: ' 91310112ma1gbx7l4b ', company_name: '  上海申通汽车配件有限公司 ' });
    expect(r.success).toBe(true);
    expect(r.output).toMatchObject({ licence_no: '91310112MA1GBX7L4B', company_name: '上海申通汽车配件有限公司', note: '', licence_images: [] });
  });

  it('names the first bad field in Chinese', () => {
    const r = v.safeParse(sellerApplyPayload, { ...form, address: '闵行' });
    expect(r.success).toBe(false);
    expect(v.getDotPath(r.issues![0])).toBe('address');
    expect(r.issues![0].message).toBe('详细地址至少5个字符');
  });
});
