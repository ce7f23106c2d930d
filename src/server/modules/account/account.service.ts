/**
 * Accounts: registration of a new buyer company with its owner, SMS codes for registration and
 * password reset, change of password, and the caller's own profile. Every call acts on the
 * caller's own user (and, for owners, their own company) only.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden } from '../../http/errors';
import { ResultCode, type PayloadOut } from '../../../shared/contracts';
import { passwordLikeUsername, type SmsPurpose } from '../../../shared/domain/account-rules';
import { msg } from '../../../shared/messages';
import type { AuthService } from '../auth/auth.service';
import type { SmsService } from '../sms/sms.service';
import * as repo from './account.repo';
import * as companyChange from '../company-change/company-change.service';
import * as customers from '../customer/customer.service';

/**
 * The registered level's owner template as first seeded (migration 0080's default): publish
 * enquiries (C07), see quotes (C08), purchase orders (C09), purchase requests (C15), the purchase
 * area (M02) and settings (M07). Registration reads the template from company_level, not this list.
 */
export const BUYER_OWNER_CODES = ['C07', 'C08', 'C09', 'C15', 'M02', 'M07'] as const;

const fieldError = (field: string, text: string) => new AppError(ResultCode.invalidPayload, 422, text, { field });

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

export const createAccountService = (deps: { clock: Clock; auth: AuthService; sms: SmsService }) => {
  const { auth, sms } = deps;

  const ensureFree = async (db: Kysely<DB>, username: string, mobile: string) => {
    if (await repo.usernameTaken(db, username)) throw fieldError('username', msg.usernameTaken);
    if (await repo.mobileTaken(db, mobile)) throw fieldError('mobile', msg.mobileTaken);
  };

  return {
    /**
     * The same answer whether the number has an account or not (the forms told which
     * numbers exist). A reset code goes only to a number with an account; a registration code goes
     * to any number, and registering a taken one says so only to whoever holds its code.
     */
    async sendCode(db: Kysely<DB>, mobile: string, purpose: SmsPurpose, address: string) {
      if (purpose === 'reset') return sms.send(db, mobile, purpose, address, { deliver: !!(await repo.activeUserByMobile(db, mobile)) });
      return sms.send(db, mobile, purpose, address);
    },

    async register(db: Kysely<DB>, p: PayloadOut<'userRegister'>, device: string) {
      // the code first: without a code sent to one's own phone nothing is said of the name or the
      // phone, so nobody learns which usernames or numbers have accounts by trying them; each
      // answer about the name takes one of the code's tries (5 names per code sent, at most one
      // code a minute per phone). A taken phone is told only to its code's holder.
      const codeId = await sms.check(db, p.mobile, 'register', p.sms_code);
      // a dead invitation is said before anything is made, so the shop can drop the code and go on (docs/customers.md)
      if (p.invite_code) await customers.checkInvitation(db, p.invite_code, deps.clock.now());
      if (await repo.usernameTaken(db, p.username)) throw fieldError('username', msg.usernameTaken);
      if (await repo.mobileTaken(db, p.mobile)) throw fieldError('mobile', msg.mobileTaken);
      const hash = await auth.hashPassword(p.password);
      const now = deps.clock.now();
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await sms.consume(trx, codeId))) throw fieldError('sms_code', msg.smsCodeDead);
          const level = await repo.registeredLevel(trx);
          if (!level) throw new AppError(ResultCode.serverError, 500, msg.registeredLevelMissing);
          const company = await trx.insertInto('company').values({
            name: p.company_name, short_name: p.company_name.slice(0, 20), business_type: p.business_type, level_id: level.id, vin_sum_qty: level.vin_count, created_at: now,
          }).returning('id').executeTakeFirstOrThrow();
          const user = await trx.insertInto('app_user').values({
            uuid: randomUUID(), company_id: company.id, username: p.username, display_name: p.contact_name, password_hash: hash,
            is_owner: true, permissions: [...level.owner_codes], mobile: p.mobile, created_at: now,
          }).returning('id').executeTakeFirstOrThrow();
          if (p.invite_code) await customers.acceptInvitation(trx, p.invite_code, company.id, now);
          return auth.openSession(trx, user.id, device, now);
        });
      } catch (e) {
        // someone took the name or phone between our check and the insert
        if (isUniqueViolation(e)) await ensureFree(db, p.username, p.mobile);
        throw e;
      }
    },

    async resetPassword(db: Kysely<DB>, p: PayloadOut<'passwordReset'>) {
      // the code first: only the number's owner gets past it, so nobody else learns whether it has an account
      const codeId = await sms.check(db, p.mobile, 'reset', p.sms_code);
      const user = await repo.activeUserByMobile(db, p.mobile);
      if (!user) throw fieldError('mobile', msg.mobileUnknown);
      if (passwordLikeUsername(p.password, user.username)) throw fieldError('password', msg.passwordIsUsername);
      const hash = await auth.hashPassword(p.password);
      await db.transaction().execute(async (trx) => {
        if (!(await sms.consume(trx, codeId))) throw fieldError('sms_code', msg.smsCodeDead);
        await auth.replacePassword(trx, user, hash, 'password_reset');
      });
      return null;
    },

    async changePassword(db: Kysely<DB>, caller: Caller, p: PayloadOut<'passwordChange'>, address: string) {
      const user = await repo.userById(db, caller.userId);
      if (!(await auth.checkPassword(db, user, p.old_password, address))) throw fieldError('old_password', msg.oldPasswordWrong);
      if (passwordLikeUsername(p.password, user.username)) throw fieldError('password', msg.passwordIsUsername);
      const hash = await auth.hashPassword(p.password);
      await db.transaction().execute((trx) => auth.replacePassword(trx, user, hash, 'password_changed', caller.sessionId));
      return null;
    },

    profile: (db: Kysely<DB>, caller: Caller) => repo.profileOf(db, caller.userId),

    /** Keeps the caller's language (null = the company's country's); answers the user as the session shows it. */
    async setLang(db: Kysely<DB>, caller: Caller, p: PayloadOut<'accountLangSet'>) {
      await db.updateTable('app_user').set({ lang: p.lang }).where('id', '=', caller.userId).execute();
      return auth.profile(db, caller);
    },

    async updateProfile(db: Kysely<DB>, caller: Caller, p: PayloadOut<'accountProfileUpdate'>) {
      const user = await repo.userById(db, caller.userId);
      if (p.company && !user.is_owner) throw forbidden(msg.ownerOnlyCompany);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('app_user').set({ display_name: p.display_name, head_image: p.head_image, contact_phone: p.contact_phone })
          .where('id', '=', user.id).execute();
        // with change review on, the reviewed fields wait for an operator (company-change.service)
        if (p.company) await trx.updateTable('company').set(await companyChange.split(trx, user.company_id, user.id, deps.clock.now(), p.company, 'merge')).where('id', '=', user.company_id).execute();
      });
      return repo.profileOf(db, user.id);
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
