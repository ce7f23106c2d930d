/**
 * 平台质保 (docs/warranty.md): the operator's warranty terms (system/warranty, audited), the
 * sellers' bought warranty (company.warranty_until, extended by the paid service `warranty`), the
 * 质保 mark on a seller's offers and shop while it runs, and the after-sale a buyer may still open
 * under it for a quality problem past the ordinary window.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type PayloadOut, type WarrantyTerm } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { addMonths, coveringMonths, extendedUntil, WARRANTY_AHEAD_MONTHS_MAX, WARRANTY_REASON, warrantyActive, warrantyText, warrantyWindowEnd } from '../../../shared/domain/warranty';
import * as audit from '../operation/audit.service';
import * as repo from './warranty.repo';

type TermRow = NonNullable<Awaited<ReturnType<typeof repo.termById>>>;
const shape = (r: TermRow): WarrantyTerm => ({
  id: r.id, name: r.name, months: r.months, categories: r.categories, description: r.description, enabled: r.enabled, updated_by: r.updated_by, updated_at: unix(r.updated_at),
});
const notFound = () => new AppError(ResultCode.notFound, 404, warrantyText.notFound);

/**
 * The months of the 质保 mark of each offer whose seller is under warranty now and a term covers its
 * category; the rest get none. Two small reads per answer, whatever its size.
 */
export const withWarrantyMarks = async <R extends { company_id: number; category_name: string }>(db: Kysely<DB>, rows: R[], now: Date): Promise<Array<R & { warranty_months?: number }>> => {
  const active = await repo.activeSellers(db, [...new Set(rows.map((r) => r.company_id))], now);
  if (active.length === 0) return rows;
  const sellers = new Set(active.map((a) => a.id));
  const terms = await repo.enabledTerms(db);
  return rows.map((r) => {
    const months = sellers.has(r.company_id) ? coveringMonths(terms, r.category_name) : 0;
    return months > 0 ? { ...r, warranty_months: months } : r;
  });
};

/** A shop's mark: the longest enabled term's months while its warranty runs, else 0. */
export const shopWarrantyMonths = async (db: Kysely<DB>, companyId: number, now: Date): Promise<number> => {
  if ((await repo.activeSellers(db, [companyId], now)).length === 0) return 0;
  return (await repo.enabledTerms(db))[0]?.months ?? 0;
};

/** What the company has of the warranty: its end (unix seconds, 0: never bought), whether it runs, and the longest term's months. */
export const warrantyStanding = async (db: Kysely<DB>, companyId: number, now: Date) => {
  const [until, terms] = await Promise.all([repo.warrantyUntil(db, companyId), repo.enabledTerms(db)]);
  return { until: unix(until), active: warrantyActive(until, now), months: terms[0]?.months ?? 0 };
};

/** Per company: whole months of warranty left at `now` (0 when it has ended or was never bought), for the operator's records. */
export const warrantyMonthsLeft = async (db: Kysely<DB>, ids: readonly number[], now: Date): Promise<Map<number, number>> => {
  const left = new Map<number, number>();
  for (const c of await repo.warrantyEnds(db, ids)) {
    let n = 0;
    while (c.warranty_until && addMonths(now, n + 1).getTime() <= c.warranty_until.getTime() && n < 1200) n++;
    left.set(c.id, n);
  }
  return left;
};

/** Why a purchase of `months` may not be made now (it would end more than ten years ahead), or null. */
export const warrantyPurchaseRefusal = async (db: Kysely<DB>, companyId: number, months: number, now: Date): Promise<string | null> => {
  const end = extendedUntil(await repo.warrantyUntil(db, companyId), now, months);
  return end.getTime() > addMonths(now, WARRANTY_AHEAD_MONTHS_MAX).getTime() ? warrantyText.tooFarAhead(formatChina(unix(end), 'YYYY-MM-DD')) : null;
};

/** A paid purchase of `months` (paid-service effect): from the later of now and the current end; the caller holds the company's purchase lock. */
export const extendWarranty = async (trx: Kysely<DB>, companyId: number, months: number, now: Date) => {
  const until = extendedUntil(await repo.warrantyUntil(trx, companyId), now, months);
  await repo.setWarrantyUntil(trx, companyId, until);
  return until;
};

