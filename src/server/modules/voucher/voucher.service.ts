/**
 * Vouchers (券, docs/vouchers.md). Templates are issued by the platform (运营, pay/ticket) or by a
 * seller (营销 · 优惠券); buyer companies claim them (the total and the per-company limit are taken
 * by conditional writes, exact under concurrency); a checkout uses at most one claim per seller
 * order, chosen by shared/domain/vouchers; the order records the discount and the use; a cancelled
 * or rejected order gives the claim back; a platform voucher's discount is paid to the seller by
 * the platform when the order completes, as a ledger transaction (voucher_subsidy).
 *
 * The functions the orders module calls inside its own transaction are exported below the service.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type PayloadOut, type VoucherClaim, type VoucherTemplate } from '../../../shared/contracts';
import { voucherText } from '../../../shared/contracts/voucher';
import { PRODUCT_SOURCE_ON_SALE } from '../../../shared/domain/cart';
import { bestVouchers, discountFen, unusableReason, voucherOffer, type VoucherClaimView, type VoucherGroup, type VoucherTerms } from '../../../shared/domain/vouchers';
import type { CartService } from '../cart/cart.service';
import type { LedgerService } from '../ledger/ledger.service';
import * as audit from '../operation/audit.service';
import * as repo from './voucher.repo';

const DAY_MS = 86_400_000;
const notFound = () => new AppError(ResultCode.notFound, 404, voucherText.notFound);

const termsOf = (r: Pick<repo.TemplateRow, 'kind' | 'amount_fen' | 'percent_off' | 'cap_fen' | 'min_order_fen' | 'issuer_company_id' | 'seller_ids' | 'category_ids'>): VoucherTerms => ({
  kind: r.kind, amount_fen: Number(r.amount_fen), percent_off: r.percent_off, cap_fen: Number(r.cap_fen), min_order_fen: Number(r.min_order_fen),
  issuer_company_id: r.issuer_company_id, seller_ids: r.seller_ids, category_ids: r.category_ids,
});

/** 已停止, 未开始, 已结束, 已领完, 领取中 */
const stateName = (r: Pick<repo.TemplateRow, 'state' | 'start_at' | 'end_at' | 'claimed' | 'total_count'>, now: Date) =>
  r.state === 'stopped' ? '已停止' : r.start_at > now ? '未开始' : r.end_at <= now ? '已结束' : r.claimed >= r.total_count ? '已领完' : '领取中';

const templateOut = (r: repo.TemplateRow, now: Date): VoucherTemplate => ({
  id: r.id, issuer_company_id: r.issuer_company_id, issuer_name: r.issuer_name, name: r.name, kind: r.kind,
  amount_fen: Number(r.amount_fen), percent_off: r.percent_off, cap_fen: Number(r.cap_fen), min_order_fen: Number(r.min_order_fen),
  seller_ids: r.seller_ids, seller_names: r.seller_names, category_ids: r.category_ids, category_names: r.category_names,
  start_at: unix(r.start_at), end_at: unix(r.end_at), valid_days: r.valid_days, total_count: r.total_count, claimed: r.claimed, per_company: r.per_company,
  state: r.state, state_name: stateName(r, now), created_at: unix(r.created_at), used: Number(r.used), used_fen: Number(r.used_fen),
});

const claimView = (c: repo.ClaimRow): VoucherClaimView => ({
  claim_id: Number(c.id), terms: termsOf(c), valid_from: unix(c.valid_from), valid_until: unix(c.valid_until), state: c.state,
});

const claimOut = (c: repo.ClaimRow, now: Date): VoucherClaim => ({
  id: Number(c.id), template_id: c.template_id, name: c.name, issuer_company_id: c.issuer_company_id, issuer_name: c.issuer_name, kind: c.kind,
  amount_fen: Number(c.amount_fen), percent_off: c.percent_off, cap_fen: Number(c.cap_fen), min_order_fen: Number(c.min_order_fen),
  seller_ids: c.seller_ids, seller_names: c.seller_names, category_ids: c.category_ids, category_names: c.category_names,
  claimed_at: unix(c.claimed_at), valid_from: unix(c.valid_from), valid_until: unix(c.valid_until),
  tab: c.state === 'used' ? 'used' : c.valid_until <= now ? 'expired' : 'usable',
  order_no: c.order_no, discount_fen: Number(c.discount_fen), used_at: unix(c.used_at),
});

