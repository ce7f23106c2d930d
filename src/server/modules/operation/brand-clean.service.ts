/**
 * Brand cleaning for operators (product/clean/brand): merge spellings of one part brand
 * into the brand kept, and undo one merge.
 *
 * A merge moves, in one transaction, the merged spellings' stock rows, the companies' main brands
 * and the keyword terms to the kept brand, and leaves each spelling as a disabled row pointing at
 * it (merged_into), which the import and the stock form resolve. Every row it moves is written to
 * the merge's record (brand_merge_*, migration 0200) with its value before, each move one
 * UPDATE … RETURNING so that a row a seller writes at the same moment is either moved and recorded
 * or neither.
 *
 * The undo moves back only what is still as the merge left it: a stock row still under the kept
 * brand and not edited by its seller since (its prod_write_date, which every seller edit of a row's
 * details, state or import sets, unchanged), a company whose main brands are still what the merge
 * made them.
 * The rest stays and is counted, so the operator reads how many came back and how many were left.
 * A merge is undone at most once; a merge whose kept brand was itself merged away later must wait
 * until that later merge is undone. Writes of this page take one advisory lock.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { conflict, invalid } from '../../http/errors';
import { inTransaction, likeEscape, unix } from '../../db/helpers';
import type { OpBrandMergeRow, PayloadOut } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { opCatalogueText as t, opProductText as pt } from '../../../shared/domain/operation';
import * as audit from './audit.repo';

const lock = (trx: Kysely<DB>) => sql`select pg_advisory_xact_lock(hashtext('qph_part_brand'))`.execute(trx);

const brandOf = async (db: Kysely<DB>, id: number, forUpdate = false) => {
  let q = db.selectFrom('part_brand').select(['id', 'name', 'active', 'merged_into']).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};

export const createBrandCleanService = (deps: { clock: Clock }) => ({
  /**
   * Merges the spellings merge_ids into keep_id: stock rows, companies' main brands and keyword
   * terms move to the kept brand, spellings merged into a merged one earlier follow, and each
   * merged spelling stays behind as a disabled row pointing at the kept brand. Recorded for 撤销合并.
   */
  merge: (db: Kysely<DB>, caller: Caller, p: { keep_id: number; merge_ids: number[] }) =>
    inTransaction(db, async (trx) => {
      await lock(trx);
      if (new Set(p.merge_ids).size !== p.merge_ids.length) throw invalid('merge_ids', pt.brandSameTwice);
      if (p.merge_ids.includes(p.keep_id)) throw invalid('merge_ids', t.brandSame);
      const keep = await brandOf(trx, p.keep_id, true);
      if (!keep) throw invalid('keep_id', t.brandNotFound);
      if (keep.merged_into) throw invalid('keep_id', pt.brandKeepMerged(keep.name, (await brandOf(trx, keep.merged_into))?.name ?? ''));
      const merging = await trx.selectFrom('part_brand').select(['id', 'name', 'active', 'merged_into']).where('id', 'in', p.merge_ids).orderBy('id').forUpdate().execute();
      if (merging.length !== p.merge_ids.length) throw invalid('merge_ids', `${t.brandNotFound}（ID ${p.merge_ids.filter((id) => !merging.some((m) => m.id === id)).join('、')}）`);
      const already = merging.find((m) => m.merged_into !== null);
      if (already) throw invalid('merge_ids', pt.brandMerged(already.name, (await brandOf(trx, already.merged_into!))?.name ?? ''));

      const ids = merging.map((m) => m.id);
      const now = deps.clock.now();
      const { id: mergeId } = await trx.insertInto('brand_merge')
        .values({ kept_id: keep.id, merged_at: now, username: caller.username, stock_rows: 0, companies: 0 }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('brand_merge_brand')
        .values(merging.map((m) => ({ merge_id: mergeId, brand_id: m.id, chosen: true, name: m.name, was_active: m.active, was_merged_into: null, was_merged_at: null }))).execute();

      // stock rows (the target's own condition again: a row a seller re-branded meanwhile is not moved)
      await sql`with moved as (
          update stock s set part_brand_id = ${keep.id}
          from (select id, part_brand_id from stock where part_brand_id = any(${ids}::int[])) o
          where s.id = o.id and s.part_brand_id = any(${ids}::int[])
          returning s.id, o.part_brand_id as from_id, s.prod_write_date)
        insert into brand_merge_stock (merge_id, stock_id, from_brand_id, written_at) select ${mergeId}, id, from_id, prod_write_date from moved`.execute(trx);
      // companies' main brands: the kept brand once, in the place of the first merged one
      await sql`with moved as (
          update company c set main_brand_ids = (
            select coalesce(array_agg(x order by min_pos), '{}') from (
              select case when b = any(${ids}::int[]) then ${keep.id}::int else b end as x, min(pos) as min_pos
              from unnest(c.main_brand_ids) with ordinality as u(b, pos) group by 1) d)
          from (select id, main_brand_ids as old_ids from company where main_brand_ids && ${ids}::int[]) o
          where c.id = o.id and c.main_brand_ids && ${ids}::int[]
          returning c.id, o.old_ids, c.main_brand_ids as new_ids)
        insert into brand_merge_company (merge_id, company_id, old_ids, new_ids) select ${mergeId}, id, old_ids, new_ids from moved`.execute(trx);
      // the merged spellings stay searchable words that find the kept brand's stock
      await sql`with moved as (
          update search_term t set ref_id = ${keep.id}
          from (select id, ref_id from search_term where kind = 'brand' and ref_id = any(${ids}::int[])) o
          where t.id = o.id and t.ref_id = any(${ids}::int[])
          returning t.id, o.ref_id as from_id)
        insert into brand_merge_term (merge_id, term_id, from_ref_id) select ${mergeId}, id, from_id from moved`.execute(trx);
      // spellings merged into a merged one earlier now point at the kept brand
      await sql`with moved as (
          update part_brand b set merged_into = ${keep.id}
          from (select id, name, merged_into, merged_at from part_brand where merged_into = any(${ids}::int[])) o
          where b.id = o.id and b.merged_into = any(${ids}::int[])
          returning b.id, o.name, o.merged_into, o.merged_at)
        insert into brand_merge_brand (merge_id, brand_id, chosen, name, was_active, was_merged_into, was_merged_at)
        select ${mergeId}, id, false, name, false, merged_into, merged_at from moved`.execute(trx);
      await trx.updateTable('part_brand').set({ merged_into: keep.id, merged_at: now, active: false }).where('id', 'in', ids).execute();

      const counts = (await sql<{ from_brand_id: number; n: number }>`
        select from_brand_id, count(*)::int as n from brand_merge_stock where merge_id = ${mergeId} group by from_brand_id`.execute(trx)).rows;
      const rowsOf = (id: number) => counts.find((c) => c.from_brand_id === id)?.n ?? 0;
      const stockRows = counts.reduce((n, c) => n + c.n, 0);
      const companies = (await sql<{ n: number }>`select count(*)::int as n from brand_merge_company where merge_id = ${mergeId}`.execute(trx)).rows[0].n;
      await trx.updateTable('brand_merge').set({ stock_rows: stockRows, companies }).where('id', '=', mergeId).execute();
      await audit.record(trx, caller, now, [
        ...merging.map((m) => ({ entity: 'part_brand' as const, entity_id: m.id, action: 'merge' as const, old: { name: m.name, active: m.active, stock_rows: rowsOf(m.id) }, new: { merged_into: keep.id, kept: keep.name, merge_id: mergeId } })),
        { entity: 'part_brand' as const, entity_id: keep.id, action: 'merge' as const, new: { name: keep.name, merged: merging.map((m) => m.name), stock_rows: stockRows, companies, merge_id: mergeId } },
      ]);
      return { kept: keep.name, merged: merging.map((m) => m.name), stock_rows: stockRows };
    }),

  /** Undoes merge `id`: see the module comment for what comes back and what stays. */
  unmerge: (db: Kysely<DB>, caller: Caller, id: number) =>
    inTransaction(db, async (trx) => {
      await lock(trx);
      const rec = await trx.selectFrom('brand_merge').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!rec) throw invalid('id', pt.brandMergeNotFound);
      if (rec.undone_at) throw conflict(pt.brandMergeUndone(formatChina(unix(rec.undone_at)), rec.undone_by ?? ''));
      const kept = await brandOf(trx, rec.kept_id, true);
      if (!kept) throw invalid('id', t.brandNotFound);
      if (kept.merged_into) throw conflict(pt.brandUnmergeKeptMerged(kept.name, (await brandOf(trx, kept.merged_into))?.name ?? ''));
      const brands = await trx.selectFrom('brand_merge_brand').selectAll().where('merge_id', '=', id).orderBy('brand_id').execute();
      const chosen = brands.filter((b) => b.chosen);
      const now = await trx.selectFrom('part_brand').select(['id', 'merged_into']).where('id', 'in', chosen.map((b) => b.brand_id)).forUpdate().execute();
      const astray = chosen.find((b) => now.find((n) => n.id === b.brand_id)?.merged_into !== rec.kept_id);
      if (astray) throw conflict(pt.brandUnmergeMoved(astray.name));

      await sql`update part_brand b set merged_into = null, merged_at = null, active = r.was_active
        from brand_merge_brand r where r.merge_id = ${id} and r.chosen and b.id = r.brand_id`.execute(trx);
      await sql`update part_brand b set merged_into = r.was_merged_into, merged_at = r.was_merged_at
        from brand_merge_brand r where r.merge_id = ${id} and not r.chosen and b.id = r.brand_id and b.merged_into = ${rec.kept_id}`.execute(trx);
      const stock = await sql`update stock s set part_brand_id = r.from_brand_id
        from brand_merge_stock r
        where r.merge_id = ${id} and s.id = r.stock_id and s.part_brand_id = ${rec.kept_id} and s.prod_write_date = r.written_at`.execute(trx);
      const companies = await sql`update company c set main_brand_ids = r.old_ids
        from brand_merge_company r where r.merge_id = ${id} and c.id = r.company_id and c.main_brand_ids = r.new_ids`.execute(trx);
      await sql`update search_term t set ref_id = r.from_ref_id
        from brand_merge_term r where r.merge_id = ${id} and t.id = r.term_id and t.ref_id = ${rec.kept_id}`.execute(trx);
      // a rename of the kept brand since the merge dropped the merged spellings' words (trigger of
      // migration 0014): each restored spelling finds its own stock again either way
      for (const b of chosen) {
        await sql`insert into search_term (kind, term, ref_id) values ('brand', ${b.name}, ${b.brand_id})
          on conflict (kind, term) do update set ref_id = excluded.ref_id`.execute(trx);
      }

      const stockRestored = Number(stock.numAffectedRows ?? 0);
      const companiesRestored = Number(companies.numAffectedRows ?? 0);
      const result = {
        stock_restored: stockRestored, stock_left: rec.stock_rows - stockRestored,
        companies_restored: companiesRestored, companies_left: rec.companies - companiesRestored,
      };
      const at = deps.clock.now();
      await trx.updateTable('brand_merge').set({ undone_at: at, undone_by: caller.username, ...result }).where('id', '=', id).execute();
      await audit.record(trx, caller, at, [
        ...chosen.map((b) => ({ entity: 'part_brand' as const, entity_id: b.brand_id, action: 'unmerge' as const, old: { merged_into: rec.kept_id, kept: kept.name, merge_id: id }, new: { merged_into: null, active: b.was_active } })),
        { entity: 'part_brand' as const, entity_id: kept.id, action: 'unmerge' as const, old: { merged: chosen.map((b) => b.name), merge_id: id }, new: result },
      ]);
      return { kept: kept.name, restored: chosen.map((b) => b.name), ...result };
    }),

  /** The merge records, newest first. */
  async list(db: Kysely<DB>, p: PayloadOut<'opBrandMergeList'>): Promise<{ data: OpBrandMergeRow[]; total: number }> {
    const conds: RawBuilder<unknown>[] = [sql`true`];
    if (p.k) {
      const like = `%${likeEscape(p.k)}%`;
      conds.push(sql`(k.name ilike ${like} or exists (select 1 from brand_merge_brand b where b.merge_id = m.id and b.name ilike ${like}))`);
    }
    if (p.state === 'merged') conds.push(sql`m.undone_at is null`);
    if (p.state === 'undone') conds.push(sql`m.undone_at is not null`);
    const where = sql.join(conds, sql` and `);
    const [rows, total] = await Promise.all([
      sql<{
        id: number; kept_id: number; kept: string; merged: string[]; merged_at: Date; username: string; stock_rows: number; companies: number;
        undone_at: Date | null; undone_by: string | null; stock_restored: number | null; stock_left: number | null; companies_restored: number | null; companies_left: number | null;
      }>`
        select m.id, m.kept_id, k.name as kept,
          coalesce((select array_agg(b.name order by b.brand_id) from brand_merge_brand b where b.merge_id = m.id and b.chosen), '{}') as merged,
          m.merged_at, m.username, m.stock_rows, m.companies, m.undone_at, m.undone_by, m.stock_restored, m.stock_left, m.companies_restored, m.companies_left
        from brand_merge m join part_brand k on k.id = m.kept_id
        where ${where} order by m.merged_at desc, m.id desc
        offset ${(p.page_number - 1) * p.page_size} limit ${p.page_size}`.execute(db),
      sql<{ n: number }>`select count(*)::int as n from brand_merge m join part_brand k on k.id = m.kept_id where ${where}`.execute(db),
    ]);
    return {
      data: rows.rows.map((r) => ({ ...r, merged_at: unix(r.merged_at), undone_at: r.undone_at ? unix(r.undone_at) : null, undone_by: r.undone_by ?? '' })),
      total: total.rows[0].n,
    };
  },
});

export type BrandCleanService = ReturnType<typeof createBrandCleanService>;
