/** SQL of points (migration 0700, docs/points.md): the points ledger, rules, products, redemptions, notices. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

export type PointsAccountRef = { kind: 'company'; company_id: number } | { kind: 'issued' | 'redeemed' | 'expired' };
const companyOf = (r: PointsAccountRef) => ('company_id' in r ? r.company_id : null);

// ---- the ledger ----

export const ensureAccount = async (db: Kysely<DB>, ref: PointsAccountRef): Promise<number> => {
  await sql`insert into points_account (kind, company_id) values (${ref.kind}, ${companyOf(ref)})
    on conflict (kind, (coalesce(company_id, 0))) do nothing`.execute(db);
  return (await findAccount(db, ref))!.id;
};

export const findAccount = (db: Kysely<DB>, ref: PointsAccountRef) => {
  const company = companyOf(ref);
  const q = db.selectFrom('points_account').select(['id', 'kind', 'balance']).where('kind', '=', ref.kind);
  return (company === null ? q.where('company_id', 'is', null) : q.where('company_id', '=', company)).executeTakeFirst();
};

export const lockAccounts = (db: Kysely<DB>, ids: readonly number[]) =>
  db.selectFrom('points_account').select(['id', 'kind', 'company_id', 'balance']).where('id', 'in', ids).orderBy('id').forUpdate().execute();

export const lockKey = async (db: Kysely<DB>, key: string) => {
  await sql`select pg_advisory_xact_lock(hashtext(${`points:${key}`}))`.execute(db);
};

export const transactionByKey = (db: Kysely<DB>, key: string) =>
  db.selectFrom('points_transaction').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

export const entriesOf = (db: Kysely<DB>, transactionId: number) =>
  db.selectFrom('points_entry').select(['account_id', 'points', 'balance_after']).where('transaction_id', '=', transactionId).orderBy('account_id').execute();

export const insertTransaction = (db: Kysely<DB>, t: { kind: string; company_id: number; reference: string; note: string; idempotency_key: string; created_by: number | null; created_at: Date }) =>
  db.insertInto('points_transaction').values(t).returning(['id']).executeTakeFirstOrThrow();

export const insertEntries = (db: Kysely<DB>, rows: ReadonlyArray<{ transaction_id: number; account_id: number; points: number; created_at: Date }>) =>
  db.insertInto('points_entry').values([...rows]).execute();

export const companyBalance = async (db: Kysely<DB>, companyId: number) =>
  Number((await findAccount(db, { kind: 'company', company_id: companyId }))?.balance ?? 0);

/** A company's entries, newest first, with their transaction's kind and reference. */
export const companyEntries = async (db: Kysely<DB>, companyId: number, kind: string, limit: number, offset: number) => {
  const account = await findAccount(db, { kind: 'company', company_id: companyId });
  if (!account) return { rows: [], total: 0 };
  let q = db.selectFrom('points_entry as e').innerJoin('points_transaction as t', 't.id', 'e.transaction_id').where('e.account_id', '=', account.id);
  if (kind) q = q.where('t.kind', '=', kind);
  const [rows, total] = await Promise.all([
    q.select(['e.id', 't.kind', 'e.points', 'e.balance_after', 't.reference', 't.note', 'e.created_at'])
      .orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

/** What a company earned in all (earn, adjust up, returned) and spent (redeem, taken back, expired, adjust down). */
export const companyTotals = async (db: Kysely<DB>, companyIds: readonly number[]) => {
  if (companyIds.length === 0) return [];
  return (await sql<{ company_id: number; earned: string; spent: string }>`
    select a.company_id, coalesce(sum(e.points) filter (where e.points > 0), 0)::text as earned, coalesce(-sum(e.points) filter (where e.points < 0), 0)::text as spent
    from points_account a join points_entry e on e.account_id = a.id
    where a.kind = 'company' and a.company_id in (${sql.join(companyIds)})
    group by a.company_id`.execute(db)).rows;
};

/** The balance of a company's account at a moment (its last entry before it), and the points taken out since. */
export const balanceAtAndOutflowSince = async (db: Kysely<DB>, accountId: number, at: Date) => {
  const r = (await sql<{ before: string | null; outflow: string }>`
    select (select balance_after from points_entry where account_id = ${accountId} and created_at < ${at} order by created_at desc, id desc limit 1)::text as before,
           (select coalesce(-sum(points), 0) from points_entry where account_id = ${accountId} and created_at >= ${at} and points < 0)::text as outflow`.execute(db)).rows[0];
  return { before: Number(r.before ?? 0), outflow: Number(r.outflow) };
};

/** Companies whose points account stands above zero (the expiry sweep's candidates), after an id. */
export const companiesWithPoints = (db: Kysely<DB>, afterCompanyId: number, limit: number) =>
  db.selectFrom('points_account').select(['id', 'company_id', 'balance']).where('kind', '=', 'company').where('balance', '>', 0)
    .where('company_id', '>', afterCompanyId).orderBy('company_id').limit(limit).execute() as Promise<Array<{ id: number; company_id: number; balance: number }>>;

/** The points a company took back for refunds of one order so far. */
export const reversedForOrder = async (db: Kysely<DB>, orderNo: string) => {
  const r = await sql<{ n: string }>`
    select coalesce(-sum(e.points), 0)::text as n from points_transaction t join points_entry e on e.transaction_id = t.id
    join points_account a on a.id = e.account_id and a.kind = 'company'
    where t.kind = 'reverse' and t.reference = ${orderNo}`.execute(db);
  return Number(r.rows[0].n);
};

// ---- orders (read for earning; the orders module owns the rows) ----

/** An order's money and buyer, locked by the caller's transaction already. */
export const orderForPoints = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('goods_order').select(['id', 'order_no', 'buyer_company_id', 'status', 'pay_status', 'paid_fen', 'refunded_fen'])
    .where('id', '=', orderId).executeTakeFirst();

/** An order's lines with their parts category (stock.category_name; '' when the row is gone). */
export const orderLinesForPoints = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('goods_order_line as l').leftJoin('stock as s', 's.id', 'l.stock_id')
    .select(['l.amount_fen', sql<string>`coalesce(s.category_name, '')`.as('category')]).where('l.order_id', '=', orderId).execute();

export const earningOf = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('points_order_earning').selectAll().where('order_id', '=', orderId).executeTakeFirst();

export const insertEarning = (db: Kysely<DB>, r: { order_id: string; order_no: string; company_id: number; base_fen: number; points: number; created_at: Date }) =>
  db.insertInto('points_order_earning').values(r).execute();

export const earnedBetween = async (db: Kysely<DB>, companyId: number, from: Date, to: Date) => {
  const r = await db.selectFrom('points_order_earning').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('points'), sql<string>`0`).as('n'))
    .where('company_id', '=', companyId).where('created_at', '>=', from).where('created_at', '<', to).executeTakeFirstOrThrow();
  return Number(r.n);
};

// ---- rules ----

export const setting = (db: Kysely<DB>) => db.selectFrom('points_setting').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
export const lockSetting = (db: Kysely<DB>) => db.selectFrom('points_setting').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
export const categoryRates = (db: Kysely<DB>) => db.selectFrom('points_category_rate').selectAll().orderBy('category').execute();

export const saveRule = async (db: Kysely<DB>, r: { enabled: boolean; per_100_yuan: number; order_cap: number; month_cap: number; notice_days: number }, categories: ReadonlyArray<{ category: string; per_100_yuan: number }>, by: number, at: Date) => {
  await db.updateTable('points_setting').set({ ...r, updated_by: by, updated_at: at }).where('id', '=', 1).execute();
  await db.deleteFrom('points_category_rate').execute();
  if (categories.length > 0) await db.insertInto('points_category_rate').values([...categories]).execute();
};

// ---- products ----

export const productById = (db: Kysely<DB>, id: number) => db.selectFrom('points_product').selectAll().where('id', '=', id).executeTakeFirst();
export const lockProduct = (db: Kysely<DB>, id: number) => db.selectFrom('points_product').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
export const productNameTaken = async (db: Kysely<DB>, name: string, exceptId: number) =>
  !!(await db.selectFrom('points_product').select('id').where('name', '=', name).where('id', '<>', exceptId).executeTakeFirst());

export const products = async (db: Kysely<DB>, f: { k: string; enabled: '' | 'true' | 'false'; limit: number; offset: number; mall: boolean }) => {
  let q = db.selectFrom('points_product');
  if (f.k) q = q.where('name', 'like', `%${likeEscape(f.k)}%`);
  if (f.enabled) q = q.where('enabled', '=', f.enabled === 'true');
  const ordered = f.mall ? q.selectAll().orderBy('points').orderBy('id') : q.selectAll().orderBy('id', 'desc');
  const [rows, total] = await Promise.all([
    ordered.limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

export type ProductWrite = { name: string; description: string; image: string; points: number; stock: number; enabled: boolean };
export const insertProduct = (db: Kysely<DB>, p: ProductWrite, by: number, at: Date) =>
  db.insertInto('points_product').values({ ...p, created_by: by, created_at: at, updated_by: by, updated_at: at }).returning('id').executeTakeFirstOrThrow();
export const updateProduct = (db: Kysely<DB>, id: number, p: Partial<ProductWrite>, by: number, at: Date) =>
  db.updateTable('points_product').set({ ...p, updated_by: by, updated_at: at }).where('id', '=', id).execute();

/** Takes `qty` off a locked product's stock; false when not that many are left. */
export const takeStock = async (db: Kysely<DB>, id: number, qty: number) =>
  Number((await db.updateTable('points_product').set((eb) => ({ stock: eb('stock', '-', qty) })).where('id', '=', id).where('stock', '>=', qty).executeTakeFirst()).numUpdatedRows) === 1;
export const returnStock = (db: Kysely<DB>, id: number, qty: number) =>
  db.updateTable('points_product').set((eb) => ({ stock: eb('stock', '+', qty) })).where('id', '=', id).execute();

// ---- redemptions ----

const redemptionSelect = (db: Kysely<DB>) =>
  db.selectFrom('points_redemption as r').innerJoin('company as c', 'c.id', 'r.company_id').innerJoin('app_user as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.redemption_no', 'r.company_id', 'c.name as company_name', 'u.username as user_name', 'r.product_id', 'r.product_name', 'r.qty', 'r.points_each', 'r.points_total',
      'r.contact_name', 'r.contact_phone', 'r.address', 'r.status', 'r.logistics_company', 'r.logistics_no', 'r.cancel_reason', 'r.created_at', 'r.shipped_at', 'r.cancelled_at']);
export type RedemptionRow = Awaited<ReturnType<ReturnType<typeof redemptionSelect>['executeTakeFirstOrThrow']>>;

export const redemptionByNo = (db: Kysely<DB>, no: string) => redemptionSelect(db).where('r.redemption_no', '=', no).executeTakeFirst();
export const lockRedemption = (db: Kysely<DB>, no: string) =>
  db.selectFrom('points_redemption').selectAll().where('redemption_no', '=', no).forUpdate().executeTakeFirst();

export const redemptions = async (db: Kysely<DB>, f: { companyId?: number; status: string; k: string; limit: number; offset: number }) => {
  let q = redemptionSelect(db);
  let c = db.selectFrom('points_redemption as r').innerJoin('company as c', 'c.id', 'r.company_id');
  if (f.companyId !== undefined) { q = q.where('r.company_id', '=', f.companyId); c = c.where('r.company_id', '=', f.companyId); }
  if (f.status) { q = q.where('r.status', '=', f.status as 'pending'); c = c.where('r.status', '=', f.status as 'pending'); }
  if (f.k) {
    const like = `%${likeEscape(f.k)}%`;
    q = q.where((eb) => eb.or([eb('r.redemption_no', 'like', like), eb('c.name', 'like', like), eb('r.product_name', 'like', like)]));
    c = c.where((eb) => eb.or([eb('r.redemption_no', 'like', like), eb('c.name', 'like', like), eb('r.product_name', 'like', like)]));
  }
  const [rows, total] = await Promise.all([
    q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    c.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

export const insertRedemption = (db: Kysely<DB>, r: {
  redemption_no: string; company_id: number; user_id: number; product_id: number; product_name: string; qty: number; points_each: number; points_total: number;
  contact_name: string; contact_phone: string; address: string; created_at: Date;
}) => db.insertInto('points_redemption').values(r).execute();

export const setRedemption = (db: Kysely<DB>, no: string, r: Partial<{ status: 'shipped' | 'cancelled'; logistics_company: string; logistics_no: string; cancel_reason: string; shipped_at: Date; cancelled_at: Date }>) =>
  db.updateTable('points_redemption').set(r).where('redemption_no', '=', no).execute();

// ---- operator's accounts list ----

export const companyAccounts = async (db: Kysely<DB>, f: { k: string; limit: number; offset: number }) => {
  let q = db.selectFrom('points_account as a').innerJoin('company as c', 'c.id', 'a.company_id').where('a.kind', '=', 'company');
  if (f.k) {
    q = /^\d{1,9}$/.test(f.k)
      ? q.where((eb) => eb.or([eb('c.id', '=', Number(f.k)), eb('c.name', 'like', `%${likeEscape(f.k)}%`)]))
      : q.where('c.name', 'like', `%${likeEscape(f.k)}%`);
  }
  const [rows, agg] = await Promise.all([
    q.select(['c.id as company_id', 'c.name as company_name', 'a.balance']).orderBy('a.balance', 'desc').orderBy('c.id').limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('a.balance'), sql<string>`0`).as('sum')]).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(agg.n), total_balance: Number(agg.sum) };
};

export const companyExists = async (db: Kysely<DB>, id: number) => !!(await db.selectFrom('company').select('id').where('id', '=', id).executeTakeFirst());

// ---- expiry notices ----

/** Records the year's notice to a company; false when it was sent before. */
export const markNotice = async (db: Kysely<DB>, companyId: number, year: number, points: number, at: Date) =>
  (await sql`insert into points_expiry_notice (company_id, year, points, sent_at) values (${companyId}, ${year}, ${points}, ${at}) on conflict do nothing`.execute(db)).numAffectedRows === 1n;

/** A company's users who hold its points: the owner and users with these codes. */
export const holders = async (db: Kysely<DB>, companyId: number, codes: readonly string[]) =>
  (await db.selectFrom('app_user').select(['id', 'is_owner', 'permissions']).where('company_id', '=', companyId).where('active', '=', true).execute())
    .filter((u) => u.is_owner || (u.permissions as string[]).some((c) => codes.includes(c))).map((u) => u.id);
