/**
 * Bulk import bookkeeping (migration 0040): stock_import holds each uploaded file (where it lies on
 * disk, its hash, headers and progress), stock_import_row the lines of a file already applied,
 * stock_import_mapping each company's remembered column mapping. The stock rows themselves are
 * written through stock.repo's statements and a batch insert here.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { refKey, type ColumnMapping, type ImportReferences } from '../../../shared/domain/stock-import';
import type { StockCreate } from '../../../shared/contracts';
import { insertKeysCheckedPerBatch, type BatchKey, type KeyCheckTally } from '../../db/batch-keys';

export interface ImportRecord {
  id: number; company_id: number; user_id: number; file_name: string; file_hash: string; format: 'csv' | 'xlsx'; path: string;
  headers: string[]; state: 'uploaded' | 'running' | 'done' | 'failed'; total_rows: number; done_rows: number; added: number;
  updated: number; unchanged: number; skipped: number; failed: number; error_path: string | null; message: string;
  heartbeat_at: Date | null; mapping: ColumnMapping | null;
}

export const create = async (db: Kysely<DB>, r: { company_id: number; user_id: number; file_name: string; file_hash: string; format: string; path: string; headers: string[]; at: Date }) =>
  (await sql<{ id: number }>`
    insert into stock_import (company_id, user_id, file_name, file_hash, format, path, headers, created_at)
    values (${r.company_id}, ${r.user_id}, ${r.file_name}, ${r.file_hash}, ${r.format}, ${r.path}, ${JSON.stringify(r.headers)}::jsonb, ${r.at})
    returning id`.execute(db)).rows[0].id;

export const get = async (db: Kysely<DB>, companyId: number, id: number) =>
  (await sql<ImportRecord>`select * from stock_import where id = ${id} and company_id = ${companyId}`.execute(db)).rows[0];

/** Moves an uploaded import to running; false when it was not waiting (started already). */
export const claim = async (db: Kysely<DB>, companyId: number, id: number, mapping: ColumnMapping, at: Date) =>
  (await sql`update stock_import set state = 'running', mapping = ${JSON.stringify(mapping)}::jsonb, heartbeat_at = ${at}
    where id = ${id} and company_id = ${companyId} and state = 'uploaded'`.execute(db)).numAffectedRows === 1n;

/**
 * Takes over the imports left running by a process that stopped (no batch committed since
 * `staleBefore`): each is claimed by one statement, so of several processes looking at once only
 * one gets it. Its line and failure counts restart, as the run reads the file from the top again
 * (the lines it applied are skipped by stock_import_row and stay counted as added or updated).
 */
export const takeStalled = async (db: Kysely<DB>, staleBefore: Date, at: Date) =>
  (await sql<ImportRecord>`
    update stock_import set heartbeat_at = ${at}, done_rows = 0, failed = 0
    where state = 'running' and (heartbeat_at is null or heartbeat_at < ${staleBefore})
    returning *`.execute(db)).rows;

/**
 * Marks the imports uploaded before `before` and never started as failed with `message`, their
 * file gone (path ''): the paths to remove. Only 'uploaded' rows, in one statement, so an import
 * started meanwhile keeps its file.
 */
export const expireUnstarted = async (db: Kysely<DB>, before: Date, message: string, at: Date) =>
  (await sql<{ path: string }>`
    with gone as (select id, path from stock_import where state = 'uploaded' and created_at < ${before} for update skip locked)
    update stock_import s set state = 'failed', message = ${message}, path = '', finished_at = ${at}
    from gone where s.id = gone.id and s.state = 'uploaded'
    returning gone.path`.execute(db)).rows.map((r) => r.path).filter((p) => p !== '');

/** The files of imports that failed before `before`, forgotten (path ''): the paths to remove. */
export const releaseFailed = async (db: Kysely<DB>, before: Date) =>
  (await sql<{ path: string }>`
    with gone as (select id, path from stock_import where state = 'failed' and path <> '' and finished_at < ${before} for update skip locked)
    update stock_import s set path = '' from gone where s.id = gone.id
    returning gone.path`.execute(db)).rows.map((r) => r.path).filter((p) => p !== '');

/** The files imports still need: uploaded and not yet started, or running. */
export const livePaths = async (db: Kysely<DB>) =>
  (await sql<{ path: string }>`select path from stock_import where state in ('uploaded', 'running') and path <> ''`.execute(db)).rows.map((r) => r.path);

export const setTotal = (db: Kysely<DB>, id: number, total: number) => sql`update stock_import set total_rows = ${total} where id = ${id}`.execute(db);

