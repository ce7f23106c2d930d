/**
 * The seller's own stock (requirements 001-3, 001-4, 001-7). Rules:
 * - Every call works on the caller's company only: a company_id or row id of another company is
 *   refused (403) and nothing changes. The endpoint table requires M03.
 * - A locked price (price_lock) cannot change until the row is unlocked, by any call.
 * - Quantity: an absolute set carries the qty_version the editor saw and is refused (409, with the
 *   current quantity) when anyone changed it since; an adjustment (+N / -N) is one UPDATE adding
 *   the delta, idempotent by its key at the edge, so concurrent and replayed adjustments each
 *   count exactly once.
 * - Each write stamps its write date (product, price or stock) and appends to the change log.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import type { BatchKey, KeyCheckTally } from '../../db/batch-keys';
import * as v from 'valibot';
import { ResultCode, STOCK_FIELD_LABELS, stockCreatePayload, type PayloadOut, type SellerStockRow, type StockCreate, type StockUpdate } from '../../../shared/contracts';
import { importText, refKey, type ImportReferences } from '../../../shared/domain/stock-import';
import { normalizeOe } from '../../../shared/domain/oe';
import { applyDelta, MAX_QUANTITY, STOCK_PRICE_FIELDS, stockText, type StockPriceField } from '../../../shared/domain/stock';
import { opProductText } from '../../../shared/domain/operation';
import { enqueueStockLow } from '../webhook/webhook.service';
import { markFollowedOesChanged } from '../basket/follow.service';
import * as repo from './stock.repo';
import { cutoffMinute, cutoffText } from '../../../shared/domain/spot';
import * as importRepo from './stock-import.repo';
import { locationsOfRows } from '../warehouse/warehouse.service';

const notOurs = () => forbidden(stockText.notOwnStock);

const shape = (r: repo.SellerRowRaw): SellerStockRow => {
  const { company_id: _company, ...rest } = r;
  return {
    ...rest, locations: [],
    create_date: unix(r.create_date), prod_write_date: unix(r.prod_write_date), price_write_date: unix(r.price_write_date), stock_write_date: unix(r.stock_write_date),
  };
};

/** Fields compared for the change log of an edit, in the form's order. */
const EDIT_FIELDS = [
  'supplier_oe', 'name', 'part_brand_id', 'custom_brand_name', 'quality_id', 'make_id', 'factory_make_id', 'terminology_id', 'supplier_code',
  'default_code', 'supplier_vehicle', 'product_specification', 'producing_area', 'country_id', 'uom_name', 'category_name', 'note',
  'vn_quantity', 'sale_state', ...STOCK_PRICE_FIELDS,
] as const;

const REFERENCES: Array<[keyof StockUpdate, Parameters<typeof repo.referenceExists>[1]]> = [
  ['part_brand_id', 'part_brand'], ['quality_id', 'part_quality'], ['make_id', 'make'], ['factory_make_id', 'factory_make'],
  ['terminology_id', 'terminology'], ['country_id', 'country'],
];

