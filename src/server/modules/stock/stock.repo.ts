/**
 * A company's own stock rows (table stock) as the back office reads and writes them, and their
 * change log (table stock_change). Every statement is scoped by company_id: a row of another
 * company is neither read nor touched. Search reads the same table, so a change is seen by the
 * next search without any index to refresh (the keyword dictionary follows by trigger, 0014).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { containsIgnoringCase, likeEscape } from '../../db/helpers';
import { insertKeysCheckedPerBatch, type BatchKey, type KeyCheckTally } from '../../db/batch-keys';
import { normalizeOe } from '../../../shared/domain/oe';
import type { StockFilter, StockUpdate } from '../../../shared/contracts';
import type { StockPriceField } from '../../../shared/domain/stock';
import { chinaMidnight } from '../../../shared/domain/china-time';
import { fromMicros, micros, readChangeHorizon } from '../../db/changes';

export interface SellerRowRaw {
  id: number; company_id: number; product_template_id: number | null; supplier_oe: string; oe_norm: string; supplier_code: string; default_code: string;
  name: string; part_brand_id: number | null; part_brand_name: string; custom_brand_name: string; quality_id: number; part_type_name: string;
  is_original: boolean; make_id: number | null; make_name: string; factory_make_id: number | null; terminology_id: number | null; generic_name: string;
  category_name: string; supplier_vehicle: string; product_specification: string; producing_area: string; country_id: number | null;
  country_name: string; uom_name: string; note: string; quantity: number; qty_version: number; vn_quantity: number;
  price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
  vn_price: number | null; price_lock: boolean; performance: boolean; province_ids: number[]; state: 'on' | 'off'; sale_state: 'normal' | 'promotion'; clean_state: 'normal' | 'clearance';
  spot: boolean; located: boolean; op_off_reason: string; create_date: Date; prod_write_date: Date; price_write_date: Date; stock_write_date: Date;
}

const COLUMNS = sql`s.id::int as id, s.company_id, s.product_id as product_template_id, s.supplier_oe, s.oe_norm, s.supplier_code, s.default_code, s.name,
  s.part_brand_id, coalesce((select name from part_brand where id = s.part_brand_id), '') as part_brand_name, s.custom_brand_name,
  s.quality_id, q.name as part_type_name, q.is_original,
  s.make_id, coalesce((select name from make where id = s.make_id), '') as make_name, s.factory_make_id,
  s.terminology_id, coalesce((select name from terminology where id = s.terminology_id), '') as generic_name, s.category_name,
  s.supplier_vehicle, s.product_specification, s.producing_area,
  s.country_id, coalesce((select name_cn from country where id = s.country_id), '') as country_name, s.uom_name, s.note,
  s.quantity, s.qty_version, s.vn_quantity, s.price99, s.price0, s.price1, s.price2, s.price3, s.price5, s.vn_price::int as vn_price,
  s.price_lock, s.performance, s.province_ids::int[] as province_ids, s.state, s.sale_state, s.clean_state, s.spot, s.located, coalesce(s.op_off_reason, '') as op_off_reason, s.create_date, s.prod_write_date, s.price_write_date, s.stock_write_date`;
const FROM = sql`from stock s join part_quality q on q.id = s.quality_id`;

/** A China date's first instant (UTC+8 all year). */

