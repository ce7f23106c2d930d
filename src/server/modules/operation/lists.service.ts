/**
 * The operator's reference lists: 数据字典, 商圈 and 企业标签, one table with a kind.
 * Each write checks the kind's shape (a dictionary entry needs its type and code, a trade area its
 * province, a label neither), refuses a name or code already used in the same group, and appends
 * to the audit log in its transaction. Entries are disabled, never deleted.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction, likeEscape, unix } from '../../db/helpers';
import { ResultCode, type ListEntry } from '../../../shared/contracts';
import { listText, PLATFORM_LISTS, type PlatformListKind } from '../../../shared/domain/platform-lists';
import * as audit from './audit.repo';
import { lockAllOrRefuse } from './bulk';

type Row = { id: number; kind: PlatformListKind; group_name: string; code: string; name: string; sort: number; active: boolean; updated_at: Date };
const columns = ['id', 'kind', 'group_name', 'code', 'name', 'sort', 'active', 'updated_at'] as const;
const shape = (r: Row): ListEntry => ({ ...r, updated_at: unix(r.updated_at) });
const notFound = (id?: number) => new AppError(ResultCode.notFound, 404, `${listText.entryNotFound}${id ? `（ID ${id}）` : ''}`);

export interface ListEntryEdit { id: number; kind: PlatformListKind; group_name: string; code: string; name: string; sort: number }

export const createListsService = (deps: { clock: Clock }) => ({
  async list(db: Kysely<DB>, p: { kind: PlatformListKind; k: string; group_name: string; active: '' | 'true' | 'false'; page_number: number; page_size: number }) {
    let q = db.selectFrom('platform_list_entry').where('kind', '=', p.kind);
    if (p.k) q = q.where((eb) => eb.or([eb('name', 'ilike', `%${likeEscape(p.k)}%`), eb('code', 'ilike', `%${likeEscape(p.k)}%`)]));
    if (p.group_name) q = q.where('group_name', '=', p.group_name);
    if (p.active) q = q.where('active', '=', p.active === 'true');
    const [rows, total, groups] = await Promise.all([
      q.select(columns).orderBy('group_name').orderBy('sort').orderBy('name').orderBy('id')
        .offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute(),
      q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      db.selectFrom('platform_list_entry').select('group_name').distinct().where('kind', '=', p.kind).where('group_name', '<>', '').orderBy('group_name').execute(),
    ]);
    return { data: rows.map(shape), total: total.n, groups: groups.map((g) => g.group_name) };
  },

  save: (db: Kysely<DB>, caller: Caller, p: ListEntryEdit) =>
    inTransaction(db, async (trx) => {
      const w = PLATFORM_LISTS[p.kind];
      if (w.group && !p.group_name) throw invalid('group_name', listText.groupRequired(w));
      if (!w.group && p.group_name) throw invalid('group_name', listText.noGroup(w));
      if (w.code && !p.code) throw invalid('code', listText.codeRequired(w));
      if (!w.code && p.code) throw invalid('code', listText.noCode(w));
      // one writer per list at a time, so two new entries with one name cannot both pass the check
      await sql`select pg_advisory_xact_lock(hashtext(${`platform-list:${p.kind}`}))`.execute(trx);
      const old = p.id ? await trx.selectFrom('platform_list_entry').select(columns).where('id', '=', p.id).where('kind', '=', p.kind).forUpdate().executeTakeFirst() : undefined;
      if (p.id && !old) throw notFound(p.id);
      const others = trx.selectFrom('platform_list_entry').select('id').where('kind', '=', p.kind).where('group_name', '=', p.group_name).where('id', '<>', p.id);
      if (await others.where('name', '=', p.name).executeTakeFirst()) throw invalid('name', listText.nameTaken(w));
      if (p.code && await others.where('code', '=', p.code).executeTakeFirst()) throw invalid('code', listText.codeTaken(w));
      const now = deps.clock.now();
      const next = { group_name: p.group_name, code: p.code, name: p.name, sort: p.sort };
      if (!old) {
        const row = await trx.insertInto('platform_list_entry').values({ kind: p.kind, ...next, created_at: now, updated_at: now }).returning(columns).executeTakeFirstOrThrow();
        await audit.record(trx, caller, now, [{ entity: p.kind, entity_id: row.id, action: 'create', new: next, note: p.name }]);
        return shape(row);
      }
      const before = { group_name: old.group_name, code: old.code, name: old.name, sort: old.sort };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== before[k]);
      if (changed.length === 0) return shape(old);
      const row = await trx.updateTable('platform_list_entry').set({ ...next, updated_at: now }).where('id', '=', old.id).returning(columns).executeTakeFirstOrThrow();
      await audit.record(trx, caller, now, [{
        entity: p.kind, entity_id: old.id, action: 'update', note: p.name,
        old: Object.fromEntries(changed.map((k) => [k, before[k]])), new: Object.fromEntries(changed.map((k) => [k, next[k]])),
      }]);
      return shape(row);
    }),

  setActive: (db: Kysely<DB>, caller: Caller, p: { kind: PlatformListKind; ids: number[]; active: boolean }) =>
    inTransaction(db, async (trx) => {
      const rows = await lockAllOrRefuse((ids) => trx.selectFrom('platform_list_entry').select(['id', 'name', 'active']).where('kind', '=', p.kind)
        .where('id', 'in', ids).orderBy('id').forUpdate().execute(), p.ids, notFound);
      const todo = rows.filter((r) => r.active !== p.active);
      if (todo.length === 0) return { changed: 0 };
      const now = deps.clock.now();
      await trx.updateTable('platform_list_entry').set({ active: p.active, updated_at: now }).where('id', 'in', todo.map((r) => r.id)).execute();
      await audit.record(trx, caller, now, todo.map((r) => ({
        entity: p.kind, entity_id: r.id, action: p.active ? 'enable' as const : 'disable' as const, old: { active: r.active }, new: { active: p.active }, note: r.name,
      })));
      return { changed: todo.length };
    }),
});

export type ListsService = ReturnType<typeof createListsService>;
