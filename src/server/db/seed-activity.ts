/**
 * Demo trade between the demo accounts, so each has something to do on first sign-in
 * (docs/guide/seller.md, "Sales orders"): the demo seller (company 2) names its main makes (its 报价专区
 * then holds the buyers' zone enquiries and 求购 of those makes), and finds a zone enquiry and a
 * wanted request waiting for its quote, an order to ship (已确认) and an after-sale to answer
 * (待卖家处理). The demo buyer (company 3) has an order on its way to confirm receipt of. The trial
 * member (company 5) asked the zone and waits for quotes.
 *
 * Written straight into the tables as the services would have left them (with each step's event),
 * at fixed offsets from the seed's clock and with fixed numbers: the same every time, in a few ms.
 * Needs the catalogue (makes and stock rows): a seed without stock (most test suites) gets none of it.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { unitPrice } from '../../shared/domain/cart';
import { ENQUIRY_OPEN_DAYS } from '../../shared/domain/enquiry';
import { formatChina } from '../../shared/domain/china-time';

const SELLER = 2;
const BUYER = 3;
const TRIAL = 5;
/** The makes the demo shop says it trades in (seed-shop.ts intro). */
export const DEMO_MAIN_MAKES = ['大众', '丰田', '本田', '日产'];

const hour = 3600_000;
const stamp = (at: Date) => formatChina(Math.floor(at.getTime() / 1000), 'YYYYMMDDHHmmss');
const day8 = (at: Date) => formatChina(Math.floor(at.getTime() / 1000), 'YYYYMMDD');

