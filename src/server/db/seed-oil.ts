/**
 * The oil and fluid catalogue (docs/search.md, "Oils and fluids"): engine oils, diesel oils, ATF,
 * gear oil, brake fluid and coolant of 美孚, 壳牌, 嘉实多, 长城 and 昆仑, as sold in China, each with
 * its grade, specifications and pack; stock rows of the demo sellers for them (so the oil page
 * finds real offers); and a few past purchases of them (the demo buyer's and the demo seller's
 * 采购记录 and 曾采购 then hold something, one of them of a row no longer on sale).
 *
 * Runs once: on a database that has the catalogue already it changes nothing. A database seeded
 * before it existed gets it on its next start (seed.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { formatChina } from '../../shared/domain/china-time';
import { normOe } from './seed-catalogue';

type Kind = DB['oil_product']['kind'];
/** brand, series, kind, grade, specifications, pack in ml, code, list price in yuan */
type OilSeed = [brand: string, series: string, kind: Kind, viscosity: string, specs: string[], ml: number, code: string, yuan: number];

export const OILS: OilSeed[] = [
  ['美孚', '美孚1号 全合成', '机油', '0W-40', ['API SP', 'ACEA A3/B4'], 4000, 'MB1-0W40-SP4L', 458],
  ['美孚', '美孚1号 全合成', '机油', '5W-30', ['API SP', 'ILSAC GF-6A'], 4000, 'MB1-5W30-SP4L', 398],
  ['美孚', '美孚1号 ESP', '机油', '5W-30', ['ACEA C3', 'API SN'], 4000, 'MB1E-5W30-C34L', 428],
  ['美孚', '美孚速霸2000', '机油', '5W-30', ['API SP'], 4000, 'MBS2-5W30-SP4L', 238],
  ['美孚', '美孚速霸1000', '机油', '10W-40', ['API SN'], 4000, 'MBS1-10W40-SN4L', 158],
  ['美孚', '美孚1号 全合成', '机油', '5W-30', ['API SP', 'ILSAC GF-6A'], 1000, 'MB1-5W30-SP1L', 118],
  ['美孚', '美孚 ATF 320', '变速箱油', '', ['DEXRON III'], 1000, 'MBATF320-1L', 72],
  ['壳牌', '超凡喜力 全合成', '机油', '0W-20', ['API SP', 'ILSAC GF-6A'], 4000, 'SHU-0W20-SP4L', 368],
  ['壳牌', '超凡喜力 全合成', '机油', '5W-40', ['API SP', 'ACEA A3/B4'], 4000, 'SHU-5W40-SP4L', 398],
  ['壳牌', '超凡喜力 ECT C3', '机油', '5W-30', ['ACEA C3', 'API SN'], 4000, 'SHUE-5W30-C34L', 418],
  ['壳牌', '喜力 HX7 半合成', '机油', '5W-30', ['API SP'], 4000, 'SHX7-5W30-SP4L', 198],
  ['壳牌', '喜力 HX7 半合成', '机油', '5W-30', ['API SP'], 1000, 'SHX7-5W30-SP1L', 58],
  ['壳牌', '施倍力 S3', '齿轮油', '75W-90', ['API GL-5'], 1000, 'SSPX3-75W90-1L', 66],
  ['嘉实多', '极护 EDGE 全合成', '机油', '0W-20', ['API SP', 'ILSAC GF-6A'], 4000, 'CEDGE-0W20-SP4L', 388],
  ['嘉实多', '极护 EDGE 全合成', '机油', '5W-30', ['ACEA C3', 'API SN'], 4000, 'CEDGE-5W30-C34L', 408],
  ['嘉实多', '磁护 全合成', '机油', '5W-30', ['API SP'], 4000, 'CMAG-5W30-SP4L', 268],
  ['嘉实多', '磁护 全合成', '机油', '5W-40', ['API SP', 'ACEA A3/B4'], 4000, 'CMAG-5W40-SP4L', 278],
  ['嘉实多', '磁护 全合成', '机油', '5W-40', ['API SP', 'ACEA A3/B4'], 1000, 'CMAG-5W40-SP1L', 76],
  ['嘉实多', '嘉实多 ATF Dex VI', '变速箱油', '', ['DEXRON VI'], 1000, 'CATF-DEX6-1L', 88],
  ['长城', '金吉星 J500 全合成', '机油', '5W-30', ['API SN'], 4000, 'GWJ500-5W30-SN4L', 148],
  ['长城', '金吉星 J700 全合成', '机油', '0W-20', ['API SP', 'ILSAC GF-6A'], 4000, 'GWJ700-0W20-SP4L', 228],
  ['长城', '尊龙 T400 柴机油', '柴机油', '15W-40', ['API CI-4'], 4000, 'GWT400-15W40-CI4L', 138],
  ['长城', '长城 刹车油', '刹车油', '', ['DOT 4'], 1000, 'GWBF-DOT4-1L', 42],
  ['昆仑', '天润 KR9 全合成', '机油', '0W-20', ['API SP'], 4000, 'KLKR9-0W20-SP4L', 248],
  ['昆仑', '天润 KR7 合成', '机油', '5W-30', ['API SN'], 4000, 'KLKR7-5W30-SN4L', 168],
  ['昆仑', '润强 柴机油', '柴机油', '15W-40', ['API CI-4'], 18000, 'KLRQ-15W40-CI18L', 498],
  ['昆仑', '昆仑 长效防冻液', '防冻液', '', ['-35℃', 'GB 29743'], 4000, 'KLAF-35-4L', 68],
];