export const createStockService = (clock: Clock) => {
  const ownCompany = (caller: Caller, companyId: number) => {
    if (companyId !== caller.companyId) throw forbidden(stockText.notOwnStock);
  };

  /** The row locked for this transaction, if it is the caller's company's. */
  const ownRow = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const row = await repo.byId(db, id, true);
    if (!row || row.company_id !== caller.companyId) throw notOurs();
    return row;
  };

  const ownRows = async (db: Kysely<DB>, caller: Caller, ids: number[]) => {
    if ((await repo.foreignCount(db, caller.companyId, ids)) > 0) throw notOurs();
  };

  const checkReferences = async (db: Kysely<DB>, p: StockUpdate) => {
    for (const [field, table] of REFERENCES) {
      const id = p[field] as number | null;
      if (id !== null && !(await repo.referenceExists(db, table, id))) throw invalid(field, stockText.unknown(STOCK_FIELD_LABELS[field as keyof typeof STOCK_FIELD_LABELS]));
    }
  };

  const fresh = async (db: Kysely<DB>, id: number) => shape(await repo.byId(db, id));

  const entry = (caller: Caller, stockId: number, action: string, changes: repo.Change[]) =>
    ({ stock_id: stockId, company_id: caller.companyId, user_id: caller.userId, at: clock.now(), action, changes });

  const bulk = (column: 'price_lock' | 'state' | 'clean_state' | 'spot', actionOf: (value: boolean | string) => string) =>
    async (db: Kysely<DB>, caller: Caller, ids: number[], value: boolean | string) =>
      inTransaction(db, async (trx) => {
        await ownRows(trx, caller, ids);
        if (column === 'state') {
          // a row the platform took off sale stays off until an operator puts it back
          const blocked = await repo.firstPlatformOff(trx, caller.companyId, ids);
          if (blocked) throw conflict(`${value === 'on' ? opProductText.sellerCannotPutOn : opProductText.sellerCannotChangeState}（${blocked.supplier_oe}）`);
        }
        const changed = await repo.setColumn(trx, caller.companyId, ids, column, value, clock.now());
        await logStockChanges(trx, changed.map((id) => entry(caller, id, actionOf(value), [{ field: column, old: column === 'price_lock' || column === 'spot' ? !value : null, new: value }])));
        return { changed: changed.length };
      });

  return {
    async list(db: Kysely<DB>, caller: Caller, f: PayloadOut<'getStockData'>) {
      const { rows, total } = await repo.list(db, caller.companyId, f);
      // the locations of the rows kept per location (docs/warehouse.md)
      const where = await locationsOfRows(db, rows.filter((r) => r.located).map((r) => r.id));
      return { data: rows.map((r) => ({ ...shape(r), locations: where.get(r.id) ?? [] })), total };
    },

    async create(db: Kysely<DB>, caller: Caller, given: StockCreate) {
      // a brand spelling an operator merged lands on the kept brand
      const p = { ...given, part_brand_id: await repo.keptBrandId(db, given.part_brand_id) };
      await checkReferences(db, p);
      return inTransaction(db, async (trx) => {
        const oe_norm = normalizeOe(p.supplier_oe);
        if (await repo.sameItem(trx, caller.companyId, { ...p, oe_norm })) throw invalid('supplier_oe', stockText.duplicate);
        const product = await repo.catalogueProduct(trx, oe_norm);
        const id = await repo.insert(trx, caller.companyId, {
          ...p, oe_norm, product_id: product?.id ?? null,
          // a catalogue number brings its make and group when the seller left them out
          make_id: p.make_id ?? product?.make_id ?? null, terminology_id: p.terminology_id ?? product?.terminology_id ?? null,
        }, clock.now());
        await logStockChanges(trx, [entry(caller, id, 'create', [])]);
        return fresh(trx, id);
      });
    },

    async update(db: Kysely<DB>, caller: Caller, id: number, given: StockUpdate) {
      const p = { ...given, part_brand_id: await repo.keptBrandId(db, given.part_brand_id) };
      await checkReferences(db, p);
      return inTransaction(db, async (trx) => {
        const old = await ownRow(trx, caller, id);
        const oe_norm = normalizeOe(p.supplier_oe);
        if (await repo.sameItem(trx, caller.companyId, { ...p, oe_norm }, id)) throw invalid('supplier_oe', stockText.duplicate);
        const changes: repo.Change[] = [];
        for (const f of EDIT_FIELDS) {
          const before = old[f as keyof repo.SellerRowRaw] as string | number | null;
          if (before !== p[f]) changes.push({ field: f, old: before, new: p[f] });
        }
        const priceChanged = changes.some((c) => (STOCK_PRICE_FIELDS as readonly string[]).includes(c.field));
        if (priceChanged && old.price_lock) throw invalid(changes.find((c) => (STOCK_PRICE_FIELDS as readonly string[]).includes(c.field))!.field, stockText.priceLocked);
        if (changes.length === 0) return shape(old);
        const now = clock.now();
        const product = oe_norm === old.oe_norm ? undefined : await repo.catalogueProduct(trx, oe_norm);
        await repo.update(trx, id, {
          ...p, oe_norm, ...(oe_norm === old.oe_norm ? {} : { product_id: product?.id ?? null }),
        }, { prod: changes.some((c) => !(STOCK_PRICE_FIELDS as readonly string[]).includes(c.field)) ? now : undefined, price: priceChanged ? now : undefined });
        await logStockChanges(trx, [entry(caller, id, 'update', changes)]);
        return fresh(trx, id);
      });
    },

    async setPrice(db: Kysely<DB>, caller: Caller, p: PayloadOut<'updateStockPrice'>) {
      ownCompany(caller, p.company_id);
      const field: StockPriceField = p.target_price_field;
      // fen for the price columns, whole dong for vn_price: the contract took an integer in range (docs/api.md, "Money")
      const parsed = { value: p.value };
      return inTransaction(db, async (trx) => {
        const row = await ownRow(trx, caller, p.product_id);
        if (row.price_lock) throw invalid('value', stockText.priceLocked);
        if (row[field] === parsed.value) return shape(row);
        await repo.setPrice(trx, row.id, field, parsed.value, clock.now());
        await logStockChanges(trx, [entry(caller, row.id, 'price', [{ field, old: row[field], new: parsed.value }])]);
        return fresh(trx, row.id);
      });
    },

    async setQuantity(db: Kysely<DB>, caller: Caller, p: PayloadOut<'updateStockQty'>) {
      ownCompany(caller, p.company_id);
      return inTransaction(db, async (trx) => {
        const row = await ownRow(trx, caller, p.product_id);
        if (row.qty_version !== p.qty_version) {
          throw new AppError(ResultCode.conflict, 409, stockText.staleQuantity(row.quantity), { field: 'quantity' });
        }
        if (row.quantity === p.quantity) return shape(row);
        await repo.setQuantity(trx, caller.companyId, row.id, p.quantity, p.qty_version, clock.now());
        await logStockChanges(trx, [entry(caller, row.id, 'quantity', [{ field: 'quantity', old: row.quantity, new: p.quantity }])]);
        return fresh(trx, row.id);
      });
    },

    async adjust(db: Kysely<DB>, caller: Caller, p: PayloadOut<'adjustStockQty'>) {
      ownCompany(caller, p.company_id);
      if (p.delta === 0) throw invalid('delta', stockText.deltaZero);
      return inTransaction(db, async (trx) => {
        const done = await repo.addQuantity(trx, caller.companyId, p.product_id, p.delta, MAX_QUANTITY, clock.now());
        if (!done) {
          const row = await repo.byId(trx, p.product_id);
          if (!row || row.company_id !== caller.companyId) throw notOurs();
          throw conflict(row.quantity + p.delta < 0 ? stockText.belowZero(row.quantity, p.delta) : stockText.aboveMax);
        }
        const row = await fresh(trx, done.id);
        await logStockChanges(trx, [entry(caller, done.id, 'adjust', [{ field: 'quantity', old: row.quantity - p.delta, new: row.quantity }])]);
        return row;
      });
    },

    /** 业绩设置: always editable, whatever the price lock (requirements 001-6); logged like every change. */
    async setPerformance(db: Kysely<DB>, caller: Caller, p: PayloadOut<'updatePerformanceSetting'>) {
      return inTransaction(db, async (trx) => {
        const row = await ownRow(trx, caller, p.id);
        const provinces = p.performance ? p.province_ids : [];
        const changes: repo.Change[] = [];
        if (row.performance !== p.performance) changes.push({ field: 'performance', old: row.performance, new: p.performance });
        if (row.province_ids.join(',') !== provinces.join(',')) changes.push({ field: 'province_ids', old: row.province_ids.join(','), new: provinces.join(',') });
        if (changes.length === 0) return shape(row);
        await repo.setPerformance(trx, row.id, p.performance, provinces, clock.now());
        await logStockChanges(trx, [entry(caller, row.id, 'performance', changes)]);
        return fresh(trx, row.id);
      });
    },

    async qtyAndPrice(db: Kysely<DB>, caller: Caller, p: PayloadOut<'oeStockQtyPrice'>) {
      ownCompany(caller, p.company_id);
      return repo.qtyAndPrice(db, caller.companyId, p.product_ids, p.ignore_invalid_price ?? false);
    },

    setLock: bulk('price_lock', (v) => (v ? 'lock' : 'unlock')),
    setState: bulk('state', (v) => String(v)),
    setClean: bulk('clean_state', (v) => String(v)),
    /** 现货 (docs/spot-goods.md): only the caller's company's rows, like every bulk action */
    setSpot: bulk('spot', (v) => (v ? 'spot' : 'unspot')),

    spotSetting: async (db: Kysely<DB>, caller: Caller) => ({ cutoff: cutoffText(await repo.spotCutoff(db, caller.companyId)) }),
    async saveSpotSetting(db: Kysely<DB>, caller: Caller, cutoff: string) {
      await repo.saveSpotCutoff(db, caller.companyId, cutoffMinute(cutoff), caller.userId, clock.now());
      return { cutoff };
    },

    async remove(db: Kysely<DB>, caller: Caller, ids: number[]) {
      return inTransaction(db, async (trx) => {
        await ownRows(trx, caller, ids);
        const gone = await repo.remove(trx, caller.companyId, ids).catch((e: unknown) => {
          // an activity's items keep their row (docs/activities.md): refused as a whole, nothing deleted
          if ((e as { code?: string; constraint?: string } | null)?.code === '23503' && String((e as { constraint?: string }).constraint ?? '').startsWith('activity_item')) throw conflict(stockText.inActivity);
          throw e;
        });
        // the rows are gone: their numbers, as the delete returned them, tell the follow worker
        await markFollowedOesChanged(trx, { oeNorms: gone.map((r) => r.oe_norm) });
        await logStockChanges(trx, gone.map((r) => entry(caller, r.id, 'delete', [{ field: 'supplier_oe', old: r.supplier_oe, new: null }, { field: 'name', old: r.name, new: null }])));
        return { changed: gone.length };
      });
    },

    async changes(db: Kysely<DB>, caller: Caller, id: number) {
      const rows = await repo.changesOf(db, caller.companyId, id);
      if (rows.length === 0) {
        const row = await repo.byId(db, id);
        if (!row || row.company_id !== caller.companyId) throw notOurs();
      }
      return rows.map((r) => ({ ...r, at: unix(r.at) }));
    },

    makes: (db: Kysely<DB>) => repo.makes(db),
    partTypes: (db: Kysely<DB>) => repo.partTypes(db),
    terminology: (db: Kysely<DB>) => repo.terminology(db),
    factoryMakes: (db: Kysely<DB>) => repo.factoryMakes(db),
    countries: async (db: Kysely<DB>, name: string) => ({ data: await repo.countries(db, name) }),
  };
};

