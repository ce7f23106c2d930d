/**
 * The Vietnam mall's tables (migration 0620): offers, rules, removals, service charge bands, the
 * Vietnamese buyer's cart and what each mall order froze. One select (`mallRows`) reads stock rows
 * with the terms that offer them: the row's own offer, else the newest of its seller's rules that
 * matches it (brand, make, category), and any removal by the platform.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import type { DeliveryTerm, ServiceChargeKind } from '../../../shared/domain/vn-mall';

export interface MallRow {
  id: number; company_id: number; company_name: string; supplier_oe: string; name: string; brand_name: string; make_name: string;
  category_name: string; uom_name: string; quantity: number; price1: number | null; state: string;
  price_mode: 'direct' | 'markup' | null; vn_price: string | null; o_markup: number | null; o_floor: string | null; o_qty: number | null;
  rule_id: number | null; r_markup: number | null; r_floor: string | null; quantity_cap: number | null;
  removed_reason: string | null; removed_at: Date | null; removed_by: string | null;
  /** out of the mall with its whole part (vn_part_removal), not (only) by itself */
  part_removed: boolean;
}

const RULE_MATCH = sql`r.company_id = s.company_id
  and (r.part_brand_id is null or r.part_brand_id = s.part_brand_id)
  and (r.make_id is null or r.make_id = s.make_id)
  and (r.category_name = '' or r.category_name = s.category_name)`;

/** A stock row's part brand as the mall shows it and a part is keyed by (docs/overseas.md "Parts (海外商品)"). */
export const BRAND = sql`coalesce(pb.name, nullif(s.custom_brand_name, ''), '')`;

const FROM = sql`from stock s
  join company c on c.id = s.company_id
  left join part_brand pb on pb.id = s.part_brand_id
  left join make m on m.id = s.make_id
  left join vn_offer o on o.stock_id = s.id
  left join lateral (select r.id, r.markup_bp, r.floor_fen, r.quantity_cap from vn_offer_rule r where ${RULE_MATCH} order by r.id desc limit 1) r on true
  left join vn_removal x on x.stock_id = s.id
  left join vn_part_removal px on px.oe_norm = s.oe_norm and px.brand_name = ${BRAND}`;

const COLUMNS = sql`s.id, s.company_id, c.name as company_name, s.supplier_oe, s.name, ${BRAND} as brand_name,
  coalesce(m.name, '') as make_name, s.category_name, s.uom_name, s.quantity, s.price1, s.state,
  o.price_mode, o.vn_price::text as vn_price, o.markup_bp as o_markup, o.floor_fen::text as o_floor, o.vn_quantity as o_qty,
  r.id as rule_id, r.markup_bp as r_markup, r.floor_fen::text as r_floor, r.quantity_cap,
  coalesce(x.reason, px.reason) as removed_reason, coalesce(x.removed_at, px.removed_at) as removed_at, coalesce(x.username, px.username) as removed_by,
  (px.oe_norm is not null) as part_removed`;

/** offered by a row offer or a rule (removed or not) */
export const OFFERED = sql`(o.stock_id is not null or r.id is not null)`;
/** taken out by the platform: the row itself or its whole part */
export const REMOVED = sql`(x.stock_id is not null or (px.oe_norm is not null and (o.stock_id is not null or r.id is not null)))`;
export const NOT_REMOVED = sql`(x.stock_id is null and px.oe_norm is null)`;

export const mallRows = async (db: Kysely<DB>, where: RawBuilder<unknown>, order: RawBuilder<unknown>, offset: number, limit: number) =>
  (await sql<MallRow>`select ${COLUMNS} ${FROM} where ${where} order by ${order} offset ${offset} limit ${limit}`.execute(db)).rows;

export const mallCount = async (db: Kysely<DB>, where: RawBuilder<unknown>) =>
  (await sql<{ n: number }>`select count(*)::int as n ${FROM} where ${where}`.execute(db)).rows[0].n;