const userOf = async (db: Kysely<DB>, username: string) =>
  (await db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

export const seedActivity = async (db: Kysely<DB>, now: Date) => {
  const makes = await db.selectFrom('make').select(['id', 'name']).where('name', 'in', DEMO_MAIN_MAKES).execute();
  const makeIds = DEMO_MAIN_MAKES.map((n) => makes.find((m) => m.name === n)?.id).filter((id): id is number => id !== undefined);
  if (makeIds.length === 0) return;
  await db.updateTable('company').set({ main_make_ids: makeIds }).where('id', '=', SELLER).execute();

  // the seller's rows the demo orders are of: one under a seller's own brand text (自有品牌), one of a catalogue brand, one 原厂件
  const pick = (where: ReturnType<typeof sql>) => sql<{
    id: number; supplier_oe: string; name: string; brand_name: string; quality_name: string; uom_name: string;
    price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
  }>`select s.id, s.supplier_oe, s.name, coalesce(b.name, nullif(s.custom_brand_name, ''), '') as brand_name, q.name as quality_name, s.uom_name,
      s.price99, s.price0, s.price1, s.price2, s.price3, s.price5
    from stock s join part_quality q on q.id = s.quality_id left join part_brand b on b.id = s.part_brand_id
    where s.company_id = ${SELLER} and s.state = 'on' and s.quantity >= 5 and s.price0 > 0 and ${where}
    order by s.id limit 1`.execute(db).then((r) => r.rows[0]);
  const rows = [
    await pick(sql`s.part_brand_id is null and s.custom_brand_name <> '' and not q.is_original`),
    await pick(sql`s.part_brand_id is not null`),
    await pick(sql`q.is_original`),
  ].filter((r) => r !== undefined);
  if (rows.length === 0) return;

  const seller = await userOf(db, 'seller');
  const buyer = await userOf(db, 'buyer');
  const trial = await userOf(db, 'trial');
  const buyerCo = await db.selectFrom('company').select(['address', 'province', 'city']).where('id', '=', BUYER).executeTakeFirstOrThrow();
  const address = `${buyerCo.province}${buyerCo.city === buyerCo.province ? '' : buyerCo.city}${buyerCo.address}`;

  type Step = 'create' | 'confirm' | 'deliver' | 'receipt';
  const placeOrder = async (n: number, hoursAgo: number, lines: typeof rows, steps: Step[], status: 'confirmed' | 'shipped' | 'received') => {
    const created = new Date(now.getTime() - hoursAgo * hour);
    const at = (i: number) => new Date(created.getTime() + i * 2 * hour);
    const priced = lines.map((r, i) => {
      const price = unitPrice(r, 'paid', false)!;
      const qty = i + 1;
      return { r, qty, price };
    });
    const orderNo = `SO${stamp(created)}${String(n).padStart(6, '0')}`;
    const shipped = steps.includes('deliver') ? at(2) : null;
    const received = steps.includes('receipt') ? at(10) : null;
    const { id } = await db.insertInto('goods_order').values({
      order_no: orderNo, checkout_no: `CO${stamp(created)}${String(n).padStart(6, '0')}`, buyer_company_id: BUYER, buyer_user_id: buyer, seller_company_id: SELLER,
      status, line_count: priced.length, total_qty: priced.reduce((s, l) => s + l.qty, 0), total_fen: priced.reduce((s, l) => s + l.qty * l.price.fen, 0),
      contact_name: '王志强', contact_phone: '13800000004', address, remark: n === 1 ? '请用木架包装，下午到店卸货' : '', created_at: created,
      confirmed_at: at(1), shipped_at: shipped, received_at: received,
      logistics_company: shipped ? '德邦物流' : null, logistics_no: shipped ? `DPK${stamp(created).slice(2)}` : null,
    }).returning('id').executeTakeFirstOrThrow();
    const lineIds: string[] = [];
    for (const { r, qty, price } of priced) {
      const line = await db.insertInto('goods_order_line').values({
        order_id: id, stock_id: r.id, quote_id: null, type_code: '配件产品', supplier_oe: r.supplier_oe, name: r.name, brand_name: r.brand_name,
        quality_name: r.quality_name, uom_name: r.uom_name, qty, include_tax: false, price_column: price.column, unit_price_fen: price.fen, amount_fen: qty * price.fen,
      }).returning('id').executeTakeFirstOrThrow();
      lineIds.push(line.id);
      await db.updateTable('stock').set({ quantity: sql`quantity - ${qty}` }).where('id', '=', r.id).execute();
    }
    const flow: Array<[Step, string | null, string, number, string]> = [
      ['create', null, 'pending', buyer, ''], ['confirm', 'pending', 'confirmed', seller, ''],
      ['deliver', 'confirmed', 'shipped', seller, `德邦物流 DPK${stamp(created).slice(2)}`], ['receipt', 'shipped', 'received', buyer, ''],
    ];
    for (const [i, [action, from, to, actor, note]] of flow.entries()) {
      if (!steps.includes(action)) continue;
      await db.insertInto('goods_order_event').values({ order_id: id, action, actor_user_id: actor, from_status: from, to_status: to, note, created_at: i === 3 ? received! : at(i) }).execute();
    }
    return { id, orderNo, lineIds, priced, received };
  };

  // 待发货: ordered yesterday and confirmed, for the seller to ship (and print its 发货单)
  await placeOrder(1, 20, rows, ['create', 'confirm'], 'confirmed');
  // 已发货: on its way, for the buyer to confirm receipt
  await placeOrder(2, 50, rows.slice(0, 2), ['create', 'confirm', 'deliver'], 'shipped');
  // 已收货 four days ago, and the buyer asks a refund on one piece: the seller answers it
  const done = await placeOrder(3, 120, rows.slice(0, 1), ['create', 'confirm', 'deliver', 'receipt'], 'received');
  const asked = new Date(done.received!.getTime() + 20 * hour);
  const line = done.priced[0];
  const { id: asId } = await db.insertInto('after_sale').values({
    as_no: `AS${stamp(asked)}000001`, order_id: done.id, buyer_company_id: BUYER, buyer_user_id: buyer, seller_company_id: SELLER,
    type: 'refund', reason: '运输损坏', description: '外包装破损，其中一件有磕碰，申请退这一件的货款', img_infos: '[]',
    total_qty: 1, refund_fen: line.price.fen, created_at: asked, updated_at: asked,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('after_sale_line').values({ after_sale_id: asId, order_line_id: done.lineIds[0], qty: 1, unit_price_fen: line.price.fen, amount_fen: line.price.fen }).execute();
  await db.insertInto('after_sale_event').values({
    after_sale_id: asId, action: 'apply', actor_user_id: buyer, from_status: null, to_status: 'pending', note: '运输损坏：外包装破损，其中一件有磕碰，申请退这一件的货款', created_at: asked,
  }).execute();

  // the zone: an enquiry of the seller's first main make and a 求购 of its second, both from the trial member, waiting for quotes
  const oes = (await sql<{ oe_number: string; oe_norm: string; name: string }>`select p.oe_number, p.oe_norm, p.name from product p where p.make_id = ${makeIds[0]} order by p.id limit 2`.execute(db)).rows;
  const asked2 = new Date(now.getTime() - 3 * hour);
  const expires = new Date(asked2.getTime() + ENQUIRY_OPEN_DAYS * 86_400_000);
  if (oes.length > 0) {
    const { id: enquiryId } = (await sql<{ id: number }>`insert into enquiry (enquiry_no, buyer_company_id, buyer_user_id, state, make_id, vin, note, created_at, sent_at, expires_at, zone, img_infos)
      values (${`XJ${day8(asked2)}00000001`}, ${TRIAL}, ${trial}, 'open', ${makeIds[0]}, '', '急用，请报含税价和货期', ${asked2}, ${asked2}, ${expires}, true, '[]'::jsonb)
      returning id`.execute(db)).rows[0];
    for (const [i, p] of oes.entries()) {
      await sql`insert into enquiry_line (enquiry_id, line_no, oe, oe_norm, name, qty, quality)
        values (${enquiryId}, ${i + 1}, ${p.oe_number}, ${p.oe_norm}, ${p.name}, ${i + 2}, '不限')`.execute(db);
    }
  }
  const wantedMake = makeIds[1] ?? makeIds[0];
  const wantedAt = new Date(now.getTime() - 5 * hour);
  const content = '求购前保险杠总成一套，含支架和雾灯框，原厂或品牌件均可';
  const { id: wantedId } = await db.insertInto('wanted_request').values({
    company: TRIAL, user: trial, content, make_id: wantedMake, vin: '', img_infos: '[]', created: wantedAt,
  }).returning('id').executeTakeFirstOrThrow();
  const { id: wantedEnquiry } = (await sql<{ id: number }>`insert into enquiry (enquiry_no, buyer_company_id, buyer_user_id, state, make_id, vin, note, created_at, sent_at, expires_at, zone, wanted_id, img_infos)
    values (${`QG${day8(wantedAt)}00000001`}, ${TRIAL}, ${trial}, 'open', ${wantedMake}, '', '', ${wantedAt}, ${wantedAt},
      ${new Date(wantedAt.getTime() + ENQUIRY_OPEN_DAYS * 86_400_000)}, true, ${wantedId}, '[]'::jsonb) returning id`.execute(db)).rows[0];
  await sql`insert into enquiry_line (enquiry_id, line_no, oe, oe_norm, name, qty, quality) values (${wantedEnquiry}, 1, '', '', ${content}, 1, '不限')`.execute(db);
};
