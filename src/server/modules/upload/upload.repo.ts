/** Uploaded images: the bytes live in the upload folder on disk, this table says whose they are. */
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const uploadAuthority = async (db: Kysely<DB>) =>
  (await db.selectFrom('system_param').select('value').where('key', '=', 'upload_authority').executeTakeFirst())?.value;

/** What a company uploaded since `since`: files and bytes. */
export const uploadedSince = async (db: Kysely<DB>, companyId: number, since: Date) => {
  const r = await db.selectFrom('uploaded_file')
    .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('bytes')])
    .where('company_id', '=', companyId).where('created_at', '>=', since).executeTakeFirstOrThrow();
  return { files: Number(r.files), bytes: Number(r.bytes) };
};

export const recordFile = (db: Kysely<DB>, row: Insertable<DB['uploaded_file']>) => db.insertInto('uploaded_file').values(row).execute();

/** The names among `names` uploaded by someone of this company. */
export const ownedBy = async (db: Kysely<DB>, companyId: number, names: string[]) =>
  names.length === 0 ? [] : (await db.selectFrom('uploaded_file').select('name').where('company_id', '=', companyId).where('name', 'in', names).execute()).map((r) => r.name);
