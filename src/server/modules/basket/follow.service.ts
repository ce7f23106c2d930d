/**
 * 关注 (docs/basket-follows.md): a user follows sellers and parts (OE numbers). A followed part
 * keeps what its follower last knew (the lowest price it would be charged, in stock or not); when
 * a stock change lowers that price or brings the part back in stock, the message assistant
 * (消息助手) tells the follower, at most once per part per follower per China day.
 *
 * Stock writes (the stock module's logStockChanges and deletes, the orders module's taking and
 * returning pieces) only queue the followed numbers they touched (markFollowedOesChanged, in their
 * transaction, no lock on follow rows); processFollowChanges, run by the follow worker after the
 * commit (follow-sweep.ts), compares and posts the notices.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { basketText, FOLLOW_MAX, ResultCode, type Follow } from '../../../shared/contracts';
import { normalizeOe } from '../../../shared/domain/oe';
import { chinaDay } from '../../../shared/domain/china-time';
import { formatFen } from '../../../shared/domain/prices';
import { customerLevelsOfBuyers, inStockRowsByOe, lowFor, oeLowsFor, type OeLow } from '../search/best-offer.service';
import { companyWithLevel } from '../company/company.service';
import type { ImService } from '../im/im.service';
import type { Logger } from '../../logger';
import * as repo from './follow.repo';

type Target = { kind: 'seller' | 'oe'; seller_id?: number; oe?: string; name: string };

/** `now`: the part's price and stock for the caller now (a seller follow has none). */
const shape = (r: repo.FollowRow, now?: OeLow): Follow => ({
  id: r.id, kind: r.kind, sellerId: r.seller_id ?? 0, sellerName: r.seller_name ?? '', oe: r.oe, oeNorm: r.oe_norm ?? '', name: r.name,
  lowPrice: now?.low_fen ?? null, inStock: now?.in_stock ?? false, createdAt: unix(r.created_at),
});

/** The caller's company's level (a company without one is priced as a free member). */
const levelOf = async (db: Kysely<DB>, companyId: number) => (await companyWithLevel(db, companyId))?.level_type ?? 'free';

/** What the caller's cart would charge now for the parts among these follows (docs/basket-follows.md, "关注"). */
const lowsNow = async (db: Kysely<DB>, caller: Caller, rows: readonly repo.FollowRow[]) => {
  const oes = [...new Set(rows.flatMap((r) => (r.kind === 'oe' && r.oe_norm ? [r.oe_norm] : [])))];
  return oes.length ? oeLowsFor(db, oes, caller.companyId, await levelOf(db, caller.companyId)) : new Map<string, OeLow>();
};

const targetOf = (p: Target): { kind: 'seller'; seller_id: number } | { kind: 'oe'; oe_norm: string } => {
  if (p.kind === 'seller') {
    if (p.seller_id === undefined) throw invalid('seller_id', basketText.sellerId);
    return { kind: 'seller', seller_id: p.seller_id };
  }
  if (p.oe === undefined) throw invalid('oe', basketText.followOe);
  return { kind: 'oe', oe_norm: normalizeOe(p.oe) };
};

export const createFollowService = (deps: { clock: Clock }) => {
  return {
    /** A part shows the lowest price the caller would be charged now, or none in stock (暂时无货). */
    async list(db: Kysely<DB>, caller: Caller, p: { kind?: 'seller' | 'oe' }) {
      const rows = await repo.listOf(db, caller.userId, p.kind, FOLLOW_MAX);
      const lows = await lowsNow(db, caller, rows);
      return { data: rows.map((r) => shape(r, r.oe_norm ? lows.get(r.oe_norm) : undefined)), total: rows.length };
    },

    /** Following again changes nothing; a part starts from what is in stock now. */
    add: (db: Kysely<DB>, caller: Caller, p: Target) =>
      inTransaction(db, async (trx) => {
        const target = targetOf(p);
        const had = await repo.one(trx, caller.userId, target);
        if (had) return shape(had, (await lowsNow(trx, caller, [had])).get(had.oe_norm ?? ''));
        if ((await repo.countOf(trx, caller.userId)) >= FOLLOW_MAX) throw invalid('kind', basketText.followFull);
        const now = deps.clock.now();
        if (target.kind === 'seller') {
          if (target.seller_id === caller.companyId) throw invalid('seller_id', basketText.followSelf);
          if (!(await repo.companyExists(trx, target.seller_id))) throw new AppError(ResultCode.notFound, 404, basketText.noSeller);
          await repo.insert(trx, { user_id: caller.userId, kind: 'seller', seller_id: target.seller_id, oe_norm: null, oe: '', name: p.name, low_fen: null, in_stock: false, now });
        } else {
          // what the follower knows from now on: as the follow worker prices it (its level and the sellers' 客户等级 for it)
          const low = (await oeLowsFor(trx, [target.oe_norm], caller.companyId, await levelOf(trx, caller.companyId))).get(target.oe_norm)!;
          await repo.insert(trx, { user_id: caller.userId, kind: 'oe', seller_id: null, oe_norm: target.oe_norm, oe: p.oe!.trim(), name: p.name, low_fen: low.low_fen, in_stock: low.in_stock, now });
        }
        const made = await repo.one(trx, caller.userId, target);
        if (!made) throw forbidden();
        return shape(made, (await lowsNow(trx, caller, [made])).get(made.oe_norm ?? ''));
      }),

    remove: (db: Kysely<DB>, caller: Caller, p: Target) =>
      inTransaction(db, async (trx) => {
        const had = await repo.one(trx, caller.userId, targetOf(p));
        if (!had) throw new AppError(ResultCode.notFound, 404, basketText.notFollowed);
        return { removed: await repo.remove(trx, had.id) };
      }),
  };
};

