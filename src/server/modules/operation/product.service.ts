/**
 * The operator's product group (product: list, brand, carBrand, clean/brand).
 *
 * - Product list: every seller's stock rows. Taking a row off sale sets it 'off' with the
 *   platform's reason (op_off_reason): every buyer query reads state = 'on' only, so it leaves
 *   search in the same commit; the seller reads the reason and cannot put it back (stock.service).
 *   Putting it back is the operator's; a row of a suspended company goes back to 'suspended',
 *   which restoring the company puts on sale.
 * - Part brands (part_brand) and car makes (make) are the tables search, stock and import read:
 *   renaming one renames it everywhere (the search terms follow by trigger, migration 0014).
 * - 推荐商品 (product_recommend): the stock rows the storefront home features, saved as one ordered
 *   list; the home shows those on sale, so a take-down or a suspension removes one at once.
 * - Brand cleaning (brand-clean.service.ts) merges spellings into a kept brand; this module finds
 *   the likely duplicate spellings it offers.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, invalid } from '../../http/errors';
import { containsIgnoringCase, inTransaction, likeEscape, unix } from '../../db/helpers';
import { ResultCode, type OpBrandRow, type OpMakeRow, type OpProductRow, type PayloadOut } from '../../../shared/contracts';
import { normalizeOe } from '../../../shared/domain/oe';
import { opCatalogueText as t, opProductText as pt } from '../../../shared/domain/operation';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { firstForeignUpload } from '../upload/upload.service';
import * as audit from './audit.repo';
import { markFollowedOesChanged } from '../basket/follow.service';

interface ProductRowDb {
  id: number; company_id: number; company_name: string; supplier_oe: string; name: string; brand_name: string | null; make_name: string | null;
  quality_name: string | null; quantity: number; price0: number | null; state: 'on' | 'off' | 'suspended'; op_off_reason: string | null;
  op_off_at: Date | null; op_off_by: string | null; prod_write_date: Date;
}

const productRow = (r: ProductRowDb): OpProductRow => ({
  id: r.id, company_id: r.company_id, company_name: r.company_name, supplier_oe: r.supplier_oe, name: r.name, brand_name: r.brand_name ?? '',
  make_name: r.make_name ?? '', quality_name: r.quality_name ?? '', quantity: r.quantity, price0: r.price0,
  state: r.state === 'off' && r.op_off_reason !== null ? 'op_off' : r.state,
  op_off_reason: r.op_off_reason ?? '', op_off_at: unix(r.op_off_at), op_off_by: r.op_off_by ?? '', updated_at: unix(r.prod_write_date),
});

const PRODUCT_COLUMNS = sql`
  s.id::int as id, s.company_id, c.name as company_name, s.supplier_oe, s.name,
  coalesce((select name from part_brand where id = s.part_brand_id), nullif(s.custom_brand_name, '')) as brand_name,
  (select name from make where id = s.make_id) as make_name, (select name from part_quality where id = s.quality_id) as quality_name,
  s.quantity, s.price0, s.state, s.op_off_reason, s.op_off_at, s.op_off_by, s.prod_write_date`;

/** Spaces and punctuation left out when looking for likely duplicate spellings ("Bosch-Q", "BOSCH Q"). */
const DUP_STRIP = '[[:space:]\\-_.,·/&()（）、，。]+';

/** Names are one spelling whatever their case and outer spaces ("BOSCH", "Bosch "). */
const nameKey = (s: string) => s.trim().toLowerCase();

const brandRows = async (db: Kysely<DB>, where: RawBuilder<boolean>, offset: number, limit: number) =>
  (await sql<{ id: number; name: string; active: boolean; stock_rows: number; stock_on: number; merged_names: string[] }>`
    select b.id, b.name, b.active,
      (select count(*)::int from stock s where s.part_brand_id = b.id) as stock_rows,
      (select count(*)::int from stock s where s.part_brand_id = b.id and s.state = 'on') as stock_on,
      coalesce((select array_agg(m.name order by m.id) from part_brand m where m.merged_into = b.id), '{}') as merged_names
    from part_brand b where ${where} order by b.id offset ${offset} limit ${limit}`.execute(db)).rows;

