/**
 * 促销价 of paid services (docs/money.md#promotion-prices): the operator's time-boxed lower price
 * of one service at some company levels, and the uses it was bought at. The buying side (offer,
 * claim, record, release) is called by paid-service.service within the purchase's transaction,
 * under the company's purchase lock.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type PayloadOut } from '../../../shared/contracts';
import { paidPromotionText, type PaidPromotion, type PaidPromotionState, type PaidService } from '../../../shared/contracts/paid-service';
import { chinaMidnight } from '../../../shared/domain/china-time';
import * as audit from '../operation/audit.service';
import * as repo from './paid-service.repo';
import * as promo from './promotion.repo';

/** What one pack costs under a promotion: its price, or the list price less the percentage (rounded down, at least 1 fen); never above the list price. */
export const promotionPackPrice = (p: { kind: 'price' | 'percent'; value: number }, listFen: number) =>
  p.kind === 'price' ? Math.min(Number(p.value), listFen) : Math.max(1, Math.floor((listFen * (100 - Number(p.value))) / 100));

const stateOf = (p: promo.PromotionRow, now: Date): PaidPromotionState =>
  !p.enabled ? 'disabled' : p.ends_at <= now ? 'ended' : p.starts_at > now ? 'upcoming' : p.max_uses !== null && p.used >= p.max_uses ? 'used_up' : 'live';

const notFound = () => new AppError(ResultCode.notFound, 404, paidPromotionText.notFound);
const toDate = (s: number) => new Date(s * 1000);

export type Offer = { promotion: promo.PromotionRow; packFen: number };