export type StockService = ReturnType<typeof createStockService>;

// ---- the open platform's stock calls (docs/open-platform.md, "Partner calls") ----

export type OpenStockRow = repo.OpenRowRaw;

/** One line of a partner's stock sync, already checked for shape: a quantity (absolute) or a delta, and prices in fen. */
export interface SyncLine {
  line: number;
  code: string;
  quantity?: number;
  delta?: number;
  prices: Partial<Record<(typeof SYNC_PRICE_FIELDS)[number], number>>;
  /** 现货 mark to set; undefined: unchanged (a new row: not 现货) */
  spot?: boolean;
  /** what creates the row when the company has none with this code (its OE number at least) */
  create?: { supplier_oe: string; name?: string; part_brand_name?: string; custom_brand_name?: string; quality_name?: string; uom_name?: string };
}
export interface SyncOutcome { line: number; code: string; applied: boolean; changed: boolean; reason: string; quantity: number | null }

/** The price columns a sync may set (fen); the Vietnamese price stays the back office's. */
export const SYNC_PRICE_FIELDS = ['price99', 'price0', 'price1', 'price2', 'price3', 'price5'] as const;

export const syncText = {
  noSuchCode: (code: string) => `本公司没有自编码为“${code}”的库存；要新建请在该行同时填写OE号（supplier_oe）、配件名称（name）和品质（quality_name）`,
  manyRows: (code: string) => `自编码“${code}”对应本公司多行库存，无法确定更新哪一行；请先在后台为它们设置不同的自编码`,
};

