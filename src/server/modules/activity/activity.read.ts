/**
 * What other modules ask of activities without depending on the activity service (which itself
 * places orders through the orders module): the name and kind of the activity an order's
 * reduction comes from, a 满减 or a 组合套装's saving (docs/activities.md "满减", "组合套装").
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The activity's name and kind, both '' when there is none (id null) or it is gone. */
export const reductionActivity = async (db: Kysely<DB>, id: number | string | null | undefined): Promise<{ name: string; kind: string }> => {
  if (id === null || id === undefined) return { name: '', kind: '' };
  const a = await db.selectFrom('activity').select(['name', 'kind']).where('id', '=', Number(id)).executeTakeFirst();
  return a ? { name: a.name, kind: a.kind } : { name: '', kind: '' };
};