/** The seller orders of a checkout as the voucher rule sees them: each line's amount and part group. */
const groupsOf = async (db: Kysely<DB>, lines: ReadonlyArray<{ companyId: number; stockId: number | null; amount: number }>): Promise<VoucherGroup[]> => {
  const cats = await repo.categoriesOf(db, lines.flatMap((l) => (l.stockId === null ? [] : [l.stockId])));
  const sellers = [...new Set(lines.map((l) => l.companyId))];
  return sellers.map((s) => ({
    seller_id: s,
    lines: lines.filter((l) => l.companyId === s).map((l) => ({ amount_fen: l.amount, category_id: l.stockId === null ? null : cats.get(l.stockId) ?? null })),
  }));
};

export interface VoucherDeps { clock: Clock; cart: CartService }

export const createVoucherService = ({ clock, cart }: VoucherDeps) => {
  /** A template's checks, the same for the operator and a seller; nothing is written on a refusal. */
  const checkTemplate = async (db: Kysely<DB>, p: PayloadOut<'voucherTemplateCreate'>, issuer: number | null) => {
    const now = clock.now();
    if (p.kind === 'amount') {
      if (p.amount_fen < 1) throw invalid('amount_fen', voucherText.amount);
      if (p.min_order_fen <= p.amount_fen) throw invalid('min_order_fen', voucherText.minOrder);
    } else {
      if (p.percent_off < 1) throw invalid('percent_off', voucherText.percent);
      if (p.cap_fen < 1) throw invalid('cap_fen', voucherText.cap);
    }
    if (p.end_at <= p.start_at) throw invalid('end_at', voucherText.window);
    if (p.end_at * 1000 <= now.getTime()) throw invalid('end_at', voucherText.ended);
    const sellerIds = issuer === null ? [...new Set(p.seller_ids)].sort((a, b) => a - b) : [];
    if (issuer !== null && p.seller_ids.some((s) => s !== issuer)) throw invalid('seller_ids', voucherText.notYours);
    if (sellerIds.length > 0 && (await repo.sellersAmong(db, sellerIds)).length !== sellerIds.length) throw invalid('seller_ids', voucherText.sellerUnknown);
    const categoryIds = [...new Set(p.category_ids)].sort((a, b) => a - b);
    if (categoryIds.length > 0 && (await repo.categoriesAmong(db, categoryIds)).length !== categoryIds.length) throw invalid('category_ids', voucherText.categoryUnknown);
    return {
      issuer_company_id: issuer, name: p.name, kind: p.kind, amount_fen: p.kind === 'amount' ? p.amount_fen : 0, percent_off: p.kind === 'percent' ? p.percent_off : 0,
      cap_fen: p.kind === 'percent' ? p.cap_fen : 0, min_order_fen: p.min_order_fen, seller_ids: sellerIds, category_ids: categoryIds,
      start_at: new Date(p.start_at * 1000), end_at: new Date(p.end_at * 1000), valid_days: p.valid_days, total_count: p.total_count, per_company: p.per_company,
    };
  };

  /** An operator's issue or stop goes in the operator audit log, in the write's own transaction (docs/vouchers.md, "Pages"). */
  const create = (db: Kysely<DB>, caller: Caller, p: PayloadOut<'voucherTemplateCreate'>, issuer: number | null) => inTransaction(db, async (trx) => {
    const values = await checkTemplate(trx, p, issuer);
    const now = clock.now();
    const id = await repo.insertTemplate(trx, { ...values, created_by: caller.userId, created_at: now });
    const out = templateOut((await repo.templateById(trx, id))!, now);
    if (issuer === null) await audit.record(trx, caller, now, [{ entity: 'voucher_template', entity_id: id, action: 'create', new: out, note: p.name }]);
    return out;
  });

  const stop = (db: Kysely<DB>, caller: Caller, id: number, issuer: number | 'any') => inTransaction(db, async (trx) => {
    const t = await repo.templateById(trx, id);
    if (!t) throw notFound();
    if (issuer !== 'any' && t.issuer_company_id !== issuer) throw forbidden(voucherText.notYours);
    const now = clock.now();
    await repo.stopTemplate(trx, id, now);
    const out = templateOut((await repo.templateById(trx, id))!, now);
    if (issuer === 'any') {
      await audit.record(trx, caller, now, [{ entity: 'voucher_template', entity_id: id, action: 'stop', old: { state: t.state }, new: { state: out.state }, note: t.name }]);
    }
    return out;
  });

  const list = async (db: Kysely<DB>, f: repo.TemplateFilter, p: { page_number: number; page_size: number }) => {
    const { rows, total } = await repo.templates(db, f, p.page_size, (p.page_number - 1) * p.page_size);
    const now = clock.now();
    return { data: rows.map((r) => templateOut(r, now)), total };
  };

  /** Why the company may not claim one more now ('' when it may). */
  const claimRefusal = (t: repo.TemplateRow, companyId: number, mine: number, now: Date) =>
    t.issuer_company_id === companyId ? voucherText.ownVoucher
      : t.state === 'stopped' ? voucherText.stopped
        : t.start_at > now ? voucherText.notStarted
          : t.end_at <= now ? voucherText.claimEnded
            : mine >= t.per_company ? voucherText.limit(t.per_company)
              : t.claimed >= t.total_count ? voucherText.over : '';

  return {
    async center(db: Kysely<DB>, caller: Caller) {
      const now = clock.now();
      const rows = await repo.openTemplates(db, now);
      const mine = await repo.claimedBy(db, caller.companyId, rows.map((r) => r.id));
      return {
        data: rows.filter((r) => r.issuer_company_id !== caller.companyId).map((r) => {
          const n = mine.get(r.id) ?? 0;
          const reason = claimRefusal(r, caller.companyId, n, now);
          return { ...templateOut(r, now), mine: n, claimable: reason === '', reason };
        }),
      };
    },

    /**
     * 领取: the template row is not locked; the total is taken by a conditional update and the
     * company's count by a conditional upsert, both in this transaction, so any number of
     * concurrent claims end at exactly the limits, and a refusal rolls the other back.
     */
    claim: (db: Kysely<DB>, caller: Caller, templateId: number) => inTransaction(db, async (trx) => {
      const now = clock.now();
      const t = await repo.templateById(trx, templateId);
      if (!t) throw notFound();
      const mine = (await repo.claimedBy(trx, caller.companyId, [t.id])).get(t.id) ?? 0;
      const refusal = claimRefusal(t, caller.companyId, mine, now);
      if (refusal) throw conflict(refusal);
      if (!(await repo.takeForCompany(trx, t.id, caller.companyId, t.per_company))) throw conflict(voucherText.limit(t.per_company));
      if (!(await repo.takeOne(trx, t.id))) throw conflict(voucherText.over);
      const validFrom = t.valid_days > 0 ? now : t.start_at;
      const validUntil = t.valid_days > 0 ? new Date(now.getTime() + t.valid_days * DAY_MS) : t.end_at;
      const id = await repo.insertClaim(trx, { template_id: t.id, company_id: caller.companyId, user_id: caller.userId, claimed_at: now, valid_from: validFrom, valid_until: validUntil });
      return claimOut((await repo.claimById(trx, id))!, now);
    }),

    async mine(db: Kysely<DB>, caller: Caller, p: PayloadOut<'voucherMine'>) {
      const now = clock.now();
      const { rows, counts } = await repo.claimsOf(db, caller.companyId, p.tab, now, p.page_size, (p.page_number - 1) * p.page_size);
      return { data: rows.map((r) => claimOut(r, now)), total: counts[p.tab], counts };
    },

    /** The checkout's options: the cart's ticked lines on sale among these ids, per seller; the best choice for all of them. */
    async checkout(db: Kysely<DB>, caller: Caller, p: PayloadOut<'voucherCheckout'>) {
      const now = clock.now();
      const nowS = unix(now);
      const ids = new Set(p.cart_ids);
      const listed = await cart.list(db, caller, p.type_code);
      const chosen = listed.groups.flatMap((g) => g.items).filter((i) => ids.has(i.id) && i.productSource === PRODUCT_SOURCE_ON_SALE);
      // vouchers count what is left after 满减 (docs/activities.md "满减"), reckoned over these lines as
      // the checkout reckons it (not over every ticked line of the cart): the line's share comes off
      const reductions = await cart.reductionsOf(db, chosen);
      const lines = chosen.map((i) => ({ companyId: i.companyId, stockId: i.stockId, amount: i.amount - (reductions.get(i.companyId)?.shares.get(i.id) ?? 0) }));
      const groups = await groupsOf(db, lines);
      const claims = await repo.usableClaims(db, caller.companyId, now);
      const views = claims.map(claimView);
      const best = bestVouchers(groups, views, nowS);
      return {
        groups: groups.map((g) => {
          const options = claims.map((c, n) => {
            const reason = unusableReason(views[n], g, nowS);
            return { claim_id: Number(c.id), name: c.name, issuer_name: c.issuer_name, offer: voucherOffer(views[n].terms), valid_until: unix(c.valid_until), discount_fen: reason ? 0 : discountFen(views[n].terms, g), reason };
          }).filter((o) => o.reason !== '该优惠券不适用于这个卖家的订单')
            .sort((a, b) => b.discount_fen - a.discount_fen || a.valid_until - b.valid_until || a.claim_id - b.claim_id);
          const pick = best.get(g.seller_id);
          return { company_id: g.seller_id, goods_fen: g.lines.reduce((s, l) => s + l.amount_fen, 0), options, best_claim_id: pick?.claim_id ?? 0, best_fen: pick?.discount_fen ?? 0 };
        }),
      };
    },

    // ---- a seller's own (营销 · 优惠券) ----
    async templates(db: Kysely<DB>, caller: Caller, p: PayloadOut<'voucherTemplates'>) {
      return list(db, { issuerCompanyId: caller.companyId, state: p.state, q: p.q }, p);
    },
    async sellerCreate(db: Kysely<DB>, caller: Caller, p: PayloadOut<'voucherTemplateCreate'>) {
      if (!(await repo.isSeller(db, caller.companyId))) throw forbidden(voucherText.notSeller);
      return create(db, caller, p, caller.companyId);
    },
    sellerStop: (db: Kysely<DB>, caller: Caller, id: number) => stop(db, caller, id, caller.companyId),

    // ---- the operator's (pay/ticket, ticket/record) ----
    opTemplates: (db: Kysely<DB>, p: PayloadOut<'opVoucherTemplates'>) => list(db, { issuer: p.issuer, state: p.state, q: p.q }, p),
    opCreate: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opVoucherCreate'>) => create(db, caller, p, null),
    opStop: (db: Kysely<DB>, caller: Caller, id: number) => stop(db, caller, id, 'any'),
    async opRecord(db: Kysely<DB>, p: PayloadOut<'opVoucherRecord'>) {
      const now = clock.now();
      const r = await repo.record(db, { issuer: p.issuer, q: p.q }, now, p.page_size, (p.page_number - 1) * p.page_size);
      return {
        data: r.rows.map((t) => ({
          template_id: t.id, name: t.name, issuer_name: t.issuer_name, state_name: stateName(t, now),
          issued: t.total_count, claimed: t.claimed, used: Number(t.used), expired: r.expired.get(t.id) ?? 0, used_fen: Number(t.used_fen),
        })),
        total: r.total,
        by_issuer: r.byIssuer.map((b) => ({
          issuer_company_id: b.issuer_company_id, issuer_name: b.issuer_name, issued: Number(b.issued), claimed: Number(b.claimed), used: Number(b.used),
          expired: Number(b.expired), used_fen: Number(b.used_fen), subsidy_fen: Number(b.subsidy_fen),
        })),
      };
    },

    // ---- 财务 · 券 ----
    async uses(db: Kysely<DB>, caller: Caller, p: PayloadOut<'voucherUses'>) {
      const r = await repo.usesOf(db, p.side, caller.companyId, p.page_size, (p.page_number - 1) * p.page_size);
      return {
        data: r.rows.map((u) => ({
          id: Number(u.id), order_no: u.order_no, order_status: u.order_status, buyer_company_name: u.buyer_company_name, seller_company_name: u.seller_company_name,
          voucher_name: u.voucher_name, issuer_name: u.issuer_name, discount_fen: Number(u.discount_fen), state: u.state, subsidy_fen: Number(u.subsidy_fen), created_at: unix(u.created_at),
        })),
        total: r.total, discount_fen: r.discount, subsidy_fen: r.subsidy,
      };
    },
  };
};
export type VoucherService = ReturnType<typeof createVoucherService>;