/** Rows are logged in chunks: a statement holds at most 65,535 values. */
const LOG_CHUNK = 2000;

/**
 * Writes stock change entries (in chunks; with `keys`, their foreign keys checked per chunk: db/batch-keys.ts) and, in the same transaction, the stock.low webhook of
 * every row whose quantity they lowered (docs/open-platform.md, "Webhooks") and queues the
 * followed parts among them for the follow worker (docs/basket-follows.md).
 */
export const logStockChanges = async (trx: Kysely<DB>, entries: Array<{ stock_id: number; company_id: number; user_id: number; at: Date; action: string; changes: repo.Change[] }>, keys: BatchKey[] | null = null, tally?: KeyCheckTally) => {
  for (let i = 0; i < entries.length; i += LOG_CHUNK) await repo.log(trx, entries.slice(i, i + LOG_CHUNK), keys, tally);
  const drops = entries.flatMap((e) => {
    const q = e.changes.filter((c) => c.field === 'quantity');
    const taken = q.length ? Number(q[0].old ?? 0) - Number(q[q.length - 1].new ?? 0) : 0;
    return taken > 0 ? [{ stockId: e.stock_id, taken }] : [];
  });
  if (drops.length) await enqueueStockLow(trx, { drops, at: entries[0].at });
  // followed parts among the rows, and numbers an edit moved a row away from, queued for the follow worker (docs/basket-follows.md)
  if (entries.length) {
    await markFollowedOesChanged(trx, {
      stockIds: entries.map((e) => e.stock_id),
      // deletes queue their numbers themselves (remove)
      oeNorms: entries.flatMap((e) => (e.action === 'delete' ? [] : e.changes).flatMap((c) => (c.field === 'supplier_oe' && typeof c.old === 'string' ? [normalizeOe(c.old)] : []))),
    });
  }
};

