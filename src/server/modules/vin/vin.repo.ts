import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import type { EpcPart, EpcSubgroup, Vehicle } from '../../../shared/contracts/vin';

const VEHICLE_COLUMNS = ['id', 'make_name', 'factory_name', 'model', 'model_en', 'chassis', 'year_from', 'year_to', 'engine_code', 'displacement', 'power_kw', 'transmission', 'body'] as const;

/** The company's VIN quota columns, locked so two decodes at once cannot both take the last one. */
export const lockVinQuota = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company')
    .innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select(['company.vin_sum_qty', 'company.vin_end_at', 'company_level.vin_type'])
    .where('company.id', '=', companyId)
    .forUpdate('company')
    .executeTakeFirstOrThrow();

export const vinDecodesCounted = async (db: Kysely<DB>, companyId: number) => {
  const r = await db.selectFrom('vin_query_log').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return r.n;
};

export const decodedSince = async (db: Kysely<DB>, companyId: number, vin: string, since: Date) =>
  (await db.selectFrom('vin_query_log').select('id').where('company_id', '=', companyId).where('vin', '=', vin).where('created_at', '>=', since).executeTakeFirst()) !== undefined;

export const logDecode = (db: Kysely<DB>, row: { company_id: number; user_id: number; vin: string; created_at: Date }) =>
  db.insertInto('vin_query_log').values(row).execute();