/** 4L, 1L, 18L, 500ml */
export const volumeLabel = (ml: number) => (ml % 1000 === 0 ? `${ml / 1000}L` : `${ml}ml`);

/** 美孚1号 全合成机油 0W-40: the series, the kind unless the series says it, the grade */
const partName = (series: string, kind: string, viscosity: string) => `${series}${series.includes(kind) ? '' : kind}${viscosity ? ` ${viscosity}` : ''}`;

/** 美孚 美孚1号 全合成机油 0W-40 4L: the brand unless the series starts with it, then the part's name and the pack */
export const oilName = (o: { brand: string; series: string; kind: string; viscosity: string; volume_ml: number }) =>
  `${o.series.startsWith(o.brand) ? '' : `${o.brand} `}${partName(o.series, o.kind, o.viscosity)} ${volumeLabel(o.volume_ml)}`;

const hour = 3600_000;
const day = 24 * hour;
const stamp = (at: Date) => formatChina(Math.floor(at.getTime() / 1000), 'YYYYMMDDHHmmss');

/**
 * The demo sellers' stock of the oils and the purchases of them come with a demo-sized catalogue
 * only (npm start's 20,000 rows): on top of the rows asked for, and beside the small catalogues of
 * the test suites, whose counts and sums they would change.
 */
export const OIL_TRADE_MIN_ROWS = 10_000;

/** The catalogue (once), and with `trade` the stock and purchases of it (once). */
export const seedOil = async (db: Kysely<DB>, now: Date, opts: { trade: boolean }) => {
  await seedOilCatalogue(db, now);
  if (opts.trade) await seedOilTrade(db, now);
};

/** Whether the database holds a demo-sized catalogue (a database seeded before the oils existed). */
export const demoSized = async (db: Kysely<DB>) =>
  (await sql<{ n: number }>`select count(*)::int as n from (select 1 from stock limit ${OIL_TRADE_MIN_ROWS}) s`.execute(db)).rows[0].n >= OIL_TRADE_MIN_ROWS;

