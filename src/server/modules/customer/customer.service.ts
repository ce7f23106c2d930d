/**
 * Customers and suppliers (back office M04, docs/customers.md). A seller invites repair shops with
 * single-use links; a shop that registers through one becomes its customer. The seller's customers
 * are the companies it invited and every company that ordered from it; per customer it keeps a
 * price level (客户等级, which price column the cart and the order charge), a note and tags. The
 * buyer's suppliers are the sellers it ordered from or was invited by; a preferred supplier's
 * offers come first in OE search. Every call acts for the caller's own company only.
 *
 * Other modules use the plain functions below (the cart and the order: customerPriceLevels; search:
 * preferredSupplierIds; registration: checkInvitation and acceptInvitation), never the repo.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type CustomerInvitation, type CustomerRow, type PayloadOut, type SupplierRow } from '../../../shared/contracts';
import { creditText, customerText, invitationRefusal, type CustomerPriceLevel, type InvitationState } from '../../../shared/domain/customer';
import { chinaDay } from '../../../shared/domain/china-time';
import { buyersOf, creditUseOf, sellersOf, type CreditUse, type PartnerStats } from '../orders/order-stats.service';
import * as repo from './customer.repo';
import * as branchRepo from './branch.repo';

/** The head company whose customer level and credit term a branch may use (docs/customers.md "Branch companies"). */
const headCompanyOf = async (db: Kysely<DB>, companyId: number) => (await branchRepo.headOf(db, companyId))?.head_id;

const DAY_MS = 86_400_000;

const notFound = (text: string) => new AppError(ResultCode.notFound, 404, text);

const stateOf = (r: { used_at: Date | null; revoked_at: Date | null; expires_at: Date }, now: Date): InvitationState =>
  r.used_at ? 'used' : r.revoked_at ? 'revoked' : r.expires_at.getTime() <= now.getTime() ? 'expired' : 'open';

const invitationShape = (r: repo.InvitationRow, now: Date): CustomerInvitation => ({
  id: Number(r.id), code: r.code, note: r.note, state: stateOf(r, now), created: unix(r.created_at), expires: unix(r.expires_at),
  used: unix(r.used_at), created_by_name: r.created_by_name, used_company_id: r.used_by_company_id, used_company_name: r.used_company_name ?? '',
});

/** The invitation of this code if a shop may still register through it; else the refusal, under 邀请码. */
export const checkInvitation = async (db: Kysely<DB>, code: string, now: Date, lock = false) => {
  const inv = await repo.invitationByCode(db, code, lock);
  if (!inv) throw invalid('invite_code', customerText.invitationUnknown);
  const state = stateOf(inv, now);
  if (state !== 'open') throw invalid('invite_code', invitationRefusal(state));
  return inv;
};

/**
 * In the registration's transaction: the new company takes the invitation (once: a second
 * registration with the same code is refused and rolls back) and becomes the seller's customer.
 */
export const acceptInvitation = async (trx: Kysely<DB>, code: string, buyerCompanyId: number, now: Date) => {
  const inv = await checkInvitation(trx, code, now, true);
  if (!(await repo.markUsed(trx, Number(inv.id), buyerCompanyId, now))) throw invalid('invite_code', customerText.invitationUsed);
  await repo.recordInvited(trx, { seller: inv.seller_company_id, buyer: buyerCompanyId, invitation: Number(inv.id), by: inv.created_by, now });
};

/**
 * The price level each seller gives the buyer (member when it chose none): the cart prices by it.
 * A branch company without a level of its own at a seller pays its head company's level there
 * (docs/customers.md "Branch companies").
 */
