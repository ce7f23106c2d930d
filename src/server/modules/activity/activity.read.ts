/**
 * What other modules ask of activities without depending on the activity service (which itself
 * places orders through the orders module): the name an order shows for its 满减
 * (docs/activities.md "满减").
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** An activity's name, '' when there is none (id null) or it is gone. */
export const activityName = async (db: Kysely<DB>, id: number | string | null | undefined) =>
  id === null || id === undefined ? '' : ((await db.selectFrom('activity').select('name').where('id', '=', Number(id)).executeTakeFirst())?.name ?? '');
