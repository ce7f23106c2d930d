/**
 * Organisation (M06): the caller's company's employees and public contacts. The company is always
 * the caller's: another company's user is refused (403), another company's contact is not found
 * (404, contacts are looked up within the company), and nothing changes. The codes a company may
 * grant are its owner's; a manager who is not the owner moves only codes they hold and acts only on
 * employees holding no code they lack (domain/organisation). Disabling an employee or setting their
 * password signs them out everywhere at once, as password reset does.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type Employee, type PayloadOut } from '../../../shared/contracts';
import { firstChangeBeyond, firstUngrantable, orgText, withinOwnCodes, CONTACT_LIMIT } from '../../../shared/domain/organisation';
import { msg } from '../../../shared/messages';
import type { AuthService } from '../auth/auth.service';
import * as repo from './organisation.repo';

const fieldError = (field: string, text: string) => new AppError(ResultCode.invalidPayload, 422, text, { field });
const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

/**
 * Someone took the name or the phone between our check and the write. The statement failed inside
 * what may be the caller's transaction (idempotent calls), which can run nothing more: the index
 * that refused it says which field.
 */
const takenError = (e: unknown) =>
  (e as { constraint?: string }).constraint === 'app_user_mobile' ? fieldError('mobile', orgText.mobileTaken) : fieldError('username', msg.usernameTaken);

const shape = (r: NonNullable<Awaited<ReturnType<typeof repo.employeeById>>>): Employee => ({
  id: r.id, uuid: r.uuid, username: r.username, display_name: r.display_name, mobile: r.mobile ?? '', is_owner: r.is_owner,
  active: r.active, permissions: r.permissions, created: unix(r.created_at), last_login: unix(r.last_login),
});

