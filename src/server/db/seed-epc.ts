/**
 * The EPC catalogue for VIN and vehicle search: 24 real vehicles of 14 makes sold in China with
 * their VIN patterns, the main groups, subgroups and parts with quantity per car. A part whose
 * make and name the OE catalogue knows takes that catalogue's number (the one most stocked), so
 * a part row leads to real stock; the others get a number in the maker's own format and show as
 * not stocked, as in a real EPC where many numbers have no seller yet.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { MAKES, normOe, oeNumber, prng } from './seed-catalogue';

interface VehicleSeed {
  make_name: string; factory_name: string; model: string; model_en: string; chassis: string;
  year_from: number; year_to: number; engine_code: string; displacement: string; power_kw: number; transmission: string; body: string;
  vins: Array<[wmi: string, vds: string]>;
}

export const EPC_VEHICLES: VehicleSeed[] = [
  { make_name: '大众', factory_name: '一汽-大众', model: '速腾', model_en: 'Sagitar', chassis: 'MQB A1 (BWB)', year_from: 2019, year_to: 2024,
    engine_code: 'EA211 CSS', displacement: '1.4T', power_kw: 110, transmission: '7速双离合 DQ200', body: '4门三厢', vins: [['LFV', '2B2B']] },
  { make_name: '丰田', factory_name: '天津一汽丰田', model: '卡罗拉', model_en: 'Corolla', chassis: 'E170', year_from: 2014, year_to: 2018,
    engine_code: '2ZR-FE', displacement: '1.8L', power_kw: 103, transmission: 'CVT无级变速', body: '4门三厢', vins: [['LTV', 'BE1E']] },
  { make_name: '丰田', factory_name: '广汽丰田', model: '雷凌', model_en: 'Levin', chassis: 'E170', year_from: 2014, year_to: 2018,
    engine_code: '2ZR-FE', displacement: '1.8L', power_kw: 103, transmission: 'CVT无级变速', body: '4门三厢', vins: [['LVG', 'BE1E']] },
  { make_name: '本田', factory_name: '广汽本田', model: '雅阁', model_en: 'Accord', chassis: '第九代 CR', year_from: 2014, year_to: 2017,
    engine_code: 'R20A7', displacement: '2.0L', power_kw: 114, transmission: '5速自动', body: '4门三厢', vins: [['LHG', 'CR26']] },
  { make_name: '宝马', factory_name: '华晨宝马', model: '3系 320Li', model_en: '320Li', chassis: 'F35', year_from: 2016, year_to: 2019,
    engine_code: 'B48B20', displacement: '2.0T', power_kw: 135, transmission: '8速手自一体 ZF 8HP', body: '4门三厢 长轴距', vins: [['LBV', '8A11']] },
  { make_name: '日产', factory_name: '东风日产', model: '轩逸', model_en: 'Sylphy', chassis: 'B18', year_from: 2020, year_to: 2024,
    engine_code: 'HR16DE', displacement: '1.6L', power_kw: 100, transmission: 'XTRONIC CVT', body: '4门三厢', vins: [['LGB', 'G8E2']] },
  { make_name: '大众', factory_name: '上汽大众', model: '朗逸', model_en: 'Lavida', chassis: 'PQ34 第三代', year_from: 2018, year_to: 2023,
    engine_code: 'EA211 DMB', displacement: '1.5L', power_kw: 83, transmission: '6速手自一体', body: '4门三厢', vins: [['LSV', 'CD2E']] },
  { make_name: '大众', factory_name: '一汽-大众', model: '迈腾', model_en: 'Magotan', chassis: 'B8 (MQB)', year_from: 2017, year_to: 2022,
    engine_code: 'EA888 DKV', displacement: '2.0T', power_kw: 162, transmission: '7速双离合 DQ381', body: '4门三厢', vins: [['LFV', '2A23']] },
  { make_name: '大众', factory_name: '上汽大众', model: '帕萨特', model_en: 'Passat', chassis: 'B8 (MQB)', year_from: 2019, year_to: 2022,
    engine_code: 'EA888 DKX', displacement: '2.0T', power_kw: 137, transmission: '7速双离合 DQ380', body: '4门三厢', vins: [['LSV', 'DA23']] },
  { make_name: '奥迪', factory_name: '一汽奥迪', model: 'A4L 40 TFSI', model_en: 'A4L', chassis: 'B9', year_from: 2017, year_to: 2024,
    engine_code: 'EA888 CVK', displacement: '2.0T', power_kw: 140, transmission: '7速双离合 S tronic', body: '4门三厢 长轴距', vins: [['LFV', '3A28']] },
  { make_name: '丰田', factory_name: '一汽丰田', model: 'RAV4荣放', model_en: 'RAV4', chassis: 'XA50 (TNGA-K)', year_from: 2020, year_to: 2024,
    engine_code: 'M20C-FKS', displacement: '2.0L', power_kw: 126, transmission: 'Direct Shift-CVT', body: '5门SUV', vins: [['LFM', 'A3RV']] },
  { make_name: '丰田', factory_name: '广汽丰田', model: '凯美瑞', model_en: 'Camry', chassis: 'XV70 (TNGA-K)', year_from: 2018, year_to: 2023,
    engine_code: 'A25A-FKS', displacement: '2.5L', power_kw: 154, transmission: '8速手自一体', body: '4门三厢', vins: [['LVG', 'B1FK']] },
  { make_name: '本田', factory_name: '东风本田', model: '思域', model_en: 'Civic', chassis: '第十代 FC', year_from: 2016, year_to: 2021,
    engine_code: 'L15B8', displacement: '1.5T', power_kw: 130, transmission: 'CVT无级变速', body: '4门三厢', vins: [['LVH', 'FC16']] },
  { make_name: '宝马', factory_name: '华晨宝马', model: 'X3 xDrive25i', model_en: 'X3', chassis: 'G08', year_from: 2018, year_to: 2024,
    engine_code: 'B48B20', displacement: '2.0T', power_kw: 165, transmission: '8速手自一体 ZF 8HP', body: '5门SUV', vins: [['LBV', 'TY51']] },
  { make_name: '奔驰', factory_name: '北京奔驰', model: 'C级 C260 L', model_en: 'C 260 L', chassis: 'W206', year_from: 2022, year_to: 2024,
    engine_code: 'M254', displacement: '1.5T', power_kw: 150, transmission: '9速手自一体 9G-TRONIC', body: '4门三厢 长轴距', vins: [['LE4', 'ZF8']] },
  { make_name: '奔驰', factory_name: '北京奔驰', model: 'E级 E300 L', model_en: 'E 300 L', chassis: 'W213', year_from: 2017, year_to: 2023,
    engine_code: 'M264', displacement: '2.0T', power_kw: 190, transmission: '9速手自一体 9G-TRONIC', body: '4门三厢 长轴距', vins: [['LE4', 'ZG6']] },
  { make_name: '日产', factory_name: '东风日产', model: '天籁', model_en: 'Altima', chassis: 'L34', year_from: 2019, year_to: 2022,
    engine_code: 'MR20DD', displacement: '2.0L', power_kw: 115, transmission: 'XTRONIC CVT', body: '4门三厢', vins: [['LGB', 'L34A']] },
  { make_name: '别克', factory_name: '上汽通用别克', model: 'GL8 ES陆尊', model_en: 'GL8', chassis: '第三代', year_from: 2017, year_to: 2022,
    engine_code: 'LTG', displacement: '2.0T', power_kw: 174, transmission: '9速手自一体 9T50', body: 'MPV 7座', vins: [['LSG', 'UL8']] },
  { make_name: '吉利', factory_name: '吉利汽车', model: '博越', model_en: 'Boyue', chassis: 'KX11', year_from: 2016, year_to: 2020,
    engine_code: 'JLE-4G18TD', displacement: '1.8T', power_kw: 135, transmission: '6速手自一体', body: '5门SUV', vins: [['L6T', '7824']] },
  { make_name: '比亚迪', factory_name: '比亚迪汽车', model: '秦PLUS DM-i', model_en: 'Qin PLUS DM-i', chassis: 'DM-i', year_from: 2021, year_to: 2023,
    engine_code: 'BYD472QA', displacement: '1.5L', power_kw: 81, transmission: 'EHS电混系统', body: '4门三厢', vins: [['LGX', 'C16D']] },
  { make_name: '现代', factory_name: '北京现代', model: '伊兰特', model_en: 'Elantra', chassis: 'CN7', year_from: 2021, year_to: 2023,
    engine_code: 'G4FL', displacement: '1.5L', power_kw: 84, transmission: 'IVT智能无级变速', body: '4门三厢', vins: [['LBE', 'LM4A']] },
  { make_name: '福特', factory_name: '长安福特', model: '蒙迪欧', model_en: 'Mondeo', chassis: 'CD4', year_from: 2017, year_to: 2022,
    engine_code: 'CAF488WQ', displacement: '2.0T', power_kw: 149, transmission: '6速手自一体', body: '4门三厢', vins: [['LVS', 'HFAE']] },
  { make_name: '马自达', factory_name: '长安马自达', model: 'CX-5', model_en: 'CX-5', chassis: 'KF', year_from: 2017, year_to: 2022,
    engine_code: 'PE-VPS', displacement: '2.0L', power_kw: 114, transmission: '6速手自一体', body: '5门SUV', vins: [['LVR', 'KF2A']] },
  { make_name: '长城', factory_name: '长城汽车', model: '哈弗H6', model_en: 'Haval H6', chassis: '第二代', year_from: 2017, year_to: 2020,
    engine_code: 'GW4B15A', displacement: '1.5T', power_kw: 124, transmission: '7速湿式双离合', body: '5门SUV', vins: [['LGW', 'EF6A']] },
];

/** VINs of the seeded vehicles with correct check digits (tests and the README use them). */
export const EPC_SAMPLE_VINS = {
  sagitar: 'LFV2B2BU1L3012345',
  corolla: 'LTVBE1EH8G0123456',
  levin: 'LVGBE1EH4H0234567',
  accord: 'LHGCR2652F8012345',
  bmw320li: 'LBV8A1106JMA12345',
  sylphy: 'LGBG8E2A8LY123456',
} as const;

