/**
 * 优惠码 for operators (requirements 001-2-2 pay/promotionCode, promotionUse). Codes are issued,
 * edited and stopped here; members apply them to package orders (membership.service). A code's
 * uses are counted from the orders that carry it, never kept as a counter that could drift. Every
 * write appends to the audit log in its own transaction; an edit that changes nothing records
 * nothing. Dates are China days: a code runs from its start day's midnight to the midnight after
 * its end day.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction, likeEscape, unix } from '../../db/helpers';
import { ResultCode, type OpPromotionRow } from '../../../shared/contracts';
import { membershipMsg } from '../../../shared/messages';
import { promotionState, promotionText, type PromotionKind, type PromotionState } from '../../../shared/domain/promotion';
import * as audit from './audit.repo';
import { lockAllOrRefuse } from './bulk';
import { chinaDay, chinaMidnight } from '../../../shared/domain/china-time';

const dayAfter = (day: string) => new Date(chinaMidnight(day).getTime() + 86_400_000);

const notFound = () => new AppError(ResultCode.notFound, 404, promotionText.notFoundOp);

/** Every code with its uses (orders not cancelled), the paid ones and what those were given. */
const rowsQuery = (db: Kysely<DB>) =>
  db.selectFrom('promotion_code as p')
    .leftJoin('company_level as l', 'l.id', 'p.level_id')
    .leftJoin('app_user as u', 'u.id', 'p.created_by')
    .leftJoin(
      (eb) => eb.selectFrom('package_order').select((x) => [
        'promotion_code_id',
        x.fn.count<number>('id').filterWhere('state', '<>', 'cancelled').as('uses'),
        x.fn.count<number>('id').filterWhere('state', '=', 'paid').as('paid_uses'),
        sql<number>`coalesce(sum(discount_fen) filter (where state = 'paid'), 0)`.as('paid_discount_fen'),
      ]).where('promotion_code_id', 'is not', null).groupBy('promotion_code_id').as('o'),
      (j) => j.onRef('o.promotion_code_id', '=', 'p.id'),
    )
    .select([
      'p.id', 'p.code', 'p.name', 'p.kind', 'p.value', 'p.level_id', 'l.name as level_name', 'p.starts_at', 'p.ends_at', 'p.max_uses', 'p.active',
      'p.created_at', 'u.username as created_by',
      sql<number>`coalesce(o.uses, 0)::int`.as('uses'), sql<number>`coalesce(o.paid_uses, 0)::int`.as('paid_uses'),
      sql<number>`coalesce(o.paid_discount_fen, 0)::bigint`.as('paid_discount_fen'),
    ]);

type Raw = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

const toRow = (r: Raw, now: Date): OpPromotionRow => {
  const startsAt = unix(r.starts_at);
  const endsAt = unix(r.ends_at);
  return {
    id: r.id, code: r.code, name: r.name, kind: r.kind, value: r.value, level_id: r.level_id ?? 0, level_name: r.level_name ?? '',
    start_day: chinaDay(new Date(r.starts_at)), end_day: chinaDay(new Date(new Date(r.ends_at).getTime() - 1000)),
    max_uses: r.max_uses ?? 0, active: r.active,
    state: promotionState({ kind: r.kind, value: r.value, level_id: r.level_id, starts_at: startsAt, ends_at: endsAt, max_uses: r.max_uses, active: r.active }, Number(r.uses), unix(now)),
    uses: Number(r.uses), paid_uses: Number(r.paid_uses), paid_discount_fen: Number(r.paid_discount_fen),
    created_at: unix(r.created_at), created_by: r.created_by ?? '',
  };
};

/** The state filter in SQL, as promotionState decides it. */
const stateWhere = (state: PromotionState, now: Date) => {
  const uses = sql`coalesce(o.uses, 0)`;
  switch (state) {
    case 'disabled': return sql<boolean>`not p.active`;
    case 'upcoming': return sql<boolean>`p.active and ${now} < p.starts_at`;
    case 'expired': return sql<boolean>`p.active and ${now} >= p.ends_at`;
    case 'used_up': return sql<boolean>`p.active and ${now} >= p.starts_at and ${now} < p.ends_at and p.max_uses is not null and ${uses} >= p.max_uses`;
    case 'active': return sql<boolean>`p.active and ${now} >= p.starts_at and ${now} < p.ends_at and (p.max_uses is null or ${uses} < p.max_uses)`;
  }
};

export interface PromotionEdit {
  id: number; code: string; name: string; kind: PromotionKind; value: number; level_id: number | null;
  start_day: string; end_day: string; max_uses: number | null;
}

