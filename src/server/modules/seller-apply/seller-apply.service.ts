/**
 * Seller applications: a buyer company's owner applies (one open application per company), an
 * operator approves or rejects with a reason. Approval makes the company a seller and grants its
 * owners the seller codes of its level's template (company_level.seller_codes, edited by operators)
 * in the same transaction that records the review.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { ResultCode, type SellerApplication } from '../../../shared/contracts';
import { APPLICATION_STATE_LABEL, type ApplicationState } from '../../../shared/domain/seller-apply';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { msg } from '../../../shared/messages';
import type { Caller, Clock, RequestContext } from '../../http/context';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { auditNotice } from '../im/notices';
import { firstForeignUpload } from '../upload/upload.service';
import * as repo from './seller-apply.repo';
import { inTransaction } from '../../db/helpers';
import * as audit from '../operation/audit.service';
import { chinaDateTime } from '../../../shared/domain/china-time';


const notFound = () => new AppError(ResultCode.notFound, 404, msg.applicationNotFound);

export interface ApplyInput {
  company_name: string; contact_name: string; contact_phone: string; province: string; city: string;
  address: string; licence_no: string; main_brands: string; note: string; licence_images: string[];
}

/** notices: the message assistant tells the company's owners the audit's outcome (requirements 001-9) */
export const createSellerApplyService = (clock: Clock, notices?: Pick<ImService, 'postNotice'>) => {
  const tellOwners = async (trx: Kysely<DB>, companyId: number, n: Parameters<typeof auditNotice>[0], ctx?: Pick<RequestContext, 'afterCommit'>) => {
    if (notices && ctx) await notices.postNotice(trx, { to: await imRead.ownersOf(trx, companyId), ...auditNotice(n) }, ctx);
  };

  const load = async (db: Kysely<DB>, id: number) => {
    const r = await repo.byId(db, id);
    if (!r) throw notFound();
    return r satisfies SellerApplication;
  };

  /** The open application, locked; a reviewed one is refused with who decided what and when. */
  const openForReview = async (db: Kysely<DB>, id: number) => {
    const app = await repo.lockForReview(db, id);
    if (!app) throw notFound();
    if (app.state !== 'pending') {
      const who = await repo.reviewerName(db, app.reviewer_user_id);
      throw conflict(msg.applicationReviewed(APPLICATION_STATE_LABEL[app.state], app.reviewed_at ? chinaDateTime(app.reviewed_at) : '', who?.display_name ?? ''));
    }
    return app;
  };

  return {
    async mine(db: Kysely<DB>, caller: Caller) {
      const [me, apps] = await Promise.all([repo.applicant(db, caller.userId), repo.ofCompany(db, caller.companyId)]);
      return {
        is_seller: me.is_seller, is_owner: me.is_owner,
        company: { name: me.name, province: me.province, city: me.city, address: me.address, phone: me.phone },
        applications: apps satisfies SellerApplication[],
      };
    },

    submit: (db: Kysely<DB>, caller: Caller, p: ApplyInput) =>
      inTransaction(db, async (trx) => {
        const company = await repo.lockCompany(trx, caller.companyId);
        const me = await repo.applicant(trx, caller.userId);
        if (caller.companyId === HEAD_COMPANY_ID) throw forbidden(msg.headCompanyCannotApply);
        if (!me.is_owner) throw forbidden(msg.applyOwnerOnly);
        if (company.is_seller) throw conflict(msg.alreadySeller);
        if (await repo.hasOpen(trx, caller.companyId)) throw conflict(msg.applyPending);
        const images = [...new Set(p.licence_images)];
        const foreign = await firstForeignUpload(trx, caller.companyId, images);
        if (foreign >= 0) throw invalid(`licence_images.${foreign}`, msg.licenceImageNotOurs);
        const { id } = await repo.insert(trx, { ...p, licence_images: images, company_id: caller.companyId, applicant_user_id: caller.userId, created_at: clock.now() });
        return load(trx, id);
      }),

    async list(db: Kysely<DB>, p: { state: ApplicationState | ''; k: string; page_number: number; page_size: number }) {
      const { rows, total } = await repo.list(db, { state: p.state, k: p.k, offset: (p.page_number - 1) * p.page_size, limit: p.page_size });
      return { data: rows satisfies SellerApplication[], total };
    },

    approve: (db: Kysely<DB>, caller: Caller, id: number, ctx?: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const app = await openForReview(trx, id);
        await repo.markSeller(trx, app.company_id);
        await repo.grantOwners(trx, app.company_id, await repo.sellerCodesOf(trx, app.company_id));
        await repo.decide(trx, id, { state: 'approved', reviewer: caller.userId, at: clock.now(), reason: null });
        await audit.record(trx, caller, clock.now(), [{ entity: 'seller_application', entity_id: id, action: 'approve', old: { state: 'pending' }, new: { state: 'approved', company_id: app.company_id } }]);
        await tellOwners(trx, app.company_id, { application_id: id, approved: true }, ctx);
        return load(trx, id);
      }),

    reject: (db: Kysely<DB>, caller: Caller, id: number, reason: string, ctx?: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const app = await openForReview(trx, id);
        await repo.decide(trx, id, { state: 'rejected', reviewer: caller.userId, at: clock.now(), reason });
        await audit.record(trx, caller, clock.now(), [{ entity: 'seller_application', entity_id: id, action: 'reject', old: { state: 'pending' }, new: { state: 'rejected', company_id: app.company_id, reason } }]);
        await tellOwners(trx, app.company_id, { application_id: id, approved: false, reason }, ctx);
        return load(trx, id);
      }),
  };
};

export type SellerApplyService = ReturnType<typeof createSellerApplyService>;
