/**
 * Trade circles: a company creates a circle and owns it; others ask to join (pending) and the
 * owner company approves or rejects; a member quits, the owner cannot. 圈内搜索 counts approved
 * memberships only (search/circle.repo).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, conflict, forbidden } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import type { Caller, Clock } from '../../http/context';
import { inTransaction } from '../../db/helpers';
import * as repo from './trade-circle.repo';

/** A circle's memberships, for the operators' circle management. */
export { lockMembership, members, removeMembership } from './trade-circle.repo';

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
      return { circle, members, pending };
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

    join: (db: Kysely<DB>, caller: Caller, circleId: number) =>
      inTransaction(db, async (trx) => {
        await visible(trx, caller, circleId);
        const now = clock.now();
        const m = await repo.lockMembership(trx, circleId, caller.companyId);
        if (m?.member_state === 'approved') throw conflict(msg.circleAlreadyMember);
        if (m?.member_state === 'pending') throw conflict(msg.circleAlreadyPending);
        if (m?.member_state === 'rejected') await repo.setState(trx, circleId, caller.companyId, 'pending', now);
        else if (!(await repo.insertMembership(trx, { circleId, companyId: caller.companyId, state: 'pending', at: now }))) throw conflict(msg.circleAlreadyPending);
        return { member_state: 'pending' as const };
      }),

    quit: (db: Kysely<DB>, caller: Caller, circleId: number) =>
      inTransaction(db, async (trx) => {
        const c = await visible(trx, caller, circleId);
        if (c.is_owner) throw forbidden(msg.circleOwnerCannotQuit);
        const m = await repo.lockMembership(trx, circleId, caller.companyId);
        if (!m) throw new AppError(ResultCode.notFound, 404, msg.circleNotMember);
        await repo.removeMembership(trx, circleId, caller.companyId);
        return null;
      }),

    approve: (db: Kysely<DB>, caller: Caller, p: { circle_id: number; company_id: number }) => ownerDecision(db, caller, p, 'approved'),
    reject: (db: Kysely<DB>, caller: Caller, p: { circle_id: number; company_id: number }) => ownerDecision(db, caller, p, 'rejected'),
  };
};

export type TradeCircleService = ReturnType<typeof createTradeCircleService>;
