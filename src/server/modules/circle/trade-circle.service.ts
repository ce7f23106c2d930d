/**
 * Trade circles: a company creates a circle and owns it; others ask to join (pending) and the
 * owner company approves or rejects; a member quits, the owner cannot. 圈内搜索 counts approved
 * memberships only (search/circle.repo).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import type { Caller, Clock } from '../../http/context';
import { inTransaction } from '../../db/helpers';
import * as repo from './trade-circle.repo';
import { deleteCompanyAllocations } from './circle-stock.repo';
import { CIRCLE_JOIN_FIELD_TEXT, circleStockText, type CircleJoinInfo } from '../../../shared/contracts';

/** A circle's memberships, for the operators' circle management. */
export { lockMembership, members } from './trade-circle.repo';

/** Ends a membership (the operator's removal): the company's stock allocated to the circle goes with it (docs/circles.md). */
export const removeMembership = async (trx: Kysely<DB>, circleId: number, companyId: number) => {
  await deleteCompanyAllocations(trx, circleId, companyId);
  await repo.removeMembership(trx, circleId, companyId);
};

const NO_JOIN_INFO = { contact: '', tel: '', brands: '', note: '' };

const notFound = () => new AppError(ResultCode.notFound, 404, msg.circleNotFound);

/** A name another circle holds: a conflict about the 名称 field, so the form shows it under the field. */
const nameTaken = () => new AppError(ResultCode.conflict, 409, msg.circleNameTaken, { field: 'name' });
const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

export const createTradeCircleService = (clock: Clock) => {
  const visible = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const c = await repo.byId(db, caller.companyId, id);
    if (!c) throw notFound();
    return c;
  };

  /** The circle, checked to belong to the caller's company, and the pending request of a company. */
  const ownerDecision = (db: Kysely<DB>, caller: Caller, p: { circle_id: number; company_id: number }, state: 'approved' | 'rejected') =>
    inTransaction(db, async (trx) => {
      const c = await visible(trx, caller, p.circle_id);
      if (!c.is_owner) throw forbidden(msg.circleOwnerOnly);
      const m = await repo.lockMembership(trx, p.circle_id, p.company_id);
      if (m?.member_state !== 'pending') throw new AppError(ResultCode.notFound, 404, msg.circleNoSuchRequest);
      await repo.setState(trx, p.circle_id, p.company_id, state, clock.now());
      return null;
    });

  return {
    async list(db: Kysely<DB>, caller: Caller, p: { k: string; page_number: number; page_size: number }) {
      const { rows, total } = await repo.list(db, caller.companyId, { k: p.k, offset: (p.page_number - 1) * p.page_size, limit: p.page_size });
      return { data: rows, total };
    },

    async get(db: Kysely<DB>, caller: Caller, id: number) {
      const circle = await visible(db, caller, id);
      const [members, pending] = await Promise.all([
        repo.members(db, id, 'approved'),
        circle.is_owner ? repo.members(db, id, 'pending') : Promise.resolve([]),
      ]);
      // 入圈资料 was given to the owner company; other members see the list without it (docs/circles.md)
      const shown = circle.is_owner ? members : members.map((m) => ({ ...m, join_info: NO_JOIN_INFO }));
      return { circle, members: shown, pending };
    },

    create: (db: Kysely<DB>, caller: Caller, p: { name: string; area: string; description: string }) =>
      inTransaction(db, async (trx) => {
        if (await repo.nameTaken(trx, p.name)) throw nameTaken();
        const now = clock.now();
        try {
          const { id } = await repo.insertCircle(trx, { ...p, owner: caller.companyId, at: now });
          await repo.insertMembership(trx, { circleId: id, companyId: caller.companyId, state: 'approved', at: now });
          return await visible(trx, caller, id);
        } catch (e) {
          // another company took the name between the check and the insert
          if (isUniqueViolation(e)) throw nameTaken();
          throw e;
        }
      }),

    /** The 入圈资料 the owner requires must be filled in (docs/circles.md, "Joining"). */
    join: (db: Kysely<DB>, caller: Caller, circleId: number, info: CircleJoinInfo) =>
      inTransaction(db, async (trx) => {
        const c = await visible(trx, caller, circleId);
        const now = clock.now();
        const m = await repo.lockMembership(trx, circleId, caller.companyId);
        if (m?.member_state === 'approved') throw conflict(msg.circleAlreadyMember);
        if (m?.member_state === 'pending') throw conflict(msg.circleAlreadyPending);
        const missing = c.join_fields.find((f) => !info[f]);
        if (missing) throw invalid(missing, circleStockText.circleJoinInfoMissing(CIRCLE_JOIN_FIELD_TEXT[missing]));
        const joinInfo = { contact: info.contact, tel: info.tel, brands: info.brands, note: info.note };
        if (m?.member_state === 'rejected') await repo.setState(trx, circleId, caller.companyId, 'pending', now, joinInfo);
        else if (!(await repo.insertMembership(trx, { circleId, companyId: caller.companyId, state: 'pending', at: now, joinInfo }))) throw conflict(msg.circleAlreadyPending);
        return { member_state: 'pending' as const };
      }),

    quit: (db: Kysely<DB>, caller: Caller, circleId: number) =>
      inTransaction(db, async (trx) => {
        const c = await visible(trx, caller, circleId);
        if (c.is_owner) throw forbidden(msg.circleOwnerCannotQuit);
        const m = await repo.lockMembership(trx, circleId, caller.companyId);
        if (!m) throw new AppError(ResultCode.notFound, 404, msg.circleNotMember);
        await deleteCompanyAllocations(trx, circleId, caller.companyId);
        await repo.removeMembership(trx, circleId, caller.companyId);
        return null;
      }),

    approve: (db: Kysely<DB>, caller: Caller, p: { circle_id: number; company_id: number }) => ownerDecision(db, caller, p, 'approved'),
    reject: (db: Kysely<DB>, caller: Caller, p: { circle_id: number; company_id: number }) => ownerDecision(db, caller, p, 'rejected'),
  };
};

export type TradeCircleService = ReturnType<typeof createTradeCircleService>;