/** An OE prefix or a part of the name (the keyword as typed). */
export const keywordWhere = (keyword: string, oeNorm: string) => {
  const parts: RawBuilder<unknown>[] = [sql`s.name like ${`%${likeEscape(keyword)}%`}`, sql`s.supplier_oe like ${`%${likeEscape(keyword)}%`}`];
  if (oeNorm.length >= 2) parts.push(sql`s.oe_norm like ${`${likeEscape(oeNorm)}%`}`);
  return sql`(${sql.join(parts, sql` or `)})`;
};

// ---- the rate ----

export const vndRate = async (db: Kysely<DB>) =>
  (await sql<{ rate: string; updated_at: Date }>`select rate_value::text as rate, updated_at from exchange_rate where to_curr_code = 'VND'`.execute(db)).rows[0];

export const companyCountry = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('country').where('id', '=', companyId).executeTakeFirst())?.country;

// ---- offers and rules ----

export const lockStock = (db: Kysely<DB>, ids: number[]) =>
  db.selectFrom('stock').select(['id', 'company_id', 'supplier_oe', 'name', 'state', 'price1']).where('id', 'in', ids).orderBy('id').forUpdate().execute();

/** The rows of `ids` the platform took out, by themselves or with their part, and the reason. */
export const removalsOf = async (db: Kysely<DB>, ids: number[]) =>
  (await sql<{ stock_id: number; reason: string; company_id: number }>`select s.id as stock_id, coalesce(x.reason, px.reason) as reason, s.company_id
    from stock s left join part_brand pb on pb.id = s.part_brand_id
    left join vn_removal x on x.stock_id = s.id
    left join vn_part_removal px on px.oe_norm = s.oe_norm and px.brand_name = ${BRAND}
    where s.id = any(${sql.val(ids)}::int[]) and (x.stock_id is not null or px.oe_norm is not null) order by s.id`.execute(db)).rows;

export const upsertOffers = (db: Kysely<DB>, rows: Array<{
  stock_id: number; company_id: number; price_mode: 'direct' | 'markup'; vn_price: number | null; markup_bp: number | null; floor_fen: number; vn_quantity: number; user_id: number; updated_at: Date;
}>) => db.insertInto('vn_offer').values(rows).onConflict((oc) => oc.column('stock_id').doUpdateSet((eb) => ({
  price_mode: eb.ref('excluded.price_mode'), vn_price: eb.ref('excluded.vn_price'), markup_bp: eb.ref('excluded.markup_bp'),
  floor_fen: eb.ref('excluded.floor_fen'), vn_quantity: eb.ref('excluded.vn_quantity'), user_id: eb.ref('excluded.user_id'), updated_at: eb.ref('excluded.updated_at'),
}))).execute();

export const deleteOffers = async (db: Kysely<DB>, companyId: number, ids: number[]) =>
  Number((await db.deleteFrom('vn_offer').where('company_id', '=', companyId).where('stock_id', 'in', ids).executeTakeFirst()).numDeletedRows);

export const lowerOfferQty = (db: Kysely<DB>, stockId: number, qty: number) =>
  db.updateTable('vn_offer').set({ vn_quantity: sql`greatest(vn_quantity - ${qty}, 0)` }).where('stock_id', '=', stockId).execute();

/** Gives pieces of a cancelled mall order back to the rows' offers (a row sold under a rule has none). */
export const raiseOfferQty = (db: Kysely<DB>, lines: { stock_id: number; qty: number }[]) =>
  sql`update vn_offer set vn_quantity = vn_offer.vn_quantity + l.qty
    from (select stock_id, sum(qty) as qty from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(stock_id int, qty int) group by stock_id) l
    where vn_offer.stock_id = l.stock_id`.execute(db);

export interface RuleRow {
  id: number; part_brand_id: number | null; brand_name: string | null; make_id: number | null; make_name: string | null; category_name: string;
  markup_bp: number; floor_fen: string; quantity_cap: number | null; created_at: Date; rows: number;
}

export const rules = async (db: Kysely<DB>, companyId: number, id?: number) =>
  (await sql<RuleRow>`select r.id, r.part_brand_id, pb.name as brand_name, r.make_id, m.name as make_name, r.category_name, r.markup_bp, r.floor_fen::text as floor_fen,
      r.quantity_cap, r.created_at,
      (select count(*)::int from stock s where s.state = 'on' and ${RULE_MATCH}) as rows
    from vn_offer_rule r left join part_brand pb on pb.id = r.part_brand_id left join make m on m.id = r.make_id
    where r.company_id = ${companyId} ${id === undefined ? sql`` : sql`and r.id = ${id}`} order by r.id desc`.execute(db)).rows;

