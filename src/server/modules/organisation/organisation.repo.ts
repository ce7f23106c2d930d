/**
 * Stores a company's employees (app_user rows of the company, their latest sign-in read from
 * session) and its public contacts (company_contact). Every query is scoped by company id.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import { extraSeats } from '../paid-service/paid-service.read';

const employeeColumns = ['app_user.id', 'app_user.uuid', 'app_user.company_id', 'app_user.username', 'app_user.display_name', 'app_user.mobile',
  'app_user.is_owner', 'app_user.active', 'app_user.permissions', 'app_user.created_at'] as const;

const lastLogin = sql<Date | null>`(select max(s.created_at) from session s where s.user_id = app_user.id)`.as('last_login');

export const employeeById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('app_user').select([...employeeColumns, lastLogin]).where('app_user.id', '=', id).executeTakeFirst();

export const listEmployees = async (db: Kysely<DB>, companyId: number, f: { keyword: string; active: boolean | ''; offset: number; limit: number }) => {
  let q = db.selectFrom('app_user').where('app_user.company_id', '=', companyId);
  if (f.keyword) {
    const pattern = `%${likeEscape(f.keyword)}%`;
    q = q.where((eb) => eb.or([eb('app_user.username', 'ilike', pattern), eb('app_user.display_name', 'like', pattern), eb('app_user.mobile', 'like', pattern)]));
  }
  if (f.active !== '') q = q.where('app_user.active', '=', f.active);
  const [rows, count] = await Promise.all([
    q.select([...employeeColumns, lastLogin])
      .orderBy('app_user.is_owner', 'desc').orderBy('app_user.id').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
};

/** The codes the company may grant: those of its owner(s). */
export const ownerCodes = async (db: Kysely<DB>, companyId: number) => {
  const rows = await db.selectFrom('app_user').select('permissions').where('company_id', '=', companyId).where('is_owner', '=', true).execute();
  return [...new Set(rows.flatMap((r) => r.permissions))];
};

/**
 * Locks the company row and reads its employee limit (the level's plus the seats it bought,
 * docs/money.md#paid-services): counts checked against a limit stay true until commit.
 */
export const lockCompany = async (db: Kysely<DB>, companyId: number) => {
  const { rows } = await sql<{ employee_limit: number }>`
    select l.employee_limit from company c join company_level l on l.id = c.level_id where c.id = ${companyId} for update of c`.execute(db);
  return (rows[0]?.employee_limit ?? 0) + await extraSeats(db, companyId);
};

export const usernameOwner = async (db: Kysely<DB>, username: string) =>
  (await db.selectFrom('app_user').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst())?.id;

export const mobileOwner = async (db: Kysely<DB>, mobile: string) =>
  (await db.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirst())?.id;

const contactColumns = ['id', 'name', 'phone', 'qq', 'wechat', 'position', 'sort'] as const;

export const contacts = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company_contact').select(contactColumns).where('company_id', '=', companyId).orderBy('sort').orderBy('id').execute();

export const contactCount = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company_contact').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n;

export type ContactFields = { name: string; phone: string; qq: string; wechat: string; position: string; sort: number };

export const insertContact = (db: Kysely<DB>, companyId: number, c: ContactFields, now: Date) =>
  db.insertInto('company_contact').values({ ...c, company_id: companyId, created_at: now }).returning(contactColumns).executeTakeFirstOrThrow();

export const updateContact = (db: Kysely<DB>, companyId: number, id: number, c: ContactFields) =>
  db.updateTable('company_contact').set(c).where('id', '=', id).where('company_id', '=', companyId).returning(contactColumns).executeTakeFirst();

export const deleteContact = async (db: Kysely<DB>, companyId: number, id: number) =>
  Number((await db.deleteFrom('company_contact').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst()).numDeletedRows) === 1;

export const activeEmployees = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('app_user').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).where('active', '=', true).executeTakeFirstOrThrow()).n;

export const employeeLimit = async (db: Kysely<DB>, companyId: number) =>
  ((await db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select('company_level.employee_limit').where('company.id', '=', companyId).executeTakeFirst())?.employee_limit ?? 0) + await extraSeats(db, companyId);
