import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { computeCheckDigit } from '../../src/shared/domain/vin';
import { EPC_SAMPLE_VINS } from '../../src/server/db/seed-epc';
import { seed } from '../../src/server/db/seed';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

/** A VIN with the given serial and a correct check digit. */
const withSerial = (vin: string, serial: string) => {
  const raw = vin.slice(0, 11) + serial;
  return raw.slice(0, 8) + computeCheckDigit(raw) + raw.slice(9);
};

describe.each(backends)('VIN and vehicle search on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'vin', () => {
    let env: TestEnv;
    let buyer: string;
    let member: string;
    let seller: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 3000 });
      buyer = (await env.login('buyer')).access_token;
      member = (await env.login('member')).access_token;
      seller = (await env.login('seller')).access_token;
    });
    afterAll(async () => env?.close());

    const decode = (token: string, vin: string) => env.api('vinDecode', { vin }, { token });
    const counted = async (companyId: number) =>
      (await sql<{ n: number }>`select count(*)::int as n from vin_query_log where company_id = ${companyId}`.execute(env.database.db)).rows[0].n;
    const get = <N extends EndpointName>(token: string, name: N, query: PayloadIn<N>) => env.api(name, query, { token });

    it('decodes a real VIN to manufacturer, country, year and the catalogue vehicle, and counts it', async () => {
      const before = await counted(3);
      const r = await decode(buyer, EPC_SAMPLE_VINS.sagitar.toLowerCase().replace(/(.{4})/, '$1 '));
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d).toMatchObject({ vin: EPC_SAMPLE_VINS.sagitar, wmi: 'LFV', manufacturer: '一汽-大众', country: '中国', model_year: 2020, warnings: [] });
      expect(d.check_digit.ok).toBe(true);
      expect(d.vehicles.map((v) => `${v.model} ${v.engine_code}`)).toEqual(['速腾 EA211 CSS']);
      expect(d.message).toBeUndefined();
      // the buyer's company is a formal member with a running date-based period
      expect(d.quota).toMatchObject({ vin_company_order_current_type: 'date', unlimited: true, available: null, counted: true });
      expect(await counted(3)).toBe(before + 1);
    });

    it('decodes a VIN of any maker from the vPIC data: maker, country, model, body and plant', async () => {
      const r = await decode(buyer, '2HKRW2H20NH207506');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ wmi: '2HK', manufacturer: '本田', country: '加拿大', model: 'CR-V', body: 'SUV', plant: 'Alliston，加拿大', model_year: 2022, warnings: [], vehicles: [], message: msg.vinNoVehicle });
    });

    it('warns about a wrong check digit but still decodes and matches', async () => {
      const vin = `${EPC_SAMPLE_VINS.accord.slice(0, 8)}7${EPC_SAMPLE_VINS.accord.slice(9)}`;
      const r = await decode(buyer, vin);
      expect(r.status).toBe(200);
      expect(r.body.data.check_digit).toEqual({ actual: '7', expected: '2', ok: false });
      expect(r.body.data.warnings).toContain(msg.vinCheckDigit('2', '7'));
      expect(r.body.data.vehicles[0]).toMatchObject({ make_name: '本田', model: '雅阁', year_from: 2014, year_to: 2017 });
    });

    it('says clearly when a valid VIN matches no catalogue vehicle, and a year outside the range does not match', async () => {
      const r = await decode(buyer, 'LSVAU2187N2123456');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ manufacturer: '上汽大众', country: '中国', model_year: 2022, vehicles: [], message: msg.vinNoVehicle });
      // a Sagitar pattern with model year 2012 (C) lies before the catalogue's 2019-2024
      const old = withSerial(`${EPC_SAMPLE_VINS.sagitar.slice(0, 9)}C${EPC_SAMPLE_VINS.sagitar.slice(10)}`, '012345');
      const o = await decode(buyer, old);
      expect(o.body.data.model_year).toBe(2012);
      expect(o.body.data.vehicles).toEqual([]);
    });

    it('refuses invalid input with a message naming the field and counts nothing', async () => {
      const before = await counted(4);
      const cases: Array<[string, string]> = [
        ['LFV2B2BU1L301234', msg.vinLength],
        ['LFV2B2BU1L30123456', msg.vinLength],
        ['LFV2B2BO1L3012345', msg.vinIllegalChars],
        ['LFV2B2BU1L30123*5', msg.vinLength],
        ['', msg.vinEnter],
      ];
      for (const [vin, text] of cases) {
        const r = await decode(member, vin);
        expect(r.status, String(vin)).toBe(422);
        expect(r.body.field).toBe('vin');
        expect(r.body.client_msg).toBe(msg.invalidPayload('vin', text));
      }
      // no VIN at all, which the contract requires: sent raw
      const missing = await env.callRaw('POST', '/api/vin/decode', { token: member, body: {} });
      expect(missing.status, String(undefined)).toBe(422);
      expect(envelope(missing.body).field).toBe('vin');
      expect(envelope(missing.body).client_msg).toBe(msg.invalidPayload('vin', msg.vinEnter));
      expect(await counted(4)).toBe(before);
    });

    it('counts each decode of a count-based company, refuses past the limit, and lets a VIN of today through again for free', async () => {
      // the registered member's company bought 5 decodes
      const vins = ['100001', '100002', '100003', '100004', '100005', '100006'].map((s) => withSerial(EPC_SAMPLE_VINS.corolla, s));
      for (const [i, vin] of vins.slice(0, 5).entries()) {
        const r = await decode(member, vin);
        expect(r.status).toBe(200);
        expect(r.body.data.quota).toMatchObject({ vin_company_order_current_type: 'count', unlimited: false, available: 4 - i, used: i + 1, counted: true });
      }
      const refused = await decode(member, vins[5]);
      expect(refused.status).toBe(429);
      expect(refused.body.client_msg).toBe(msg.vinQuotaExhausted(5));
      expect(await counted(4)).toBe(5);
      // the company's quota call agrees
      const q = await get(member, 'getVinAvailable', { company_id: 4 });
      expect(q.body.data).toMatchObject({ available: 0, used: 5 });

      const again = await decode(member, vins[0]);
      expect(again.status).toBe(200);
      expect(again.body.data.quota).toMatchObject({ counted: false, available: 0, used: 5 });
      expect(again.body.data.vehicles[0].model).toBe('卡罗拉');

      // the next China day the same VIN would be a new decode, and nothing is left
      env.clock.advance(86400);
      // access tokens live 15 minutes: sign in again on the next day
      [buyer, member, seller] = await Promise.all(['buyer', 'member', 'seller'].map(async (u) => (await env.login(u)).access_token));
      const tomorrow = await decode(member, vins[0]);
      expect(tomorrow.status).toBe(429);
      expect(await counted(4)).toBe(5);
    });

    it('is unlimited for a date-based period and falls back to the decodes bought once the period ended', async () => {
      for (const s of ['200001', '200002', '200003', '200004', '200005', '200006', '200007']) {
        const r = await decode(seller, withSerial(EPC_SAMPLE_VINS.bmw320li, s));
        expect(r.status).toBe(200);
        expect(r.body.data.quota).toMatchObject({ unlimited: true, available: null });
      }
      await sql`update company set vin_end_at = ${new Date(env.clock.now().getTime() - 86400_000)}, vin_sum_qty = 0 where id = 2`.execute(env.database.db);
      const ended = await decode(seller, withSerial(EPC_SAMPLE_VINS.bmw320li, '200008'));
      expect(ended.status).toBe(429);
      expect(ended.body.client_msg).toBe(msg.vinPeriodEnded);
      await sql`update company set vin_sum_qty = (select count(*) from vin_query_log where company_id = 2) + 1 where id = 2`.execute(env.database.db);
      const bought = await decode(seller, withSerial(EPC_SAMPLE_VINS.bmw320li, '200008'));
      expect(bought.status).toBe(200);
      expect(bought.body.data.quota).toMatchObject({ vin_company_order_current_type: 'date', unlimited: false, available: 0 });
    });

    it('walks a vehicle: groups → subgroups → parts with OE number, name and quantity per car', async () => {
      const d = (await decode(buyer, EPC_SAMPLE_VINS.sagitar)).body.data;
      const vehicleId = d.vehicles[0].id;
      const g = await get(buyer, 'getVehicleGroups', { vehicle_id: vehicleId });
      expect(g.status).toBe(200);
      expect(g.body.data.vehicle.model).toBe('速腾');
      const names = g.body.data.groups.map((x) => x.name);
      expect(names).toEqual(expect.arrayContaining(['发动机', '制动系统', '悬挂系统', '电气系统']));
      const brakes = g.body.data.groups.find((x) => x.name === '制动系统')!;
      expect(brakes.subgroup_count).toBe(3);

      const s = await get(buyer, 'getVehicleSubgroups', { vehicle_id: vehicleId, group_id: brakes.id });
      expect(s.body.data.subgroups.map((x) => x.name)).toEqual(['前轮制动器', '后轮制动器', '制动总泵及ABS']);
      expect(s.body.data.subgroups.every((x) => x.group_name === '制动系统')).toBe(true);
      expect(s.body.data.subgroups.map((x) => x.code)).toEqual(['401', '402', '403']);
      const all = await get(buyer, 'getVehicleSubgroups', { vehicle_id: vehicleId });
      expect(all.body.data.subgroups.length).toBeGreaterThan(s.body.data.subgroups.length);
      // VW's EA211 has a timing belt, the Toyota 2ZR-FE a chain
      expect(all.body.data.subgroups.map((x) => x.name)).toContain('正时皮带传动');

      const p = await get(buyer, 'getVehicleParts', { subgroup_id: s.body.data.subgroups[0].id });
      expect(p.status).toBe(200);
      expect(p.body.data.subgroup.name).toBe('前轮制动器');
      expect(p.body.data.parts.map((x) => [x.name, x.qty])).toEqual([['前刹车片', 1], ['前刹车盘', 2], ['刹车分泵', 2]]);
      expect(p.body.data.parts.map((x) => x.position)).toEqual([1, 2, 3]);

      expect((await get(buyer, 'getVehicleGroups', { vehicle_id: 99999 })).body.client_msg).toBe(msg.vehicleNotFound);
      expect((await get(buyer, 'getVehicleParts', { subgroup_id: 99999 })).status).toBe(404);
      const bad = await get(buyer, 'getVehicleGroups', { vehicle_id: 'abc' });
      expect(bad.status).toBe(422);
      expect(bad.body.field).toBe('vehicle_id');
    });

    it('links parts to stock: the seller count matches the stock the OE search finds', async () => {
      const { rows } = await sql<{ id: number; oe_norm: string; subgroup_id: number }>`
        select p.id, p.oe_norm, p.subgroup_id from epc_part p where exists (select 1 from stock s where s.oe_norm = p.oe_norm and s.state = 'on' and s.quantity > 0) order by p.id limit 1`.execute(env.database.db);
      expect(rows.length).toBe(1);
      const part = (await get(buyer, 'getVehicleParts', { subgroup_id: rows[0].subgroup_id })).body.data.parts.find((x) => x.id === rows[0].id)!;
      const oe = await env.api('oeSearch', { oe_list: [part.oe_number] }, { token: buyer });
      const sellers = new Set(oe.body.data.items.flatMap((g) => g.rows.filter((x) => x.quantity > 0).map((x) => x.company_id)));
      expect(part.seller_count).toBeGreaterThan(0);
      expect(part.seller_count).toBe(sellers.size);

      // a part nobody stocks shows no sellers
      const injector = (await sql<{ subgroup_id: number; id: number }>`select subgroup_id, id from epc_part where name = '喷油嘴' order by id limit 1`.execute(env.database.db)).rows[0];
      const none = (await get(buyer, 'getVehicleParts', { subgroup_id: injector.subgroup_id })).body.data.parts.find((x) => x.id === injector.id);
      expect(none).toMatchObject({ seller_count: 0, stock_qty: 0 });
    });

    it('finds parts by name or OE prefix inside one vehicle', async () => {
      const d = (await decode(buyer, EPC_SAMPLE_VINS.sylphy)).body.data;
      const vehicleId = d.vehicles[0].id;
      const r = await get(buyer, 'searchVehicleParts', { vehicle_id: vehicleId, k: '刹车' });
      expect(r.status).toBe(200);
      const names = r.body.data.parts.map((x) => x.name);
      // in catalogue order: group, subgroup, position
      expect(names).toEqual(['前刹车片', '前刹车盘', '刹车分泵', '后刹车片', '后刹车盘', '刹车总泵']);
      expect(r.body.data.parts.every((x) => x.name.includes('刹车'))).toBe(true);
      const first = r.body.data.parts[0];
      const byOe = await get(buyer, 'searchVehicleParts', { vehicle_id: vehicleId, k: first.oe_number.slice(0, 6) });
      expect(byOe.body.data.parts.map((x) => x.id)).toContain(first.id);
      const none = await get(buyer, 'searchVehicleParts', { vehicle_id: vehicleId, k: '不存在的配件' });
      expect(none.body.data.parts).toEqual([]);
      const empty = await get(buyer, 'searchVehicleParts', { vehicle_id: vehicleId, k: ' ' });
      expect(empty.status).toBe(422);
      expect(empty.body.client_msg).toBe(msg.invalidPayload('k', msg.enterSearch));
    });

    it('lists brands and models for the search without a VIN; twins share part numbers', async () => {
      const b = await get(buyer, 'getVehicleBrands', {});
      expect(b.body.data.map((x) => x.make_name)).toEqual(['大众', '丰田', '本田', '宝马', '日产', '奥迪', '奔驰', '别克', '吉利', '比亚迪', '现代', '福特', '马自达', '长城']);
      expect(b.body.data.reduce((n, x) => n + x.vehicle_count, 0)).toBeGreaterThanOrEqual(20);
      expect(b.body.data.find((x) => x.make_name === '丰田')!.vehicle_count).toBe(4);
      const m = await get(buyer, 'getVehicleModels', { make_name: '丰田' });
      expect(m.body.data.map((x) => `${x.factory_name} ${x.model}`)).toEqual(['天津一汽丰田 卡罗拉', '广汽丰田 雷凌', '一汽丰田 RAV4荣放', '广汽丰田 凯美瑞']);
      const filters = await Promise.all(m.body.data.map(async (v) =>
        (await get(buyer, 'searchVehicleParts', { vehicle_id: v.id, k: '机油滤清器' })).body.data.parts[0].oe_norm));
      expect(filters[0]).toBe(filters[1]);
      const missing = await get(buyer, 'getVehicleModels', { make_name: '' });
      expect(missing.body.client_msg).toBe(msg.invalidPayload('make_name', msg.chooseCarBrand));
    });

    it('gives a database seeded before the catalogue existed the catalogue on its next start, once', async () => {
      const db = env.database.db;
      const count = async () => (await sql<{ n: number }>`select count(*)::int as n from epc_part`.execute(db)).rows[0].n;
      const parts = await count();
      expect(await seed(db)).toBe(false);
      expect(await count()).toBe(parts);
      // a database from before the catalogue had no drawings either
      await sql`delete from epc_hotspot; delete from epc_diagram; delete from epc_part; delete from epc_subgroup; delete from epc_vehicle_vin; delete from epc_vehicle; delete from epc_group`.execute(db);
      expect(await seed(db)).toBe(false);
      expect(await count()).toBe(parts);
      const r = await decode(buyer, EPC_SAMPLE_VINS.levin);
      expect(r.body.data.vehicles[0].model).toBe('雷凌');
    });

    it('needs a signed-in user', async () => {
      expect((await decode('', EPC_SAMPLE_VINS.sagitar)).status).toBe(401);
      expect((await env.api('getVehicleBrands', {})).status).toBe(401);
    });
  });
});