export const createPromotionService = (deps: { clock: Clock }) => {
  const { clock } = deps;

  const view = async (db: Kysely<DB>, id: number): Promise<PaidPromotion> => {
    const [r, levels] = await Promise.all([promo.promotionView(db, id), repo.levels(db)]);
    return present(r, levels);
  };
  const present = (r: Awaited<ReturnType<typeof promo.promotionView>>, levels: Array<{ id: number; name: string }>): PaidPromotion => ({
    id: r.id, name: r.name, service: r.service, level_ids: r.level_ids,
    level_names: r.level_ids.map((id) => levels.find((l) => l.id === id)?.name ?? `#${id}`).join('、'),
    kind: r.kind, value: Number(r.value), start_at: unix(r.starts_at), end_at: unix(r.ends_at),
    max_uses: r.max_uses ?? 0, per_company: r.per_company ?? 0, used: r.used, enabled: r.enabled, state: stateOf(r, clock.now()),
    paid_uses: r.paid_uses, saved_fen: Number(r.saved_fen), created_by: r.created_by_name ?? '', created_at: unix(r.created_at),
  });

  /** Refuses an enabled promotion whose window meets another enabled one of the same service at a shared level. */
  const refuseOverlap = async (db: Kysely<DB>, p: { service: PaidService; level_ids: number[]; starts_at: Date; ends_at: Date }, exceptId: number) => {
    const other = await promo.overlapping(db, { service: p.service, levelIds: p.level_ids, start: p.starts_at, end: p.ends_at, exceptId });
    if (other) throw invalid('start_at', paidPromotionText.overlap(other.name));
  };

  return {
    /**
     * The promotion this company would be charged by now for `service` at its level, or null: none
     * live, none left in all or for this company, or no lower than the list price.
     */
    async offer(db: Kysely<DB>, service: PaidService, levelId: number, companyId: number, listFen: number): Promise<Offer | null> {
      const p = await promo.livePromotion(db, service, levelId, clock.now());
      if (!p || (p.max_uses !== null && p.used >= p.max_uses)) return null;
      if (p.per_company !== null && (await promo.companyUses(db, p.id, companyId)) >= p.per_company) return null;
      // one unpaid promotional checkout at a time: abandoned checkouts cannot hold the promotion's uses (docs/money.md, "Promotion prices")
      if (await promo.companyHasUnpaid(db, p.id, companyId)) return null;
      const packFen = promotionPackPrice(p, listFen);
      return packFen < listFen ? { promotion: p, packFen } : null;
    },

    /** Takes a use of the offer's promotion (false: gone meanwhile; the buyer is then charged the list price). */
    claim: (trx: Kysely<DB>, offer: Offer) => promo.claimUse(trx, offer.promotion.id, clock.now()),

    record: (trx: Kysely<DB>, r: Parameters<typeof promo.insertUse>[1]) => promo.insertUse(trx, r),

    release: (trx: Kysely<DB>, purchaseId: number) => promo.releaseUse(trx, purchaseId),

    // ---- the operator (pay/promotionPricing, pay/promotionUse) ----

    async list(db: Kysely<DB>, p: PayloadOut<'opPaidPromotions'>) {
      const [r, levels] = await Promise.all([
        promo.promotions(db, { service: p.service, state: p.state, q: p.q, now: clock.now(), limit: p.page_size, offset: (p.page_number - 1) * p.page_size }),
        repo.levels(db),
      ]);
      return { data: r.rows.map((x) => present(x, levels)), total: r.total };
    },

    async save(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPaidPromotionSave'>) {
      if (p.kind === 'percent' && p.value > 99) throw invalid('value', paidPromotionText.percent);
      if (p.end_at <= p.start_at) throw invalid('end_at', paidPromotionText.window);
      const levelIds = [...new Set(p.level_ids)].sort((a, b) => a - b);
      const id = await inTransaction(db, async (trx) => {
        await promo.lockPromotions(trx);
        const now = clock.now();
        const old = p.id > 0 ? await promo.lockPromotion(trx, p.id) : undefined;
        if (p.id > 0 && !old) throw notFound();
        const endsAt = toDate(p.end_at);
        if (!old && endsAt <= now) throw invalid('end_at', paidPromotionText.endPassed);
        const levels = await repo.levels(trx);
        for (const levelId of levelIds) {
          const level = levels.find((l) => l.id === levelId);
          if (!level) throw invalid('level_ids', paidPromotionText.level);
          const product = await repo.productFor(trx, p.service, levelId);
          if (!product) throw invalid('level_ids', paidPromotionText.noProduct(level.name));
          if (p.kind === 'price' && p.value >= Number(product.price_fen)) throw invalid('value', paidPromotionText.aboveList(level.name, Number(product.price_fen)));
        }
        if (old && p.max_uses > 0 && p.max_uses < old.used) throw invalid('max_uses', paidPromotionText.belowUsed(old.used));
        const row: promo.PromotionWrite = {
          name: p.name, service: p.service, level_ids: levelIds, kind: p.kind, value: p.value, starts_at: toDate(p.start_at), ends_at: endsAt,
          max_uses: p.max_uses || null, per_company: p.per_company || null, enabled: p.enabled, updated_by: caller.userId, updated_at: now,
        };
        if (row.enabled) await refuseOverlap(trx, row, p.id);
        // the audit log holds what changed (docs/money.md#promotion-prices)
        const logged = (r: promo.PromotionWrite | promo.PromotionRow) => ({
          name: r.name, service: r.service, level_ids: r.level_ids, kind: r.kind, value: Number(r.value), starts_at: r.starts_at.toISOString(), ends_at: r.ends_at.toISOString(),
          max_uses: r.max_uses, per_company: r.per_company, enabled: r.enabled,
        });
        if (old) {
          await promo.updatePromotion(trx, old.id, row);
          await audit.record(trx, caller, now, [{ entity: 'paid_service_promotion', entity_id: old.id, action: 'update', old: logged(old), new: logged(row) }]);
          return old.id;
        }
        const created = await promo.insertPromotion(trx, { ...row, created_by: caller.userId, created_at: now });
        await audit.record(trx, caller, now, [{ entity: 'paid_service_promotion', entity_id: created, action: 'create', new: logged(row) }]);
        return created;
      });
      return view(db, id);
    },

    async enable(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPaidPromotionEnable'>) {
      await inTransaction(db, async (trx) => {
        await promo.lockPromotions(trx);
        const old = await promo.lockPromotion(trx, p.id);
        if (!old) throw notFound();
        if (old.enabled === p.enabled) return;
        if (p.enabled) await refuseOverlap(trx, old, old.id);
        await promo.updatePromotion(trx, old.id, { enabled: p.enabled, updated_by: caller.userId, updated_at: clock.now() });
        await audit.record(trx, caller, clock.now(), [{ entity: 'paid_service_promotion', entity_id: old.id, action: p.enabled ? 'enable' : 'disable', old: { enabled: old.enabled }, new: { enabled: p.enabled } }]);
      });
      return view(db, p.id);
    },

    async uses(db: Kysely<DB>, p: PayloadOut<'opPaidPromotionUses'>) {
      const r = await promo.uses(db, {
        company: p.company, service: p.service, promotionId: p.promotion_id,
        from: p.date_from ? chinaMidnight(p.date_from) : null,
        to: p.date_to ? new Date(chinaMidnight(p.date_to).getTime() + 86_400_000) : null,
        limit: p.page_size, offset: (p.page_number - 1) * p.page_size,
      });
      return {
        data: r.rows.map((x) => ({
          id: Number(x.id), created_at: unix(x.created_at), company_id: x.company_id, company_name: x.company_name, service: x.service,
          promotion_id: x.promotion_id, promotion_name: x.promotion_name, level_name: x.level_name, packs: x.packs,
          original_fen: Number(x.original_fen), charged_fen: Number(x.charged_fen), purchase_no: x.purchase_no, state: x.state,
        })),
        total: r.total, original_fen: r.original_fen, charged_fen: r.charged_fen,
      };
    },
  };
};

export type PromotionService = ReturnType<typeof createPromotionService>;