/** A company's own stock, as a partner's key reads it: by OE numbers or a keyword, keyset by id. */
export const openStockSearch = (db: Kysely<DB>, companyId: number, f: { oes: string[] | null; keyword: string; afterId: number; limit: number }) =>
  repo.openSearch(db, companyId, f);

/** The company's rows changed since, in (changed_at, id) order after the position given, settled rows only (below the horizon db/changes.ts readChangeHorizon reads first). */
export const openStockChanges = (db: Kysely<DB>, companyId: number, f: { sinceUs: string; afterUs: string; afterId: number; limit: number }) =>
  repo.changedRows(db, companyId, f);

/**
 * Applies a partner's sync lines to the company's rows found by their own code (自编码), in the
 * caller's transaction, with the back office's rules: a locked price is not changed (the line is
 * refused whole), a delta may not take the quantity below 0 or above MAX_QUANTITY (applyDelta's
 * words), every change is logged ('sync') with its write dates. Lines are applied in order, so two
 * lines of one code both count. A refused line changes nothing and never stops the others.
 */
export const applyStockSync = async (trx: Kysely<DB>, companyId: number, userId: number, lines: SyncLine[], at: Date): Promise<SyncOutcome[]> => {
  const codes = [...new Set(lines.map((l) => l.code))];
  const found = codes.length ? await repo.rowsByCodes(trx, companyId, codes) : [];
  const byCode = new Map<string, repo.SyncRowRaw[]>();
  for (const r of found) byCode.set(r.default_code, [...(byCode.get(r.default_code) ?? []), r]);
  const touched = new Map<number, repo.SyncRowRaw & { qty_changed: boolean; price_changed: boolean; spot_changed: boolean; changes: repo.Change[] }>();
  const out: SyncOutcome[] = [];
  let refs: ImportReferences | undefined;
  /** a new row from the line's own facts, checked by the add form's schema (the same words) */
  const createRow = async (l: SyncLine & { create: NonNullable<SyncLine['create']> }): Promise<repo.SyncRowRaw | string> => {
    refs ??= await importRepo.references(trx);
    const c = l.create;
    const problems: string[] = [];
    const lookup = (name: string | undefined, map: ReadonlyMap<string, number>, unknown: (n: string) => string) => {
      if (!name) return null;
      const id = map.get(refKey(name));
      if (id === undefined) problems.push(unknown(name));
      return id ?? null;
    };
    const part_brand_id = lookup(c.part_brand_name, refs.brands, importText.brandUnknown);
    const quality_id = lookup(c.quality_name, refs.qualities, importText.qualityUnknown);
    let quantity = l.quantity ?? 0;
    if (l.delta !== undefined) {
      const next = applyDelta(0, l.delta);
      if (!next.ok) problems.push(next.message);
      else quantity = next.value;
    }
    const parsed = v.safeParse(stockCreatePayload, {
      supplier_oe: c.supplier_oe, name: c.name ?? '', part_brand_id, custom_brand_name: c.custom_brand_name ?? '',
      quality_id: quality_id ?? (c.quality_name ? 1 : ''), default_code: l.code, uom_name: c.uom_name ?? '', quantity, ...l.prices,
    });
    if (!parsed.success) {
      for (const issue of parsed.issues) {
        if (v.getDotPath(issue) === 'part_brand_id' && c.part_brand_name) continue;
        if (!problems.includes(issue.message)) problems.push(issue.message);
      }
    }
    if (problems.length > 0 || !parsed.success) return problems.join('；');
    const row = { ...parsed.output, part_brand_id: await repo.keptBrandId(trx, parsed.output.part_brand_id) };
    const oe_norm = normalizeOe(row.supplier_oe);
    const product = await repo.catalogueProduct(trx, oe_norm);
    const spot = l.spot ?? false;
    const id = await repo.insert(trx, companyId, {
      ...row, oe_norm, product_id: product?.id ?? null, make_id: product?.make_id ?? null, terminology_id: product?.terminology_id ?? null, spot,
    }, at);
    created.push({ stock_id: id, company_id: companyId, user_id: userId, at, action: 'create', changes: [] });
    return { id, default_code: l.code, quantity: row.quantity, price_lock: false, spot, price99: row.price99, price0: row.price0, price1: row.price1, price2: row.price2, price3: row.price3, price5: row.price5 };
  };
  const created: Parameters<typeof logStockChanges>[1] = [];
  for (const l of lines) {
    const rows = byCode.get(l.code) ?? [];
    const refuse = (reason: string) => out.push({ line: l.line, code: l.code, applied: false, changed: false, reason, quantity: null });
    if (rows.length === 0 && l.create) {
      const made = await createRow({ ...l, create: l.create });
      if (typeof made === 'string') refuse(made);
      else {
        byCode.set(l.code, [made]);
        out.push({ line: l.line, code: l.code, applied: true, changed: true, reason: '', quantity: made.quantity });
      }
      continue;
    }
    if (rows.length === 0) { refuse(syncText.noSuchCode(l.code)); continue; }
    if (rows.length > 1) { refuse(syncText.manyRows(l.code)); continue; }
    const base = rows[0];
    const cur = touched.get(base.id) ?? { ...base, qty_changed: false, price_changed: false, spot_changed: false, changes: [] };
    let quantity = cur.quantity;
    if (l.delta !== undefined) {
      const next = applyDelta(cur.quantity, l.delta);
      if (!next.ok) { refuse(next.message); continue; }
      quantity = next.value;
    } else if (l.quantity !== undefined) quantity = l.quantity;
    const priceChanges = SYNC_PRICE_FIELDS.filter((f) => l.prices[f] !== undefined && l.prices[f] !== cur[f]);
    if (priceChanges.length > 0 && cur.price_lock) { refuse(stockText.priceLocked); continue; }
    const changes: repo.Change[] = [];
    if (quantity !== cur.quantity) changes.push({ field: 'quantity', old: cur.quantity, new: quantity });
    for (const f of priceChanges) changes.push({ field: f, old: cur[f], new: l.prices[f]! });
    const spot = l.spot ?? cur.spot;
    if (spot !== cur.spot) changes.push({ field: 'spot', old: cur.spot, new: spot });
    if (changes.length > 0) {
      const next = {
        ...cur, quantity, spot, qty_changed: cur.qty_changed || quantity !== cur.quantity, price_changed: cur.price_changed || priceChanges.length > 0,
        spot_changed: cur.spot_changed || spot !== cur.spot, changes: [...cur.changes, ...changes],
      };
      for (const f of priceChanges) next[f] = l.prices[f]!;
      touched.set(base.id, next);
    }
    out.push({ line: l.line, code: l.code, applied: true, changed: changes.length > 0, reason: '', quantity });
  }
  const written = [...touched.values()];
  await repo.writeSynced(trx, companyId, written, at);
  const entries = written.map((r) => ({ stock_id: r.id, company_id: companyId, user_id: userId, at, action: 'sync', changes: r.changes }));
  await logStockChanges(trx, [...created, ...entries]);
  return out;
};

/** Whether each of these stock rows is marked 现货, the rows locked for the caller's transaction (orders' spotCreate, docs/spot-goods.md). */
export const spotFlags = (trx: Kysely<DB>, ids: number[]) => repo.spotOf(trx, ids);

/**
 * Stock rows by id with their company, prices, state and quantity, for modules that build on a
 * company's own rows (保养套餐, docs/maintenance.md); the caller checks whose they are.
 */
export const stockRowsByIds = (db: Kysely<DB>, ids: number[]) => repo.rowsByIds(db, [...new Set(ids)]);
export type StockRowRead = repo.SellerRowRaw;

/** A page of these companies' stock rows (a head company reading its branches', docs/customers.md "Branch companies"). */
export const stockOfCompaniesPage = (db: Kysely<DB>, f: { companyIds: readonly number[]; keyword: string; offset: number; limit: number }) => repo.rowsOfCompanies(db, f);
