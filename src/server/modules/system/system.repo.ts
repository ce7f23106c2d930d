import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const paramsByKeys = (db: Kysely<DB>, keys: string[]) =>
  db.selectFrom('system_param').select(['key', 'value']).where('key', 'in', keys).execute();

export const liveAdsByCodes = (db: Kysely<DB>, codes: string[], now: Date) =>
  db.selectFrom('ad').selectAll()
    .where('code', 'in', codes).where('start_at', '<=', now).where('end_at', '>', now)
    .orderBy('code').orderBy('sort').orderBy('id').execute();