export const sameRule = (db: Kysely<DB>, companyId: number, r: { part_brand_id: number | null; make_id: number | null; category_name: string }) =>
  sql<{ id: number }>`select id from vn_offer_rule where company_id = ${companyId}
    and part_brand_id is not distinct from ${r.part_brand_id} and make_id is not distinct from ${r.make_id} and category_name = ${r.category_name}`.execute(db);

export const insertRule = async (db: Kysely<DB>, r: {
  company_id: number; part_brand_id: number | null; make_id: number | null; category_name: string; markup_bp: number; floor_fen: number; quantity_cap: number | null; user_id: number; created_at: Date;
}) => (await db.insertInto('vn_offer_rule').values(r).returning('id').executeTakeFirstOrThrow()).id;

export const deleteRule = async (db: Kysely<DB>, companyId: number, id: number) =>
  Number((await db.deleteFrom('vn_offer_rule').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst()).numDeletedRows);

export const brandExists = async (db: Kysely<DB>, id: number) => !!(await db.selectFrom('part_brand').select('id').where('id', '=', id).executeTakeFirst());
export const makeExists = async (db: Kysely<DB>, id: number) => !!(await db.selectFrom('make').select('id').where('id', '=', id).executeTakeFirst());

// ---- removals ----

export const insertRemovals = (db: Kysely<DB>, rows: Array<{ stock_id: number; company_id: number; reason: string; removed_at: Date; user_id: number; username: string }>) =>
  db.insertInto('vn_removal').values(rows).execute();

export const deleteRemovals = async (db: Kysely<DB>, ids: number[]) =>
  (await db.deleteFrom('vn_removal').where('stock_id', 'in', ids).returning(['stock_id', 'company_id', 'reason']).execute());

// ---- parts (海外商品): the mall by OE number and part brand ----

export interface PartRow { oe_norm: string; brand_name: string; supplier_oe: string; name: string; sellers: number; rows: number }
export interface PartRemovalRow { oe_norm: string; brand_name: string; supplier_oe: string; reason: string; removed_at: Date; username: string }