const conditionsOf = (companyId: number, f: StockFilter): RawBuilder<unknown>[] => {
  const c: RawBuilder<unknown>[] = [sql`s.company_id = ${companyId}`];
  if (f.supplier_oe) {
    const oe = normalizeOe(f.supplier_oe);
    c.push(oe ? sql`s.oe_norm like ${`%${likeEscape(oe)}%`}` : sql`false`);
  }
  if (f.default_code) c.push(containsIgnoringCase(sql`s.default_code`, f.default_code));
  if (f.name) c.push(containsIgnoringCase(sql`s.name`, f.name));
  if (f.custom_brand_name) c.push(sql`(${containsIgnoringCase(sql`s.custom_brand_name`, f.custom_brand_name)} or ${containsIgnoringCase(sql`(select name from part_brand where id = s.part_brand_id)`, f.custom_brand_name)})`);
  if (f.quality_name) c.push(containsIgnoringCase(sql`q.name`, f.quality_name));
  if (f.supplier_vehicle) c.push(containsIgnoringCase(sql`s.supplier_vehicle`, f.supplier_vehicle));
  if (f.producing_area) c.push(containsIgnoringCase(sql`s.producing_area`, f.producing_area));
  if (f.custom_car_brand) c.push(containsIgnoringCase(sql`(select name from make where id = s.make_id)`, f.custom_car_brand));
  if (f.state) c.push(sql`s.state = ${f.state}`);
  if (f.sale_state) c.push(sql`s.sale_state = ${f.sale_state}`);
  if (f.clean_state) c.push(sql`s.clean_state = ${f.clean_state}`);
  if (f.spot) c.push(sql`s.spot = ${f.spot === 'yes'}`);
  if (f.price_lock) c.push(sql`s.price_lock = ${f.price_lock === 'locked'}`);
  if (f.brand_id !== null) c.push(sql`s.part_brand_id = ${f.brand_id}`);
  if (f.type_id !== null) c.push(sql`s.quality_id = ${f.type_id}`);
  if (f.make_id !== null) c.push(sql`s.make_id = ${f.make_id}`);
  if (f.terminology_id !== null) c.push(sql`s.terminology_id = ${f.terminology_id}`);
  if (f.is_country) c.push(f.country_id !== null ? sql`s.country_id = ${f.country_id}` : sql`s.country_id is not null`);
  else if (f.country_id !== null) c.push(sql`s.country_id = ${f.country_id}`);
  if (f.min_create_date) c.push(sql`s.create_date >= ${chinaMidnight(f.min_create_date)}`);
  if (f.max_create_date) c.push(sql`s.create_date < ${chinaMidnight(f.max_create_date, 1)}`);
  if (f.zero_stock) c.push(sql`s.quantity = 0`);
  return c;
};

