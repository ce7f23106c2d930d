/**
 * The Vietnam mall's demo data (docs/overseas.md "The Vietnam mall"): the demo seller (company 2)
 * offers a few of its rows (two at a direct dong price, the rest at a markup over 批发价(含税)),
 * and two service charge bands, so vnbuyer finds something on /vnmall on a fresh start.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

export const seedVnMall = async (trx: Kysely<DB>, now: Date) => {
  const rows = (await sql<{ id: number; price1: number }>`select id, price1 from stock
    where company_id = 2 and state = 'on' and quantity >= 10 and price1 > 100 order by id limit 6`.execute(trx)).rows;
  if (rows.length === 0) return;
  const seller = await trx.selectFrom('app_user').select('id').where('username', '=', 'seller').executeTakeFirst();
  if (!seller) return;
  await trx.insertInto('vn_offer').values(rows.map((r, i) => ({
    stock_id: r.id, company_id: 2, user_id: seller.id, updated_at: now, vn_quantity: 10, floor_fen: 0,
    // a direct price a little above the 批发价(含税) at about today's rate, in whole thousands of dong
    ...(i < 2 ? { price_mode: 'direct' as const, vn_price: Math.ceil((r.price1 * 40) / 1000) * 1000, markup_bp: null } : { price_mode: 'markup' as const, vn_price: null, markup_bp: 1500 }),
  }))).execute();
  await trx.insertInto('service_charge_rule').values([
    { min_dong: 0, max_dong: 5_000_000, kind: 'fixed', value: 50_000, updated_at: now, username: 'operator' },
    { min_dong: 5_000_000, max_dong: null, kind: 'percent', value: 100, updated_at: now, username: 'operator' },
  ]).execute();
};