/** Counted decodes, newest first, of the companies of one country (海外 · VIN解析记录, docs/overseas.md). */
export const decodeLog = async (db: Kysely<DB>, f: { country: 'CN' | 'VN'; vin: string; company: string; from: Date | null; to: Date | null; offset: number; limit: number }) => {
  let q = db.selectFrom('vin_query_log as l').innerJoin('company as c', 'c.id', 'l.company_id').innerJoin('app_user as u', 'u.id', 'l.user_id')
    .where('c.country', '=', f.country);
  if (f.vin) q = q.where('l.vin', 'like', `%${likeEscape(f.vin.toUpperCase())}%`);
  if (f.company) q = q.where((e) => e.or([e('c.name', 'ilike', `%${likeEscape(f.company)}%`), e('c.short_name', 'ilike', `%${likeEscape(f.company)}%`)]));
  if (f.from) q = q.where('l.created_at', '>=', f.from);
  if (f.to) q = q.where('l.created_at', '<', f.to);
  const [rows, total] = await Promise.all([
    q.select(['l.id', 'l.vin', 'l.company_id', 'c.name as company_name', 'u.username', 'u.display_name', 'l.created_at'])
      .orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};

/**
 * Vehicles whose pattern matches: same WMI, positions 4-8 starting with the pattern's VDS, model
 * year within the vehicle's years (any year when the VIN has no year code). Only the longest
 * matching VDS counts, so a precise pattern beats a broad one.
 */
export const matchVehicles = async (db: Kysely<DB>, wmi: string, vds: string, year: number | null): Promise<Vehicle[]> => {
  const rows = await db.selectFrom('epc_vehicle_vin as p')
    .innerJoin('epc_vehicle as v', 'v.id', 'p.vehicle_id')
    .select(VEHICLE_COLUMNS.map((c) => `v.${c}` as const))
    .select(sql<number>`length(p.vds)`.as('vds_len'))
    .where('p.wmi', '=', wmi)
    .where(sql<boolean>`${vds} like p.vds || '%'`)
    .$if(year !== null, (q) => q.where('v.year_from', '<=', year!).where('v.year_to', '>=', year!))
    .orderBy(sql`length(p.vds)`, 'desc').orderBy('v.sort')
    .execute();
  const best = rows[0]?.vds_len;
  return rows.filter((r) => r.vds_len === best).map(({ vds_len: _len, ...v }) => v);
};

export const vehicle = (db: Kysely<DB>, id: number): Promise<Vehicle | undefined> =>
  db.selectFrom('epc_vehicle').select(VEHICLE_COLUMNS).where('id', '=', id).executeTakeFirst();

export const brands = (db: Kysely<DB>) =>
  db.selectFrom('epc_vehicle as v')
    .leftJoin('make as m', 'm.name', 'v.make_name')
    .select(['v.make_name', sql<string>`coalesce(min(m.initial), '')`.as('initial'), sql<string>`coalesce(min(m.logo), '')`.as('logo'), sql<number>`count(*)::int`.as('vehicle_count')])
    .groupBy('v.make_name')
    .orderBy(sql`min(v.sort)`)
    .execute();

export const models = (db: Kysely<DB>, makeName: string): Promise<Vehicle[]> =>
  db.selectFrom('epc_vehicle').select(VEHICLE_COLUMNS).where('make_name', '=', makeName).orderBy('sort').execute();

export const groups = (db: Kysely<DB>, vehicleId: number) =>
  db.selectFrom('epc_group as g')
    .innerJoin('epc_subgroup as sg', 'sg.group_id', 'g.id')
    .leftJoin('epc_part as p', 'p.subgroup_id', 'sg.id')
    .select(['g.id', 'g.code', 'g.name', 'g.icon', sql<number>`count(distinct sg.id)::int`.as('subgroup_count'), sql<number>`count(p.id)::int`.as('part_count')])
    .where('sg.vehicle_id', '=', vehicleId)
    .groupBy(['g.id', 'g.code', 'g.name', 'g.icon', 'g.sort'])
    .orderBy('g.sort')
    .execute();

const subgroupQuery = (db: Kysely<DB>) =>
  db.selectFrom('epc_subgroup as sg')
    .innerJoin('epc_group as g', 'g.id', 'sg.group_id')
    .select(['sg.id', 'sg.group_id', 'g.name as group_name', 'sg.code', 'sg.name', 'sg.vehicle_id',
      sql<number>`(select count(*)::int from epc_part p where p.subgroup_id = sg.id)`.as('part_count')]);

export const subgroups = (db: Kysely<DB>, vehicleId: number, groupId: number | undefined) =>
  subgroupQuery(db).where('sg.vehicle_id', '=', vehicleId)
    .$if(groupId !== undefined, (q) => q.where('sg.group_id', '=', groupId!))
    .orderBy('g.sort').orderBy('sg.sort')
    .execute();

export const subgroup = (db: Kysely<DB>, id: number): Promise<(EpcSubgroup & { vehicle_id: number }) | undefined> =>
  subgroupQuery(db).where('sg.id', '=', id).executeTakeFirst();

/**
 * Parts with the sellers that have them on sale and in stock, under the part's own number or a
 * superseding / alias number (the same numbers the OE search finds).
 */
const partsQuery = (db: Kysely<DB>) =>
  db.selectFrom('epc_part as p')
    .innerJoin('epc_subgroup as sg', 'sg.id', 'p.subgroup_id')
    .innerJoin('epc_group as g', 'g.id', 'sg.group_id')
    .leftJoinLateral(
      (eb) => eb.selectFrom('stock as s')
        .where(sql<boolean>`s.oe_norm = any(array(select p.oe_norm union select r.related_norm from oe_relation r where r.oe_norm = p.oe_norm))`)
        .where('s.state', '=', 'on').where('s.quantity', '>', 0)
        .select([sql<number>`count(distinct s.company_id)::int`.as('sellers'), sql<number>`coalesce(sum(s.quantity), 0)::int`.as('qty')])
        .as('st'),
      (j) => j.onTrue(),
    )
    .select(['p.id', 'p.subgroup_id', 'sg.name as subgroup_name', 'g.name as group_name', 'p.position', 'p.oe_number', 'p.oe_norm', 'p.name', 'p.qty', 'p.note',
      sql<number>`coalesce(st.sellers, 0)`.as('seller_count'), sql<number>`coalesce(st.qty, 0)`.as('stock_qty')]);

export const parts = (db: Kysely<DB>, subgroupId: number): Promise<EpcPart[]> =>
  partsQuery(db).where('p.subgroup_id', '=', subgroupId).orderBy('p.position').execute();

/** A vehicle's parts whose name contains the words, or whose OE number starts with the term. */
export const searchParts = (db: Kysely<DB>, vehicleId: number, words: string[], oePrefix: string): Promise<EpcPart[]> =>
  partsQuery(db)
    .where('sg.vehicle_id', '=', vehicleId)
    .where((eb) => eb.or([
      eb.and(words.map((w) => eb('p.name', 'like', `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))),
      ...(oePrefix.length >= 3 ? [eb('p.oe_norm', 'like', `${oePrefix}%`)] : []),
    ]))
    .orderBy('g.sort').orderBy('sg.sort').orderBy('p.position')
    .limit(200)
    .execute();

// ---- vehicles by the month they entered the catalogue (新车型; docs/search.md, "New vehicles") ----

/** the China month (YYYY-MM) of a timestamp column, as SQL */
const chinaMonth = sql<string>`to_char((v.created_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`;

/** The months vehicles were added in, newest first, with how many (at most `limit`). */
export const addedMonths = (db: Kysely<DB>, limit: number) =>
  db.selectFrom('epc_vehicle as v').select([chinaMonth.as('month'), sql<number>`count(*)::int`.as('count')])
    .groupBy(chinaMonth).orderBy(chinaMonth, 'desc').limit(limit).execute();

/** The makes of the vehicles added in [from, before), with how many each. */
export const addedMakes = (db: Kysely<DB>, from: Date, before: Date) =>
  db.selectFrom('epc_vehicle as v').select(['v.make_name', sql<number>`count(*)::int`.as('count')])
    .where('v.created_at', '>=', from).where('v.created_at', '<', before)
    .groupBy('v.make_name').orderBy(sql`count(*)`, 'desc').orderBy('v.make_name').execute();

/**
 * The vehicles added in [from, before) (of one make, if given), newest first, with their parts and
 * how many of those parts some seller has on sale and in stock under the part's own number.
 */
export const addedVehicles = (db: Kysely<DB>, from: Date, before: Date, makeName: string, limit: number) =>
  db.selectFrom('epc_vehicle as v')
    .select(VEHICLE_COLUMNS.map((c) => `v.${c}` as const))
    .select([
      'v.created_at',
      sql<number>`(select count(*)::int from epc_subgroup sg join epc_part p on p.subgroup_id = sg.id where sg.vehicle_id = v.id)`.as('part_count'),
      sql<number>`(select count(*)::int from epc_subgroup sg join epc_part p on p.subgroup_id = sg.id where sg.vehicle_id = v.id
        and exists (select 1 from stock s where s.oe_norm = p.oe_norm and s.state = 'on' and s.quantity > 0))`.as('stocked_count'),
    ])
    .where('v.created_at', '>=', from).where('v.created_at', '<', before)
    .$if(makeName !== '', (q) => q.where('v.make_name', '=', makeName))
    .orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').limit(limit).execute();