export const list = async (db: Kysely<DB>, companyId: number, f: StockFilter) => {
  const where = sql.join(conditionsOf(companyId, f), sql` and `);
  const dir = sql.raw(f.sort_order === 'asc' ? 'asc' : 'desc');
  const order = sql`${sql.ref(`s.${f.sort_field}`)} ${dir} nulls last, s.id ${dir}`;
  const [rows, count] = await Promise.all([
    sql<SellerRowRaw>`select ${COLUMNS} ${FROM} where ${where} order by ${order} offset ${(f.page_number - 1) * f.page_size} limit ${f.page_size}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n ${FROM} where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0].n };
};

/** The row, whichever company it belongs to (the service decides), optionally locked for update. */
export const byId = async (db: Kysely<DB>, id: number, forUpdate = false) =>
  (await sql<SellerRowRaw>`select ${COLUMNS} ${FROM} where s.id = ${id} ${forUpdate ? sql`for update of s` : sql``}`.execute(db)).rows[0];

/** How many of these ids are not this company's rows (missing or another company's). */
export const foreignCount = async (db: Kysely<DB>, companyId: number, ids: number[]) =>
  (await sql<{ n: number }>`select (${ids.length}::int - count(*)::int) as n from stock where id = any(${ids}::bigint[]) and company_id = ${companyId}`.execute(db)).rows[0].n;

export const qtyAndPrice = (db: Kysely<DB>, companyId: number, ids: number[], ignoreInvalidPrice: boolean) =>
  sql<{ product_id: number; price0: number | null; quantity: number }>`
    select id::int as product_id, price0, quantity from stock
    where company_id = ${companyId} and id = any(${ids}::bigint[]) ${ignoreInvalidPrice ? sql`and price0 is not null and price0 > 0` : sql``}
    order by id`.execute(db).then((r) => r.rows);

/** The existing row of the company with the same OE number, brand and own code, if any. */
export const sameItem = async (db: Kysely<DB>, companyId: number, p: { oe_norm: string; part_brand_id: number | null; custom_brand_name: string; default_code: string }, exceptId?: number) =>
  (await sql<{ id: number }>`
    select id::int as id from stock where company_id = ${companyId} and oe_norm = ${p.oe_norm}
      and part_brand_id is not distinct from ${p.part_brand_id} and custom_brand_name = ${p.custom_brand_name} and default_code = ${p.default_code}
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}
    limit 1`.execute(db)).rows[0];

export const catalogueProduct = async (db: Kysely<DB>, oeNorm: string) =>
  db.selectFrom('product').select(['id', 'make_id', 'terminology_id']).where('oe_norm', '=', oeNorm).executeTakeFirst();

export const referenceExists = async (db: Kysely<DB>, table: 'part_brand' | 'part_quality' | 'make' | 'factory_make' | 'terminology' | 'country', id: number) =>
  (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

type RowValues = Omit<StockUpdate, 'supplier_oe'> & { supplier_oe: string; oe_norm: string; product_id: number | null };

export const insert = async (db: Kysely<DB>, companyId: number, values: RowValues & { quantity: number; spot?: boolean }, at: Date) => {
  const { id } = await db.insertInto('stock').values({
    ...values, company_id: companyId, create_date: at, prod_write_date: at, price_write_date: at, stock_write_date: at,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
};

export const update = async (db: Kysely<DB>, id: number, values: Partial<RowValues>, dates: { prod?: Date; price?: Date }) => {
  await db.updateTable('stock').set({
    ...values,
    ...(dates.prod ? { prod_write_date: dates.prod } : {}),
    ...(dates.price ? { price_write_date: dates.price } : {}),
  }).where('id', '=', id).execute();
};

export const setPrice = async (db: Kysely<DB>, id: number, field: StockPriceField, value: number, at: Date) => {
  await sql`update stock set ${sql.ref(field)} = ${value}, price_write_date = ${at} where id = ${id}`.execute(db);
};

/** Sets the quantity only if nobody changed it since `version`; the new row, or undefined when stale. */
export const setQuantity = async (db: Kysely<DB>, companyId: number, id: number, quantity: number, version: number, at: Date) =>
  (await sql<{ id: number }>`
    update stock set quantity = ${quantity}, stock_write_date = ${at}
    where id = ${id} and company_id = ${companyId} and qty_version = ${version} returning id::int as id`.execute(db)).rows[0];

/**
 * Adds delta in one statement, so adjustments made at the same moment each count (the row lock
 * orders them); refused (undefined) when it would go below 0 or above max.
 */
export const addQuantity = async (db: Kysely<DB>, companyId: number, id: number, delta: number, max: number, at: Date) =>
  (await sql<{ id: number }>`
    update stock set quantity = quantity + ${delta}, stock_write_date = ${at}
    where id = ${id} and company_id = ${companyId} and quantity + ${delta} between 0 and ${max} returning id::int as id`.execute(db)).rows[0];

type BulkColumn = 'price_lock' | 'state' | 'clean_state' | 'spot';

/** The first of these rows the platform took off sale (its state is the platform's to change), if any. */
export const firstPlatformOff = async (db: Kysely<DB>, companyId: number, ids: number[]) =>
  (await sql<{ id: number; supplier_oe: string }>`select id::int as id, supplier_oe from stock
    where company_id = ${companyId} and id = any(${ids}::bigint[]) and op_off_reason is not null order by id limit 1`.execute(db)).rows[0];

/** The brand a merged spelling was merged into (operator brand cleaning), or the id itself. */
export const keptBrandId = async (db: Kysely<DB>, id: number | null) =>
  id === null ? null : ((await db.selectFrom('part_brand').select('merged_into').where('id', '=', id).executeTakeFirst())?.merged_into ?? id);

/** Sets one column on the company's rows among ids that differ; the ids actually changed. */
export const setColumn = async (db: Kysely<DB>, companyId: number, ids: number[], column: BulkColumn, value: boolean | string, at: Date) =>
  (await sql<{ id: number }>`
    update stock set ${sql.ref(column)} = ${value}, ${column === 'price_lock' ? sql`price_write_date` : sql`prod_write_date`} = ${at}
    where company_id = ${companyId} and id = any(${ids}::bigint[]) and ${sql.ref(column)} is distinct from ${value}
    returning id::int as id`.execute(db)).rows.map((r) => r.id);

export const setPerformance = (db: Kysely<DB>, id: number, performance: boolean, provinceIds: number[], at: Date) =>
  sql`update stock set performance = ${performance}, province_ids = ${provinceIds}::smallint[], prod_write_date = ${at} where id = ${id}`.execute(db);

export const remove = async (db: Kysely<DB>, companyId: number, ids: number[]) =>
  (await sql<{ id: number; supplier_oe: string; oe_norm: string; name: string }>`
    delete from stock where company_id = ${companyId} and id = any(${ids}::bigint[]) returning id::int as id, supplier_oe, oe_norm, name`.execute(db)).rows;

export type Change = { field: string; old: string | number | boolean | null; new: string | number | boolean | null };

/** With `keys` (db/batch-keys.ts, stock_change's), the entries' foreign keys are checked in one query instead of per entry. */
export const log = async (db: Kysely<DB>, entries: Array<{ stock_id: number; company_id: number; user_id: number; at: Date; action: string; changes: Change[] }>, keys: BatchKey[] | null = null, tally?: KeyCheckTally) => {
  if (entries.length === 0) return;
  // one JSON parameter, as the import's rows travel (stock-import.repo insertMany): 2,000 entries are not 12,000 bound values
  await insertKeysCheckedPerBatch(db, keys, entries, () => sql`
    insert into stock_change (stock_id, company_id, user_id, at, action, changes)
    select stock_id, company_id, user_id, at, action, changes
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as x(stock_id bigint, company_id integer, user_id integer, at timestamptz, action text, changes jsonb)`.execute(db), tally);
};

export const changesOf = (db: Kysely<DB>, companyId: number, stockId: number) =>
  sql<{ id: number; at: Date; user_name: string; action: string; changes: Change[] }>`
    select l.id::int as id, l.at, u.display_name as user_name, l.action, l.changes
    from stock_change l join app_user u on u.id = l.user_id
    where l.stock_id = ${stockId} and l.company_id = ${companyId}
    order by l.id desc limit 200`.execute(db).then((r) => r.rows);

export const makes = (db: Kysely<DB>) => db.selectFrom('make').select(['id', 'name', 'initial', 'logo as images']).where('active', '=', true).orderBy('initial').orderBy('id').execute();
export const partTypes = (db: Kysely<DB>) => db.selectFrom('part_quality').select(['id', 'name', 'is_original']).orderBy('sort').orderBy('id').execute();
export const terminology = (db: Kysely<DB>) => db.selectFrom('terminology').select(['id', 'name']).orderBy('id').execute();
export const factoryMakes = (db: Kysely<DB>) =>
  db.selectFrom('factory_make').select(['id as veh_brand_id', 'name as veh_brand_name', 'initial as veh_brand_initial', 'logo as veh_brand_logo', 'make_id'])
    .orderBy('initial').orderBy('id').execute();
export const countries = (db: Kysely<DB>, name: string) => {
  let q = db.selectFrom('country').select(['id', 'name_cn as name', 'code']).orderBy('id');
  if (name) q = q.where((eb) => eb.or([eb('name_cn', 'like', `%${likeEscape(name)}%`), eb('code', '=', name.toUpperCase())]));
  return q.execute();
};

/** One page of the filtered list for the export, in id order after `afterId` (keyset: cheap at any depth). */
export const exportPage = async (db: Kysely<DB>, companyId: number, f: StockFilter, afterId: number, limit: number) => {
  const where = sql.join([...conditionsOf(companyId, f), sql`s.id > ${afterId}`], sql` and `);
  return (await sql<SellerRowRaw>`select ${COLUMNS} ${FROM} where ${where} order by s.id limit ${limit}`.execute(db)).rows;
};

// ---- the open platform's stock calls (docs/open-platform.md, "Partner calls") ----

export interface OpenRowRaw {
  id: number; default_code: string; supplier_code: string; supplier_oe: string; oe_norm: string; name: string; part_brand_name: string;
  custom_brand_name: string; quality_name: string; uom_name: string; quantity: number; price99: number | null; price0: number | null;
  price1: number | null; price2: number | null; price3: number | null; price5: number | null; vn_price: number | null; price_lock: boolean;
  spot: boolean; state: 'on' | 'off' | 'suspended'; changed_at: Date; changed_us: string;
}

const OPEN_COLUMNS = sql`s.id::int as id, s.default_code, s.supplier_code, s.supplier_oe, s.oe_norm, s.name,
  coalesce((select name from part_brand where id = s.part_brand_id), '') as part_brand_name, s.custom_brand_name, q.name as quality_name, s.uom_name,
  s.quantity, s.price99, s.price0, s.price1, s.price2, s.price3, s.price5, s.vn_price::int as vn_price, s.price_lock, s.spot, s.state,
  s.changed_at, ${micros('s.changed_at')} as changed_us`;

/** The company's rows with any of these OE numbers (normalised), or matching a keyword, by id after `afterId`. */
export const openSearch = async (db: Kysely<DB>, companyId: number, f: { oes: string[] | null; keyword: string; afterId: number; limit: number }) => {
  const match = f.oes
    ? sql`s.oe_norm = any(${f.oes}::text[])`
    : sql`(${containsIgnoringCase(sql`s.name`, f.keyword)} or ${normalizeOe(f.keyword) ? sql`s.oe_norm like ${`%${likeEscape(normalizeOe(f.keyword))}%`}` : sql`false`}
        or ${containsIgnoringCase(sql`s.default_code`, f.keyword)} or ${containsIgnoringCase(sql`s.supplier_vehicle`, f.keyword)})`;
  return (await sql<OpenRowRaw>`select ${OPEN_COLUMNS} ${FROM}
    where s.company_id = ${companyId} and s.id > ${f.afterId} and ${match}
    order by s.id limit ${f.limit}`.execute(db)).rows;
};

/**
 * The company's rows changed at or after `sinceUs`, after the position (afterUs, afterId) in
 * (changed_at, id) order, older than the horizon (keyset: never OFFSET).
 */
export const changedRows = async (db: Kysely<DB>, companyId: number, f: { sinceUs: string; afterUs: string; afterId: number; limit: number }) => {
  // its own statement, before the page's (db/changes.ts readChangeHorizon)
  const horizonUs = await readChangeHorizon(db);
  return (await sql<OpenRowRaw>`select ${OPEN_COLUMNS} ${FROM}
    where s.company_id = ${companyId} and s.changed_at >= ${fromMicros(f.sinceUs)}
      and (s.changed_at, s.id) > (${fromMicros(f.afterUs)}, ${f.afterId}::bigint) and s.changed_at < ${fromMicros(horizonUs)}
    order by s.changed_at, s.id limit ${f.limit}`.execute(db)).rows;
};

export interface SyncRowRaw {
  id: number; default_code: string; quantity: number; price_lock: boolean; spot: boolean;
  price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
}

/** The company's rows with these own codes (自编码), locked for the caller's transaction, in id order. */
export const rowsByCodes = async (db: Kysely<DB>, companyId: number, codes: string[]) =>
  (await sql<SyncRowRaw>`select id::int as id, default_code, quantity, price_lock, spot, price99, price0, price1, price2, price3, price5
    from stock where company_id = ${companyId} and default_code = any(${codes}::text[]) order by id for update`.execute(db)).rows;

/** Writes the new quantity, prices and 现货 mark of these rows in one statement; write dates only where that part changed (the mark: 资料). */
export const writeSynced = async (db: Kysely<DB>, companyId: number, rows: Array<SyncRowRaw & { qty_changed: boolean; price_changed: boolean; spot_changed: boolean }>, at: Date) => {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({
    id: r.id, quantity: r.quantity, price99: r.price99, price0: r.price0, price1: r.price1, price2: r.price2, price3: r.price3, price5: r.price5,
    spot: r.spot, qty_changed: r.qty_changed, price_changed: r.price_changed, spot_changed: r.spot_changed,
  })));
  await sql`update stock s set quantity = x.quantity, price99 = x.price99, price0 = x.price0, price1 = x.price1, price2 = x.price2, price3 = x.price3, price5 = x.price5,
      spot = x.spot,
      stock_write_date = case when x.qty_changed then ${at}::timestamptz else s.stock_write_date end,
      price_write_date = case when x.price_changed then ${at}::timestamptz else s.price_write_date end,
      prod_write_date = case when x.spot_changed then ${at}::timestamptz else s.prod_write_date end
    from jsonb_to_recordset(${json}::jsonb) as x(id bigint, quantity integer, price99 integer, price0 integer, price1 integer, price2 integer, price3 integer, price5 integer,
      spot boolean, qty_changed boolean, price_changed boolean, spot_changed boolean)
    where s.id = x.id and s.company_id = ${companyId}`.execute(db);
};

/** The company's 现货 cut-off (seller_spot_setting, docs/spot-goods.md): minutes after China midnight, null for none. */
export const spotCutoff = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('seller_spot_setting').select('cutoff_minute').where('company_id', '=', companyId).executeTakeFirst())?.cutoff_minute ?? null;

export const saveSpotCutoff = (db: Kysely<DB>, companyId: number, minute: number | null, userId: number, at: Date) =>
  db.insertInto('seller_spot_setting').values({ company_id: companyId, cutoff_minute: minute, updated_by: userId, updated_at: at })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ cutoff_minute: minute, updated_by: userId, updated_at: at })).execute();

/** Which of these rows are marked 现货, locked for the caller's transaction (the order that takes them). */
export const spotOf = async (db: Kysely<DB>, ids: number[]) =>
  ids.length === 0 ? new Map<number, boolean>()
    : new Map((await db.selectFrom('stock').select(['id', 'spot']).where('id', 'in', ids).forUpdate().execute()).map((r) => [Number(r.id), r.spot]));

/** These rows, whichever company they belong to (the caller decides), in no particular order. */
export const rowsByIds = async (db: Kysely<DB>, ids: number[]) =>
  ids.length === 0 ? [] : (await sql<SellerRowRaw>`select ${COLUMNS} ${FROM} where s.id = any(${ids}::bigint[])`.execute(db)).rows;

// ---- a head company's read of its branches' stock (docs/customers.md "Branch companies") ----

export interface CompaniesRowRaw {
  id: number; company_id: number; company_name: string; supplier_oe: string; name: string; brand_name: string; quality_name: string;
  quantity: number; price99: number | null; state: string;
}

/** Rows of these companies, by OE number (normalised, contained) or name, company then id order; a page and how many. */
export const rowsOfCompanies = async (db: Kysely<DB>, f: { companyIds: readonly number[]; keyword: string; offset: number; limit: number }) => {
  if (f.companyIds.length === 0) return { rows: [] as CompaniesRowRaw[], total: 0 };
  const oe = normalizeOe(f.keyword);
  const where = sql.join([
    sql`s.company_id = any(${sql.val([...f.companyIds])}::int[])`,
    ...(f.keyword ? [sql`(${oe ? sql`s.oe_norm like ${`%${likeEscape(oe)}%`}` : sql`false`} or s.name ilike ${`%${likeEscape(f.keyword)}%`})`] : []),
  ], sql` and `);
  const [rows, total] = await Promise.all([
    sql<CompaniesRowRaw>`select s.id::int as id, s.company_id, c.name as company_name, s.supplier_oe, s.name,
        coalesce((select name from part_brand where id = s.part_brand_id), s.custom_brand_name) as brand_name, q.name as quality_name,
        s.quantity, s.price99, s.state
      ${FROM} join company c on c.id = s.company_id where ${where} order by s.company_id, s.id offset ${f.offset} limit ${f.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n ${FROM} where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};