export const customerPriceLevels = async (db: Kysely<DB>, buyerCompanyId: number, sellerIds: readonly number[]): Promise<Map<number, CustomerPriceLevel>> => {
  if (sellerIds.length === 0) return new Map();
  const head = await headCompanyOf(db, buyerCompanyId);
  const rows = await repo.priceLevels(db, head === undefined ? [buyerCompanyId] : [buyerCompanyId, head], sellerIds);
  const levels = new Map<number, CustomerPriceLevel>();
  for (const r of rows) if (r.buyer_company_id !== buyerCompanyId) levels.set(r.seller_company_id, r.price_level);
  for (const r of rows) if (r.buyer_company_id === buyerCompanyId) levels.set(r.seller_company_id, r.price_level);
  return levels;
};

/** A credit term (账期) a buyer may order on: whose term it is (the holder), its days and limit. */
export interface CreditTerm { sellerId: number; sellerName: string; holderId: number; viaHead: boolean; days: number; limitFen: number }

/**
 * The credit term each of these sellers gives the buyer: its own, or else (a branch) its head
 * company's, shared with the head and its other branches (docs/customers.md "Branch companies").
 * `lock` holds the term rows for the checkout's transaction: the checkout reads what is used only
 * after, so two credit orders against one limit cannot both pass.
 */
export const creditTermsFor = async (db: Kysely<DB>, buyerCompanyId: number, sellerIds: readonly number[], lock = false): Promise<Map<number, CreditTerm>> => {
  if (sellerIds.length === 0) return new Map();
  const head = await headCompanyOf(db, buyerCompanyId);
  const rows = await repo.creditTerms(db, head === undefined ? [buyerCompanyId] : [buyerCompanyId, head], sellerIds, lock);
  const terms = new Map<number, CreditTerm>();
  const shape = (r: (typeof rows)[number]): CreditTerm => ({
    sellerId: r.seller_company_id, sellerName: r.seller_name, holderId: r.buyer_company_id, viaHead: r.buyer_company_id !== buyerCompanyId,
    days: r.credit_days!, limitFen: Number(r.credit_limit_fen),
  });
  for (const r of rows) if (r.buyer_company_id !== buyerCompanyId) terms.set(r.seller_company_id, shape(r));
  for (const r of rows) if (r.buyer_company_id === buyerCompanyId) terms.set(r.seller_company_id, shape(r));
  return terms;
};

/** A refusal of a credit order (under 账期付款的卖家): no term, or the order would go over the limit. */
export const creditRefusal = {
  noTerm: (sellerName: string) => invalid('credit_sellers', creditText.noTerm(sellerName)),
  over: (limitFen: number, availableFen: number, orderFen: number) => new AppError(ResultCode.conflict, 409, creditText.over(limitFen, availableFen, orderFen)),
};

/** The buyer's preferred suppliers, latest chosen first (search puts their offers first). */
export const preferredSupplierIds = (db: Kysely<DB>, buyerCompanyId: number) => repo.preferredSellers(db, buyerCompanyId);

type Partner = {
  id: number; name: string; province: string; city: string; phone: string; stats: PartnerStats | undefined; pair: repo.PartnerPairRow | undefined;
};

/** The pairs a company keeps and its order figures, one entry per partner. */
const merge = (pairs: repo.PartnerPairRow[], stats: PartnerStats[], side: 'seller' | 'buyer'): Partner[] => {
  const byId = new Map<number, Partner>();
  for (const s of stats) byId.set(s.partnerId, { id: s.partnerId, name: s.name, province: s.province, city: s.city, phone: s.phone, stats: s, pair: undefined });
  for (const p of pairs) {
    const id = side === 'seller' ? p.buyer_company_id : p.seller_company_id;
    const known = byId.get(id);
    if (known) known.pair = p;
    else byId.set(id, { id, name: p.partner_name, province: p.province, city: p.city, phone: p.phone, stats: undefined, pair: p });
  }
  return [...byId.values()];
};

const figures = (x: Partner) => ({
  order_count: x.stats?.orderCount ?? 0, amount_fen: x.stats?.amountFen ?? 0, last_order: unix(x.stats?.lastOrderAt ?? null),
  outstanding_fen: x.stats?.outstandingFen ?? 0, invited: unix(x.pair?.invited_at ?? null),
});