/**
 * Whether an after-sale past the ordinary window is taken under the seller's warranty: the reason
 * is a quality problem, the seller's warranty runs now, and every chosen line's part is covered by
 * an enabled term whose months after receipt have not passed. The term of the shortest cover is
 * recorded. Null: not under warranty (the ordinary refusal stands).
 */
export const warrantyCover = async (db: Kysely<DB>, p: { sellerId: number; reason: string; receivedAtS: number; lineIds: string[]; now: Date }) => {
  if (p.reason !== WARRANTY_REASON || p.receivedAtS <= 0) return null;
  if (!warrantyActive(await repo.warrantyUntil(db, p.sellerId), p.now)) return null;
  const [terms, lines] = await Promise.all([repo.enabledTerms(db), repo.lineCategories(db, p.lineIds)]);
  const nowS = Math.floor(p.now.getTime() / 1000);
  let chosen: { id: number; months: number } | null = null;
  for (const l of lines) {
    const months = coveringMonths(terms, l.category_name);
    if (months === 0 || nowS > warrantyWindowEnd(p.receivedAtS, months)) return null;
    const term = terms.find((t) => t.months === months && (t.categories.length === 0 || t.categories.includes(l.category_name)))!;
    if (!chosen || months < chosen.months) chosen = { id: term.id, months };
  }
  return lines.length === p.lineIds.length ? chosen : null;
};

/**
 * For the order page: until when (unix seconds) a quality problem on some line of this received
 * order may still be taken under the seller's warranty — the later term end of its lines, and no
 * later than the warranty itself; 0 when none may.
 */
export const warrantyAfterSaleEnd = async (db: Kysely<DB>, p: { sellerId: number; receivedAtS: number; lineIds: string[]; now: Date }) => {
  if (p.receivedAtS <= 0) return 0;
  const until = await repo.warrantyUntil(db, p.sellerId);
  if (!until || !warrantyActive(until, p.now)) return 0;
  const [terms, lines] = await Promise.all([repo.enabledTerms(db), repo.lineCategories(db, p.lineIds)]);
  const months = Math.max(0, ...lines.map((l) => coveringMonths(terms, l.category_name)));
  return months === 0 ? 0 : Math.min(warrantyWindowEnd(p.receivedAtS, months), unix(until));
};

export const createWarrantyService = (deps: { clock: Clock }) => ({
  async terms(db: Kysely<DB>, p: PayloadOut<'opWarrantyTerms'>) {
    const { rows, total } = await repo.terms(db, { k: p.k, enabled: p.enabled, limit: p.page_size, offset: (p.page_number - 1) * p.page_size });
    return { data: rows.map(shape), total };
  },

  async save(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opWarrantyTermSave'>) {
    const id = await inTransaction(db, async (trx) => {
      await repo.lockTerms(trx);
      const old = p.id ? await repo.lockTerm(trx, p.id) : undefined;
      if (p.id && !old) throw notFound();
      if (await repo.nameTaken(trx, p.name, p.id)) throw invalid('name', warrantyText.nameTaken);
      const now = deps.clock.now();
      const next: repo.TermWrite = { name: p.name, months: p.months, categories: p.categories, description: p.description, enabled: p.enabled };
      if (!old) {
        const row = await repo.insertTerm(trx, next, caller.userId, now);
        await audit.record(trx, caller, now, [{ entity: 'warranty_term', entity_id: row.id, action: 'create', new: next, note: p.name }]);
        return row.id;
      }
      const before: repo.TermWrite = { name: old.name, months: old.months, categories: old.categories, description: old.description, enabled: old.enabled };
      const changed = (Object.keys(next) as (keyof repo.TermWrite)[]).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]));
      if (changed.length === 0) return old.id;
      await repo.updateTerm(trx, old.id, next, caller.userId, now);
      const onlySwitch = changed.length === 1 && changed[0] === 'enabled';
      await audit.record(trx, caller, now, [{
        entity: 'warranty_term', entity_id: old.id, action: onlySwitch ? (p.enabled ? 'enable' : 'disable') : 'update', note: p.name,
        old: Object.fromEntries(changed.map((k) => [k, before[k]])), new: Object.fromEntries(changed.map((k) => [k, next[k]])),
      }]);
      return old.id;
    });
    return shape((await repo.termById(db, id))!);
  },
});

export type WarrantyService = ReturnType<typeof createWarrantyService>;
