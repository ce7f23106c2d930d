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
import { ResultCode, STOCK_FIELD_LABELS, type PayloadOut, type SellerStockRow, type StockCreate, type StockUpdate } from '../../../shared/contracts';
import { normalizeOe } from '../../../shared/domain/oe';
import { MAX_QUANTITY, parsePrice, STOCK_PRICE_FIELDS, stockText, type StockPriceField } from '../../../shared/domain/stock';
import { opProductText } from '../../../shared/domain/operation';
import * as repo from './stock.repo';

const notOurs = () => forbidden(stockText.notOwnStock);

const shape = (r: repo.SellerRowRaw): SellerStockRow => {
  const { company_id: _company, ...rest } = r;
  return {
    ...rest,
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

  const bulk = (column: 'price_lock' | 'state' | 'clean_state', actionOf: (value: boolean | string) => string) =>
    async (db: Kysely<DB>, caller: Caller, ids: number[], value: boolean | string) =>
      inTransaction(db, async (trx) => {
        await ownRows(trx, caller, ids);
        if (column === 'state') {
          // a row the platform took off sale stays off until an operator puts it back
          const blocked = await repo.firstPlatformOff(trx, caller.companyId, ids);
          if (blocked) throw conflict(`${value === 'on' ? opProductText.sellerCannotPutOn : opProductText.sellerCannotChangeState}（${blocked.supplier_oe}）`);
        }
        const changed = await repo.setColumn(trx, caller.companyId, ids, column, value, clock.now());
        await repo.log(trx, changed.map((id) => entry(caller, id, actionOf(value), [{ field: column, old: column === 'price_lock' ? !value : null, new: value }])));
        return { changed: changed.length };
      });

  return {
    async list(db: Kysely<DB>, caller: Caller, f: PayloadOut<'getStockData'>) {
      const { rows, total } = await repo.list(db, caller.companyId, f);
      return { data: rows.map(shape), total };
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
        await repo.log(trx, [entry(caller, id, 'create', [])]);
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
        await repo.log(trx, [entry(caller, id, 'update', changes)]);
        return fresh(trx, id);
      });
    },

    async setPrice(db: Kysely<DB>, caller: Caller, p: PayloadOut<'updateStockPrice'>) {
      ownCompany(caller, p.company_id);
      const field: StockPriceField = p.target_price_field;
      const parsed = parsePrice(field, p.value);
      if (!parsed.ok) throw invalid('value', parsed.message);
      return inTransaction(db, async (trx) => {
        const row = await ownRow(trx, caller, p.product_id);
        if (row.price_lock) throw invalid('value', stockText.priceLocked);
        if (row[field] === parsed.value) return shape(row);
        await repo.setPrice(trx, row.id, field, parsed.value, clock.now());
        await repo.log(trx, [entry(caller, row.id, 'price', [{ field, old: row[field], new: parsed.value }])]);
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
        await repo.log(trx, [entry(caller, row.id, 'quantity', [{ field: 'quantity', old: row.quantity, new: p.quantity }])]);
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
        await repo.log(trx, [entry(caller, done.id, 'adjust', [{ field: 'quantity', old: row.quantity - p.delta, new: row.quantity }])]);
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
        await repo.log(trx, [entry(caller, row.id, 'performance', changes)]);
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

    async remove(db: Kysely<DB>, caller: Caller, ids: number[]) {
      return inTransaction(db, async (trx) => {
        await ownRows(trx, caller, ids);
        const gone = await repo.remove(trx, caller.companyId, ids);
        await repo.log(trx, gone.map((r) => entry(caller, r.id, 'delete', [{ field: 'supplier_oe', old: r.supplier_oe, new: null }, { field: 'name', old: r.name, new: null }])));
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
