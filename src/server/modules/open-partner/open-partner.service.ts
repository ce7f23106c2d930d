/**
 * The partner calls of the open platform (docs/open-platform.md, "Partner calls"). A signed key
 * acts for its company (ctx.open.companyId) and nothing else: every read and write is scoped to
 * it. The rules are the other modules' own, reached through their services:
 * - stock: the company's rows by OE number (the search's normaliser) or keyword; the changes feed
 *   (stock.service openStockChanges, keyset on (changed_at, id), settled rows only); the sync
 *   (stock.service applyStockSync: the back office's price lock, delta and bounds rules).
 * - orders: the orders service's own moves (confirm, deliver, receipt: its state machine, its
 *   messages, payout on receipt), acting as the company's owner account. An order that is not the
 *   company's on that side answers 订单不存在, the same as one that does not exist.
 * - A sync batch is applied in parts of 2,000 lines, each part in one transaction with its record:
 *   the same batch id again answers the stored results and applies nothing; a refused line never
 *   stops the others; a batch cut off mid-way goes on where it stopped when sent again.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, OpenCaller, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { bodyHash } from '../../http/idempotency';
import { inTransaction, unix } from '../../db/helpers';
import { orderText, ResultCode, type PayloadOut } from '../../../shared/contracts';
import {
  checkSyncLine, decodeChangesCursor, decodeIdCursor, encodeChangesCursor, encodeIdCursor, OPEN_BATCH_ID, openPartnerText, OPEN_SYNC_PRICES,
  type OpenStockRow, type OpenSyncResult,
} from '../../../shared/contracts/open-partner';
import { validateOeBatch } from '../../../shared/domain/oe';
import { PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { applyStockSync, openStockChanges, openStockSearch, type OpenStockRow as StockRowRaw, type SyncLine } from '../stock/stock.service';
import { changedOrdersPage, orderSides, type OrdersService } from '../orders/orders.service';
import { companyOwner } from '../company/company.service';
import * as repo from './open-partner.repo';

/** A sync batch id counts for as long as an Idempotency-Key (http/idempotency.ts). */
export const SYNC_BATCH_KEEP_DAYS = 7;
/** Lines per transaction of a sync: about the stock import's batches (stock-import.service IMPORT_BATCH_ROWS), so no part holds the database long. */
export const SYNC_PART_LINES = 2000;

export const openPartnerText2 = {
  noOwner: '该公司没有负责人账号，开放接口无法代为操作；请先在后台设置企业负责人',
} as const;

type Ctx = Pick<RequestContext, 'afterCommit'>;

const notFound = () => new AppError(ResultCode.notFound, 404, orderText.notFound);

const shapeStock = (r: StockRowRaw): OpenStockRow => {
  const { changed_us: _us, changed_at, ...rest } = r;
  return { ...rest, changed_at: unix(changed_at) };
};

/** A feed's position: from the cursor, else the start at updated_since (unix seconds). */
const positionOf = (cursor: string, updatedSince: number) => {
  const c = cursor ? decodeChangesCursor(cursor) : null;
  if (c) return c;
  const since = String(updatedSince * 1_000_000);
  return { since, at: since, id: 0 };
};

export interface OpenPartnerDeps {
  clock: Clock;
  orders: OrdersService;
}

