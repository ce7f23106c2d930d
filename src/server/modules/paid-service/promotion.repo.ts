/** SQL of the paid services' promotion prices and their uses (migration 0420, docs/money.md#promotion-prices). */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import type { PaidPromotionState, PaidService } from '../../../shared/contracts/paid-service';

export type PromotionRow = Selectable<DB['paid_service_promotion']>;

/** Saves of promotions wait for each other, so two operators never create overlapping live promotions at once. */
export const lockPromotions = async (db: Kysely<DB>) => {
  await sql`select pg_advisory_xact_lock(hashtext('paid_service_promotion'))`.execute(db);
};

export const lockPromotion = (db: Kysely<DB>, id: number) =>
  db.selectFrom('paid_service_promotion').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const promotionById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('paid_service_promotion').selectAll().where('id', '=', id).executeTakeFirst();

/** An enabled promotion of `service` sharing a level with `levelIds` whose window meets [start, end), other than `exceptId`. */
export const overlapping = (db: Kysely<DB>, f: { service: PaidService; levelIds: number[]; start: Date; end: Date; exceptId: number }) =>
  db.selectFrom('paid_service_promotion').select(['id', 'name']).where('enabled', '=', true).where('service', '=', f.service)
    .where(sql<boolean>`level_ids && ${sql.val(f.levelIds)}::int[]`).where('starts_at', '<', f.end).where('ends_at', '>', f.start)
    .where('id', '<>', f.exceptId).orderBy('id').limit(1).executeTakeFirst();

export type PromotionWrite = {
  name: string; service: PaidService; level_ids: number[]; kind: 'price' | 'percent'; value: number; starts_at: Date; ends_at: Date;
  max_uses: number | null; per_company: number | null; enabled: boolean; updated_by: number; updated_at: Date;
};

export const insertPromotion = async (db: Kysely<DB>, r: PromotionWrite & { created_by: number; created_at: Date }) =>
  (await db.insertInto('paid_service_promotion').values(r).returning('id').executeTakeFirstOrThrow()).id;

export const updatePromotion = (db: Kysely<DB>, id: number, r: Partial<PromotionWrite>) =>
  db.updateTable('paid_service_promotion').set(r).where('id', '=', id).execute();

/** The enabled promotion of `service` for `levelId` whose window holds `now` (the overlap rule leaves at most one). */
export const livePromotion = (db: Kysely<DB>, service: PaidService, levelId: number, now: Date) =>
  db.selectFrom('paid_service_promotion').selectAll().where('enabled', '=', true).where('service', '=', service)
    .where(sql<boolean>`${levelId}::int = any(level_ids)`).where('starts_at', '<=', now).where('ends_at', '>', now)
    .orderBy('id').limit(1).executeTakeFirst();

/** Discounted purchases of one company holding a use of the promotion (read under the company's purchase lock). */
export const companyUses = async (db: Kysely<DB>, promotionId: number, companyId: number) =>
  (await db.selectFrom('paid_service_promotion_use').select(sql<number>`count(*)::int`.as('n'))
    .where('promotion_id', '=', promotionId).where('company_id', '=', companyId).where('holding', '=', true).executeTakeFirstOrThrow()).n;

