/** 地址簿 on both backends: one company's addresses, one default, the order form's rules, scoping. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderText, type PayloadIn } from '../../src/shared/contracts';
import { addressText } from '../../src/server/modules/address/address.service';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('address book on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    beforeAll(async () => {
      env = await createTestEnv(backend);
      buyer = (await env.login('buyer')).access_token;
      seller = (await env.login('seller')).access_token;
    });
    afterAll(async () => env?.close());

    const save = (payload: PayloadIn<'addressSave'>, token = buyer) => env.api('addressSave', payload, { token });
    const list = async (token = buyer) => (await env.api('addressList', {}, { token })).body.data;
    const addr = { contact_name: '王志强', contact_phone: '13800000004', address: '上海市闵行区七莘路1888号' };

    it('the first address is the default; a new default replaces it; deleting the default passes it on', async () => {
      const a = (await save(addr)).body.data;
      expect(a).toMatchObject({ ...addr, is_default: true });
      const b = (await save({ ...addr, address: '上海市嘉定区曹安公路4800号', is_default: true })).body.data;
      expect((await list()).map((x) => [x.id, x.is_default])).toEqual([[b.id, true], [a.id, false]]);
      expect((await save({ ...addr, id: a.id, address: '上海市闵行区七莘路1999号' })).body.data).toMatchObject({ id: a.id, address: '上海市闵行区七莘路1999号', is_default: false });
      expect((await env.api('addressDelete', { id: b.id }, { token: buyer })).status).toBe(200);
      expect((await list()).map((x) => [x.id, x.is_default])).toEqual([[a.id, true]]);
    });

    it('refuses what an order would refuse, another company\'s address, and a 21st address, changing nothing', async () => {
      const before = await list();
      expect((await save({ ...addr, contact_phone: '12345' })).body).toMatchObject({ code: 422, field: 'contact_phone', client_msg: orderText.contactPhone });
      expect((await save({ ...addr, address: '上海' })).body).toMatchObject({ code: 422, field: 'address' });
      const theirs = (await save(addr, seller)).body.data;
      expect((await save({ ...addr, id: theirs.id })).status).toBe(403);
      expect((await env.api('addressDelete', { id: theirs.id }, { token: buyer })).status).toBe(403);
      expect(await list()).toEqual(before);
      for (let i = (await list()).length; i < 20; i++) expect((await save({ ...addr, address: `上海市闵行区七莘路${2000 + i}号` })).status).toBe(200);
      expect((await save(addr)).body).toMatchObject({ code: 422, client_msg: addressText.full });
      expect(await list()).toHaveLength(20);
      expect((await list(seller)).map((x) => x.id)).toEqual([theirs.id]);
    });
  });
});