const makeRows = async (db: Kysely<DB>, where: RawBuilder<boolean>, offset: number, limit: number): Promise<OpMakeRow[]> =>
  (await sql<OpMakeRow>`
    select m.id, m.name, m.initial, m.logo, m.country, m.active, (select count(*)::int from stock s where s.make_id = m.id) as stock_rows
    from make m where ${where} order by m.initial, m.id offset ${offset} limit ${limit}`.execute(db)).rows;

const brandOf = async (db: Kysely<DB>, id: number, forUpdate = false) => {
  let q = db.selectFrom('part_brand').select(['id', 'name', 'active', 'merged_into']).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};

export const createProductService = (deps: { clock: Clock }) => {
  const brandById = async (db: Kysely<DB>, id: number): Promise<OpBrandRow> => {
    const [b] = await brandRows(db, sql<boolean>`b.id = ${id}`, 0, 1);
    if (!b) throw new AppError(ResultCode.notFound, 404, t.brandNotFound);
    return b;
  };
  const makeById = async (db: Kysely<DB>, id: number) => {
    const [m] = await makeRows(db, sql<boolean>`m.id = ${id}`, 0, 1);
    if (!m) throw new AppError(ResultCode.notFound, 404, t.makeNotFound);
    return m;
  };
  /** Locks the stock rows in id order; every id must exist. */
  const lockStock = async (trx: Kysely<DB>, ids: number[]) => {
    const rows = await trx.selectFrom('stock').select(['id', 'company_id', 'supplier_oe', 'name', 'state', 'op_off_reason'])
      .where('id', 'in', ids).orderBy('id').forUpdate().execute();
    if (rows.length !== new Set(ids).size) throw new AppError(ResultCode.notFound, 404, t.stockNotFound);
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  };

  return {
    /** The storefront home's products in the operators' order, only rows on sale. */
    async recommendPublic(db: Kysely<DB>) {
      const rows = (await sql<{ id: number; supplier_oe: string; name: string; brand_name: string | null; make_name: string | null; company_id: number; company_name: string; city: string }>`
        select s.id::int as id, s.supplier_oe, s.name,
          coalesce((select name from part_brand where id = s.part_brand_id), nullif(s.custom_brand_name, '')) as brand_name,
          (select name from make where id = s.make_id) as make_name, s.company_id, c.name as company_name, c.city
        from product_recommend r join stock s on s.id = r.stock_id join company c on c.id = s.company_id
        where s.state = 'on' and c.suspended_at is null order by r.sort, r.stock_id`.execute(db)).rows;
      return rows.map((r) => ({ ...r, brand_name: r.brand_name ?? '', make_name: r.make_name ?? '' }));
    },

    async recommendList(db: Kysely<DB>) {
      const rows = await sql<ProductRowDb>`select ${PRODUCT_COLUMNS} from product_recommend r join stock s on s.id = r.stock_id
        join company c on c.id = s.company_id order by r.sort, r.stock_id`.execute(db);
      return rows.rows.map(productRow);
    },

    recommendSave: (db: Kysely<DB>, caller: Caller, ids: number[]) =>
      inTransaction(db, async (trx) => {
        if (new Set(ids).size !== ids.length) throw invalid('ids', pt.recommendDuplicate);
        // one writer at a time: the list is replaced as a whole
        await sql`select pg_advisory_xact_lock(hashtext('product_recommend'))`.execute(trx);
        const found = ids.length === 0 ? [] : await trx.selectFrom('stock as s').innerJoin('company as c', 'c.id', 's.company_id')
          .select(['s.id', 's.supplier_oe', 's.state', 'c.name']).where('s.id', 'in', ids).execute();
        const byId = new Map(found.map((f) => [Number(f.id), f]));
        const missing = ids.findIndex((id) => !byId.has(id));
        if (missing >= 0) throw invalid(`ids.${missing}`, pt.recommendMissing(ids[missing]));
        const before = (await trx.selectFrom('product_recommend').select('stock_id').orderBy('sort').orderBy('stock_id').execute()).map((r) => Number(r.stock_id));
        // rows already listed may stay while off sale (the home skips them); new ones must be on sale
        const notOn = ids.findIndex((id) => byId.get(id)!.state !== 'on' && !before.includes(id));
        if (notOn >= 0) { const r = byId.get(ids[notOn])!; throw invalid(`ids.${notOn}`, pt.recommendNotOn(r.supplier_oe, r.name)); }
        if (before.length === ids.length && before.every((id, i) => id === ids[i])) return { ids };
        await trx.deleteFrom('product_recommend').execute();
        if (ids.length > 0) await trx.insertInto('product_recommend').values(ids.map((stock_id, i) => ({ stock_id, sort: i + 1 }))).execute();
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'product_recommend', entity_id: 'home', action: 'set', old: before, new: ids }]);
        return { ids };
      }),

    async list(db: Kysely<DB>, p: PayloadOut<'opProductList'>) {
      const conds: RawBuilder<unknown>[] = [sql`true`];
      if (p.oe) {
        const norm = normalizeOe(p.oe);
        if (norm) conds.push(sql`s.oe_norm like ${`${likeEscape(norm)}%`}`);
      }
      if (p.name) conds.push(containsIgnoringCase(sql`s.name`, p.name));
      if (p.brand) {
        const like = `%${likeEscape(p.brand)}%`;
        conds.push(sql`(s.part_brand_id in (select id from part_brand where name ilike ${like}) or s.custom_brand_name ilike ${like})`);
      }
      if (p.seller) {
        conds.push(/^\d{1,9}$/.test(p.seller)
          ? sql`s.company_id = ${Number(p.seller)}`
          : sql`s.company_id in (select id from company where name ilike ${`%${likeEscape(p.seller)}%`} or short_name ilike ${`%${likeEscape(p.seller)}%`})`);
      }
      if (p.state === 'on' || p.state === 'suspended') conds.push(sql`s.state = ${p.state}`);
      if (p.state === 'off') conds.push(sql`s.state = 'off' and s.op_off_reason is null`);
      if (p.state === 'op_off') conds.push(sql`s.op_off_reason is not null`);
      const where = sql.join(conds, sql` and `);
      const [rows, total] = await Promise.all([
        sql<ProductRowDb>`select ${PRODUCT_COLUMNS} from stock s join company c on c.id = s.company_id where ${where}
          order by ${p.state === 'op_off' ? sql`s.op_off_at desc,` : sql``} s.id desc offset ${(p.page_number - 1) * p.page_size} limit ${p.page_size}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from stock s where ${where}`.execute(db),
      ]);
      return { data: rows.rows.map(productRow), total: total.rows[0].n };
    },

    offSale: (db: Kysely<DB>, caller: Caller, p: { ids: number[]; reason: string }) =>
      inTransaction(db, async (trx) => {
        const rows = await lockStock(trx, p.ids);
        const notOn = rows.find((r) => r.state !== 'on');
        if (notOn) throw conflict(`${t.stockNotOn}（${notOn.supplier_oe} ${notOn.name}）`);
        const now = deps.clock.now();
        await trx.updateTable('stock').set({ state: 'off', op_off_reason: p.reason, op_off_at: now, op_off_by: caller.username })
          .where('id', 'in', rows.map((r) => r.id)).execute();
        // followers of these parts may be charged more or find none (docs/basket-follows.md)
        await markFollowedOesChanged(trx, { stockIds: rows.map((r) => r.id) });
        await audit.record(trx, caller, now, rows.map((r) => ({
          entity: 'stock' as const, entity_id: r.id, action: 'off_sale' as const,
          old: { state: 'on' }, new: { state: 'op_off', reason: p.reason, company_id: r.company_id, oe: r.supplier_oe, name: r.name },
        })));
        return { changed: rows.length };
      }),

    onSale: (db: Kysely<DB>, caller: Caller, p: { ids: number[] }) =>
      inTransaction(db, async (trx) => {
        const rows = await lockStock(trx, p.ids);
        const notOff = rows.find((r) => r.op_off_reason === null);
        if (notOff) throw conflict(`${t.stockNotOpOff}（${notOff.supplier_oe} ${notOff.name}）`);
        const now = deps.clock.now();
        // a row of a suspended company waits for the company's restore, like its other rows
        await sql`update stock s set state = case when c.suspended_at is null then 'on' else 'suspended' end,
            op_off_reason = null, op_off_at = null, op_off_by = null, prod_write_date = ${now}
          from company c where c.id = s.company_id and s.id = any(${rows.map((r) => r.id)}::bigint[])`.execute(trx);
        await markFollowedOesChanged(trx, { stockIds: rows.map((r) => r.id) });
        await audit.record(trx, caller, now, rows.map((r) => ({
          entity: 'stock' as const, entity_id: r.id, action: 'on_sale' as const,
          old: { state: 'op_off', reason: r.op_off_reason }, new: { state: 'on', company_id: r.company_id, oe: r.supplier_oe, name: r.name },
        })));
        return { changed: rows.length };
      }),

    async brandList(db: Kysely<DB>, p: PayloadOut<'opBrandList'>) {
      const conds: RawBuilder<unknown>[] = [sql`b.merged_into is null`];
      if (p.k) conds.push(/^\d{1,9}$/.test(p.k) ? sql`(b.id = ${Number(p.k)} or b.name ilike ${`%${likeEscape(p.k)}%`})` : sql`b.name ilike ${`%${likeEscape(p.k)}%`}`);
      if (p.active) conds.push(sql`b.active = ${p.active === 'true'}`);
      const where = sql.join(conds, sql` and `) as RawBuilder<boolean>;
      const [data, total] = await Promise.all([
        brandRows(db, where, (p.page_number - 1) * p.page_size, p.page_size),
        sql<{ n: number }>`select count(*)::int as n from part_brand b where ${where}`.execute(db),
      ]);
      return { data, total: total.rows[0].n };
    },

    saveBrand: (db: Kysely<DB>, caller: Caller, p: { id: number; name: string }) =>
      inTransaction(db, async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('qph_part_brand'))`.execute(trx);
        const before = p.id === 0 ? null : await brandOf(trx, p.id, true);
        if (p.id !== 0 && !before) throw new AppError(ResultCode.notFound, 404, t.brandNotFound);
        if (before?.merged_into) throw conflict(pt.brandMerged(before.name, (await brandOf(trx, before.merged_into))?.name ?? ''));
        const same = await trx.selectFrom('part_brand').select(['id', 'name', 'merged_into'])
          .where(sql<boolean>`lower(btrim(name)) = ${nameKey(p.name)}`).where('id', '!=', p.id).executeTakeFirst();
        if (same?.merged_into) throw invalid('name', pt.brandNameMerged(same.name, (await brandOf(trx, same.merged_into))?.name ?? ''));
        if (same) throw invalid('name', `${t.brandNameTaken}：${same.name}`);
        if (before && before.name === p.name) return brandById(trx, before.id);
        const id = before
          ? (await trx.updateTable('part_brand').set({ name: p.name }).where('id', '=', before.id).returning('id').executeTakeFirstOrThrow()).id
          : (await trx.insertInto('part_brand').values({ name: p.name }).returning('id').executeTakeFirstOrThrow()).id;
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'part_brand', entity_id: id, action: before ? 'update' : 'create', old: before ? { name: before.name } : undefined, new: { name: p.name } }]);
        return brandById(trx, id);
      }),

    setBrandsActive: (db: Kysely<DB>, caller: Caller, p: { ids: number[]; active: boolean }) =>
      inTransaction(db, async (trx) => {
        const rows = await trx.selectFrom('part_brand').select(['id', 'name', 'active', 'merged_into']).where('id', 'in', p.ids).orderBy('id').forUpdate().execute();
        if (rows.length !== new Set(p.ids).size) throw invalid('ids', t.brandNotFound);
        const merged = rows.find((r) => r.merged_into !== null);
        if (merged) throw invalid('ids', pt.brandMerged(merged.name, (await brandOf(trx, merged.merged_into!))?.name ?? ''));
        const changing = rows.filter((r) => r.active !== p.active);
        if (changing.length === 0) return { changed: 0 };
        await trx.updateTable('part_brand').set({ active: p.active }).where('id', 'in', changing.map((r) => r.id)).execute();
        await audit.record(trx, caller, deps.clock.now(), changing.map((r) => ({
          entity: 'part_brand' as const, entity_id: r.id, action: p.active ? 'enable' as const : 'disable' as const, old: { name: r.name, active: r.active }, new: { active: p.active },
        })));
        return { changed: changing.length };
      }),

    /** Brands (not merged) whose names are one once case, spaces and common punctuation are left out. */
    async brandDuplicates(db: Kysely<DB>) {
      const groups = (await sql<{ key: string; ids: number[] }>`
        select key, array_agg(id order by id) as ids from (
          select id, lower(regexp_replace(name, ${DUP_STRIP}, '', 'g')) as key from part_brand where merged_into is null) b
        where key <> '' group by key having count(*) > 1 order by key limit 100`.execute(db)).rows;
      if (groups.length === 0) return { items: [] };
      const rows = await brandRows(db, sql<boolean>`b.id = any(${groups.flatMap((g) => g.ids)}::int[])`, 0, 10_000);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        items: groups.map((g) => ({
          key: g.key,
          brands: g.ids.map((id) => byId.get(id)!).filter(Boolean).sort((a, b) => b.stock_rows - a.stock_rows || a.id - b.id),
        })),
      };
    },

    async makeList(db: Kysely<DB>, p: PayloadOut<'opMakeList'>) {
      const conds: RawBuilder<unknown>[] = [sql`true`];
      if (p.k) conds.push(sql`m.name ilike ${`%${likeEscape(p.k)}%`}`);
      if (p.initial) conds.push(sql`m.initial = ${p.initial}`);
      if (p.active) conds.push(sql`m.active = ${p.active === 'true'}`);
      const where = sql.join(conds, sql` and `) as RawBuilder<boolean>;
      const [data, total] = await Promise.all([
        makeRows(db, where, (p.page_number - 1) * p.page_size, p.page_size),
        sql<{ n: number }>`select count(*)::int as n from make m where ${where}`.execute(db),
      ]);
      return { data, total: total.rows[0].n };
    },

    saveMake: (db: Kysely<DB>, caller: Caller, p: { id: number; name: string; initial: string; logo: string; country: string }) =>
      inTransaction(db, async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('qph_make'))`.execute(trx);
        const before = p.id === 0 ? null : await trx.selectFrom('make').select(['id', 'name', 'initial', 'logo', 'country']).where('id', '=', p.id).forUpdate().executeTakeFirst();
        if (p.id !== 0 && !before) throw new AppError(ResultCode.notFound, 404, t.makeNotFound);
        const same = await trx.selectFrom('make').select(['id', 'name']).where(sql<boolean>`lower(btrim(name)) = ${nameKey(p.name)}`).where('id', '!=', p.id).executeTakeFirst();
        if (same) throw invalid('name', `${t.makeNameTaken}：${same.name}`);
        // a new logo must be an image the platform uploaded (fileUpload checked its bytes)
        if (p.logo !== '' && p.logo !== before?.logo && (await firstForeignUpload(trx, HEAD_COMPANY_ID, [p.logo])) !== -1) {
          throw invalid('logo', '请先上传 JPG/PNG 标志图片');
        }
        const row = { name: p.name, initial: p.initial, logo: p.logo, country: p.country };
        if (before && before.name === row.name && before.initial === row.initial && before.logo === row.logo && before.country === row.country) return makeById(trx, before.id);
        const id = before
          ? (await trx.updateTable('make').set(row).where('id', '=', before.id).returning('id').executeTakeFirstOrThrow()).id
          : (await trx.insertInto('make').values(row).returning('id').executeTakeFirstOrThrow()).id;
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'make', entity_id: id, action: before ? 'update' : 'create',
          old: before ? { name: before.name, initial: before.initial, logo: before.logo, country: before.country } : undefined, new: row,
        }]);
        return makeById(trx, id);
      }),

    setMakesActive: (db: Kysely<DB>, caller: Caller, p: { ids: number[]; active: boolean }) =>
      inTransaction(db, async (trx) => {
        const rows = await trx.selectFrom('make').select(['id', 'name', 'active']).where('id', 'in', p.ids).orderBy('id').forUpdate().execute();
        if (rows.length !== new Set(p.ids).size) throw invalid('ids', t.makeNotFound);
        const changing = rows.filter((r) => r.active !== p.active);
        if (changing.length === 0) return { changed: 0 };
        await trx.updateTable('make').set({ active: p.active }).where('id', 'in', changing.map((r) => r.id)).execute();
        await audit.record(trx, caller, deps.clock.now(), changing.map((r) => ({
          entity: 'make' as const, entity_id: r.id, action: p.active ? 'enable' as const : 'disable' as const, old: { name: r.name, active: r.active }, new: { active: p.active },
        })));
        return { changed: changing.length };
      }),
  };
};

export type ProductService = ReturnType<typeof createProductService>;