/** One page of the parts that have offered, selling-state rows in the mall (not taken out), most sellers first. */
export const partPage = async (db: Kysely<DB>, where: RawBuilder<unknown>, offset: number, limit: number) => {
  const grouped = sql`select s.oe_norm, ${BRAND} as brand_name, min(s.supplier_oe) as supplier_oe, min(s.name) as name,
      count(distinct s.company_id)::int as sellers, count(*)::int as rows
    ${FROM} where s.oe_norm <> '' and s.state = 'on' and ${OFFERED} and ${NOT_REMOVED} and ${where} group by s.oe_norm, ${BRAND}`;
  const [rows, total] = await Promise.all([
    sql<PartRow>`select * from (${grouped}) g order by g.sellers desc, g.oe_norm, g.brand_name offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${grouped}) g`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

/** One page of the parts the platform took out, newest first (oe: an OE prefix, normalised; brand: part of the name). */
export const partRemovals = async (db: Kysely<DB>, oePrefix: string, brand: string, offset: number, limit: number) => {
  const where = sql`p.oe_norm like ${`${likeEscape(oePrefix)}%`} and p.brand_name like ${`%${likeEscape(brand)}%`}`;
  const [rows, total] = await Promise.all([
    sql<PartRemovalRow>`select p.oe_norm, p.brand_name, p.supplier_oe, p.reason, p.removed_at, p.username from vn_part_removal p
      where ${where} order by p.removed_at desc, p.oe_norm offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from vn_part_removal p where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

const keysJson = (keys: Array<{ oe_norm: string; brand_name: string }>) =>
  sql`jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ oe_norm: k.oe_norm, brand_name: k.brand_name })))}::jsonb) as k(oe_norm text, brand_name text)`;

/** The offered, on-sale rows of these parts (with or without the rows taken out one by one). */
export const rowsOfParts = async (db: Kysely<DB>, keys: Array<{ oe_norm: string; brand_name: string }>, withRowRemovals: boolean) => keys.length === 0 ? [] :
  (await sql<MallRow & { oe_norm: string }>`select ${COLUMNS}, s.oe_norm ${FROM}
    join ${keysJson(keys)} on k.oe_norm = s.oe_norm and k.brand_name = ${BRAND}
    where s.state = 'on' and ${OFFERED} ${withRowRemovals ? sql`` : sql`and x.stock_id is null`} order by s.id`.execute(db)).rows;

/** Mall orders and pieces of these parts, cancelled and rejected orders left out. */
export const soldOfParts = async (db: Kysely<DB>, keys: Array<{ oe_norm: string; brand_name: string }>) => keys.length === 0 ? [] :
  (await sql<{ oe_norm: string; brand_name: string; orders: number; pieces: number }>`select s.oe_norm, ${BRAND} as brand_name,
      count(distinct g.id)::int as orders, coalesce(sum(gl.qty), 0)::int as pieces
    from vn_order_line vl join goods_order_line gl on gl.id = vl.line_id join goods_order g on g.id = vl.order_id
      join stock s on s.id = gl.stock_id left join part_brand pb on pb.id = s.part_brand_id
      join ${keysJson(keys)} on k.oe_norm = s.oe_norm and k.brand_name = ${BRAND}
    where g.status not in ('cancelled', 'rejected') group by s.oe_norm, ${BRAND}`.execute(db)).rows;

export const insertPartRemoval = (db: Kysely<DB>, r: { oe_norm: string; brand_name: string; supplier_oe: string; reason: string; removed_at: Date; user_id: number; username: string }) =>
  db.insertInto('vn_part_removal').values(r).onConflict((oc) => oc.columns(['oe_norm', 'brand_name']).doNothing()).returning('oe_norm').executeTakeFirst();

export const deletePartRemoval = (db: Kysely<DB>, oeNorm: string, brandName: string) =>
  db.deleteFrom('vn_part_removal').where('oe_norm', '=', oeNorm).where('brand_name', '=', brandName).returning(['oe_norm', 'brand_name', 'supplier_oe', 'reason']).executeTakeFirst();

// ---- service charge bands ----

export interface BandRow { id: number; min_dong: string; max_dong: string | null; kind: ServiceChargeKind; value: string; updated_at: Date; username: string }

export const bands = async (db: Kysely<DB>) =>
  (await sql<BandRow>`select id, min_dong::text, max_dong::text, kind, value::text, updated_at, username from service_charge_rule order by min_dong, id`.execute(db)).rows;

/** Holds off every other writer of the bands until the caller's transaction ends (no two overlapping saves). */
export const lockBands = (db: Kysely<DB>) => sql`lock table service_charge_rule in share row exclusive mode`.execute(db);

export const insertBand = async (db: Kysely<DB>, b: { min_dong: number; max_dong: number | null; kind: ServiceChargeKind; value: number; updated_at: Date; username: string }) =>
  (await db.insertInto('service_charge_rule').values(b).returning('id').executeTakeFirstOrThrow()).id;

export const updateBand = async (db: Kysely<DB>, id: number, b: { min_dong: number; max_dong: number | null; kind: ServiceChargeKind; value: number; updated_at: Date; username: string }) =>
  Number((await db.updateTable('service_charge_rule').set(b).where('id', '=', id).executeTakeFirst()).numUpdatedRows);

export const deleteBand = async (db: Kysely<DB>, id: number) =>
  Number((await db.deleteFrom('service_charge_rule').where('id', '=', id).executeTakeFirst()).numDeletedRows);

// ---- cart ----

export const cartItems = (db: Kysely<DB>, companyId: number, lock = false) => {
  const q = db.selectFrom('vn_cart_item').select(['id', 'stock_id', 'qty', 'user_id']).where('company_id', '=', companyId).orderBy('id');
  return lock ? q.forUpdate().execute() : q.execute();
};

export const addToCart = (db: Kysely<DB>, companyId: number, userId: number, stockId: number, qty: number) =>
  db.insertInto('vn_cart_item').values({ company_id: companyId, user_id: userId, stock_id: stockId, qty })
    .onConflict((oc) => oc.columns(['company_id', 'stock_id']).doUpdateSet({ qty: sql`vn_cart_item.qty + ${qty}`, user_id: userId })).execute();

export const setCartQty = async (db: Kysely<DB>, companyId: number, id: number, qty: number) =>
  Number((await db.updateTable('vn_cart_item').set({ qty }).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst()).numUpdatedRows);

export const removeCart = async (db: Kysely<DB>, companyId: number, ids: number[]) =>
  Number((await db.deleteFrom('vn_cart_item').where('company_id', '=', companyId).where('id', 'in', ids).executeTakeFirst()).numDeletedRows);

// ---- orders ----

export const insertVnOrder = (db: Kysely<DB>, o: {
  order_id: string; rate_value: string; rate_day: string; goods_dong: number; service_dong: number; service_fen: number; total_dong: number;
  service_rule: string; delivery_term: DeliveryTerm;
}) => db.insertInto('vn_order').values(o).execute();

export const linesOfOrder = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('goods_order_line').select(['id', 'stock_id']).where('order_id', '=', orderId).orderBy('id').execute();

export const insertVnLines = (db: Kysely<DB>, rows: Array<{ line_id: string; order_id: string; unit_price_dong: number; amount_dong: number }>) =>
  db.insertInto('vn_order_line').values(rows).execute();

export interface VnOrderRow {
  id: string; order_no: string; checkout_no: string; status: string; created_at: Date; buyer_company_id: number; buyer_company_name: string;
  seller_company_id: number; seller_company_name: string; line_count: number; total_qty: number; total_fen: string; service_fen: string;
  goods_dong: string; service_dong: string; total_dong: string; rate_value: string; rate_day: string; delivery_term: DeliveryTerm; service_rule: string;
  pay_status: string; pay_channel: string | null; deducted_fen: string; paid_fen: string; refunded_fen: string;
  paid_dong: string | null; credited_fen: string | null; paid_service_fen: string | null; pay_rate: string | null; pay_rate_day: string | null; paid_at: Date | null;
  refunded_dong: string;
}

const ORDER_FROM = sql`from vn_order v join goods_order g on g.id = v.order_id join company b on b.id = g.buyer_company_id join company sc on sc.id = g.seller_company_id`;

export const vnOrders = async (db: Kysely<DB>, where: RawBuilder<unknown>, offset: number, limit: number) => {
  const [rows, total] = await Promise.all([
    sql<VnOrderRow>`select g.id, g.order_no, g.checkout_no, g.status, g.created_at, g.buyer_company_id, b.name as buyer_company_name, g.seller_company_id,
        sc.name as seller_company_name, g.line_count, g.total_qty, g.total_fen::text as total_fen, v.service_fen::text as service_fen,
        v.goods_dong::text as goods_dong, v.service_dong::text as service_dong, v.total_dong::text as total_dong, v.rate_value::text as rate_value,
        v.rate_day, v.delivery_term, v.service_rule, g.pay_status, g.pay_channel, g.paid_fen::text as paid_fen, g.refunded_fen::text as refunded_fen,
        (select coalesce(sum(a.refund_fen), 0) from after_sale a where a.order_id = g.id and a.status = 'completed' and a.refund_method = '冲减货款')::text as deducted_fen,
        v.paid_dong::text as paid_dong, v.credited_fen::text as credited_fen, v.paid_service_fen::text as paid_service_fen, v.pay_rate::text as pay_rate,
        v.pay_rate_day, v.paid_at, v.refunded_dong::text as refunded_dong
      ${ORDER_FROM} where ${where} order by g.id desc offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n ${ORDER_FROM} where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

