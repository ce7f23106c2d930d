/**
 * 分公司 (docs/customers.md "Branch companies"): invitations (company_branch_invite, migration 0520)
 * and the links they make in company_relation, the one table of head and branch companies the
 * operators' 总分公司 page (modules/operation/merchants.service) reads and writes too.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Every write of company_relation takes this lock first (the operators' links take the same one),
 * so two links can never build a chain or a cycle between them.
 */
export const lockRelations = (db: Kysely<DB>) => sql`select pg_advisory_xact_lock(hashtext('company_relation'))`.execute(db);

/** The head of a branch, if it is one (a consented or operator-made link). */
export const headOf = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company_relation as r').innerJoin('company as c', 'c.id', 'r.head_id')
    .select(['r.head_id', 'c.name', 'r.created_at']).where('r.branch_id', '=', companyId).executeTakeFirst();

export const branchesOf = (db: Kysely<DB>, headId: number) =>
  db.selectFrom('company_relation as r').innerJoin('company as c', 'c.id', 'r.branch_id')
    .select(['r.branch_id', 'c.name', 'r.created_at', 'r.invite_id']).where('r.head_id', '=', headId).orderBy('r.created_at').orderBy('r.branch_id').execute();

export const hasBranches = async (db: Kysely<DB>, companyId: number) =>
  !!(await db.selectFrom('company_relation').select('branch_id').where('head_id', '=', companyId).executeTakeFirst());

export const link = (db: Kysely<DB>, row: { head: number; branch: number; invite: string; now: Date }) =>
  db.insertInto('company_relation').values({ head_id: row.head, branch_id: row.branch, invite_id: row.invite, created_at: row.now }).execute();

/** Removes the link of this branch to this head; false when there is none. */
export const unlink = async (db: Kysely<DB>, head: number, branch: number) =>
  Number((await db.deleteFrom('company_relation').where('head_id', '=', head).where('branch_id', '=', branch).executeTakeFirst()).numDeletedRows) === 1;

export const isOwner = async (db: Kysely<DB>, userId: number) =>
  !!(await db.selectFrom('app_user').select('is_owner').where('id', '=', userId).executeTakeFirst())?.is_owner;

/** Companies of exactly this name (not the platform). */
export const companiesNamed = (db: Kysely<DB>, name: string) =>
  db.selectFrom('company').select(['id', 'name']).where('name', '=', name).where('id', '<>', 1).limit(2).execute();

export const companyName = async (db: Kysely<DB>, id: number) =>
  (await db.selectFrom('company').select('name').where('id', '=', id).executeTakeFirst())?.name ?? '';

const inviteQuery = (db: Kysely<DB>) =>
  db.selectFrom('company_branch_invite as i')
    .innerJoin('company as h', 'h.id', 'i.head_id')
    .innerJoin('company as b', 'b.id', 'i.branch_id')
    .innerJoin('app_user as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.head_id', 'h.name as head_name', 'i.branch_id', 'b.name as branch_name', 'i.state', 'u.display_name as invited_by_name', 'i.invited_at', 'i.decided_at']);
export type InviteRow = Awaited<ReturnType<ReturnType<typeof inviteQuery>['executeTakeFirstOrThrow']>>;

export const inviteById = (db: Kysely<DB>, id: number) => inviteQuery(db).where('i.id', '=', String(id)).executeTakeFirst();

/** The invitation row locked for the caller's transaction. */
export const lockInvite = (db: Kysely<DB>, id: number) =>
  db.selectFrom('company_branch_invite').select(['id', 'head_id', 'branch_id', 'state']).where('id', '=', String(id)).forUpdate().executeTakeFirst();

export const invitesOf = (db: Kysely<DB>, side: 'head' | 'branch', companyId: number) =>
  inviteQuery(db).where(side === 'head' ? 'i.head_id' : 'i.branch_id', '=', companyId).orderBy('i.invited_at', 'desc').orderBy('i.id', 'desc').limit(50).execute();

export const pendingInvite = (db: Kysely<DB>, head: number, branch: number) =>
  db.selectFrom('company_branch_invite').select('id').where('head_id', '=', head).where('branch_id', '=', branch).where('state', '=', 'pending').executeTakeFirst();

export const insertInvite = async (db: Kysely<DB>, row: { head: number; branch: number; by: number; now: Date }) =>
  (await db.insertInto('company_branch_invite').values({ head_id: row.head, branch_id: row.branch, invited_by: row.by, invited_at: row.now })
    .returning('id').executeTakeFirstOrThrow()).id;

export const decideInvite = (db: Kysely<DB>, id: string, state: 'accepted' | 'declined' | 'withdrawn', by: number, now: Date) =>
  db.updateTable('company_branch_invite').set({ state, decided_by: by, decided_at: now }).where('id', '=', id).where('state', '=', 'pending').execute();

/** Other pending invitations to a company that just became a branch: they can no longer be accepted. */
export const closeOtherInvites = (db: Kysely<DB>, branch: number, keep: string, by: number, now: Date) =>
  db.updateTable('company_branch_invite').set({ state: 'declined', decided_by: by, decided_at: now })
    .where('branch_id', '=', branch).where('state', '=', 'pending').where('id', '<>', keep).execute();