export const createOpenPartnerService = ({ clock, orders }: OpenPartnerDeps) => {
  /** The company's owner account, as the orders' moves and the stock log name who did it. */
  const actor = async (db: Kysely<DB>, open: OpenCaller): Promise<Caller> => {
    const owner = await companyOwner(db, open.companyId);
    if (!owner) throw forbidden(openPartnerText2.noOwner);
    return {
      userId: owner.id, uuid: owner.uuid, username: owner.username, companyId: open.companyId, sessionId: 0,
      // the key's scope was checked at the edge; the orders service asks for a side's codes
      permissions: [...SALES_ORDER_CODES, ...PURCHASE_ORDER_CODES],
    };
  };

  /** The order, if it is the company's on this side; otherwise 订单不存在 (never whether it exists). */
  const ownOrder = async (db: Kysely<DB>, open: OpenCaller, side: 'seller' | 'buyer', orderNo: string) => {
    const sides = await orderSides(db, orderNo);
    if (!sides || (side === 'seller' ? sides.seller_company_id : sides.buyer_company_id) !== open.companyId) throw notFound();
  };

  const orderList = async (db: Kysely<DB>, open: OpenCaller, side: 'seller' | 'buyer', p: PayloadOut<'openSalesOrders'>) => {
    const pos = positionOf(p.cursor, p.updated_since);
    const rows = await changedOrdersPage(db, {
      side, companyId: open.companyId, status: p.status, sinceUs: pos.since, afterUs: pos.at, afterId: pos.id, limit: p.page_size + 1,
    });
    const has_more = rows.length > p.page_size;
    const data = rows.slice(0, p.page_size);
    const last = data.at(-1);
    return {
      data: data.map(({ changed_us: _us, id: _id, ...o }) => o),
      next_cursor: encodeChangesCursor(last ? { since: pos.since, at: last.changed_us, id: last.id } : pos),
      has_more,
    };
  };

  return {
    async stockSearch(db: Kysely<DB>, open: OpenCaller, p: PayloadOut<'openStockSearch'>) {
      const oes = p.oe ? validateOeBatch(p.oe.split(/[,，\r\n]+/)) : null;
      const afterId = p.cursor ? (decodeIdCursor(p.cursor) ?? 0) : 0;
      const rows = await openStockSearch(db, open.companyId, { oes: oes?.ok ? oes.codes : null, keyword: p.keyword, afterId, limit: p.page_size + 1 });
      const data = rows.slice(0, p.page_size);
      return { data: data.map(shapeStock), next_cursor: encodeIdCursor(data.at(-1)?.id ?? afterId), has_more: rows.length > p.page_size };
    },

    async stockChanges(db: Kysely<DB>, open: OpenCaller, p: PayloadOut<'openStockChanges'>) {
      const pos = positionOf(p.cursor, p.updated_since);
      const rows = await openStockChanges(db, open.companyId, { sinceUs: pos.since, afterUs: pos.at, afterId: pos.id, limit: p.page_size + 1 });
      const data = rows.slice(0, p.page_size);
      const last = data.at(-1);
      return {
        data: data.map(shapeStock),
        next_cursor: encodeChangesCursor(last ? { since: pos.since, at: last.changed_us, id: last.id } : pos),
        has_more: rows.length > p.page_size,
      };
    },

    /**
     * The batch in parts of SYNC_PART_LINES, each part one transaction with its record (lines are
     * checked by the contract's line schema here, applied by the stock service's rules there). A
     * part recorded before (the same batch sent again, or one cut off mid-way) is read back, not
     * applied; the answer is replayed when every part was.
     */
    async stockSync(db: Kysely<DB>, open: OpenCaller, p: PayloadOut<'openStockSync'>): Promise<OpenSyncResult> {
      const header = open.idempotencyKey;
      if (header !== undefined && !OPEN_BATCH_ID.test(header)) throw invalid('Idempotency-Key', openPartnerText.idempotencyKey);
      if (header !== undefined && p.batch_id !== undefined && header !== p.batch_id) throw invalid('Idempotency-Key', openPartnerText.batchKeyMismatch);
      const batchId = p.batch_id ?? header;
      if (batchId === undefined) throw invalid('batch_id', openPartnerText.batchMissing);
      // the batch id and the header are two spellings of one id: one record, whichever a retry uses
      const recordId = `b:${batchId}`;
      // key order does not matter: {"code":…,"delta":…} and {"delta":…,"code":…} are the same line
      const hash = bodyHash(p.lines);
      const results: OpenSyncResult['results'] = [];
      let replayed = true;
      for (let part = 0, from = 0; from < p.lines.length; part++, from += SYNC_PART_LINES) {
        const lines = p.lines.slice(from, from + SYNC_PART_LINES);
        const done = await inTransaction(db, async (trx) => {
          const now = clock.now();
          const forgetBefore = new Date(now.getTime() - SYNC_BATCH_KEEP_DAYS * 86_400_000);
          await repo.lockBatch(trx, open.companyId, recordId);
          const prior = await repo.partOf(trx, open.companyId, recordId, part, forgetBefore);
          if (prior) {
            if (prior.body_hash !== hash) throw conflict(openPartnerText.batchReused);
            return { results: prior.results, replayed: true };
          }
          const who = await actor(trx, open);
          const out: OpenSyncResult['results'] = new Array(lines.length);
          const good: SyncLine[] = [];
          lines.forEach((raw, j) => {
            const line = from + j + 1;
            const checked = checkSyncLine(raw);
            if (!checked.ok) {
              const code = raw && typeof raw === 'object' && typeof (raw as { code?: unknown }).code === 'string' ? (raw as { code: string }).code.trim().slice(0, 30) : '';
              out[j] = { line, code, status: 'refused', changed: false, reason: checked.reason, quantity: null };
              return;
            }
            const l = checked.line;
            const prices: SyncLine['prices'] = {};
            for (const f of OPEN_SYNC_PRICES) if (l[f] !== undefined) prices[f] = l[f];
            const create = l.supplier_oe === undefined ? undefined : {
              supplier_oe: l.supplier_oe, name: l.name, part_brand_name: l.part_brand_name, custom_brand_name: l.custom_brand_name,
              quality_name: l.quality_name, uom_name: l.uom_name,
            };
            good.push({ line, code: l.code, quantity: l.quantity, delta: l.delta, prices, spot: l.spot, create });
          });
          for (const o of await applyStockSync(trx, open.companyId, who.userId, good, now)) {
            out[o.line - from - 1] = { line: o.line, code: o.code, status: o.applied ? 'applied' : 'refused', changed: o.changed, reason: o.reason, quantity: o.quantity };
          }
          await repo.savePart(trx, { companyId: open.companyId, batchId: recordId, part, hash, results: out, at: now, forgetBefore });
          return { results: out, replayed: false };
        });
        results.push(...done.results);
        replayed &&= done.replayed;
        // let the calls that waited for the database go between parts
        await new Promise<void>((r) => setImmediate(r));
      }
      const applied = results.filter((r) => r.status === 'applied').length;
      return {
        batch_id: batchId, total: results.length, applied, refused: results.length - applied,
        changed: results.filter((r) => r.changed).length, results, replayed,
      };
    },

    salesOrders: (db: Kysely<DB>, open: OpenCaller, p: PayloadOut<'openSalesOrders'>) => orderList(db, open, 'seller', p),
    purchaseOrders: (db: Kysely<DB>, open: OpenCaller, p: PayloadOut<'openPurchaseOrders'>) => orderList(db, open, 'buyer', p),

    async salesOrder(db: Kysely<DB>, open: OpenCaller, orderNo: string) {
      await ownOrder(db, open, 'seller', orderNo);
      return orders.retrieve(db, await actor(db, open), orderNo);
    },
    async purchaseOrder(db: Kysely<DB>, open: OpenCaller, orderNo: string) {
      await ownOrder(db, open, 'buyer', orderNo);
      return orders.retrieve(db, await actor(db, open), orderNo);
    },
    async confirm(db: Kysely<DB>, open: OpenCaller, orderNo: string, ctx?: Ctx) {
      await ownOrder(db, open, 'seller', orderNo);
      return orders.confirm(db, await actor(db, open), orderNo, ctx);
    },
    async deliver(db: Kysely<DB>, open: OpenCaller, p: PayloadOut<'openSalesOrderDeliver'>, ctx?: Ctx) {
      await ownOrder(db, open, 'seller', p.order_no);
      return orders.deliver(db, await actor(db, open), p, ctx);
    },
    async receive(db: Kysely<DB>, open: OpenCaller, orderNo: string, ctx?: Ctx) {
      await ownOrder(db, open, 'buyer', orderNo);
      return orders.receipt(db, await actor(db, open), orderNo, ctx);
    },
  };
};

export type OpenPartnerService = ReturnType<typeof createOpenPartnerService>;