/** The dong side of mall order lines: each line's frozen prices and its order's rate. */
export const vnLinesOf = async (db: Kysely<DB>, lineIds: number[]) => lineIds.length === 0 ? [] :
  (await sql<{
    line_id: string; order_id: string; unit_price_dong: string; amount_dong: string; rate_value: string; rate_day: string; total_dong: string;
    pay_rate: string | null; pay_rate_day: string | null;
  }>`
    select l.line_id::text as line_id, l.order_id::text as order_id, l.unit_price_dong::text as unit_price_dong, l.amount_dong::text as amount_dong,
      v.rate_value::text as rate_value, v.rate_day, v.total_dong::text as total_dong, v.pay_rate::text as pay_rate, v.pay_rate_day
    from vn_order_line l join vn_order v on v.order_id = l.order_id where l.line_id = any(${sql.val(lineIds.map(String))}::bigint[])`.execute(db)).rows;

/** The dong given back by these refunds of dong-paid orders (goods and service charge), by refund number. */
export const vnRefundsByNo = async (db: Kysely<DB>, refundNos: readonly string[]) => refundNos.length === 0 ? [] :
  db.selectFrom('vn_order_refund').select(['refund_no', 'goods_dong', 'service_dong']).where('refund_no', 'in', [...refundNos]).execute();