// ---- called by the orders module, inside its transaction ----

export interface VoucherPick { sellerId: number; claimId: string; templateId: number; issuerCompanyId: number | null; discountFen: number }

/**
 * The vouchers a checkout asked for, checked under the claims' row locks: each must be the buyer
 * company's, unused, within its dates, for a seller of this checkout, used once, and usable on
 * that seller's order (its sellers, part groups and minimum). Any refusal changes nothing (the
 * caller's transaction rolls back). Answers what each seller order takes off.
 */
export const takeVouchers = async (
  trx: Kysely<DB>, buyerCompanyId: number, choices: ReadonlyArray<{ company_id: number; claim_id: number }>,
  lines: ReadonlyArray<{ companyId: number; companyName: string; stockId: number | null; amount: number }>, now: Date,
): Promise<Map<number, VoucherPick>> => {
  const out = new Map<number, VoucherPick>();
  if (choices.length === 0) return out;
  const sellers = new Set(lines.map((l) => l.companyId));
  if (choices.some((c) => !sellers.has(c.company_id))) throw invalid('vouchers', voucherText.sellerNotInCheckout);
  if (new Set(choices.map((c) => c.company_id)).size !== choices.length || new Set(choices.map((c) => c.claim_id)).size !== choices.length) {
    throw invalid('vouchers', voucherText.twice);
  }
  const claims = await repo.lockClaims(trx, choices.map((c) => String(c.claim_id)));
  const groups = await groupsOf(trx, lines);
  const nowS = unix(now);
  for (const choice of choices) {
    const c = claims.find((x) => Number(x.id) === choice.claim_id);
    if (!c || c.company_id !== buyerCompanyId) throw invalid('vouchers', voucherText.claimUnknown);
    const g = groups.find((x) => x.seller_id === choice.company_id)!;
    const view = claimView(c);
    const reason = unusableReason(view, g, nowS);
    const sellerName = lines.find((l) => l.companyId === choice.company_id)!.companyName;
    if (reason) throw conflict(voucherText.refused(sellerName, reason));
    out.set(choice.company_id, { sellerId: choice.company_id, claimId: String(c.id), templateId: c.template_id, issuerCompanyId: c.issuer_company_id, discountFen: discountFen(view.terms, g) });
  }
  return out;
};

