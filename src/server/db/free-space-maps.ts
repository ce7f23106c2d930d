/**
 * Free space maps for PGlite's indexes (docs/benchmarks.md#stock-import, "Free space maps for the
 * indexes"). Before a B-tree index grows by a page (a page split), PostgreSQL asks the index's free
 * space map for a recycled page. An index that never had a page deleted has no free space map fork
 * at all, and PostgreSQL then asks the file system whether the fork's file exists, at every page
 * split, since it caches only a fork's size, not its absence. On PGlite that question is a failed
 * `open` through Emscripten's path lookup: 8 % of a stock import's CPU time (35 index entries a
 * row, each index splitting a page every hundred or so).
 *
 * Here every such index gets a free space map fork of one empty page, exactly what PostgreSQL
 * writes itself when it first records a free page (it zero-extends the fork; a free space map is
 * not WAL-logged and an all-zero page reads as "no free space known"). With the fork present its
 * size is cached and the question is not asked again; a later VACUUM that frees index pages grows
 * the fork as usual. PGlite only: a PostgreSQL server's file system answers the question in
 * microseconds, and its files are not ours to write.
 */
import { sql, type Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import type { DB } from './schema';

/** The PGlite behind each database handle that client.ts opened on PGlite. */
const pglites = new WeakMap<Kysely<DB>, PGlite>();

export const registerPglite = (db: Kysely<DB>, pglite: PGlite) => pglites.set(db, pglite);

const EMPTY_PAGE = new Uint8Array(8192);

/**
 * Gives the B-tree indexes of `tables` (all of the public schema's when not given) that have no
 * free space map fork one of one empty page; the number given. Does nothing on PostgreSQL, or for
 * a handle client.ts did not open (a transaction's: pass the database's own handle).
 */
export const giveIndexesFreeSpaceMaps = async (db: Kysely<DB>, tables?: string[]): Promise<number> => {
  const pglite = pglites.get(db);
  if (!pglite) return 0;
  const { rows } = await sql<{ path: string | null }>`
    select pg_relation_filepath(c.oid) as path
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    where c.relkind = 'i' and c.relam = (select oid from pg_am where amname = 'btree') and c.relpersistence = 'p'
      and ${tables ? sql`t.oid = any(${tables}::regclass[])` : sql`t.relnamespace = 'public'::regnamespace`}
      and pg_relation_size(c.oid, 'fsm') = 0`.execute(db);
  // no statement runs between the answer and these writes (one thread; the pool grants the next
  // statement from a later macrotask), and a fork that appeared meanwhile is left as it is
  const { FS } = pglite.Module;
  let given = 0;
  for (const { path } of rows) {
    // a relation without storage of its own has no path (relkind 'i' above leaves none today)
    if (!path) continue;
    const file = `${PGlite.paths.PGDATA}/${path}_fsm`;
    if (FS.analyzePath(file).exists) continue;
    FS.writeFile(file, EMPTY_PAGE);
    given++;
  }
  return given;
};
