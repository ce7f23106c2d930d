/** SQL of paid services and the service agreement (migration 0360, docs/money.md#paid-services). The money is the ledger's. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import type { PaidService } from '../../../shared/contracts/paid-service';

export const userOf = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select(['app_user.id', 'app_user.company_id', 'app_user.is_owner', 'app_user.permissions', 'app_user.active', 'company.name as company_name',
      'company.level_id', 'company_level.name as level_name', 'company_level.employee_limit', 'company_level.stock_per_day'])
    .where('app_user.id', '=', userId).executeTakeFirst();

export const levels = (db: Kysely<DB>) =>
  db.selectFrom('company_level').select(['id', 'name']).orderBy('sort').orderBy('id').execute();

export const levelName = async (db: Kysely<DB>, levelId: number) =>
  (await db.selectFrom('company_level').select('name').where('id', '=', levelId).executeTakeFirst())?.name;

export const products = (db: Kysely<DB>) => db.selectFrom('paid_service_product').selectAll().execute();

export const productFor = (db: Kysely<DB>, service: PaidService, levelId: number) =>
  db.selectFrom('paid_service_product').selectAll().where('service', '=', service).where('level_id', '=', levelId).executeTakeFirst();

export const saveProduct = (db: Kysely<DB>, r: { service: PaidService; level_id: number; pack_size: number; price_fen: number; enabled: boolean; updated_by: number; updated_at: Date }) =>
  db.insertInto('paid_service_product').values(r)
    .onConflict((oc) => oc.columns(['service', 'level_id']).doUpdateSet({ pack_size: r.pack_size, price_fen: r.price_fen, enabled: r.enabled, updated_by: r.updated_by, updated_at: r.updated_at })).execute();

/** Purchases of one company wait for each other until the transaction ends. */
export const lockCompany = async (db: Kysely<DB>, companyId: number) => {
  await sql`select pg_advisory_xact_lock(hashtext(${`paid_service:${companyId}`}))`.execute(db);
};

export type PurchaseInsert = {
  purchase_no: string; company_id: number; user_id: number; service: PaidService; level_id: number; pack_size: number; packs: number; units: number;
  amount_fen: number; method: 'wallet' | 'provider'; provider: string | null; created_at: Date;
};
export const insertPurchase = (db: Kysely<DB>, r: PurchaseInsert) => db.insertInto('paid_service_purchase').values(r).execute();

export const purchaseByNo = (db: Kysely<DB>, no: string) =>
  db.selectFrom('paid_service_purchase').selectAll().where('purchase_no', '=', no).executeTakeFirst();

export const lockPurchase = (db: Kysely<DB>, no: string) =>
  db.selectFrom('paid_service_purchase').selectAll().where('purchase_no', '=', no).forUpdate().executeTakeFirst();

export const markPaid = (db: Kysely<DB>, id: number, v: { trade_no: string | null; ledger_transaction_id: number; paid_at: Date }) =>
  db.updateTable('paid_service_purchase').set({ state: 'paid', ...v }).where('id', '=', id).where('state', '=', 'pending').execute();

export const markCancelled = (db: Kysely<DB>, id: number, at: Date) =>
  db.updateTable('paid_service_purchase').set({ state: 'cancelled', cancelled_at: at }).where('id', '=', id).where('state', '=', 'pending').execute();

export const pendingBefore = (db: Kysely<DB>, before: Date) =>
  db.selectFrom('paid_service_purchase').select(['purchase_no', 'provider', 'amount_fen', 'created_at']).where('state', '=', 'pending').where('provider', 'is not', null)
    .where('created_at', '<', before).orderBy('id').limit(500).execute();

/** Adds bought seats, stock queries or quotes to what the company has. */
/** The units of a company's purchases of a service still waiting for the provider's payment. */
export const pendingUnits = async (db: Kysely<DB>, companyId: number, service: PaidService) =>
  Number((await db.selectFrom('paid_service_purchase').select(sql<string>`coalesce(sum(units), 0)`.as('n'))
    .where('company_id', '=', companyId).where('service', '=', service).where('state', '=', 'pending').executeTakeFirstOrThrow()).n);

export const addBalance = (db: Kysely<DB>, companyId: number, service: 'user' | 'stock' | 'quote', units: number) =>
  sql`insert into paid_service_balance as b (company_id, service, bought, remaining) values (${companyId}, ${service}, ${units}, ${units})
    on conflict (company_id, service) do update set bought = b.bought + ${units}, remaining = b.remaining + ${units}`.execute(db);

export const balance = async (db: Kysely<DB>, companyId: number, service: 'user' | 'stock' | 'quote') =>
  (await db.selectFrom('paid_service_balance').select(['bought', 'remaining']).where('company_id', '=', companyId).where('service', '=', service).executeTakeFirst()) ?? { bought: 0, remaining: 0 };

export const stockQueriesToday = async (db: Kysely<DB>, companyId: number, day: string) =>
  (await db.selectFrom('stock_query_count').select('used').where('company_id', '=', companyId).where('day', '=', day).executeTakeFirst())?.used ?? 0;

export const activeEmployees = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('app_user').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).where('active', '=', true).executeTakeFirstOrThrow()).n;

