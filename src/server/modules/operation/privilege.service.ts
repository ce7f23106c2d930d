/**
 * Operator roles (privilege): named groups of D codes held by head-company staff. A
 * staff member's D codes are the union of their roles' codes; every change of a role or an
 * assignment rewrites the D codes of the users it touches in the same transaction (member codes
 * are kept), so it applies on their next request. A change that would leave no active staff
 * member with the privilege code is refused, so the platform can always hand out roles again.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import { ResultCode, type OperatorRole } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { OP_CODES, opText } from '../../../shared/domain/operation';
import * as audit from './audit.repo';

const sortCodes = (codes: string[]) => [...new Set(codes)].sort();

export const createPrivilegeService = (deps: { clock: Clock }) => {
  const roleOf = async (db: Kysely<DB>, id: number): Promise<OperatorRole> => {
    const r = await db.selectFrom('operator_role').select(['id', 'name', 'codes', 'note']).where('id', '=', id).executeTakeFirst();
    if (!r) throw new AppError(ResultCode.notFound, 404, opText.roleNotFound);
    const members = await db.selectFrom('operator_role_member').innerJoin('app_user', 'app_user.id', 'operator_role_member.user_id')
      .select(['app_user.id', 'app_user.username', 'app_user.display_name']).where('operator_role_member.role_id', '=', id).orderBy('app_user.id').execute();
    return { ...r, members };
  };

  /** Rewrites the D codes of these users from their roles, then checks someone can still manage roles. */
  const apply = async (trx: Kysely<DB>, userIds: number[]) => {
    if (userIds.length > 0) {
      await sql`update app_user u set permissions = array(
          select c from unnest(u.permissions) c where c not like 'D%'
          union
          select unnest(r.codes) from operator_role r join operator_role_member m on m.role_id = r.id where m.user_id = u.id
          order by 1)
        where u.id = any(${sql.val(userIds)}::int[])`.execute(trx);
    }
    const holders = await sql<{ n: number }>`select count(*)::int as n from app_user
      where company_id = ${HEAD_COMPANY_ID} and active and permissions && ${sql.val([...OP_CODES.privilege])}::text[]`.execute(trx);
    if (holders.rows[0].n === 0) throw conflict(opText.lastPrivilegeHolder);
  };
  const membersOf = async (trx: Kysely<DB>, roleId: number) =>
    (await trx.selectFrom('operator_role_member').select('user_id').where('role_id', '=', roleId).execute()).map((m) => m.user_id);
  // one change of roles at a time: the last-holder check must see every other change committed
  const lock = (trx: Kysely<DB>) => sql`select pg_advisory_xact_lock(hashtext('qipeihub operator roles'))`.execute(trx);

  return {
    async list(db: Kysely<DB>) {
      const roles = await db.selectFrom('operator_role').select('id').orderBy('id').execute();
      const staff = await db.selectFrom('app_user').select(['id', 'username', 'display_name', 'active', 'permissions'])
        .where('company_id', '=', HEAD_COMPANY_ID).orderBy('id').execute();
      const links = await db.selectFrom('operator_role_member').select(['role_id', 'user_id']).execute();
      return {
        roles: await Promise.all(roles.map((r) => roleOf(db, r.id))),
        staff: staff.map((u) => ({
          id: u.id, username: u.username, display_name: u.display_name, active: u.active,
          role_ids: links.filter((l) => l.user_id === u.id).map((l) => l.role_id), codes: u.permissions.filter((c) => c.startsWith('D')),
        })),
      };
    },

    save: (db: Kysely<DB>, caller: Caller, p: { id: number; name: string; codes: string[]; note: string }) =>
      inTransaction(db, async (trx) => {
        await lock(trx);
        const codes = sortCodes(p.codes);
        const taken = await trx.selectFrom('operator_role').select('id').where('name', '=', p.name).executeTakeFirst();
        if (taken && taken.id !== p.id) throw invalid('name', opText.roleNameTaken);
        if (p.id === 0) {
          const { id } = await trx.insertInto('operator_role').values({ name: p.name, codes, note: p.note }).returning('id').executeTakeFirstOrThrow();
          await audit.record(trx, caller, deps.clock.now(), [{ entity: 'operator_role', entity_id: id, action: 'create', new: { name: p.name, codes, note: p.note } }]);
          return roleOf(trx, id);
        }
        const before = await roleOf(trx, p.id);
        await trx.updateTable('operator_role').set({ name: p.name, codes, note: p.note }).where('id', '=', p.id).execute();
        await apply(trx, await membersOf(trx, p.id));
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'operator_role', entity_id: p.id, action: 'update',
          old: { name: before.name, codes: before.codes, note: before.note }, new: { name: p.name, codes, note: p.note },
        }]);
        return roleOf(trx, p.id);
      }),

    remove: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        await lock(trx);
        const before = await roleOf(trx, id);
        const members = await membersOf(trx, id);
        await trx.deleteFrom('operator_role').where('id', '=', id).execute();
        await apply(trx, members);
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'operator_role', entity_id: id, action: 'delete', old: { name: before.name, codes: before.codes, members: before.members.map((m) => m.username) } }]);
        return null;
      }),

    assign: (db: Kysely<DB>, caller: Caller, p: { user_id: number; role_ids: number[] }) =>
      inTransaction(db, async (trx) => {
        await lock(trx);
        const user = await trx.selectFrom('app_user').select(['id', 'username', 'company_id']).where('id', '=', p.user_id).forUpdate().executeTakeFirst();
        if (!user) throw new AppError(ResultCode.notFound, 404, opText.userNotFound);
        if (user.company_id !== HEAD_COMPANY_ID) throw forbidden(opText.notHeadStaff);
        const roleIds = [...new Set(p.role_ids)];
        const known = await trx.selectFrom('operator_role').select(['id', 'name']).where('id', 'in', roleIds.length > 0 ? roleIds : [0]).execute();
        const missing = roleIds.find((id) => !known.some((k) => k.id === id));
        if (missing !== undefined) throw invalid('role_ids', `${opText.roleNotFound}（ID ${missing}）`);
        const before = await trx.selectFrom('operator_role_member').innerJoin('operator_role', 'operator_role.id', 'operator_role_member.role_id')
          .select('operator_role.name').where('user_id', '=', user.id).orderBy('operator_role.id').execute();
        await trx.deleteFrom('operator_role_member').where('user_id', '=', user.id).execute();
        if (roleIds.length > 0) await trx.insertInto('operator_role_member').values(roleIds.map((role_id) => ({ role_id, user_id: user.id }))).execute();
        await apply(trx, [user.id]);
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'user', entity_id: user.id, action: 'assign', note: user.username,
          old: before.map((b) => b.name), new: known.sort((a, b) => a.id - b.id).map((k) => k.name),
        }]);
        const after = await trx.selectFrom('app_user').select('permissions').where('id', '=', user.id).executeTakeFirstOrThrow();
        return { codes: after.permissions.filter((c) => c.startsWith('D')) };
      }),
  };
};

export type PrivilegeService = ReturnType<typeof createPrivilegeService>;
