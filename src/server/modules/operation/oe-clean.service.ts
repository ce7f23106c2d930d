/**
 * OE cleaning for operators (product/clean/oe): merge a duplicate OE number into the
 * one kept, set supersession (old → new) and aliases, remove a relation.
 *
 * The OE search reads oe_relation one hop deep (a number and the numbers related to it), so every
 * write here keeps that table closed over a merge class: the kept number and everything merged
 * into it relate to each other as aliases, and each of them carries every outside relation of the
 * class. A search for any spelling then finds the stock under all of them, and so do the VIN parts
 * and anything else that reads relations. Writes of this page take one advisory lock: two
 * operators merging overlapping numbers at once would otherwise build a half-closed class.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode } from '../../../shared/contracts';
import { opCatalogueText as t } from '../../../shared/domain/operation';
import * as audit from './audit.repo';

type Kind = 'supersession' | 'alias';
interface Rel { oe_norm: string; related_norm: string; kind: Kind; newer: boolean | null }

const lock = (trx: Kysely<DB>) => sql`select pg_advisory_xact_lock(hashtext('qph_oe_clean'))`.execute(trx);

const known = async (db: Kysely<DB>, norm: string) =>
  (await sql<{ n: number }>`select (exists (select 1 from product where oe_norm = ${norm}) or exists (select 1 from stock where oe_norm = ${norm}))::int as n`.execute(db)).rows[0].n === 1;

/** The number a duplicate was merged into, or the number itself. */
const canonical = async (db: Kysely<DB>, norm: string) =>
  (await db.selectFrom('oe_merge').select('kept_norm').where('merged_norm', '=', norm).executeTakeFirst())?.kept_norm ?? norm;

/** The kept number and every number merged into it. */
const classOf = async (db: Kysely<DB>, norm: string) => {
  const kept = await canonical(db, norm);
  const merged = await db.selectFrom('oe_merge').select('merged_norm').where('kept_norm', '=', kept).execute();
  return [kept, ...merged.map((m) => m.merged_norm)];
};

const flip = (r: Pick<Rel, 'kind' | 'newer'>) => (r.kind === 'supersession' && r.newer !== null ? !r.newer : r.newer);

/** Rows for a relation between every member of one class and every member of another, both ways. */
const pairs = (as: string[], bs: string[], kind: Kind, newer: boolean | null): Rel[] =>
  as.flatMap((a) => bs.flatMap((b) => [
    { oe_norm: a, related_norm: b, kind, newer },
    { oe_norm: b, related_norm: a, kind, newer: flip({ kind, newer }) },
  ]));

const upsert = async (trx: Kysely<DB>, rows: Rel[], replace: boolean) => {
  for (let i = 0; i < rows.length; i += 1000) {
    await trx.insertInto('oe_relation').values(rows.slice(i, i + 1000))
      .onConflict((oc) => (replace
        ? oc.columns(['oe_norm', 'related_norm']).doUpdateSet((eb) => ({ kind: eb.ref('excluded.kind'), newer: eb.ref('excluded.newer') }))
        : oc.columns(['oe_norm', 'related_norm']).doNothing()))
      .execute();
  }
};

const stockCounts = async (db: Kysely<DB>, norms: string[]) => {
  if (norms.length === 0) return new Map<string, number>();
  const rows = await db.selectFrom('stock').select(['oe_norm', sql<number>`count(*)::int`.as('n')])
    .where('oe_norm', 'in', norms).where('state', '=', 'on').groupBy('oe_norm').execute();
  return new Map(rows.map((r) => [r.oe_norm, r.n]));
};

