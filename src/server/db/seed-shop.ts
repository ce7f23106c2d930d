/** Demo shop decoration of the seeded seller (company 2), so its shop page is not empty on first start. */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

const SELLER = 2;

export const seedShop = async (db: Kysely<DB>, now: Date) => {
  const featured = await db.selectFrom('stock').select('id').where('company_id', '=', SELLER).where('state', '=', 'on')
    .where('quantity', '>', 0).orderBy('id').limit(4).execute();
  await db.insertInto('company_shop').values({
    company_id: SELLER,
    banner_url: '/shop/banner.svg',
    intro: '广州骏达汽车配件有限公司成立于2009年，位于广园西路汽配城，主营大众、丰田、本田、日产等车系的原厂件与品牌件。\n常备库存两万余种，上午下单当天发货，支持全国物流与同城配送。',
    factory_desc: '自有仓库面积3200平方米，条码化库位管理，出库前逐件核对OE号与品质；分拣包装区与发货站台分区作业，日发货能力1500单。',
    featured_stock_ids: featured.map((f) => Number(f.id)),
    updated_at: now,
  }).execute();
  await db.insertInto('company_shop_media').values([
    { company_id: SELLER, kind: 'photo', sort: 0, url: '/shop/factory-1.svg', title: '仓储区' },
    { company_id: SELLER, kind: 'photo', sort: 1, url: '/shop/factory-2.svg', title: '分拣包装' },
    { company_id: SELLER, kind: 'photo', sort: 2, url: '/shop/factory-3.svg', title: '发货站台' },
  ]).execute();
};