export type FollowService = ReturnType<typeof createFollowService>;

/**
 * In a stock write's transaction: queues the followed numbers among these stock rows' (as they are
 * now) and these numbers (rows deleted, numbers a row moved away from) for the follow worker. One
 * insert with an indexed exists per number; no follow row is read for update, no notice is posted.
 */
export const markFollowedOesChanged = async (trx: Kysely<DB>, changed: { stockIds?: readonly number[]; oeNorms?: readonly string[] }) => {
  const stockIds = [...new Set(changed.stockIds ?? [])];
  const oes = [...new Set((changed.oeNorms ?? []).filter((o) => o !== ''))];
  if (stockIds.length === 0 && oes.length === 0) return;
  await repo.queueFollowed(trx, stockIds, oes);
};

/** queued numbers looked at per round */
const CLAIM = 500;

export interface FollowWorkerDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** posts the 消息助手 notices (the IM service); without it the state is still kept */
  notices?: Pick<ImService, 'postNotice'>;
  log?: Logger;
}

interface Told { userId: number; oe: string; oeNorm: string; name: string; title: string; what: string; facts: Record<string, string> }

/**
 * One followed number's round, in one transaction: its queued rows taken (skip locked), its
 * follows locked, each follower's price now (its company's level and the sellers' 客户等级 for it:
 * what its cart would charge) and stock compared with what it knew, what each knows written, and
 * the notices posted in user order. All or nothing: a worker that stops before the commit leaves
 * the rows queued and nothing told, so the next round tells; one that stops after it has told.
 * Answers the notices posted (0 when another worker holds the number's rows) and the live pushes
 * to run after the commit.
 */
const processOne = (deps: FollowWorkerDeps, oe: string) => {
  const pushes: Array<() => void> = [];
  return inTransaction(deps.db, async (trx) => {
    if ((await repo.claimChangesOf(trx, oe)) === 0) return { claimed: false, posted: 0, pushes };
    const day = chinaDay(deps.clock.now());
    const followers = await repo.oeFollowersForUpdate(trx, [oe]);
    if (followers.length === 0) return { claimed: true, posted: 0, pushes };
    const rows = (await inStockRowsByOe(trx, [oe])).get(oe);
    const levels = await customerLevelsOfBuyers(trx, followers.map((f) => f.company_id), [...new Set((rows ?? []).map((r) => r.company_id))]);
    const told: Told[] = [];
    const seen: Array<{ id: number; low_fen: number | null; in_stock: boolean; notified_day: string | null }> = [];
    for (const f of followers) {
      const now = lowFor(rows, f.company_id, f.level_type, levels.get(f.company_id));
      if (now.low_fen === f.low_fen && now.in_stock === f.in_stock) continue;
      const cheaper = now.low_fen !== null && (f.low_fen === null || now.low_fen < f.low_fen);
      const back = now.in_stock && !f.in_stock;
      const tell = (cheaper || back) && f.notified_day !== day && deps.notices !== undefined;
      seen.push({ id: f.id, low_fen: now.low_fen, in_stock: now.in_stock, notified_day: tell ? day : null });
      if (!tell) continue;
      const price = now.low_fen !== null ? `¥${formatFen(now.low_fen)}` : '';
      told.push({
        userId: f.user_id, oe: f.oe || f.oe_norm, oeNorm: f.oe_norm, name: f.name,
        title: back ? '关注的配件到货' : '关注的配件降价',
        what: back ? ` 已到货${price ? `，最低 ${price}` : ''}` : ` 降价了，最低 ${price}`,
        facts: { oe: f.oe || f.oe_norm, name: f.name, what: back ? 'back' : 'cheaper', price: now.low_fen !== null ? String(now.low_fen) : '' },
      });
    }
    await repo.setSeenMany(trx, seen);
    // in user order: a conversation is locked by one transaction at a time, always in that order
    told.sort((a, b) => a.userId - b.userId);
    for (const t of told) {
      await deps.notices!.postNotice(trx, {
        to: [t.userId], event: `fol-${t.oeNorm}-${day}`,
        notice: { title: t.title, no: t.oe, link: `/follows?kind=oe`, scene: 'im_follow_oe', values: { oe: t.oe, name: t.name, what: t.what }, facts: t.facts },
      }, { afterCommit: (fn) => pushes.push(fn) });
    }
    return { claimed: true, posted: told.length, pushes };
  });
};

/**
 * The follow worker's run (docs/basket-follows.md, "Notices of followed parts"): looks at the
 * queued numbers and runs each one's round (processOne) in its own transaction, then pushes its
 * notices live after that commit. A round that fails is logged and rolled back, its rows left
 * queued for the next run. Runs until a round finds nothing to take; answers the notices posted.
 */
export const processFollowChanges = async (deps: FollowWorkerDeps): Promise<number> => {
  let posted = 0;
  const failed = new Set<string>();
  for (;;) {
    const oes = (await repo.queuedOes(deps.db, CLAIM)).filter((oe) => !failed.has(oe));
    let took = 0;
    for (const oe of oes) {
      try {
        const done = await processOne(deps, oe);
        posted += done.posted;
        if (done.claimed) took += 1;
        for (const fn of done.pushes) fn();
      } catch (e) {
        // left queued: the next run tries the number again
        failed.add(oe);
        deps.log?.('warn', 'follow notice failed', e);
      }
    }
    if (took === 0 || oes.length < CLAIM) return posted;
  }
};
