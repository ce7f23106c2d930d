/** Uploaded images: the bytes live in the upload folder on disk, this table says whose they are. */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const uploadAuthority = async (db: Kysely<DB>) =>
  (await db.selectFrom('system_param').select('value').where('key', '=', 'upload_authority').executeTakeFirst())?.value;

/**
 * Takes one file of `bytes` from a company's quota for `day` in one statement: the day's row is
 * created or raised only when the result stays within both limits, so uploads sent together can
 * never pass them (a count then an insert let 323 of a 300 limit through). True when taken.
 */
export const takeQuota = async (db: Kysely<DB>, companyId: number, day: string, bytes: number, limit: { files: number; bytes: number }) => {
  if (bytes > limit.bytes || limit.files < 1) return false;
  const { rows } = await sql<{ files: number }>`
    insert into upload_day as u (company_id, day, files, bytes) values (${companyId}, ${day}::date, 1, ${bytes})
    on conflict (company_id, day) do update set files = u.files + 1, bytes = u.bytes + excluded.bytes
    where u.files + 1 <= ${limit.files} and u.bytes + excluded.bytes <= ${limit.bytes}
    returning u.files`.execute(db);
  return rows.length === 1;
};

/** Gives back a file taken by takeQuota whose upload was then refused or failed. */
export const giveBackQuota = (db: Kysely<DB>, companyId: number, day: string, bytes: number) =>
  sql`update upload_day set files = greatest(files - 1, 0), bytes = greatest(bytes - ${bytes}, 0) where company_id = ${companyId} and day = ${day}::date`.execute(db);

/** What a company has uploaded on `day`: files and bytes. */
export const usedOn = async (db: Kysely<DB>, companyId: number, day: string) => {
  const r = (await sql<{ files: number; bytes: string }>`select files, bytes from upload_day where company_id = ${companyId} and day = ${day}::date`.execute(db)).rows[0];
  return { files: r ? Number(r.files) : 0, bytes: r ? Number(r.bytes) : 0 };
};

/** Deletes the quota rows of days before `day` (the housekeeping). */
export const deleteQuotaBefore = async (db: Kysely<DB>, day: string) =>
  Number((await sql`delete from upload_day where day < ${day}::date`.execute(db)).numAffectedRows ?? 0n);

export const recordFile = (db: Kysely<DB>, row: Insertable<DB['uploaded_file']>) => db.insertInto('uploaded_file').values(row).execute();

/** The names among `names` uploaded by someone of this company. */
export const ownedBy = async (db: Kysely<DB>, companyId: number, names: string[]) =>
  names.length === 0 ? [] : (await db.selectFrom('uploaded_file').select('name').where('company_id', '=', companyId).where('name', 'in', names).execute()).map((r) => r.name);

/**
 * Every column that can name an upload (files no row refers to are removed). Values hold
 * the file_path we handed out (`/api/uploads/<name>`), or a full address ending in it where people
 * type addresses (ads, banners, videos, system parameters). A new column that stores images must
 * be added here, or the sweep deletes its files a day after their upload; the test in
 * tests/integration/upload-sweep.test.ts fails for a column named like an image that is missing.
 */
export const UPLOAD_REFERENCES = [
  { table: 'wanted_request', column: 'img_infos', kind: 'json' },
  { table: 'enquiry', column: 'img_infos', kind: 'json' },
  { table: 'after_sale', column: 'img_infos', kind: 'json' },
  { table: 'seller_application', column: 'licence_images', kind: 'array' },
  { table: 'im_message', column: 'image_uri', kind: 'text' },
  { table: 'company', column: 'logo', kind: 'text' },
  { table: 'company_shop', column: 'banner_url', kind: 'text' },
  { table: 'company_shop_media', column: 'url', kind: 'text' },
  { table: 'app_user', column: 'head_image', kind: 'text' },
  { table: 'ad', column: 'images_url', kind: 'text' },
  { table: 'make', column: 'logo', kind: 'text' },
  { table: 'factory_make', column: 'logo', kind: 'text' },
  { table: 'epc_group', column: 'icon', kind: 'text' },
  { table: 'epc_diagram', column: 'image_url', kind: 'text' },
  { table: 'system_param', column: 'value', kind: 'text' },
  { table: 'invoice_request', column: 'file_path', kind: 'text' },
  { table: 'invoice_request', column: 'red_file_path', kind: 'text' },
  // 积分商品 (docs/points.md): an address typed by the operator, which may name one of our uploads
  { table: 'points_product', column: 'image', kind: 'text' },
] as const;

/** a stored name inside a path or address; the capture is the name */
const NAME_IN_PATH = 'uploads/([0-9a-f]{32}\\.(?:jpg|png))';

/**
 * Deletes the records of uploads made before `before` that no row names, and returns their names
 * (the caller removes the files). One statement: a name counts as used if any column above holds it.
 */
export const deleteUnreferenced = async (db: Kysely<DB>, before: Date): Promise<string[]> => {
  const named = sql.join(UPLOAD_REFERENCES.map((r) => {
    const col = sql.ref(`${r.table}.${r.column}`);
    const text = r.kind === 'array' ? sql`array_to_string(${col}, ' ')` : r.kind === 'json' ? sql`${col}::text` : col;
    return sql`select (regexp_matches(${text}, ${NAME_IN_PATH}, 'g'))[1] as name from ${sql.table(r.table)} where ${text} like '%uploads/%'`;
  }), sql` union `);
  const { rows } = await sql<{ name: string }>`
    with used as (${named})
    delete from uploaded_file f
    where f.created_at < ${before} and not exists (select 1 from used where used.name = f.name)
    returning f.name`.execute(db);
  return rows.map((r) => r.name);
};

/** The names among `names` that have a record. */
export const recorded = async (db: Kysely<DB>, names: string[]) =>
  names.length === 0 ? [] : (await db.selectFrom('uploaded_file').select('name').where('name', 'in', names).execute()).map((r) => r.name);
