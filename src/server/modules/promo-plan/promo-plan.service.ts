/**
 * Sellers' promotion plans (营销 · 促销计划, M13, docs/promotions.md). The seller's users with M13
 * write their own company's plans; the rule (shared/domain/promo-plans) is applied by the search
 * and the cart through `promoPricer` below, and the checkout prices through the cart, so an order
 * line records the price charged and the plan.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type PayloadOut, type PromoPlan } from '../../../shared/contracts';
import { promoText } from '../../../shared/contracts/promo-plan';
import type { CustomerPriceLevel } from '../../../shared/domain/customer';
import { bestPromo, promoMove, promoStateName, type PromoAction, type PromoTerms } from '../../../shared/domain/promo-plans';
import { customerPriceLevels } from '../customer/customer.service';
import * as repo from './promo-plan.repo';

const notFound = () => new AppError(ResultCode.notFound, 404, promoText.notFound);

const termsOf = (r: repo.LivePlanRow | repo.PlanRow): PromoTerms & { name: string } => ({
  id: r.id, company_id: r.company_id, name: r.name, kind: r.kind, percent_off: r.percent_off, off_fen: Number(r.off_fen), min_price_fen: Number(r.min_price_fen),
  scope: r.scope, part_brand_ids: r.part_brand_ids, category_ids: r.category_ids, buyers: r.buyers, price_levels: r.price_levels, customer_ids: r.customer_ids,
  state: r.state, start_at: unix(r.start_at), end_at: unix(r.end_at),
});

const planOut = (r: repo.PlanRow, now: Date): PromoPlan => ({
  ...termsOf(r),
  part_brand_ids: r.part_brand_ids, category_ids: r.category_ids, customer_ids: r.customer_ids,
  part_brand_names: r.part_brand_names, category_names: r.category_names, customer_names: r.customer_names,
  price_levels: r.price_levels as CustomerPriceLevel[],
  state_name: promoStateName(termsOf(r), unix(now)), created_at: unix(r.created_at), updated_at: unix(r.updated_at),
  lines: Number(r.lines), saved_fen: Number(r.saved_fen),
});

/**
 * The prices plans give one buyer on these stock rows now: a function of a row and a list price
 * answering the best plan and its price, or null. Pays one query when no seller of the rows has a
 * live plan; reads the buyer's 客户等级 only where a plan is for chosen levels.
 */
export const promoPricer = async (db: Kysely<DB>, buyerCompanyId: number, stockIds: readonly number[], now: Date) => {
  const attrs = await repo.stockAttrs(db, stockIds);
  const sellers = [...new Set([...attrs.values()].map((a) => a.company_id))].filter((s) => s !== buyerCompanyId);
  const plans = (await repo.livePlans(db, sellers, now)).map(termsOf);
  if (plans.length === 0) return () => null;
  const levelSellers = [...new Set(plans.filter((p) => p.buyers === 'levels').map((p) => p.company_id))];
  const levels = await customerPriceLevels(db, buyerCompanyId, levelSellers);
  const seconds = unix(now);
  return (stockId: number, listFen: number) => {
    const a = attrs.get(stockId);
    if (!a) return null;
    return bestPromo(plans, { seller_id: a.company_id, part_brand_id: a.part_brand_id, category_id: a.terminology_id },
      { company_id: buyerCompanyId, level: levels.get(a.company_id) ?? 'member' }, listFen, seconds);
  };
};
export type PromoPricer = Awaited<ReturnType<typeof promoPricer>>;

type PlanPayload = PayloadOut<'promoPlanCreate'>;