export const addProgress = (db: Kysely<DB>, id: number, p: { done: number; added: number; updated: number; unchanged: number; skipped: number; failed: number }, at: Date) =>
  sql`update stock_import set done_rows = done_rows + ${p.done}, added = added + ${p.added}, updated = updated + ${p.updated},
      unchanged = unchanged + ${p.unchanged}, skipped = skipped + ${p.skipped}, failed = failed + ${p.failed}, heartbeat_at = ${at} where id = ${id}`.execute(db);

export const finish = (db: Kysely<DB>, id: number, state: 'done' | 'failed', errorPath: string | null, message: string, at: Date) =>
  sql`update stock_import set state = ${state}, error_path = ${errorPath}, message = ${message}, finished_at = ${at} where id = ${id}`.execute(db);

export const seenBefore = async (db: Kysely<DB>, companyId: number, hash: string) =>
  (await sql`select 1 from stock_import_row where company_id = ${companyId} and file_hash = ${hash} limit 1`.execute(db)).rows.length > 0;

export const getMapping = async (db: Kysely<DB>, companyId: number): Promise<ColumnMapping> =>
  (await sql<{ mapping: ColumnMapping }>`select mapping from stock_import_mapping where company_id = ${companyId}`.execute(db)).rows[0]?.mapping ?? {};

export const saveMapping = (db: Kysely<DB>, companyId: number, mapping: ColumnMapping, at: Date) =>
  sql`insert into stock_import_mapping (company_id, mapping, updated_at) values (${companyId}, ${JSON.stringify(mapping)}::jsonb, ${at})
      on conflict (company_id) do update set mapping = excluded.mapping, updated_at = excluded.updated_at`.execute(db);

export const references = async (db: Kysely<DB>): Promise<ImportReferences> => {
  const [brands, qualities, makes] = await Promise.all([
    // brands in use first, then the spellings an operator merged, each standing for its kept brand;
    // disabled brands and makes are unknown names here
    sql<{ id: number; name: string }>`select coalesce(merged_into, id) as id, name from part_brand
      where active or merged_into is not null order by (merged_into is not null), id`.execute(db),
    sql<{ id: number; name: string }>`select id, name from part_quality order by id`.execute(db),
    sql<{ id: number; name: string }>`select id, name from make where active order by id`.execute(db),
  ]);
  // the first of two equal names wins, the same one every time
  const mapOf = (rows: Array<{ id: number; name: string }>) => {
    const m = new Map<string, number>();
    for (const r of rows) if (!m.has(refKey(r.name))) m.set(refKey(r.name), r.id);
    return m;
  };
  return { brands: mapOf(brands.rows), qualities: mapOf(qualities.rows), makes: mapOf(makes.rows) };
};

/** Which of these line numbers of the file were applied already. */
export const appliedRows = async (db: Kysely<DB>, companyId: number, hash: string, rowNos: number[]) =>
  new Set((await sql<{ row_no: number }>`
    select row_no from stock_import_row where company_id = ${companyId} and file_hash = ${hash} and row_no = any(${rowNos}::int[])`.execute(db)).rows.map((r) => r.row_no));

export const recordApplied = async (db: Kysely<DB>, companyId: number, hash: string, rowNos: number[]) => {
  if (rowNos.length === 0) return;
  await sql`insert into stock_import_row (company_id, file_hash, row_no) select ${companyId}, ${hash}, unnest(${rowNos}::int[]) on conflict do nothing`.execute(db);
};