/** Whether the company holds a use of the promotion on a purchase not paid yet (a provider checkout under way). */
export const companyHasUnpaid = async (db: Kysely<DB>, promotionId: number, companyId: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from paid_service_promotion_use u join paid_service_purchase p on p.id = u.purchase_id
    where u.promotion_id = ${promotionId} and u.company_id = ${companyId} and u.holding and p.state = 'pending'`.execute(db)).rows[0].n > 0;

/**
 * Takes one use of the promotion if it is still live and one is left: one conditional UPDATE,
 * so buyers at once queue on the row and the total limit holds (false: none left, or it ended or
 * was switched off meanwhile).
 */
export const claimUse = async (db: Kysely<DB>, id: number, now: Date) => {
  const { rows } = await sql<{ id: number }>`
    update paid_service_promotion set used = used + 1
    where id = ${id} and enabled and starts_at <= ${now} and ends_at > ${now} and (max_uses is null or used < max_uses)
    returning id`.execute(db);
  return rows.length === 1;
};

export const insertUse = (db: Kysely<DB>, r: {
  promotion_id: number; purchase_id: number; company_id: number; service: PaidService; level_id: number; packs: number; original_fen: number; charged_fen: number; created_at: Date;
}) => db.insertInto('paid_service_promotion_use').values(r).execute();

/** A cancelled purchase gives its use back to the promotion. */
export const releaseUse = async (db: Kysely<DB>, purchaseId: number) => {
  const { rows } = await sql<{ promotion_id: number }>`
    update paid_service_promotion_use set holding = false where purchase_id = ${purchaseId} and holding returning promotion_id`.execute(db);
  for (const r of rows) await sql`update paid_service_promotion set used = used - 1 where id = ${r.promotion_id}`.execute(db);
};

/** The SQL condition of a promotion's state at `now` (PAID_PROMOTION_STATES). */
const stateCondition = (state: PaidPromotionState, now: Date) => {
  switch (state) {
    case 'disabled': return sql<boolean>`not pr.enabled`;
    case 'ended': return sql<boolean>`pr.enabled and pr.ends_at <= ${now}`;
    case 'upcoming': return sql<boolean>`pr.enabled and pr.starts_at > ${now}`;
    case 'used_up': return sql<boolean>`pr.enabled and pr.starts_at <= ${now} and pr.ends_at > ${now} and pr.max_uses is not null and pr.used >= pr.max_uses`;
    case 'live': return sql<boolean>`pr.enabled and pr.starts_at <= ${now} and pr.ends_at > ${now} and (pr.max_uses is null or pr.used < pr.max_uses)`;
  }
};

// a paid use always holds: `x.holding` lets the partial index on (promotion_id, company_id) serve both counts
const promotionColumns = (db: Kysely<DB>) => db.selectFrom('paid_service_promotion as pr').leftJoin('app_user as u', 'u.id', 'pr.created_by')
  .selectAll('pr').select(['u.username as created_by_name',
    sql<number>`(select count(*) from paid_service_promotion_use x join paid_service_purchase p on p.id = x.purchase_id where x.promotion_id = pr.id and x.holding and p.state = 'paid')::int`.as('paid_uses'),
    sql<string>`(select coalesce(sum(x.original_fen - x.charged_fen), 0) from paid_service_promotion_use x join paid_service_purchase p on p.id = x.purchase_id where x.promotion_id = pr.id and x.holding and p.state = 'paid')::bigint`.as('saved_fen')]);

export const promotionView = (db: Kysely<DB>, id: number) => promotionColumns(db).where('pr.id', '=', id).executeTakeFirstOrThrow();

export const promotions = async (db: Kysely<DB>, f: { service: PaidService | ''; state: PaidPromotionState | ''; q: string; now: Date; limit: number; offset: number }) => {
  const base = db.selectFrom('paid_service_promotion as pr')
    .$if(f.service !== '', (b) => b.where('pr.service', '=', f.service as PaidService))
    .$if(f.state !== '', (b) => b.where(stateCondition(f.state as PaidPromotionState, f.now)))
    .$if(f.q !== '', (b) => b.where('pr.name', 'like', `%${likeEscape(f.q)}%`));
  const [rows, n] = await Promise.all([
    promotionColumns(db)
      .$if(f.service !== '', (b) => b.where('pr.service', '=', f.service as PaidService))
      .$if(f.state !== '', (b) => b.where(stateCondition(f.state as PaidPromotionState, f.now)))
      .$if(f.q !== '', (b) => b.where('pr.name', 'like', `%${likeEscape(f.q)}%`))
      .orderBy('pr.starts_at', 'desc').orderBy('pr.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n };
};

export const uses = async (db: Kysely<DB>, f: { company: string; service: PaidService | ''; promotionId: number; from: Date | null; to: Date | null; limit: number; offset: number }) => {
  const q = db.selectFrom('paid_service_promotion_use as x').innerJoin('paid_service_purchase as p', 'p.id', 'x.purchase_id')
    .innerJoin('company as c', 'c.id', 'x.company_id').innerJoin('paid_service_promotion as pr', 'pr.id', 'x.promotion_id')
    .innerJoin('company_level as l', 'l.id', 'x.level_id')
    .$if(f.company !== '', (b) => b.where((eb) => eb.or([eb('c.name', 'like', `%${likeEscape(f.company)}%`), eb('c.short_name', 'like', `%${likeEscape(f.company)}%`)])))
    .$if(f.service !== '', (b) => b.where('x.service', '=', f.service as PaidService))
    .$if(f.promotionId > 0, (b) => b.where('x.promotion_id', '=', f.promotionId))
    .$if(f.from !== null, (b) => b.where('x.created_at', '>=', f.from!))
    .$if(f.to !== null, (b) => b.where('x.created_at', '<', f.to!));
  const [rows, n] = await Promise.all([
    q.select(['x.id', 'x.created_at', 'x.company_id', 'c.name as company_name', 'x.service', 'x.promotion_id', 'pr.name as promotion_name', 'l.name as level_name',
      'x.packs', 'x.original_fen', 'x.charged_fen', 'p.purchase_no', 'p.state'])
      .orderBy('x.created_at', 'desc').orderBy('x.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    q.select([sql<number>`count(*)::int`.as('n'),
      sql<string>`coalesce(sum(case when p.state <> 'cancelled' then x.original_fen else 0 end), 0)::bigint`.as('original'),
      sql<string>`coalesce(sum(case when p.state <> 'cancelled' then x.charged_fen else 0 end), 0)::bigint`.as('charged')]).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n, original_fen: Number(n.original), charged_fen: Number(n.charged) };
};