export const createPromoPlanService = (clock: Clock) => {
  /** The plan's checks; nothing is written on a refusal. */
  const checked = async (db: Kysely<DB>, caller: Caller, p: Omit<PlanPayload, 'state'>): Promise<repo.PlanValues> => {
    const now = clock.now();
    if (p.kind === 'percent' && (p.percent_off < 1 || p.percent_off > 99)) throw invalid('percent_off', promoText.percent);
    if (p.kind === 'amount' && p.off_fen < 1) throw invalid('off_fen', promoText.offFen);
    const brands = p.scope === 'brands' ? [...new Set(p.part_brand_ids)].sort((a, b) => a - b) : [];
    const categories = p.scope === 'categories' ? [...new Set(p.category_ids)].sort((a, b) => a - b) : [];
    if (p.scope === 'brands' && brands.length === 0) throw invalid('part_brand_ids', promoText.brandIds);
    if (brands.length > 0 && (await repo.brandsAmong(db, brands)).length !== brands.length) throw invalid('part_brand_ids', promoText.brandUnknown);
    if (p.scope === 'categories' && categories.length === 0) throw invalid('category_ids', promoText.categoryIds);
    if (categories.length > 0 && (await repo.categoriesAmong(db, categories)).length !== categories.length) throw invalid('category_ids', promoText.categoryUnknown);
    const levels = p.buyers === 'levels' ? [...new Set(p.price_levels)] : [];
    const customers = p.buyers === 'customers' ? [...new Set(p.customer_ids)].sort((a, b) => a - b) : [];
    if (p.buyers === 'levels' && levels.length === 0) throw invalid('price_levels', promoText.levels);
    if (p.buyers === 'customers' && customers.length === 0) throw invalid('customer_ids', promoText.customerIds);
    if (customers.includes(caller.companyId) || (customers.length > 0 && (await repo.companiesAmong(db, customers)).length !== customers.length)) {
      throw invalid('customer_ids', promoText.customerUnknown);
    }
    if (p.end_at <= p.start_at) throw invalid('end_at', promoText.window);
    if (p.end_at * 1000 <= now.getTime()) throw invalid('end_at', promoText.ended);
    return {
      name: p.name, kind: p.kind, percent_off: p.kind === 'percent' ? p.percent_off : 0, off_fen: p.kind === 'amount' ? p.off_fen : 0, min_price_fen: p.min_price_fen,
      scope: p.scope, part_brand_ids: brands, category_ids: categories, buyers: p.buyers, price_levels: levels, customer_ids: customers,
      start_at: new Date(p.start_at * 1000), end_at: new Date(p.end_at * 1000),
    };
  };

  const out = async (db: Kysely<DB>, caller: Caller, id: number) => planOut((await repo.planOf(db, caller.companyId, id))!, clock.now());

  const ACTION_TEXT: Record<PromoAction, string> = { activate: '启用', pause: '暂停', end: '结束' };

  return {
    async list(db: Kysely<DB>, caller: Caller, p: PayloadOut<'promoPlans'>) {
      const { rows, total } = await repo.plans(db, { companyId: caller.companyId, state: p.state, q: p.q }, p.page_size, (p.page_number - 1) * p.page_size);
      const now = clock.now();
      return { data: rows.map((r) => planOut(r, now)), total };
    },

    async create(db: Kysely<DB>, caller: Caller, p: PlanPayload) {
      if (!(await repo.isSeller(db, caller.companyId))) throw forbidden(promoText.notSeller);
      const values = await checked(db, caller, p);
      const id = await repo.insertPlan(db, { ...values, company_id: caller.companyId, state: p.state, created_by: caller.userId, now: clock.now() });
      return out(db, caller, id);
    },

    update: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'promoPlanUpdate'>) => inTransaction(db, async (trx) => {
      const row = await repo.lockPlan(trx, caller.companyId, p.id);
      if (!row) throw notFound();
      if (row.state === 'ended') throw conflict(promoText.endedNoEdit);
      const { id, ...fields } = p;
      await repo.updatePlan(trx, id, await checked(trx, caller, fields), clock.now());
      return out(trx, caller, id);
    }),

    setState: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'promoPlanState'>) => inTransaction(db, async (trx) => {
      const row = await repo.lockPlan(trx, caller.companyId, p.id);
      if (!row) throw notFound();
      const to = promoMove(row.state, p.action);
      const full = (await repo.planOf(trx, caller.companyId, p.id))!;
      if (!to) throw conflict(promoText.move(promoStateName(termsOf(full), unix(clock.now())), ACTION_TEXT[p.action]));
      // 启用 a plan whose window has passed would price nothing: it asks for a new end first
      if (to === 'active' && full.end_at.getTime() <= clock.now().getTime()) throw conflict(promoText.expired);
      await repo.setState(trx, p.id, to, clock.now());
      return out(trx, caller, p.id);
    }),
  };
};

export type PromoPlanService = ReturnType<typeof createPromoPlanService>;
