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
import { customerText, invitationRefusal, type CustomerPriceLevel, type InvitationState } from '../../../shared/domain/customer';
import { buyersOf, sellersOf, type PartnerStats } from '../orders/order-stats.service';
import * as repo from './customer.repo';

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

/** The price level each seller gives the buyer (member when it chose none): the cart prices by it. */
export const customerPriceLevels = async (db: Kysely<DB>, buyerCompanyId: number, sellerIds: readonly number[]): Promise<Map<number, CustomerPriceLevel>> =>
  new Map((await repo.priceLevels(db, buyerCompanyId, sellerIds)).map((r) => [r.seller_company_id, r.price_level]));

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

const customerShape = (x: Partner): CustomerRow => ({
  company_id: x.id, company_name: x.name, province: x.province, city: x.city, phone: x.phone, ...figures(x),
  price_level: x.pair?.price_level ?? 'member', note: x.pair?.note ?? '', tags: x.pair?.tags ?? [], invited_by_name: x.pair?.invited_by_name ?? '',
});

const supplierShape = (x: Partner): SupplierRow => ({
  company_id: x.id, company_name: x.name, province: x.province, city: x.city, ...figures(x), preferred: x.pair?.preferred ?? false,
});

const page = <T>(rows: T[], p: { page_number: number; page_size: number }) => ({
  data: rows.slice((p.page_number - 1) * p.page_size, p.page_number * p.page_size), total: rows.length,
});

const contains = (keyword: string, ...texts: string[]) => !keyword || texts.some((t) => t.toLowerCase().includes(keyword.toLowerCase()));

export const createCustomerService = (clock: Clock) => {
  const customer = async (db: Kysely<DB>, seller: number, buyer: number) => {
    const [pairs, stats] = await Promise.all([repo.customersOf(db, seller, buyer), buyersOf(db, seller, [buyer])]);
    const [row] = merge(pairs, stats, 'seller');
    if (!row) throw notFound(customerText.notACustomer);
    return customerShape(row);
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
      const [pairs, stats] = await Promise.all([repo.customersOf(db, caller.companyId), buyersOf(db, caller.companyId)]);
      const sort = p.sort ?? 'last_order';
      const dir = p.order === 'asc' ? 1 : -1;
      const rows = merge(pairs, stats, 'seller').map(customerShape)
        .filter((r) => contains(p.keyword, r.company_name, r.note, ...r.tags) && (!p.price_level || r.price_level === p.price_level))
        .sort((a, b) => (a[sort] - b[sort]) * dir || (b.invited - a.invited) || a.company_id - b.company_id);
      return page(rows, p);
    },

    async updateCustomer(db: Kysely<DB>, caller: Caller, p: PayloadOut<'customerUpdate'>) {
      await customer(db, caller.companyId, p.company_id);
      await repo.saveCustomer(db, caller.companyId, p.company_id, { price_level: p.price_level, note: p.note, tags: p.tags }, clock.now());
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

    priority: async (db: Kysely<DB>, caller: Caller) => (await preferredSupplierIds(db, caller.companyId)).map((company_id) => ({ company_id })),
  };
};

export type CustomerService = ReturnType<typeof createCustomerService>;