/** The order's use of its voucher: the claim becomes used (in the order's transaction). */
export const recordVoucherUse = (trx: Kysely<DB>, pick: VoucherPick, orderId: string, now: Date) =>
  repo.insertUse(trx, { claim_id: pick.claimId, template_id: pick.templateId, order_id: orderId, issuer_company_id: pick.issuerCompanyId, discount_fen: pick.discountFen, created_at: now });

/** A cancelled or rejected order gives its voucher back: usable again until its own date (past it, it shows as 已过期). */
export const returnVoucherOf = async (trx: Kysely<DB>, orderId: string, now: Date) => {
  const u = await repo.useOfOrder(trx, orderId);
  if (u && u.state === 'applied') await repo.returnUse(trx, u.id, u.claim_id, now);
};

/** The voucher an order used, for its detail ('' and 0 without one). */
export const voucherOfOrder = async (db: Kysely<DB>, orderId: string) => {
  const u = await repo.useOfOrder(db, orderId);
  return u ? { name: u.name, state: u.state } : null;
};

/** The platform's voucher budget: a provider-kind account, below zero by what the platform has paid for its vouchers. */
export const VOUCHER_BUDGET = { kind: 'provider', provider: 'voucher' } as const;

/**
 * When an order completes (the point its money goes to the seller), a platform voucher's discount
 * is paid to the seller from the platform's voucher budget, once (ledger key voucher_subsidy:<SO…>).
 * A seller's own voucher moves nothing: the seller was simply paid less.
 */
export const payVoucherSubsidy = async (trx: Kysely<DB>, ledger: LedgerService, o: { id: string; order_no: string; seller_company_id: number }, createdBy: number | null) => {
  const u = await repo.useOfOrder(trx, o.id);
  if (!u || u.state !== 'applied' || u.issuer_company_id !== null || u.subsidy_transaction_id !== null) return;
  const fen = Number(u.discount_fen);
  const posted = await ledger.post(trx, {
    kind: 'voucher_subsidy', reference: o.order_no, idempotency_key: `voucher_subsidy:${o.order_no}`, created_by: createdBy,
    lines: [{ account: VOUCHER_BUDGET, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: o.seller_company_id }, amount_fen: fen }],
  });
  await repo.markSubsidised(trx, u.id, posted.transaction_id);
};
