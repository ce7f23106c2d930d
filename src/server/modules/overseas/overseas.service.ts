/**
 * Overseas (Vietnam) companies (docs/overseas.md). A Vietnamese company registers like a Chinese
 * buyer (an SMS code to its Vietnamese mobile, the registered level), but its owner holds no
 * permission code until an operator approves the registration; the approval grants the owner
 * template of the company's level in the transaction that records the review, as the seller
 * application does with the seller codes. A rejected registration is corrected by the owner and
 * goes back to review. The operator's 海外 pages read the Vietnamese companies' users, VIN decodes,
 * chats and quick replies through their own modules' services, always limited to country VN.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import { ResultCode, type PayloadOut } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { OVERSEAS_STATE_LABEL, overseasText as t, vnProvinceOf, type OverseasState } from '../../../shared/domain/overseas';
import { chinaDateTime } from '../../../shared/domain/china-time';
import { chinaMidnight } from '../../../shared/domain/china-time';
import type { AuthService } from '../auth/auth.service';
import type { SmsService } from '../sms/sms.service';
import type { VinService } from '../vin/vin.service';
import type { ChatHistoryService } from '../operation/chat-history.service';
import type { createOpUsersService } from '../operation/users.service';
import type { QuickReplyOversight } from '../im/im.quick-replies';
import * as audit from '../operation/audit.service';
import * as repo from './overseas.repo';

const fieldError = (field: string, text: string) => new AppError(ResultCode.invalidPayload, 422, text, { field });
const notFound = () => new AppError(ResultCode.notFound, 404, t.registrationNotFound);
const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

type Paging = { page_number: number; page_size: number };
const window = (p: Paging) => ({ offset: (p.page_number - 1) * p.page_size, limit: p.page_size });

export const createOverseasService = (deps: {
  clock: Clock; auth: AuthService; sms: SmsService; vin: VinService; chat: ChatHistoryService;
  users: ReturnType<typeof createOpUsersService>; quickReplies: QuickReplyOversight;
}) => {
  const { clock } = deps;

  const load = async (db: Kysely<DB>, id: number) => {
    const r = await repo.byId(db, id);
    if (!r) throw notFound();
    return r;
  };

  /** The registration, locked and still pending; a reviewed one is refused with who decided what and when. */
  const pendingForReview = async (db: Kysely<DB>, id: number) => {
    const r = await repo.lock(db, id);
    if (!r) throw notFound();
    if (r.state !== 'pending') {
      throw conflict(t.reviewed(OVERSEAS_STATE_LABEL[r.state], r.reviewed_at ? chinaDateTime(r.reviewed_at) : '', await repo.reviewerName(db, r.reviewer_user_id)));
    }
    return r;
  };

  return {
    async register(db: Kysely<DB>, p: PayloadOut<'overseasRegister'>, device: string) {
      // as the Chinese registration: the code first, so nobody learns which names, numbers or tax codes exist by trying
      const codeId = await deps.sms.check(db, p.mobile, 'register', p.sms_code);
      const ensureFree = async () => {
        if (await repo.usernameTaken(db, p.username)) throw fieldError('username', msg.usernameTaken);
        if (await repo.mobileTaken(db, p.mobile)) throw fieldError('mobile', msg.mobileTaken);
        if (await repo.taxCodeTaken(db, p.tax_code)) throw fieldError('tax_code', t.taxCodeTaken);
      };
      await ensureFree();
      const province = vnProvinceOf(p.province)!;
      const hash = await deps.auth.hashPassword(p.password);
      const now = clock.now();
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await deps.sms.consume(trx, codeId))) throw fieldError('sms_code', msg.smsCodeDead);
          const level = await repo.registeredLevel(trx);
          if (!level) throw new AppError(ResultCode.serverError, 500, msg.registeredLevelMissing);
          const company = await trx.insertInto('company').values({
            name: p.company_name, short_name: p.company_name.slice(0, 20), business_type: p.business_type, level_id: level.id, vin_sum_qty: level.vin_count, created_at: now,
            country: 'VN', province: province.vi, address: p.address, phone: p.mobile,
          }).returning('id').executeTakeFirstOrThrow();
          // no code until the review: the owner signs in and sees the registration's state, and cannot buy
          const user = await trx.insertInto('app_user').values({
            uuid: randomUUID(), company_id: company.id, username: p.username, display_name: p.contact_name, password_hash: hash,
            is_owner: true, permissions: [], mobile: p.mobile, created_at: now,
          }).returning('id').executeTakeFirstOrThrow();
          await trx.insertInto('overseas_registration').values({
            company_id: company.id, applicant_user_id: user.id, province: province.vi, tax_code: p.tax_code, submitted_at: now, created_at: now,
          }).execute();
          return deps.auth.openSession(trx, user.id, device, now);
        });
      } catch (e) {
        // someone took the name, phone or tax code between our check and the insert
        if (isUniqueViolation(e)) await ensureFree();
        throw e;
      }
    },

    async mine(db: Kysely<DB>, caller: Caller) {
      const [registration, isOwner] = await Promise.all([repo.ofCompany(db, caller.companyId), repo.isOwner(db, caller.userId)]);
      return { registration: registration ?? null, is_owner: isOwner };
    },

    resubmit: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'overseasResubmit'>) =>
      inTransaction(db, async (trx) => {
        const r = await repo.lockOfCompany(trx, caller.companyId);
        if (!r) throw notFound();
        if (!(await repo.isOwner(trx, caller.userId))) throw forbidden(t.resubmitOwnerOnly);
        if (r.state !== 'rejected') throw conflict(t.notPending);
        if (await repo.taxCodeTaken(trx, p.tax_code, caller.companyId)) throw fieldError('tax_code', t.taxCodeTaken);
        const province = vnProvinceOf(p.province)!;
        await trx.updateTable('company').set({ name: p.company_name, short_name: p.company_name.slice(0, 20), province: province.vi, address: p.address })
          .where('id', '=', caller.companyId).execute();
        await trx.updateTable('overseas_registration')
          .set({ province: province.vi, tax_code: p.tax_code, state: 'pending', reviewed_at: null, reviewer_user_id: null, reject_reason: null, submitted_at: clock.now() })
          .where('id', '=', r.id).execute();
        return load(trx, r.id);
      }),

    list: (db: Kysely<DB>, p: Paging & { state: OverseasState | ''; province: string; k: string }, order: 'review' | 'newest') =>
      repo.list(db, { state: p.state, province: p.province, k: p.k, ...window(p) }, order),

    approve: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        const r = await pendingForReview(trx, id);
        await repo.grantOwners(trx, r.company_id, await repo.ownerCodesOf(trx, r.company_id));
        await trx.updateTable('overseas_registration').set({ state: 'approved', reviewer_user_id: caller.userId, reviewed_at: clock.now(), reject_reason: null })
          .where('id', '=', id).execute();
        await audit.record(trx, caller, clock.now(), [{ entity: 'overseas_registration', entity_id: id, action: 'approve', old: { state: 'pending' }, new: { state: 'approved', company_id: r.company_id } }]);
        return load(trx, id);
      }),

    reject: (db: Kysely<DB>, caller: Caller, id: number, reason: string) =>
      inTransaction(db, async (trx) => {
        const r = await pendingForReview(trx, id);
        await trx.updateTable('overseas_registration').set({ state: 'rejected', reviewer_user_id: caller.userId, reviewed_at: clock.now(), reject_reason: reason })
          .where('id', '=', id).execute();
        await audit.record(trx, caller, clock.now(), [{ entity: 'overseas_registration', entity_id: id, action: 'reject', old: { state: 'pending' }, new: { state: 'rejected', company_id: r.company_id, reason } }]);
        return load(trx, id);
      }),

    users: (db: Kysely<DB>, p: Paging & { k: string; company: string; active: '' | 'true' | 'false' }) =>
      deps.users.list(db, { k: p.k, company: p.company, company_id: '', active: p.active, country: 'VN', page_number: p.page_number, page_size: p.page_size }),

    setUsersActive: (db: Kysely<DB>, caller: Caller, ids: number[], active: boolean) =>
      inTransaction(db, async (trx) => {
        const others = await repo.notOverseasUsers(trx, ids);
        if (others.length > 0) throw fieldError('ids', `${t.notOverseas}（ID ${others.join('、')}）`);
        return deps.users.setActive(trx, caller, ids, active);
      }),

    vinRecords: (db: Kysely<DB>, p: Paging & { vin: string; company: string; date_from: string; date_to: string }) =>
      deps.vin.decodeLog(db, {
        country: 'VN', vin: p.vin, company: p.company,
        from: p.date_from ? chinaMidnight(p.date_from) : null, to: p.date_to ? chinaMidnight(p.date_to, 1) : null, ...window(p),
      }),

    chats: (db: Kysely<DB>, p: Paging & { a: string; b: string }) => deps.chat.search(db, { ...p, country: 'VN' }),

    async chatMessages(db: Kysely<DB>, caller: Caller, p: Paging & { conversation_id: number }) {
      // a conversation of two Chinese companies is not the 海外 pages' to read
      if (!(await deps.chat.involvesCountry(db, p.conversation_id, 'VN'))) throw new AppError(ResultCode.notFound, 404, '会话不存在或没有越南企业参与');
      return deps.chat.messages(db, caller, p);
    },

    async quickReplies(db: Kysely<DB>, p: Paging & { k: string; company: string; missing_vn: '' | 'true' }) {
      const { rows, total } = await deps.quickReplies.list(db, { k: p.k, company: p.company, missingVn: p.missing_vn === 'true', ...window(p) });
      return { data: rows, total };
    },

    setQuickReplyVn: (db: Kysely<DB>, caller: Caller, id: number, vn: string) => deps.quickReplies.setVietnamese(db, caller, id, vn),
  };
};

export type OverseasService = ReturnType<typeof createOverseasService>;