export const seedOilCatalogue = async (db: Kysely<DB>, now: Date) => {
  if (await db.selectFrom('oil_product').select('id').limit(1).executeTakeFirst()) return;
  const rows = OILS.map(([brand, series, kind, viscosity, specs, volume_ml, code]) => ({
    oe_number: code, oe_norm: normOe(code), brand, series, kind, viscosity, specs, volume_ml,
    name: oilName({ brand, series, kind, viscosity, volume_ml }),
    // the catalogue grew over the last months: the oils first, the fluids later
    created_at: new Date(now.getTime() - (60 - OILS.findIndex((o) => o[6] === code)) * day),
  }));
  await db.insertInto('oil_product').values(rows).execute();
};

/** The demo sellers' stock of the oils and a few purchases of them; nothing when there is stock of them already. */
export const seedOilTrade = async (db: Kysely<DB>, now: Date) => {
  if (await db.selectFrom('stock').select('id').where('oe_norm', '=', normOe(OILS[0][6])).limit(1).executeTakeFirst()) return;
  // stock: the demo seller and the first generated sellers; none in a database without sellers and qualities
  const quality = await db.selectFrom('part_quality').select('id').where('name', '=', '品牌件').executeTakeFirst();
  const sellers = (await db.selectFrom('company').select('id').where('is_seller', '=', true).orderBy('id').limit(5).execute()).map((s) => s.id);
  if (!quality || sellers.length === 0) return;
  await db.insertInto('part_brand').values([...new Set(OILS.map((o) => o[0]))].map((name) => ({ name }))).onConflict((oc) => oc.column('name').doNothing()).execute();
  const brandId = new Map((await db.selectFrom('part_brand').select(['id', 'name']).where('name', 'in', OILS.map((o) => o[0])).execute()).map((b) => [b.name, b.id]));
  const stock = OILS.flatMap(([brand, series, kind, viscosity, specs, ml, code, yuan], i) => {
    // each product at two to four sellers, the demo seller (company 2) at most of them
    const at = sellers.filter((_, j) => (j === 0 ? i % 5 !== 4 : (i + j) % 3 !== 0));
    return at.map((company_id, j) => {
      const f = 0.94 + ((i * 7 + j * 13) % 12) / 100;
      const list = Math.round(yuan * 100 * f);
      const price0 = Math.round(list * 0.72);
      const price2 = Math.round(list * 0.9);
      return {
        company_id, oe_norm: normOe(code), supplier_oe: code, supplier_code: `OIL${String(i + 1).padStart(3, '0')}`, name: partName(series, kind, viscosity),
        part_brand_id: brandId.get(brand) ?? null, quality_id: quality.id, supplier_vehicle: '通用',
        product_specification: [viscosity, ...specs, volumeLabel(ml)].filter(Boolean).join(' '),
        producing_area: brand === '长城' || brand === '昆仑' ? '中国' : '中国（合资灌装）', uom_name: ml >= 4000 ? '桶' : '瓶',
        quantity: (i * 11 + j * 17) % 9 === 0 ? 0 : 6 + ((i * 31 + j * 7) % 90),
        price99: list, price0, price1: Math.round(price0 * 1.13), price2, price3: Math.round(price2 * 1.13), price5: null,
        default_code: `K${company_id}-OIL${String(i + 1).padStart(3, '0')}`, category_name: '油品', volume_cm3: ml,
        weight_g: Math.round(ml * 0.87) + 150, length_mm: null, height_mm: null, packing_count: ml >= 4000 ? 4 : 12, usage_per_car: null,
      };
    });
  });
  await db.insertInto('stock').values(stock).execute();

  // past purchases of oils: the demo buyer's from the demo seller and from another seller (whose row
  // is no longer on sale), and the demo seller's own from another seller
  const users = new Map((await db.selectFrom('app_user').select(['id', 'username', 'company_id']).where('username', 'in', ['buyer', 'seller']).execute()).map((u) => [u.username, u]));
  const other = sellers.find((id) => id !== 2);
  if (!users.get('buyer') || !users.get('seller') || other === undefined) return;
  const rowOf = async (company: number, code: string) =>
    db.selectFrom('stock as s').leftJoin('part_brand as b', 'b.id', 's.part_brand_id')
      .select(['s.id', 's.supplier_oe', 's.name', 's.uom_name', 's.price0', sql<string>`coalesce(b.name, '')`.as('brand_name')])
      .where('s.company_id', '=', company).where('s.oe_norm', '=', normOe(code)).executeTakeFirst();
  const place = async (n: number, daysAgo: number, buyer: { id: number; company_id: number }, sellerId: number, lines: Array<[code: string, qty: number]>) => {
    const found = (await Promise.all(lines.map(async ([code, qty]) => ({ row: await rowOf(sellerId, code), qty }))))
      .filter((l): l is { row: NonNullable<typeof l.row>; qty: number } => l.row !== undefined && (l.row.price0 ?? 0) > 0);
    if (found.length === 0) return [];
    const created = new Date(now.getTime() - daysAgo * day);
    const at = (h: number) => new Date(created.getTime() + h * hour);
    const total = found.reduce((s, l) => s + l.qty * l.row.price0!, 0);
    const { id } = await db.insertInto('goods_order').values({
      order_no: `SO${stamp(created)}${String(900 + n).padStart(6, '0')}`, checkout_no: `CO${stamp(created)}${String(900 + n).padStart(6, '0')}`,
      buyer_company_id: buyer.company_id, buyer_user_id: buyer.id, seller_company_id: sellerId, status: 'received',
      line_count: found.length, total_qty: found.reduce((s, l) => s + l.qty, 0), total_fen: total,
      contact_name: '收货人', contact_phone: '13800000000', address: '演示收货地址', created_at: created,
      confirmed_at: at(1), shipped_at: at(3), received_at: at(30), logistics_company: '顺丰速运', logistics_no: `SF${stamp(created).slice(2)}`,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('goods_order_line').values(found.map(({ row, qty }) => ({
      order_id: id, stock_id: row.id, quote_id: null, type_code: '配件产品', supplier_oe: row.supplier_oe, name: row.name, brand_name: row.brand_name,
      quality_name: '品牌件', uom_name: row.uom_name, qty, include_tax: false, price_column: 'price0', unit_price_fen: row.price0!, amount_fen: qty * row.price0!,
    }))).execute();
    const sellerUser = (await db.selectFrom('app_user').select('id').where('company_id', '=', sellerId).orderBy('id').executeTakeFirst())?.id ?? buyer.id;
    const steps: Array<[string, string | null, string, number, number]> = [
      ['create', null, 'pending', buyer.id, 0], ['confirm', 'pending', 'confirmed', sellerUser, 1], ['deliver', 'confirmed', 'shipped', sellerUser, 3], ['receipt', 'shipped', 'received', buyer.id, 30],
    ];
    await db.insertInto('goods_order_event').values(steps.map(([action, from_status, to_status, actor_user_id, h]) => ({ order_id: id, action, actor_user_id, from_status, to_status, note: '', created_at: at(h) }))).execute();
    return found.map((l) => l.row.id);
  };
  const buyer = users.get('buyer')!;
  const seller = users.get('seller')!;
  await place(1, 40, buyer, 2, [['MB1-5W30-SP4L', 6], ['CMAG-5W30-SP4L', 4], ['GWBF-DOT4-1L', 10]]);
  const gone = await place(2, 25, buyer, other, [['SHX7-5W30-SP4L', 8], ['KLKR7-5W30-SN4L', 5]]);
  await place(3, 12, seller, other, [['SHU-0W20-SP4L', 12], ['CEDGE-0W20-SP4L', 6]]);
  // the seller took one of them off sale since: 再次购买 says it is no longer sold
  if (gone.length > 1) await db.updateTable('stock').set({ state: 'off' }).where('id', '=', gone[1]).execute();
};