const customerShape = (use: Map<number, CreditUse>) => (x: Partner): CustomerRow => ({
  company_id: x.id, company_name: x.name, province: x.province, city: x.city, phone: x.phone, ...figures(x),
  price_level: x.pair?.price_level ?? 'member', note: x.pair?.note ?? '', tags: x.pair?.tags ?? [], invited_by_name: x.pair?.invited_by_name ?? '',
  credit_days: x.pair?.credit_days ?? 0, credit_limit_fen: Number(x.pair?.credit_limit_fen ?? 0),
  credit_used_fen: use.get(x.id)?.usedFen ?? 0, overdue_fen: use.get(x.id)?.overdueFen ?? 0,
});

const supplierShape = (x: Partner): SupplierRow => ({
  company_id: x.id, company_name: x.name, province: x.province, city: x.city, ...figures(x), preferred: x.pair?.preferred ?? false,
});

const page = <T>(rows: T[], p: { page_number: number; page_size: number }) => ({
  data: rows.slice((p.page_number - 1) * p.page_size, p.page_number * p.page_size), total: rows.length,
});

const contains = (keyword: string, ...texts: string[]) => !keyword || texts.some((t) => t.toLowerCase().includes(keyword.toLowerCase()));

export const createCustomerService = (clock: Clock) => {
  /** the seller's credit orders per term holder: used and overdue (fen) */
  const creditUse = async (db: Kysely<DB>, seller: number, holders?: number[]) =>
    new Map((await creditUseOf(db, { sellerIds: [seller], holderIds: holders, today: chinaDay(clock.now()) })).map((u) => [u.holderId, u]));

  const customer = async (db: Kysely<DB>, seller: number, buyer: number) => {
    const [pairs, stats, use] = await Promise.all([repo.customersOf(db, seller, buyer), buyersOf(db, seller, [buyer]), creditUse(db, seller, [buyer])]);
    const [row] = merge(pairs, stats, 'seller');
    if (!row) throw notFound(customerText.notACustomer);
    return customerShape(use)(row);
  };

  const supplier = async (db: Kysely<DB>, buyer: number, seller: number) => {
    const [pairs, stats] = await Promise.all([repo.suppliersOf(db, buyer, seller), sellersOf(db, buyer, [seller])]);
    const [row] = merge(pairs, stats, 'buyer');
    if (!row) throw notFound(customerText.notASupplier);
    return supplierShape(row);
  };

  return {
    async createInvitation(db: Kysely<DB>, caller: Caller, p: PayloadOut<'customerInvitationCreate'>) {
      const own = await repo.companyName(db, caller.companyId);
      if (!own?.is_seller) throw forbidden(customerText.sellersOnly);
      const now = clock.now();
      const { id } = await repo.insertInvitation(db, {
        seller: caller.companyId, code: randomBytes(24).toString('base64url'), note: p.note, by: caller.userId, now, expires: new Date(now.getTime() + p.days * DAY_MS),
      });
      return invitationShape((await repo.invitationOf(db, caller.companyId, Number(id)))!, now);
    },

    async invitations(db: Kysely<DB>, caller: Caller, p: PayloadOut<'customerInvitationList'>) {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        repo.invitationsOf(db, caller.companyId, (p.page_number - 1) * p.page_size, p.page_size), repo.countInvitations(db, caller.companyId),
      ]);
      return { data: rows.map((r) => invitationShape(r, now)), total };
    },

    revoke: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'customerInvitationRevoke'>) =>
      inTransaction(db, async (trx) => {
        const now = clock.now();
        if (!(await repo.invitationOf(trx, caller.companyId, p.id))) throw notFound(customerText.invitationNotFound);
        if (!(await repo.revoke(trx, caller.companyId, p.id, now))) throw invalid('id', customerText.invitationClosed);
        return invitationShape((await repo.invitationOf(trx, caller.companyId, p.id))!, now);
      }),

    async peek(db: Kysely<DB>, code: string) {
      const inv = await checkInvitation(db, code, clock.now());
      return { seller_company_name: inv.seller_name, expires: unix(inv.expires_at) };
    },

    async customers(db: Kysely<DB>, caller: Caller, p: PayloadOut<'customerList'>) {
      const [pairs, stats, use] = await Promise.all([repo.customersOf(db, caller.companyId), buyersOf(db, caller.companyId), creditUse(db, caller.companyId)]);
      const sort = p.sort ?? 'last_order';
      const dir = p.order === 'asc' ? 1 : -1;
      const rows = merge(pairs, stats, 'seller').map(customerShape(use))
        .filter((r) => contains(p.keyword, r.company_name, r.note, ...r.tags) && (!p.price_level || r.price_level === p.price_level))
        .sort((a, b) => (a[sort] - b[sort]) * dir || (b.invited - a.invited) || a.company_id - b.company_id);
      return page(rows, p);
    },

    async updateCustomer(db: Kysely<DB>, caller: Caller, p: PayloadOut<'customerUpdate'>) {
      if ((p.credit_days === undefined) !== (p.credit_limit_fen === undefined) || (p.credit_days === null) !== (p.credit_limit_fen === null)) {
        throw invalid(p.credit_days == null ? 'credit_days' : 'credit_limit_fen', creditText.both);
      }
      await customer(db, caller.companyId, p.company_id);
      await repo.saveCustomer(db, caller.companyId, p.company_id, {
        price_level: p.price_level, note: p.note, tags: p.tags, credit_days: p.credit_days, credit_limit_fen: p.credit_limit_fen,
      }, clock.now());
      return customer(db, caller.companyId, p.company_id);
    },

    async suppliers(db: Kysely<DB>, caller: Caller, p: PayloadOut<'supplierList'>) {
      const [pairs, stats] = await Promise.all([repo.suppliersOf(db, caller.companyId), sellersOf(db, caller.companyId)]);
      const rows = merge(pairs, stats, 'buyer').map(supplierShape)
        .filter((r) => contains(p.keyword, r.company_name) && (p.preferred === undefined || r.preferred === p.preferred))
        .sort((a, b) => Number(b.preferred) - Number(a.preferred) || b.last_order - a.last_order || b.invited - a.invited || a.company_id - b.company_id);
      return page(rows, p);
    },

    async setPreferred(db: Kysely<DB>, caller: Caller, p: PayloadOut<'supplierSetPreferred'>) {
      await supplier(db, caller.companyId, p.company_id);
      await repo.savePreferred(db, p.company_id, caller.companyId, p.preferred, clock.now());
      return supplier(db, caller.companyId, p.company_id);
    },

    /** The sellers that give the caller a credit term (its own, or its head company's), with what is still available. */
    async supplierCredit(db: Kysely<DB>, caller: Caller) {
      const head = await branchRepo.headOf(db, caller.companyId);
      const rows = await repo.creditTermsOf(db, head ? [caller.companyId, head.head_id] : [caller.companyId]);
      const sellers = [...new Set(rows.map((r) => r.seller_company_id))];
      const terms = await creditTermsFor(db, caller.companyId, sellers);
      const use = await creditUseOf(db, { sellerIds: sellers, today: chinaDay(clock.now()) });
      return [...terms.values()].map((t) => {
        const u = use.find((x) => x.sellerId === t.sellerId && x.holderId === t.holderId);
        return {
          seller_company_id: t.sellerId, seller_company_name: t.sellerName, days: t.days, limit_fen: t.limitFen,
          available_fen: Math.max(0, t.limitFen - (u?.usedFen ?? 0)), overdue_fen: u?.overdueFen ?? 0,
          via_head_name: t.viaHead && head ? head.name : '',
        };
      });
    },

    priority: async (db: Kysely<DB>, caller: Caller) => (await preferredSupplierIds(db, caller.companyId)).map((company_id) => ({ company_id })),
  };
};

export type CustomerService = ReturnType<typeof createCustomerService>;
