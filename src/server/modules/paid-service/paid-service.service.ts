/**
 * 付费服务 (docs/money.md#paid-services): packs that raise a company's real limits, priced per
 * company level by the operator; bought from the wallet (one `fee` posting wallet_available →
 * fee_income, the purchase row and its effect in one transaction) or through the provider (a
 * payment purpose, SV… numbers; the verified notice posts provider → fee_income and applies the
 * effect once). Effects: employee seats (kept for good, added to the level's limit), stock queries
 * and quotes (used one by one after the day's free ones), VIN decodes (added to the bought decodes). Also the
 * service agreement (docs/money.md#the-service-agreement): versions and acceptances.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { ResultCode, type PayloadOut } from '../../../shared/contracts';
import { paidServiceText, PAID_SERVICES, type PaidService, type PaidServiceProduct } from '../../../shared/contracts/paid-service';
import { mayBuyPackage } from '../../../shared/domain/membership';
import { chinaDay, chinaMidnight, formatChina } from '../../../shared/domain/china-time';
import { inTransaction, unix } from '../../db/helpers';
import type { LedgerService } from '../ledger/ledger.service';
import type { PaymentNotice } from '../payment/payment.provider';
import type { PaymentProviders } from '../payment/payment.providers';
import type { PaymentPurpose } from '../payment/payment.purpose';
import { applyCheckedNotice } from '../payment/payment.notice-check';
import { addBoughtDecodes, vinStanding } from '../vin/vin.quota';
import { currentAgreement, hasAccepted, requireAgreement } from './paid-service.read';
import { extendWarranty, warrantyMonthsLeft, warrantyPurchaseRefusal, warrantyStanding } from '../warranty/warranty.service';
import { WARRANTY_PACK_MONTHS_MAX, warrantyText } from '../../../shared/domain/warranty';
import { quoteAllowance } from './quote-quota';
import * as repo from './paid-service.repo';
import { createPromotionService, type Offer } from './promotion.service';

const PURCHASE_NO = /^SV\d{20}$/;
/** SV, China time to the second and 6 random digits, like the recharges' numbers. */
const newNo = (now: Date) => `SV${formatChina(Math.floor(now.getTime() / 1000), 'YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** Where the payer lands after the provider's page: the purchase page, which shows the outcome. */
export const serviceReturnUrl = (no: string) => `/backend/accounting/service?purchase=${no}`;
const purchaseNotFound = () => new AppError(ResultCode.notFound, 404, paidServiceText.purchaseNotFound);
/** The stock quota's "no limit" value (company_level.stock_per_day). */
const UNLIMITED_STOCK = 9999;

type PurchaseRow = Awaited<ReturnType<typeof repo.companyPurchases>>['rows'][number];
const purchaseOf = (r: PurchaseRow) => ({
  id: Number(r.id), purchase_no: r.purchase_no, company_id: r.company_id, company_name: r.company_name, user_name: r.user_name, service: r.service, level_name: r.level_name,
  pack_size: r.pack_size, packs: r.packs, units: r.units, amount_fen: Number(r.amount_fen), method: r.method, state: r.state,
  created_at: unix(r.created_at), paid_at: unix(r.paid_at),
});

export const createPaidService = (deps: { clock: Clock; ledger: LedgerService; providers: PaymentProviders }) => {
  const { clock, ledger, providers } = deps;
  const promotions = createPromotionService({ clock });

  /** The caller, if they may buy for their company: the wallet's people (docs/money.md#the-wallet). */
  const buyer = async (db: Kysely<DB>, caller: Caller) => {
    const u = await repo.userOf(db, caller.userId);
    if (!u || !u.active || !mayBuyPackage(u)) throw forbidden(paidServiceText.mayNotUse);
    return u;
  };

  /** What the purchase adds, in the same transaction as its posting. */
  const applyEffect = async (trx: Kysely<DB>, p: { company_id: number; service: PaidService; units: number }) => {
    if (p.service === 'vin') await addBoughtDecodes(trx, p.company_id, p.units);
    // months of platform warranty, from the later of now and its current end (docs/warranty.md)
    else if (p.service === 'warranty') await extendWarranty(trx, p.company_id, p.units, clock.now());
    else await repo.addBalance(trx, p.company_id, p.service, p.units);
  };

  const applyNotice = async (db: Kysely<DB>, providerName: string, notice: PaymentNotice) => {
    await applyCheckedNotice(db, providerName, notice, {
      find: repo.purchaseByNo, notFound: purchaseNotFound, text: paidServiceText,
      async lock(trx, seen) {
        await repo.lockCompany(trx, seen.company_id);
        return (await repo.lockPurchase(trx, notice.order_no))!;
      },
      async cancel(trx, p) {
        await repo.markCancelled(trx, p.id, clock.now());
        // a promotion's use held by the purchase goes back (docs/money.md#promotion-prices)
        await promotions.release(trx, Number(p.id));
      },
      async pay(trx, p) {
        const amount = Number(p.amount_fen);
        const posted = await ledger.post(trx, {
          kind: 'fee', reference: p.purchase_no, idempotency_key: `fee:${p.purchase_no}`, created_by: null,
          lines: [{ account: { kind: 'provider', provider: providerName }, amount_fen: -amount }, { account: { kind: 'fee_income' }, amount_fen: amount }],
        });
        await repo.markPaid(trx, p.id, { trade_no: notice.trade_no, ledger_transaction_id: posted.transaction_id, paid_at: clock.now() });
        await applyEffect(trx, p);
      },
    });
    const p = (await repo.purchaseByNo(db, notice.order_no))!;
    return { order_no: p.purchase_no, state: p.state, return_url: serviceReturnUrl(p.purchase_no) };
  };

  const purpose: PaymentPurpose = {
    owns: (no) => PURCHASE_NO.test(no),
    async forCheckout(db, caller, no) {
      if (!providers.sandboxEnabled) throw purchaseNotFound();
      const p = await repo.purchaseByNo(db, no);
      if (!p) throw purchaseNotFound();
      if (p.user_id !== caller.userId) throw forbidden(paidServiceText.sandboxNotPayer);
      return { company_name: (await repo.userOf(db, p.user_id))?.company_name ?? '', state: p.state, return_url: serviceReturnUrl(p.purchase_no) };
    },
    applyNotice: (db, providerName, notice) => applyNotice(db, providerName, notice),
    unfinished: async (db, before) => (await repo.pendingBefore(db, before)).map((r) => ({ order_no: r.purchase_no, provider: r.provider!, amount_fen: Number(r.amount_fen), started_at: new Date(r.created_at) })),
  };

  /** Every service × level, set or not. */
  const catalogue = async (db: Kysely<DB>): Promise<PaidServiceProduct[]> => {
    const [levels, set] = await Promise.all([repo.levels(db), repo.products(db)]);
    return PAID_SERVICES.flatMap((service) => levels.map((l) => {
      const p = set.find((x) => x.service === service && x.level_id === l.id);
      return { service, level_id: l.id, level_name: l.name, configured: p !== undefined, pack_size: p?.pack_size ?? 0, price_fen: Number(p?.price_fen ?? 0), enabled: p?.enabled ?? false };
    }));
  };

  return {
    purpose,
    applyNotice,

    async companyCatalogue(db: Kysely<DB>, caller: Caller) {
      const u = await buyer(db, caller);
      const now = clock.now();
      const [offered, seats, stock, have, usedToday, vin, w, demo, agreement, quotes, quoteBought] = await Promise.all([
        repo.products(db), repo.balance(db, u.company_id, 'user'), repo.balance(db, u.company_id, 'stock'), repo.activeEmployees(db, u.company_id),
        repo.stockQueriesToday(db, u.company_id, chinaDay(now)), vinStanding(db, u.company_id, now), ledger.wallet(db, u.company_id), providers.isDemo(db), currentAgreement(db),
        quoteAllowance(db, u.company_id, chinaDay(now)), repo.balance(db, u.company_id, 'quote'),
      ]);
      return {
        company_name: u.company_name, level_name: u.level_name,
        products: await Promise.all(offered.filter((p) => p.level_id === u.level_id && p.enabled)
          .sort((a, b) => PAID_SERVICES.indexOf(a.service) - PAID_SERVICES.indexOf(b.service))
          .map(async (p) => {
            const list = Number(p.price_fen);
            const offer = await promotions.offer(db, p.service, u.level_id, u.company_id, list);
            return {
              service: p.service, pack_size: p.pack_size, price_fen: offer?.packFen ?? list, list_price_fen: list,
              promotion: offer ? { id: offer.promotion.id, name: offer.promotion.name, end_at: unix(offer.promotion.ends_at) } : null,
            };
          })),
        standing: {
          user: { have, level_limit: u.employee_limit, bought: seats.remaining, limit: u.employee_limit + seats.remaining },
          stock: { per_day: u.stock_per_day === UNLIMITED_STOCK ? -1 : u.stock_per_day, used_today: usedToday, remaining: stock.remaining, bought: stock.bought },
          vin: { unlimited: vin.unlimited, bought: vin.bought, available: vin.available },
          quote: { per_day: quotes.per_day, free_left: quotes.free_left, used_today: quotes.used_today, remaining: quotes.bought_left, bought: quoteBought.bought },
          warranty: await warrantyStanding(db, u.company_id, now),
        },
        wallet_available_fen: w.available_fen,
        demo_payment: demo,
        agreement: agreement ? { version: agreement.version, title: agreement.title, body: agreement.body, published_at: unix(agreement.published_at) } : null,
        agreement_accepted: agreement ? await hasAccepted(db, agreement.id, u.company_id) : true,
      };
    },

    /**
     * Buys `packs` of the level's pack of `service`. The amount must be what it costs now (a page
     * opened before the operator changed the price is told to refresh).
     */
    async buy(db: Kysely<DB>, caller: Caller, p: PayloadOut<'paidServiceBuy'>) {
      const u = await buyer(db, caller);
      await requireAgreement(db, u.company_id);
      /**
       * The price now, under the company's purchase lock: a live promotion's (its use taken by a
       * conditional update, so the limits hold with many buyers at once) or the list price. A
       * mismatch rolls the claimed use back with the transaction.
       */
      const priced = async (trx: Kysely<DB>) => {
        const product = await repo.productFor(trx, p.service, u.level_id);
        if (!product?.enabled) throw conflict(paidServiceText.notOffered);
        if (p.service === 'warranty') {
          // months still waiting for the provider count too: once paid they extend the same end (docs/warranty.md)
          const pending = await repo.pendingUnits(trx, u.company_id, 'warranty');
          const refused = await warrantyPurchaseRefusal(trx, u.company_id, product.pack_size * p.packs + pending, clock.now());
          if (refused) throw invalid('packs', refused);
        }
        const list = Number(product.price_fen);
        let offer: Offer | null = await promotions.offer(trx, p.service, u.level_id, u.company_id, list);
        if (offer && !(await promotions.claim(trx, offer))) offer = null;
        const amount = (offer?.packFen ?? list) * p.packs;
        if (p.amount_fen !== amount) throw invalid('amount_fen', paidServiceText.priceChanged(amount));
        return { product, amount, offer, original: list * p.packs };
      };
      /** The promotionUse row of a purchase priced by a promotion. */
      const recordUse = async (trx: Kysely<DB>, no: string, offer: Offer | null, original: number, amount: number) => {
        if (!offer) return;
        const saved = (await repo.purchaseByNo(trx, no))!;
        await promotions.record(trx, {
          promotion_id: offer.promotion.id, purchase_id: Number(saved.id), company_id: u.company_id, service: p.service, level_id: u.level_id,
          packs: p.packs, original_fen: original, charged_fen: amount, created_at: saved.created_at,
        });
      };
      const row = (no: string, product: { pack_size: number }, amount: number, method: 'wallet' | 'provider', provider: string | null): repo.PurchaseInsert => ({
        purchase_no: no, company_id: u.company_id, user_id: caller.userId, service: p.service, level_id: u.level_id, pack_size: product.pack_size, packs: p.packs,
        units: product.pack_size * p.packs, amount_fen: amount, method, provider, created_at: clock.now(),
      });
      if (p.method === 'wallet') {
        return inTransaction(db, async (trx) => {
          await repo.lockCompany(trx, u.company_id);
          const { product, amount, offer, original } = await priced(trx);
          const now = clock.now();
          const no = newNo(now);
          const r = row(no, product, amount, 'wallet', null);
          await repo.insertPurchase(trx, r);
          await recordUse(trx, no, offer, original, amount);
          // 余额不足 here rolls the purchase row back with it
          const posted = await ledger.post(trx, {
            kind: 'fee', reference: no, idempotency_key: `fee:${no}`, created_by: caller.userId,
            lines: [{ account: { kind: 'wallet_available', company_id: u.company_id }, amount_fen: -amount }, { account: { kind: 'fee_income' }, amount_fen: amount }],
          });
          const saved = (await repo.purchaseByNo(trx, no))!;
          await repo.markPaid(trx, saved.id, { trade_no: null, ledger_transaction_id: posted.transaction_id, paid_at: now });
          await applyEffect(trx, r);
          return { purchase_no: no, state: 'paid' as const, amount_fen: amount, checkout_url: '' };
        });
      }
      const provider = await providers.configured(db);
      const { no, amount } = await inTransaction(db, async (trx) => {
        await repo.lockCompany(trx, u.company_id);
        const { product, amount, offer, original } = await priced(trx);
        const no = newNo(clock.now());
        await repo.insertPurchase(trx, row(no, product, amount, 'provider', provider.name));
        // the pending purchase holds its use until paid, or gives it back when cancelled
        await recordUse(trx, no, offer, original, amount);
        return { no, amount };
      });
      const { checkout_url } = await provider.startCheckout(db, { order_no: no, amount_fen: amount, subject: `汽配汇付费服务（${u.company_name}）`, device: p.device });
      return { purchase_no: no, state: 'pending' as const, amount_fen: amount, checkout_url };
    },

    async purchases(db: Kysely<DB>, caller: Caller, p: { page_number: number; page_size: number }) {
      const u = await buyer(db, caller);
      const { rows, total } = await repo.companyPurchases(db, u.company_id, p.page_size, (p.page_number - 1) * p.page_size);
      return { data: rows.map(purchaseOf), total };
    },

    async accept(db: Kysely<DB>, caller: Caller, p: PayloadOut<'serviceAgreementAccept'>) {
      const u = await buyer(db, caller);
      const a = await currentAgreement(db);
      if (!a) throw conflict(paidServiceText.agreementNone);
      if (a.version !== p.version) throw conflict(paidServiceText.agreementNotCurrent);
      await repo.accept(db, { agreement_id: a.id, company_id: u.company_id, user_id: caller.userId, accepted_at: clock.now() });
      const at = await repo.acceptance(db, a.id, u.company_id);
      return { version: a.version, accepted_at: unix(at!.accepted_at) };
    },

    // ---- the operator (pay/product, pay/record/…, pay/agreement) ----
    products: async (db: Kysely<DB>) => ({ data: await catalogue(db) }),

    async saveProduct(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPaidServiceProductSave'>) {
      if ((await repo.levelName(db, p.level_id)) === undefined) throw invalid('level_id', paidServiceText.level);
      if (p.service === 'warranty' && p.pack_size > WARRANTY_PACK_MONTHS_MAX) throw invalid('pack_size', warrantyText.packMonths);
      await repo.saveProduct(db, { ...p, updated_by: caller.userId, updated_at: clock.now() });
      return (await catalogue(db)).find((x) => x.service === p.service && x.level_id === p.level_id)!;
    },

    async records(db: Kysely<DB>, p: PayloadOut<'opPaidServiceRecords'>) {
      const r = await repo.records(db, {
        service: p.service, company: p.company, state: p.state,
        from: p.date_from ? chinaMidnight(p.date_from) : null,
        to: p.date_to ? new Date(chinaMidnight(p.date_to).getTime() + 86_400_000) : null,
        limit: p.page_size, offset: (p.page_number - 1) * p.page_size,
      });
      const ids = [...new Set(r.rows.map((x) => x.company_id))];
      const use = new Map<number, { remaining: number; used: number }>();
      if (p.service === 'vin') {
        for (const v of await repo.vinUse(db, ids)) use.set(v.company_id, { remaining: Math.max(0, v.vin_sum_qty - v.used), used: v.used });
      } else if (p.service === 'warranty') {
        // months of warranty left now; a month is used as it passes, so `used` says nothing here
        for (const [id, left] of await warrantyMonthsLeft(db, ids, clock.now())) use.set(id, { remaining: left, used: 0 });
      } else {
        for (const b of await repo.balances(db, ids, p.service)) use.set(b.company_id, { remaining: b.remaining, used: b.bought - b.remaining });
      }
      return { data: r.rows.map((x) => ({ ...purchaseOf(x), ...(use.get(x.company_id) ?? { remaining: 0, used: 0 }) })), total: r.total, paid_fen: r.paid_fen };
    },

    promotions: (db: Kysely<DB>, p: PayloadOut<'opPaidPromotions'>) => promotions.list(db, p),
    promotionSave: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPaidPromotionSave'>) => promotions.save(db, caller, p),
    promotionEnable: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opPaidPromotionEnable'>) => promotions.enable(db, caller, p),
    promotionUses: (db: Kysely<DB>, p: PayloadOut<'opPaidPromotionUses'>) => promotions.uses(db, p),

    agreements: async (db: Kysely<DB>) => ({
      data: (await repo.agreements(db)).map((a) => ({ version: a.version, title: a.title, body: a.body, published_at: unix(a.published_at), accepted: a.accepted })),
    }),

    async publish(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opAgreementPublish'>) {
      const a = await inTransaction(db, (trx) => repo.insertAgreement(trx, { title: p.title, body: p.body, published_by: caller.userId, published_at: clock.now() }));
      return { version: a.version, title: a.title, body: a.body, published_at: unix(a.published_at) };
    },

    async acceptances(db: Kysely<DB>, p: PayloadOut<'opAgreementAcceptances'>) {
      const { rows, total } = await repo.acceptances(db, { version: p.version, company: p.company, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
      return { data: rows.map((r) => ({ ...r, accepted_at: unix(r.accepted_at) })), total };
    },
  };
};

export type PaidServiceService = ReturnType<typeof createPaidService>;