export const EPC_GROUPS: Array<{ code: string; name: string; icon: string }> = [
  { code: '1', name: '发动机', icon: 'pi-cog' },
  { code: '2', name: '保养件', icon: 'pi-filter' },
  { code: '3', name: '冷却系统', icon: 'pi-sun' },
  { code: '4', name: '制动系统', icon: 'pi-stop-circle' },
  { code: '5', name: '悬挂系统', icon: 'pi-sort-alt' },
  { code: '6', name: '转向系统', icon: 'pi-sync' },
  { code: '7', name: '电气系统', icon: 'pi-bolt' },
  { code: '8', name: '传动系统', icon: 'pi-car' },
];

/** Of the seeded engines only VW's EA211 drives its camshafts by a belt; the others by a chain. */
const BELT_ENGINES = /^EA211/;

type PartSeed = [name: string, qty: number, note?: string];

/** Subgroups per main group; parts named as the OE catalogue names them where it has them. */
const subgroupsOf = (belt: boolean): Array<{ group: string; name: string; parts: PartSeed[] }> => [
  { group: '1', name: belt ? '正时皮带传动' : '正时链条传动',
    parts: belt ? [['正时皮带', 1], ['张紧轮', 1], ['曲轴油封', 1]] : [['正时链条', 1], ['张紧轮', 1], ['曲轴油封', 1]] },
  { group: '1', name: '气缸盖及附件', parts: [['气门室盖垫', 1], ['气缸垫', 1], ['油底壳', 1], ['发电机皮带', 1]] },
  { group: '1', name: '点火及燃油喷射', parts: [['火花塞', 4], ['点火线圈', 4], ['喷油嘴', 4], ['节气门体', 1], ['燃油滤清器', 1]] },
  { group: '2', name: '滤清器', parts: [['机油滤清器', 1], ['空气滤清器', 1], ['空调滤清器', 1]] },
  { group: '2', name: '雨刮', parts: [['雨刮片', 2, '左右各一']] },
  { group: '3', name: '水泵及节温器', parts: [['水泵', 1], ['节温器', 1], ['膨胀水壶', 1]] },
  { group: '3', name: '散热器及风扇', parts: [['散热器', 1], ['电子扇', 1]] },
  { group: '4', name: '前轮制动器', parts: [['前刹车片', 1, '一套四片'], ['前刹车盘', 2], ['刹车分泵', 2]] },
  { group: '4', name: '后轮制动器', parts: [['后刹车片', 1, '一套四片'], ['后刹车盘', 2], ['手刹线', 2]] },
  { group: '4', name: '制动总泵及ABS', parts: [['刹车总泵', 1], ['ABS轮速传感器', 4]] },
  { group: '5', name: '前悬挂', parts: [['前减震器', 2], ['减震器顶胶', 2], ['下摆臂', 2], ['球头', 2], ['平衡杆', 2], ['稳定杆衬套', 2]] },
  { group: '5', name: '后悬挂', parts: [['后减震器', 2], ['后弹簧', 2]] },
  { group: '6', name: '转向机及拉杆', parts: [['方向机', 1], ['转向拉杆', 2]] },
  { group: '7', name: '电源及起动', parts: [['蓄电池', 1], ['发电机', 1], ['启动机', 1]] },
  { group: '7', name: '照明', parts: [['大灯总成', 2, '左右各一'], ['尾灯总成', 2, '左右各一']] },
  { group: '7', name: '传感器', parts: [['氧传感器', 2, '前后各一']] },
  { group: '8', name: '驱动轴及轮毂', parts: [['半轴', 2], ['轮毂轴承', 4]] },
];