export const createOeCleanService = (deps: { clock: Clock }) => ({
  /** One number as the cleaning page shows it: catalogue entry, stock, merges, relations, history. */
  async view(db: Kysely<DB>, oe: string) {
    const [product, mergedInto, mergedFrom, relations, history] = await Promise.all([
      db.selectFrom('product').innerJoin('make', 'make.id', 'product.make_id')
        .select(['product.oe_number', 'product.name', 'make.name as make_name']).where('product.oe_norm', '=', oe).executeTakeFirst(),
      db.selectFrom('oe_merge').select(['kept_norm', 'merged_at', 'username']).where('merged_norm', '=', oe).executeTakeFirst(),
      db.selectFrom('oe_merge').select(['merged_norm', 'merged_at', 'username']).where('kept_norm', '=', oe).orderBy('merged_at').execute(),
      db.selectFrom('oe_relation').select(['related_norm', 'kind', 'newer']).where('oe_norm', '=', oe).orderBy('related_norm').limit(500).execute(),
      audit.ofEntity(db, 'oe', oe, ['merge', 'unmerge', 'relate', 'unrelate']),
    ]);
    const counts = await stockCounts(db, [oe, ...relations.map((r) => r.related_norm)]);
    const cls = new Set([mergedInto?.kept_norm ?? oe, ...mergedFrom.map((m) => m.merged_norm)]);
    if (mergedInto) for (const m of await db.selectFrom('oe_merge').select('merged_norm').where('kept_norm', '=', mergedInto.kept_norm).execute()) cls.add(m.merged_norm);
    const anyStock = (await db.selectFrom('stock').select('id').where('oe_norm', '=', oe).limit(1).executeTakeFirst()) !== undefined;
    return {
      oe_norm: oe,
      known: product !== undefined || anyStock,
      product: product ? { oe_number: product.oe_number, name: product.name, make_name: product.make_name } : null,
      stock_on: counts.get(oe) ?? 0,
      merged_into: mergedInto ? { oe_norm: mergedInto.kept_norm, at: unix(mergedInto.merged_at), username: mergedInto.username } : null,
      merged_from: mergedFrom.map((m) => ({ oe_norm: m.merged_norm, at: unix(m.merged_at), username: m.username })),
      relations: relations.map((r) => ({
        related_norm: r.related_norm, kind: r.kind, newer: r.newer, stock_on: counts.get(r.related_norm) ?? 0, merged: cls.has(r.related_norm),
      })),
      history: history.map((h) => ({ at: unix(h.at), username: h.username, action: h.action, old_value: h.old_value, new_value: h.new_value })),
    };
  },

  /**
   * Merges `merge` into `keep`: they become aliases of each other, each takes every relation of
   * the other, numbers merged into `merge` earlier now belong to `keep`, and the duplicate's
   * catalogue entry goes (its stock points at the kept entry; with no kept entry it is renamed).
   * Sellers' stock rows keep the number the seller wrote.
   */
  merge: (db: Kysely<DB>, caller: Caller, p: { keep: string; merge: string; keep_text: string }) =>
    inTransaction(db, async (trx) => {
      await lock(trx);
      if (p.keep === p.merge) throw invalid('merge', t.oeSame);
      const already = await trx.selectFrom('oe_merge').select('kept_norm').where('merged_norm', '=', p.merge).executeTakeFirst();
      if (already) throw conflict(t.oeAlreadyMerged(p.merge, already.kept_norm));
      const keptElsewhere = await trx.selectFrom('oe_merge').select('kept_norm').where('merged_norm', '=', p.keep).executeTakeFirst();
      if (keptElsewhere) throw invalid('keep', t.oeKeptMerged(p.keep, keptElsewhere.kept_norm));
      if (!(await known(trx, p.keep))) throw invalid('keep', t.oeUnknown(p.keep));
      if (!(await known(trx, p.merge))) throw invalid('merge', t.oeUnknown(p.merge));

      const members = [...new Set([...(await classOf(trx, p.keep)), ...(await classOf(trx, p.merge))])];
      const rels = await trx.selectFrom('oe_relation').select(['oe_norm', 'related_norm', 'kind', 'newer']).where('oe_norm', 'in', members).execute();
      // the kept number's relations win where both sides relate to the same outside number
      const outside = new Map<string, Rel>();
      for (const r of [...rels].sort((a, b) => Number(b.oe_norm === p.keep) - Number(a.oe_norm === p.keep))) {
        if (!members.includes(r.related_norm) && !outside.has(r.related_norm)) outside.set(r.related_norm, r);
      }
      await trx.deleteFrom('oe_relation').where('oe_norm', 'in', members).where('related_norm', 'in', members).execute();
      const aliasRows = members.flatMap((a) => members.filter((b) => b !== a).map((b) => ({ oe_norm: a, related_norm: b, kind: 'alias' as const, newer: null })));
      await upsert(trx, [...aliasRows, ...[...outside.values()].flatMap((r) => pairs(members, [r.related_norm], r.kind, r.newer))], false);

      const now = deps.clock.now();
      await trx.updateTable('oe_merge').set({ kept_norm: p.keep }).where('kept_norm', '=', p.merge).execute();
      await trx.insertInto('oe_merge').values({ merged_norm: p.merge, kept_norm: p.keep, merged_at: now, username: caller.username }).execute();

      const [kept, dup] = await Promise.all([
        trx.selectFrom('product').select(['id', 'oe_number', 'name']).where('oe_norm', '=', p.keep).executeTakeFirst(),
        trx.selectFrom('product').select(['id', 'oe_number', 'name']).where('oe_norm', '=', p.merge).executeTakeFirst(),
      ]);
      let catalogue = 'none';
      if (dup && kept) {
        await trx.updateTable('stock').set({ product_id: kept.id }).where('product_id', '=', dup.id).execute();
        await trx.deleteFrom('product').where('id', '=', dup.id).execute();
        catalogue = 'removed';
      } else if (dup) {
        await trx.updateTable('product').set({ oe_norm: p.keep, oe_number: p.keep_text }).where('id', '=', dup.id).execute();
        catalogue = 'renamed';
      }
      await audit.record(trx, caller, now, [
        { entity: 'oe', entity_id: p.merge, action: 'merge', old: { merged_into: null, catalogue: dup ? `${dup.oe_number} ${dup.name}` : null }, new: { merged_into: p.keep, catalogue } },
        { entity: 'oe', entity_id: p.keep, action: 'merge', new: { merged_from: p.merge, numbers: members.length, relations: outside.size } },
      ]);
      return { kept: p.keep, members, relations: outside.size };
    }),

  /**
   * Undoes the merge of `oe`: it leaves its class (the aliases between it and the class's numbers
   * go, so searching the kept number no longer finds its stock and the other way round). What the
   * merge cannot tell apart stays: relations to numbers outside the class (the operator may remove
   * them), numbers once merged into `oe` (they belong to the kept number since), and a catalogue
   * entry the merge removed.
   */
  unmerge: (db: Kysely<DB>, caller: Caller, oe: string) =>
    inTransaction(db, async (trx) => {
      await lock(trx);
      const row = await trx.selectFrom('oe_merge').select(['kept_norm', 'merged_at', 'username']).where('merged_norm', '=', oe).executeTakeFirst();
      if (!row) throw invalid('oe', t.oeNotMerged(oe));
      const others = (await classOf(trx, row.kept_norm)).filter((n) => n !== oe);
      await trx.deleteFrom('oe_merge').where('merged_norm', '=', oe).execute();
      const r = await trx.deleteFrom('oe_relation').where((eb) => eb.or([
        eb.and([eb('oe_norm', '=', oe), eb('related_norm', 'in', others)]),
        eb.and([eb('oe_norm', 'in', others), eb('related_norm', '=', oe)]),
      ])).executeTakeFirst();
      const now = deps.clock.now();
      await audit.record(trx, caller, now, [
        { entity: 'oe', entity_id: oe, action: 'unmerge', old: { merged_into: row.kept_norm, merged_by: row.username, merged_at: unix(row.merged_at) }, new: { merged_into: null } },
        { entity: 'oe', entity_id: row.kept_norm, action: 'unmerge', old: { merged_from: oe }, new: { numbers: others.length } },
      ]);
      return { kept: row.kept_norm, removed: Number(r.numDeletedRows) };
    }),

  /** Sets a supersession (`oe` was replaced by `related`) or an alias, across both merge classes. */
  relate: (db: Kysely<DB>, caller: Caller, p: { oe: string; related: string; kind: Kind }) =>
    inTransaction(db, async (trx) => {
      await lock(trx);
      if (p.oe === p.related) throw invalid('related', t.oeSame);
      if (!(await known(trx, p.oe))) throw invalid('oe', t.oeUnknown(p.oe));
      if (!(await known(trx, p.related))) throw invalid('related', t.oeUnknown(p.related));
      const [as, bs] = await Promise.all([classOf(trx, p.oe), classOf(trx, p.related)]);
      if (as[0] === bs[0]) throw conflict(t.relationMerged);
      const old = await trx.selectFrom('oe_relation').select(['kind', 'newer']).where('oe_norm', '=', p.oe).where('related_norm', '=', p.related).executeTakeFirst();
      const newer = p.kind === 'supersession' ? true : null;
      if (old && old.kind === p.kind && old.newer === newer) return { changed: 0 };
      const rows = pairs(as, bs, p.kind, newer);
      await upsert(trx, rows, true);
      await audit.record(trx, caller, deps.clock.now(), [{
        entity: 'oe', entity_id: p.oe, action: 'relate',
        old: old ? { related: p.related, kind: old.kind, newer: old.newer } : null, new: { related: p.related, kind: p.kind, newer },
      }]);
      return { changed: rows.length };
    }),

  unrelate: (db: Kysely<DB>, caller: Caller, p: { oe: string; related: string }) =>
    inTransaction(db, async (trx) => {
      await lock(trx);
      const old = await trx.selectFrom('oe_relation').select(['kind', 'newer']).where('oe_norm', '=', p.oe).where('related_norm', '=', p.related).executeTakeFirst();
      if (!old) throw new AppError(ResultCode.notFound, 404, t.relationNotFound);
      const [as, bs] = await Promise.all([classOf(trx, p.oe), classOf(trx, p.related)]);
      if (as[0] === bs[0]) throw conflict(t.relationMerged);
      const r = await trx.deleteFrom('oe_relation')
        .where((eb) => eb.or([
          eb.and([eb('oe_norm', 'in', as), eb('related_norm', 'in', bs)]),
          eb.and([eb('oe_norm', 'in', bs), eb('related_norm', 'in', as)]),
        ])).executeTakeFirst();
      await audit.record(trx, caller, deps.clock.now(), [{ entity: 'oe', entity_id: p.oe, action: 'unrelate', old: { related: p.related, kind: old.kind, newer: old.newer } }]);
      return { changed: Number(r.numDeletedRows) };
    }),
});

export type OeCleanService = ReturnType<typeof createOeCleanService>;
