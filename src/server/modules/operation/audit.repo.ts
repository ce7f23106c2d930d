/**
 * The operator audit log (table operator_audit, migration 0070): one row per operator write, in
 * the write's own transaction, so a write and its record commit or roll back together. The table
 * refuses UPDATE and DELETE itself; this file only appends and reads.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/context';
import { likeEscape, unix } from '../../db/helpers';
import type { AuditAction, AuditEntity } from '../../../shared/domain/operation';
import { chinaMidnight } from '../../../shared/domain/china-time';

export interface AuditEntry {
  entity: AuditEntity;
  entity_id: string | number;
  action: AuditAction;
  old?: unknown;
  new?: unknown;
  note?: string;
}

const json = (x: unknown) => (x === undefined ? null : JSON.stringify(x));

export const record = async (db: Kysely<DB>, caller: Caller, at: Date, entries: AuditEntry[]) => {
  if (entries.length === 0) return;
  await db.insertInto('operator_audit').values(entries.map((e) => ({
    at, user_id: caller.userId, username: caller.username, entity: e.entity, entity_id: String(e.entity_id), action: e.action,
    old_value: json(e.old), new_value: json(e.new), note: e.note ?? '',
  }))).execute();
};

export interface AuditFilter {
  operator: string; entity: string; entity_id: string; action: string;
  /** China days, inclusive; '' for open */
  date_from: string; date_to: string;
  offset: number; limit: number;
}

/** China midnight of a YYYY-MM-DD day. */

export const list = async (db: Kysely<DB>, f: AuditFilter) => {
  let q = db.selectFrom('operator_audit');
  if (f.operator) q = q.where('username', 'ilike', `%${likeEscape(f.operator)}%`);
  if (f.entity) q = q.where('entity', '=', f.entity);
  if (f.entity_id) q = q.where('entity_id', '=', f.entity_id);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.date_from) q = q.where('at', '>=', chinaMidnight(f.date_from));
  if (f.date_to) q = q.where('at', '<', new Date(chinaMidnight(f.date_to).getTime() + 86_400_000));
  const [rows, total] = await Promise.all([
    q.select(['id', 'at', 'user_id', 'username', 'entity', 'entity_id', 'action', 'old_value', 'new_value', 'note'])
      .orderBy('at', 'desc').orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => ({ ...r, id: Number(r.id), at: unix(r.at) })),
    total: total.n,
  };
};

/** The operator's changes of one entity, newest first (a company's level history). */
export const ofEntity = (db: Kysely<DB>, entity: AuditEntity, id: string | number, actions: AuditAction[]) =>
  db.selectFrom('operator_audit').select(['at', 'username', 'action', 'old_value', 'new_value', 'note'])
    .where('entity', '=', entity).where('entity_id', '=', String(id)).where('action', 'in', actions)
    .orderBy('at', 'desc').orderBy('id', 'desc').limit(200).execute();