/** The columns an import compares and may change, as stored. */
export const IMPORT_COLUMNS = [
  'supplier_oe', 'name', 'part_brand_id', 'custom_brand_name', 'quality_id', 'make_id', 'supplier_code', 'default_code', 'supplier_vehicle',
  'product_specification', 'producing_area', 'uom_name', 'category_name', 'note', 'quantity', 'vn_quantity',
  'price99', 'price0', 'price1', 'price2', 'price3', 'price5', 'vn_price', 'spot',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type StoredValues = Record<ImportColumn, string | number | boolean | null>;

export interface ExistingRow { id: number; oe_norm: string; price_lock: boolean; values: StoredValues }

export const itemKey = (r: { oe_norm: string; part_brand_id: number | null; custom_brand_name: string; default_code: string }) =>
  `${r.oe_norm}\u0001${r.part_brand_id ?? ''}\u0001${r.custom_brand_name}\u0001${r.default_code}`;

/** The company's rows with any of these OE numbers, by item key (same OE + brand + own code, as repo.sameItem). */
export const existingItems = async (db: Kysely<DB>, companyId: number, oeNorms: string[]) => {
  const rows = (await sql<StoredValues & { id: number; oe_norm: string; price_lock: boolean }>`
    select id::int as id, oe_norm, price_lock, ${sql.join(IMPORT_COLUMNS.map((c) => (c === 'vn_price' ? sql`vn_price::int as vn_price` : sql.ref(c))))}
    from stock where company_id = ${companyId} and oe_norm = any(${oeNorms}::text[]) order by id`.execute(db)).rows;
  const out = new Map<string, ExistingRow>();
  for (const r of rows) {
    const key = itemKey({ oe_norm: r.oe_norm, part_brand_id: r.part_brand_id as number | null, custom_brand_name: r.custom_brand_name as string, default_code: r.default_code as string });
    if (!out.has(key)) out.set(key, { id: r.id, oe_norm: r.oe_norm, price_lock: r.price_lock, values: r });
  }
  return out;
};

/**
 * Locks rows about to be placed (库位) in id order, as a checkout locks them, and reads their
 * quantity under the lock: a placing written from a quantity read earlier would bring back pieces
 * sold meanwhile (docs/warehouse.md).
 */
export const lockQuantities = async (db: Kysely<DB>, ids: number[]) =>
  new Map((await sql<{ id: number; quantity: number }>`
    select id::int as id, quantity from stock where id = any(${sql.val(ids)}::int[]) order by id for update`.execute(db)).rows.map((r) => [r.id, r.quantity] as const));

export const catalogue = async (db: Kysely<DB>, oeNorms: string[]) =>
  new Map((await sql<{ id: number; oe_norm: string; make_id: number | null; terminology_id: number | null }>`
    select id, oe_norm, make_id, terminology_id from product where oe_norm = any(${oeNorms}::text[])`.execute(db)).rows.map((r) => [r.oe_norm, r] as const));

type NewRow = StockCreate & { oe_norm: string; product_id: number | null; terminology_id: number | null; spot: boolean };

/** The inserted columns and their types, as the rows travel: one JSON parameter per batch (cheaper than 15,000 bound values). */
const INSERT_TYPES = {
  product_id: 'integer', oe_norm: 'text', supplier_oe: 'text', supplier_code: 'text', default_code: 'text', name: 'text', part_brand_id: 'integer',
  custom_brand_name: 'text', quality_id: 'integer', make_id: 'integer', factory_make_id: 'integer', terminology_id: 'integer',
  supplier_vehicle: 'text', product_specification: 'text', producing_area: 'text', country_id: 'integer', uom_name: 'text',
  category_name: 'text', note: 'text', quantity: 'integer', vn_quantity: 'integer', sale_state: 'text', price99: 'integer', price0: 'integer',
  price1: 'integer', price2: 'integer', price3: 'integer', price5: 'integer', vn_price: 'bigint', spot: 'boolean',
} as const;
const INSERT_NAMES = Object.keys(INSERT_TYPES) as Array<keyof typeof INSERT_TYPES>;
const INSERT_COLUMNS = sql.raw(INSERT_NAMES.join(', '));
const INSERT_RECORD = sql.raw(INSERT_NAMES.map((c) => `${c} ${INSERT_TYPES[c]}`).join(', '));

/** The tables stock's insert triggers write (0782: none has a trigger, so none has a foreign key to check). */
export const STOCK_TRIGGER_WRITES = ['search_term', 'price_ratio', 'price_ratio_next'];

/**
 * Inserts the rows in one statement; their ids in the same order (a function scan yields the array in order, and RETURNING follows the insert).
 * With `keys` (db/batch-keys.ts, stock's), the rows' foreign keys are checked for the batch in one query instead of per row;
 * `tally` counts the statement under the path it took.
 */
export const insertMany = async (db: Kysely<DB>, companyId: number, rows: NewRow[], at: Date, keys: BatchKey[] | null = null, tally?: KeyCheckTally) => {
  if (rows.length === 0) return [];
  // the listed columns only, straight from the rows (a column left out reads as null)
  const json = JSON.stringify(rows, INSERT_NAMES);
  const inserted = await insertKeysCheckedPerBatch(db, keys, rows.map((r) => ({ ...r, company_id: companyId })), () => sql<{ id: string }>`
    insert into stock (company_id, create_date, prod_write_date, price_write_date, stock_write_date, ${INSERT_COLUMNS})
    select ${companyId}, ${at}, ${at}, ${at}, ${at}, ${INSERT_COLUMNS}
    from jsonb_to_recordset(${json}::jsonb) as x(${INSERT_RECORD})
    returning id`.execute(db), tally);
  return inserted.rows.map((r) => Number(r.id));
};

export const updateOne = (db: Kysely<DB>, id: number, set: Partial<StoredValues>, dates: { prod_write_date?: Date; price_write_date?: Date; stock_write_date?: Date }) =>
  db.updateTable('stock').set({ ...set, ...dates } as never).where('id', '=', id).execute();