const hash = (s: string) => {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
};

/** Fills the EPC tables once. Run after the OE catalogue so parts can take its numbers. */
/**
 * `now`: the seed's clock. The vehicles entered the catalogue a week apart, the last of them that
 * day (新车型 lists them by the month they were added, docs/search.md "New vehicles").
 */
export const seedEpc = async (db: Kysely<DB>, now = new Date()) => {
  if (await db.selectFrom('epc_vehicle').select('id').limit(1).executeTakeFirst()) return;
  await db.insertInto('epc_group').values(EPC_GROUPS.map((g, i) => ({ ...g, sort: i }))).execute();
  const groups = new Map((await db.selectFrom('epc_group').select(['id', 'code']).execute()).map((g) => [g.code, g.id]));

  // the catalogue number most stocked for each make and part name, preferring ones listed for the model
  const known = await sql<{ make_name: string; name: string; vehicle: string; oe_number: string; oe_norm: string; sellers: number }>`
    select m.name as make_name, p.name, p.vehicle, p.oe_number, p.oe_norm,
      (select count(distinct s.company_id)::int from stock s where s.oe_norm = p.oe_norm and s.state = 'on' and s.quantity > 0) as sellers
    from product p join make m on m.id = p.make_id
    where m.name = any(${sql.val([...new Set(EPC_VEHICLES.map((v) => v.make_name))])}::text[])
    order by p.id`.execute(db);

  for (const [i, v] of EPC_VEHICLES.entries()) {
    const { vins, ...vehicle } = v;
    const added = new Date(now.getTime() - (EPC_VEHICLES.length - 1 - i) * 7 * 86_400_000);
    const { id: vehicleId } = await db.insertInto('epc_vehicle').values({ ...vehicle, sort: i, created_at: added }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('epc_vehicle_vin').values(vins.map(([wmi, vds]) => ({ vehicle_id: vehicleId, wmi, vds }))).execute();
    const format = MAKES.find((m) => m.name === v.make_name)?.format ?? 'default';
    const modelWord = v.model.split(' ')[0];
    const perGroup = new Map<string, number>();
    const subgroups = subgroupsOf(BELT_ENGINES.test(v.engine_code)).map((sg, j) => {
      perGroup.set(sg.group, (perGroup.get(sg.group) ?? 0) + 1);
      return { ...sg, code: `${sg.group}${String(perGroup.get(sg.group)).padStart(2, '0')}`, sort: j };
    });
    // one insert for the vehicle's subgroups and one for its parts: 24 vehicles seed in a few statements
    const ids = await db.insertInto('epc_subgroup')
      .values(subgroups.map((sg) => ({ vehicle_id: vehicleId, group_id: groups.get(sg.group)!, code: sg.code, name: sg.name, sort: sg.sort })))
      .returning(['id', 'code']).execute();
    const subgroupId = new Map(ids.map((r) => [r.code, r.id]));
    const parts = subgroups.flatMap((sg) => sg.parts.map(([name, qty, note], k) => {
      const candidates = known.rows.filter((p) => p.make_name === v.make_name && p.name === name)
        .sort((a, b) => b.sellers - a.sellers || Number(b.vehicle.includes(modelWord)) - Number(a.vehicle.includes(modelWord)));
      // twins (卡罗拉 / 雷凌) share parts: the number depends on make, engine and part, not on the model
      const oe = candidates[0]?.oe_number ?? oeNumber(format, prng(hash(`${v.make_name}|${v.engine_code}|${name}`)));
      return { subgroup_id: subgroupId.get(sg.code)!, position: k + 1, oe_number: oe, oe_norm: normOe(oe), name, qty, note: note ?? '' };
    }));
    await db.insertInto('epc_part').values(parts).execute();
  }
};
