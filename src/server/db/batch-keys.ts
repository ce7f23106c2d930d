/**
 * Foreign keys checked a batch at a time for bulk inserts (docs/benchmarks.md#stock-import,
 * "Foreign keys checked per batch"). A foreign key costs its table one query per inserted row and
 * key (PostgreSQL's row trigger RI_FKey_check): for the stock import, four or five a row, a fifth
 * of the insert's CPU on PGlite. Here a batch's keys are looked up in one query, each referenced
 * row locked FOR KEY SHARE as the constraint's own check locks it (it cannot be deleted or its key
 * changed until the transaction ends), and the insert itself runs with
 * session_replication_role = replica, which does not queue the per-row checks. The constraints
 * stay: every other writer is checked row by row, a missing key sends the batch down the plain
 * insert (refused there with 23503 as before), and the parent tables' own triggers still refuse
 * deleting a row the batch named.
 *
 * Replica mode also skips the table's triggers left at ENABLE (origin only) and every foreign key
 * check of the statements those triggers run, so a table takes this path only when every
 * non-internal trigger of it fires ALWAYS and the tables those triggers write (`writes`) have no
 * trigger at all (so no foreign key either). Setting the role needs a superuser: PGlite's one
 * session is one, a PostgreSQL login may not be, and then every row is checked as usual.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** One foreign key of one column: the inserted column and the key it names. */
export interface BatchKey { column: string; table: string; ref: string }

/** The table's foreign keys when this session may check them per batch, or null (checked per row). */
export const batchCheckedKeys = async (db: Kysely<DB>, table: string, writes: string[] = []): Promise<BatchKey[] | null> => {
  const state = (await sql<{ superuser: boolean; origin_triggers: number; written_triggers: number; wide_keys: number }>`
    select current_setting('is_superuser') = 'on' as superuser,
      (select count(*)::int from pg_trigger where tgrelid = ${table}::regclass and not tgisinternal and tgenabled <> 'A') as origin_triggers,
      (select count(*)::int from pg_trigger where tgrelid = any(${writes}::regclass[])) as written_triggers,
      (select count(*)::int from pg_constraint where conrelid = ${table}::regclass and contype = 'f' and cardinality(conkey) <> 1) as wide_keys`.execute(db)).rows[0];
  if (!state.superuser || state.origin_triggers > 0 || state.written_triggers > 0 || state.wide_keys > 0) return null;
  return (await sql<BatchKey>`
    select a.attname::text as column, c.confrelid::regclass::text as table, r.attname::text as ref
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute r on r.attrelid = c.confrelid and r.attnum = c.confkey[1]
    where c.conrelid = ${table}::regclass and c.contype = 'f' order by c.conname`.execute(db)).rows;
};

/**
 * How a bulk writer's insert statements were checked, counted by path: per batch (one lookup for
 * the statement's keys) or per row (the constraints' own checks). The stock import reports it when
 * it ends, so its log, and its tests, tell a fallback to per-row checks from the batch path.
 */
export interface KeyCheckTally { perBatch: number; perRow: number }

export const newKeyCheckTally = (): KeyCheckTally => ({ perBatch: 0, perRow: 0 });

/** Whether every key the rows name exists, each referenced row locked FOR KEY SHARE: one query for the batch. */
const keysPresent = async (db: Kysely<DB>, keys: BatchKey[], rows: Array<Record<string, unknown>>) => {
  const checks = keys.flatMap((k) => {
    const ids = [...new Set(rows.map((r) => r[k.column]).filter((v) => v !== null && v !== undefined).map(String))];
    return ids.length === 0 ? [] : [{ ids, query: sql`select count(*)::int as found from (select 1 from ${sql.table(k.table)} where ${sql.ref(k.ref)} = any(${ids}::bigint[]) for key share) x` }];
  });
  if (checks.length === 0) return true;
  const found = (await sql<{ found: number }>`${sql.join(checks.map((c) => sql`(${c.query})`), sql` union all `)}`.execute(db)).rows;
  return checks.every((c, i) => found[i]?.found === c.ids.length);
};

/**
 * Runs `insert` (one statement writing `rows`, in the caller's transaction) with its per-row
 * foreign key checks skipped when `keys` is given and every key the rows name is present and now
 * locked; otherwise runs it plainly. The replica role lasts for the statement only. `tally`, when
 * given, counts the statement under the path it took (a statement of no rows is not counted).
 */
export const insertKeysCheckedPerBatch = async <T>(
  db: Kysely<DB>, keys: BatchKey[] | null, rows: Array<Record<string, unknown>>, insert: () => Promise<T>, tally?: KeyCheckTally,
): Promise<T> => {
  const plain = () => {
    if (tally && rows.length > 0) tally.perRow++;
    return insert();
  };
  if (keys === null || rows.length === 0) return plain();
  if (!db.isTransaction) throw new Error('keys checked per batch need a transaction: they stay locked until it ends');
  if (!(await keysPresent(db, keys, rows))) return plain();
  await sql`select set_config('session_replication_role', 'replica', true)`.execute(db);
  const out = await insert();
  await sql`select set_config('session_replication_role', 'origin', true)`.execute(db);
  if (tally) tally.perBatch++;
  return out;
};