// ---- paying in dong (docs/money.md "Paying a mall order in dong") ----

/** The mall side of an order, locked (its goods_order row is locked first by the payment or the refund). */
export const lockVnOrder = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('vn_order').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst();

export const markVnPaid = (db: Kysely<DB>, orderId: string, v: {
  paid_dong: number; paid_goods_dong: number; paid_service_dong: number; credited_fen: number; paid_service_fen: number; pay_rate: string; pay_rate_day: string; paid_at: Date;
}) => db.updateTable('vn_order').set(v).where('order_id', '=', orderId).where('paid_at', 'is', null).execute();

export const insertVnRefund = async (db: Kysely<DB>, r: {
  order_id: string; refund_no: string; amount_fen: number; goods_dong: number; service_fen: number; service_dong: number; ledger_transaction_id: number; created_at: Date;
}) => {
  await db.insertInto('vn_order_refund').values(r).execute();
  await db.updateTable('vn_order').set({ refunded_dong: sql`refunded_dong + ${r.goods_dong + r.service_dong}` }).where('order_id', '=', r.order_id).execute();
};

/** The service charge already given back (a whole refund gives it back once). */
export const serviceRefunded = async (db: Kysely<DB>, orderId: string) =>
  Number((await sql<{ n: string }>`select coalesce(sum(service_dong), 0)::text as n from vn_order_refund where order_id = ${orderId}`.execute(db)).rows[0].n);

/** The goods dong given back so far. */
export const goodsRefunded = async (db: Kysely<DB>, orderId: string) =>
  Number((await sql<{ n: string }>`select coalesce(sum(goods_dong), 0)::text as n from vn_order_refund where order_id = ${orderId}`.execute(db)).rows[0].n);

// ---- 越南商城账单: a seller's month of mall payments and refunds (docs/money.md#overseas-bills) ----

export const sellerCompany = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company').select(['name', 'is_seller', 'country']).where('id', '=', companyId).executeTakeFirst();

/** The seller's mall orders paid in [from, to), oldest first: the goods' dong, the payment's rate, the fen of the goods. */
export const sellerPaidOrders = (db: Kysely<DB>, sellerId: number, from: Date, to: Date) =>
  db.selectFrom('vn_order as v').innerJoin('goods_order as g', 'g.id', 'v.order_id').innerJoin('company as c', 'c.id', 'g.buyer_company_id')
    .select(['g.order_no', 'c.name as buyer_name', 'v.paid_at', 'v.paid_goods_dong', 'v.pay_rate', sql<string>`(v.credited_fen - v.paid_service_fen)::text`.as('goods_fen')])
    .where('g.seller_company_id', '=', sellerId).where('v.paid_at', '>=', from).where('v.paid_at', '<', to)
    .orderBy('v.paid_at').orderBy('g.id').execute();

/** The refunds of the seller's mall orders made in [from, to), oldest first. */
export const sellerRefunds = (db: Kysely<DB>, sellerId: number, from: Date, to: Date) =>
  db.selectFrom('vn_order_refund as r').innerJoin('goods_order as g', 'g.id', 'r.order_id')
    .select(['r.refund_no', 'g.order_no', 'r.created_at', 'r.goods_dong', 'r.amount_fen'])
    .where('g.seller_company_id', '=', sellerId).where('r.created_at', '>=', from).where('r.created_at', '<', to)
    .orderBy('r.created_at').orderBy('r.id').execute();