export const createOrganisationService = (deps: { clock: Clock; auth: AuthService }) => {
  /** The caller as a manager: owner or not, their codes, and what the company may grant. */
  const manager = async (db: Kysely<DB>, caller: Caller) => {
    const me = await repo.employeeById(db, caller.userId);
    if (!me) throw forbidden();
    const companyCodes = await repo.ownerCodes(db, caller.companyId);
    const grantable = me.is_owner ? companyCodes : companyCodes.filter((c) => me.permissions.includes(c));
    return { me, companyCodes, grantable };
  };

  /** An unknown id is 404; a user of another company is 403, not the caller's to manage. */
  const employeeOf = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const row = await repo.employeeById(db, id);
    if (!row) throw new AppError(ResultCode.notFound, 404, orgText.employeeNotFound);
    if (row.company_id !== caller.companyId) throw forbidden(orgText.otherCompanyEmployee);
    return row;
  };

  const ensureManages = (m: Awaited<ReturnType<typeof manager>>, target: { permissions: string[]; is_owner: boolean }) => {
    if (m.me.is_owner) return;
    if (target.is_owner) throw forbidden(orgText.ownerEditedByOwnerOnly);
    if (!withinOwnCodes(target.permissions, m.me.permissions)) throw forbidden(orgText.notOwnCodes);
  };

  const checkGrant = (m: Awaited<ReturnType<typeof manager>>, before: string[], after: string[]) => {
    const ungrantable = firstUngrantable(after.filter((c) => !before.includes(c)), m.companyCodes);
    if (ungrantable) throw fieldError('permissions', orgText.ungrantable(ungrantable));
    if (!m.me.is_owner) {
      const beyond = firstChangeBeyond(before, after, m.me.permissions);
      if (beyond) throw fieldError('permissions', orgText.beyondOwn(beyond));
    }
  };

  const ensureFree = async (db: Kysely<DB>, p: { username?: string; mobile: string }, selfId?: number) => {
    if (p.username !== undefined) {
      const owner = await repo.usernameOwner(db, p.username);
      if (owner !== undefined && owner !== selfId) throw fieldError('username', msg.usernameTaken);
    }
    const owner = await repo.mobileOwner(db, p.mobile);
    if (owner !== undefined && owner !== selfId) throw fieldError('mobile', orgText.mobileTaken);
  };

  const ensureRoom = async (db: Kysely<DB>, companyId: number) => {
    const limit = await repo.lockCompany(db, companyId);
    if ((await repo.activeEmployees(db, companyId)) >= limit) throw conflict(orgText.employeeLimit(limit));
  };

  const reread = async (db: Kysely<DB>, id: number) => shape((await repo.employeeById(db, id))!);

  return {
    async list(db: Kysely<DB>, caller: Caller, p: PayloadOut<'employeeList'>) {
      const m = await manager(db, caller);
      const [{ rows, total }, have, limit] = await Promise.all([
        repo.listEmployees(db, caller.companyId, { keyword: p.keyword, active: p.active, offset: (p.page_number - 1) * p.page_size, limit: p.page_size }),
        repo.activeEmployees(db, caller.companyId),
        repo.employeeLimit(db, caller.companyId),
      ]);
      return { data: rows.map(shape), total, have, limit, grantable: m.grantable };
    },

    async create(db: Kysely<DB>, caller: Caller, p: PayloadOut<'employeeCreate'>) {
      const m = await manager(db, caller);
      checkGrant(m, [], p.permissions);
      await ensureFree(db, p);
      const hash = await deps.auth.hashPassword(p.password);
      try {
        return await inTransaction(db, async (trx) => {
          await ensureRoom(trx, caller.companyId);
          const row = await trx.insertInto('app_user').values({
            uuid: randomUUID(), company_id: caller.companyId, username: p.username, display_name: p.display_name, mobile: p.mobile,
            password_hash: hash, permissions: p.permissions, created_at: deps.clock.now(),
          }).returning('id').executeTakeFirstOrThrow();
          return reread(trx, row.id);
        });
      } catch (e) {
        throw isUniqueViolation(e) ? takenError(e) : e;
      }
    },

    async update(db: Kysely<DB>, caller: Caller, p: PayloadOut<'employeeUpdate'>) {
      const m = await manager(db, caller);
      const target = await employeeOf(db, caller, p.id);
      ensureManages(m, target);
      const same = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));
      if (!same(target.permissions, p.permissions)) {
        if (target.is_owner) throw forbidden(orgText.ownerProtected);
        if (target.id === caller.userId) throw forbidden(orgText.notSelfPermissions);
        checkGrant(m, target.permissions, p.permissions);
      }
      await ensureFree(db, { mobile: p.mobile }, target.id);
      try {
        await db.updateTable('app_user').set({ display_name: p.display_name, mobile: p.mobile, permissions: p.permissions })
          .where('id', '=', target.id).where('company_id', '=', caller.companyId).execute();
      } catch (e) {
        throw isUniqueViolation(e) ? takenError(e) : e;
      }
      return reread(db, target.id);
    },

    async setActive(db: Kysely<DB>, caller: Caller, p: PayloadOut<'employeeSetActive'>) {
      const m = await manager(db, caller);
      const target = await employeeOf(db, caller, p.id);
      if (target.is_owner) throw forbidden(orgText.ownerProtected);
      if (target.id === caller.userId) throw forbidden(orgText.notSelfDisable);
      ensureManages(m, target);
      if (target.active === p.active) return shape(target);
      return inTransaction(db, async (trx) => {
        if (p.active) await ensureRoom(trx, caller.companyId);
        await trx.updateTable('app_user').set({ active: p.active }).where('id', '=', target.id).execute();
        if (!p.active) await deps.auth.signOutEverywhere(trx, target.id, 'employee_disabled');
        return reread(trx, target.id);
      });
    },

    async resetPassword(db: Kysely<DB>, caller: Caller, p: PayloadOut<'employeeResetPassword'>) {
      const m = await manager(db, caller);
      const target = await employeeOf(db, caller, p.id);
      if (target.id === caller.userId) throw forbidden(orgText.notSelfReset);
      ensureManages(m, target);
      if (p.password.toLowerCase() === target.username.toLowerCase()) throw fieldError('password', msg.passwordIsUsername);
      const hash = await deps.auth.hashPassword(p.password);
      await inTransaction(db, (trx) => deps.auth.replacePassword(trx, target, hash, 'password_set_by_manager'));
      return null;
    },

    contacts: (db: Kysely<DB>, caller: Caller) => repo.contacts(db, caller.companyId),

    addContact: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'contactCreate'>) =>
      inTransaction(db, async (trx) => {
        await repo.lockCompany(trx, caller.companyId);
        if ((await repo.contactCount(trx, caller.companyId)) >= CONTACT_LIMIT) throw conflict(orgText.contactLimit(CONTACT_LIMIT));
        return repo.insertContact(trx, caller.companyId, p, deps.clock.now());
      }),

    async updateContact(db: Kysely<DB>, caller: Caller, p: PayloadOut<'contactUpdate'>) {
      const { id, ...fields } = p;
      const row = await repo.updateContact(db, caller.companyId, id, fields);
      if (!row) throw new AppError(ResultCode.notFound, 404, orgText.contactNotFound);
      return row;
    },

    async deleteContact(db: Kysely<DB>, caller: Caller, p: PayloadOut<'contactDelete'>) {
      if (!(await repo.deleteContact(db, caller.companyId, p.id))) throw new AppError(ResultCode.notFound, 404, orgText.contactNotFound);
      return null;
    },
  };
};

export type OrganisationService = ReturnType<typeof createOrganisationService>;