const purchaseRows = (db: Kysely<DB>) =>
  db.selectFrom('paid_service_purchase as p').innerJoin('company as c', 'c.id', 'p.company_id').innerJoin('company_level as l', 'l.id', 'p.level_id')
    .innerJoin('app_user as u', 'u.id', 'p.user_id');

const purchaseColumns = ['p.id', 'p.purchase_no', 'p.company_id', 'c.name as company_name', 'u.username as user_name', 'p.service', 'l.name as level_name', 'p.pack_size', 'p.packs',
  'p.units', 'p.amount_fen', 'p.method', 'p.state', 'p.created_at', 'p.paid_at'] as const;

export const companyPurchases = async (db: Kysely<DB>, companyId: number, limit: number, offset: number) => {
  const [rows, n] = await Promise.all([
    purchaseRows(db).select(purchaseColumns).where('p.company_id', '=', companyId).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('paid_service_purchase').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n };
};

export const records = async (db: Kysely<DB>, f: { service: PaidService; company: string; state: string; from: Date | null; to: Date | null; limit: number; offset: number }) => {
  const q = purchaseRows(db).where('p.service', '=', f.service)
    .$if(f.company !== '', (b) => b.where((eb) => eb.or([eb('c.name', 'like', `%${likeEscape(f.company)}%`), eb('c.short_name', 'like', `%${likeEscape(f.company)}%`)])))
    .$if(f.state !== '', (b) => b.where('p.state', '=', f.state as 'paid'))
    .$if(f.from !== null, (b) => b.where('p.created_at', '>=', f.from!))
    .$if(f.to !== null, (b) => b.where('p.created_at', '<', f.to!));
  const [rows, n] = await Promise.all([
    q.select(purchaseColumns).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    q.select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(sum(case when p.state = 'paid' then p.amount_fen else 0 end), 0)::bigint`.as('paid')]).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n, paid_fen: Number(n.paid) };
};

/** Per company: bought seats / stock queries / quotes left and used (stock, quote: bought ones used on all days). */
export const balances = (db: Kysely<DB>, companyIds: number[], service: 'user' | 'stock' | 'quote') =>
  companyIds.length === 0 ? Promise.resolve([]) : db.selectFrom('paid_service_balance').select(['company_id', 'bought', 'remaining'])
    .where('service', '=', service).where('company_id', 'in', companyIds).execute();

export const vinUse = (db: Kysely<DB>, companyIds: number[]) =>
  companyIds.length === 0 ? Promise.resolve([]) : db.selectFrom('company').leftJoin('vin_query_log', 'vin_query_log.company_id', 'company.id')
    .select(['company.id as company_id', 'company.vin_sum_qty', sql<number>`count(vin_query_log.id)::int`.as('used')])
    .where('company.id', 'in', companyIds).groupBy(['company.id', 'company.vin_sum_qty']).execute();

// ---- the service agreement ----

export const agreements = (db: Kysely<DB>) =>
  db.selectFrom('service_agreement as a').leftJoin('service_agreement_acceptance as x', 'x.agreement_id', 'a.id')
    .select(['a.version', 'a.title', 'a.body', 'a.published_at', sql<number>`count(x.company_id)::int`.as('accepted')])
    .groupBy(['a.id']).orderBy('a.version', 'desc').execute();

export const insertAgreement = async (db: Kysely<DB>, r: { title: string; body: string; published_by: number; published_at: Date }) => {
  await sql`lock table service_agreement in share row exclusive mode`.execute(db);
  const next = (await db.selectFrom('service_agreement').select(sql<number>`coalesce(max(version), 0)::int + 1`.as('v')).executeTakeFirstOrThrow()).v;
  return db.insertInto('service_agreement').values({ ...r, version: next }).returningAll().executeTakeFirstOrThrow();
};

export const accept = (db: Kysely<DB>, r: { agreement_id: number; company_id: number; user_id: number; accepted_at: Date }) =>
  db.insertInto('service_agreement_acceptance').values(r).onConflict((oc) => oc.columns(['agreement_id', 'company_id']).doNothing()).execute();

export const acceptance = (db: Kysely<DB>, agreementId: number, companyId: number) =>
  db.selectFrom('service_agreement_acceptance').select('accepted_at').where('agreement_id', '=', agreementId).where('company_id', '=', companyId).executeTakeFirst();

export const acceptances = async (db: Kysely<DB>, f: { version: number; company: string; limit: number; offset: number }) => {
  const q = db.selectFrom('service_agreement_acceptance as x').innerJoin('service_agreement as a', 'a.id', 'x.agreement_id')
    .innerJoin('company as c', 'c.id', 'x.company_id').innerJoin('app_user as u', 'u.id', 'x.user_id')
    .$if(f.version > 0, (b) => b.where('a.version', '=', f.version))
    .$if(f.company !== '', (b) => b.where((eb) => eb.or([eb('c.name', 'like', `%${likeEscape(f.company)}%`), eb('c.short_name', 'like', `%${likeEscape(f.company)}%`)])));
  const [rows, n] = await Promise.all([
    q.select(['a.version', 'x.company_id', 'c.name as company_name', 'u.username as user_name', 'x.accepted_at'])
      .orderBy('x.accepted_at', 'desc').orderBy('x.company_id').limit(f.limit).offset(f.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n.n };
};