export const createPromotionService = (deps: { clock: Clock }) => {
  const one = async (db: Kysely<DB>, id: number) => {
    const r = await rowsQuery(db).where('p.id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return toRow(r, deps.clock.now());
  };

  /** A code's package must be one on sale. */
  const checkLevel = async (trx: Kysely<DB>, levelId: number | null) => {
    if (levelId === null) return;
    const l = await trx.selectFrom('company_level').select(['level_type', 'price_fen']).where('id', '=', levelId).executeTakeFirst();
    if (!l || l.level_type !== 'paid' || l.price_fen === null) throw invalid('level_id', membershipMsg.notAPackage);
  };

  return {
    async list(db: Kysely<DB>, p: { q: string; state: string; page_number: number; page_size: number }) {
      const now = deps.clock.now();
      let q = rowsQuery(db);
      if (p.q) q = q.where((eb) => eb.or([eb('p.code', 'ilike', `%${likeEscape(p.q)}%`), eb('p.name', 'ilike', `%${likeEscape(p.q)}%`)]));
      if (p.state) q = q.where(stateWhere(p.state as PromotionState, now));
      const [rows, total] = await Promise.all([
        q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute(),
        db.selectFrom(q.as('x')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map((r) => toRow(r, now)), total: total.n };
    },

    save: (db: Kysely<DB>, caller: Caller, p: PromotionEdit) =>
      inTransaction(db, async (trx) => {
        await checkLevel(trx, p.level_id);
        const next = {
          name: p.name, kind: p.kind, value: p.value, level_id: p.level_id,
          starts_at: chinaMidnight(p.start_day), ends_at: dayAfter(p.end_day), max_uses: p.max_uses,
        };
        const now = deps.clock.now();
        if (p.id === 0) {
          const taken = await trx.selectFrom('promotion_code').select('id').where('code', '=', p.code).executeTakeFirst();
          if (taken) throw invalid('code', promotionText.codeTaken);
          const { id } = await trx.insertInto('promotion_code').values({ code: p.code, ...next, created_by: caller.userId, created_at: now })
            .returning('id').executeTakeFirstOrThrow();
          await audit.record(trx, caller, now, [{ entity: 'promotion_code', entity_id: id, action: 'create', new: { code: p.code, ...next, starts_at: p.start_day, ends_at: p.end_day } }]);
          return one(trx, id);
        }
        const old = await trx.selectFrom('promotion_code').selectAll().where('id', '=', p.id).forUpdate().executeTakeFirst();
        if (!old) throw notFound();
        if (old.code !== p.code) throw invalid('code', '优惠码发放后不能修改，可停用后另发新码');
        const current = await one(trx, p.id);
        if (p.max_uses !== null && p.max_uses < current.uses) throw invalid('max_uses', promotionText.maxUsesBelowUsed(current.uses));
        const before = { name: old.name, kind: old.kind, value: old.value, level_id: old.level_id, start_day: current.start_day, end_day: current.end_day, max_uses: old.max_uses };
        const after = { name: p.name, kind: p.kind, value: p.value, level_id: p.level_id, start_day: p.start_day, end_day: p.end_day, max_uses: p.max_uses };
        const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k]);
        if (changed.length > 0) {
          await trx.updateTable('promotion_code').set(next).where('id', '=', p.id).execute();
          await audit.record(trx, caller, now, [{
            entity: 'promotion_code', entity_id: p.id, action: 'update', note: old.code,
            old: Object.fromEntries(changed.map((k) => [k, before[k]])), new: Object.fromEntries(changed.map((k) => [k, after[k]])),
          }]);
        }
        return one(trx, p.id);
      }),

    setActive: (db: Kysely<DB>, caller: Caller, p: { ids: number[]; active: boolean }) =>
      inTransaction(db, async (trx) => {
        const rows = await lockAllOrRefuse(
          (ids) => trx.selectFrom('promotion_code').select(['id', 'code', 'active']).where('id', 'in', ids).orderBy('id').forUpdate().execute(),
          p.ids, notFound,
        );
        const changing = rows.filter((r) => r.active !== p.active);
        if (changing.length > 0) {
          await trx.updateTable('promotion_code').set({ active: p.active }).where('id', 'in', changing.map((r) => r.id)).execute();
          await audit.record(trx, caller, deps.clock.now(), changing.map((r) => ({
            entity: 'promotion_code' as const, entity_id: r.id, action: p.active ? 'enable' as const : 'disable' as const, note: r.code,
            old: { active: r.active }, new: { active: p.active },
          })));
        }
        return { changed: changing.length };
      }),
  };
};

export type PromotionService = ReturnType<typeof createPromotionService>;
