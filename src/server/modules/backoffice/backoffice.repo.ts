/**
 * Counts for the back-office home (待处理), each of one company: its sales and purchase orders by
 * status, its stock rows at zero or price-locked, the enquiries and wanted requests waiting for its
 * quote, the after-sales waiting for it and the new quotes it has not looked at. Read-only counts
 * over the tables of those modules, in the company's scope; the lists they link to are theirs.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const salesCounts = async (db: Kysely<DB>, companyId: number) => {
  const r = await db.selectFrom('goods_order')
    .select([sql<number>`count(*) filter (where status = 'pending')::int`.as('pending'), sql<number>`count(*) filter (where status = 'confirmed')::int`.as('confirmed')])
    .where('seller_company_id', '=', companyId).where('status', 'in', ['pending', 'confirmed']).executeTakeFirstOrThrow();
  return r;
};

export const stockCounts = async (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('stock')
    .select([sql<number>`count(*) filter (where quantity = 0)::int`.as('zero'), sql<number>`count(*) filter (where price_lock)::int`.as('locked')])
    .where('company_id', '=', companyId).executeTakeFirstOrThrow();

/** Purchase orders shipped to the company and not yet received. */
export const toReceive = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from goods_order where buyer_company_id = ${companyId} and status = 'shipped'`.execute(db)).rows[0].n;

/** An open enquiry (sent, not past its expiry) that the company has not quoted on any line. */
const openUnquoted = (companyId: number, now: Date) =>
  sql`e.state = 'open' and e.expires_at > ${now} and e.buyer_company_id <> ${companyId}
    and not exists (select 1 from quote q where q.enquiry_id = e.id and q.seller_company_id = ${companyId})`;

/**
 * What waits for the company's quote: enquiries sent to it (报价中心), and the zone's enquiries and
 * wanted requests of its main makes not sent to it as well (报价专区, as the quote center's zone
 * lists them), with the number of main makes (none: an empty zone).
 */
export const quoteCounts = async (db: Kysely<DB>, companyId: number, now: Date) => {
  const makes = (await sql<{ ids: number[] | null }>`select main_make_ids as ids from company where id = ${companyId}`.execute(db)).rows[0]?.ids ?? [];
  const r = (await sql<{ direct: number; zone: number; wanted: number }>`
    with waiting as (
      select e.zone, e.wanted_id, e.make_id,
        exists (select 1 from enquiry_recipient r where r.enquiry_id = e.id and r.seller_company_id = ${companyId}) as sent
      from enquiry e
      where ${openUnquoted(companyId, now)}
        and (e.zone and e.make_id = any(${makes}::int[])
          or exists (select 1 from enquiry_recipient r where r.enquiry_id = e.id and r.seller_company_id = ${companyId})))
    select
      count(*) filter (where sent)::int as direct,
      count(*) filter (where not sent and zone and wanted_id is null and make_id = any(${makes}::int[]))::int as zone,
      count(*) filter (where not sent and zone and wanted_id is not null and make_id = any(${makes}::int[]))::int as wanted
    from waiting`.execute(db)).rows[0];
  return { direct: r.direct, zone: r.zone, wanted: r.wanted, makes: makes.length };
};

/** After-sales waiting for the company: as seller (to agree or refuse, take back, refund), as buyer (to send back). */
export const afterSaleCounts = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ seller: number; buyer: number }>`
    select
      count(*) filter (where seller_company_id = ${companyId} and status in ('pending', 'returned', 'refunding'))::int as seller,
      count(*) filter (where buyer_company_id = ${companyId} and status = 'awaiting_return')::int as buyer
    from after_sale
    where (seller_company_id = ${companyId} and status in ('pending', 'returned', 'refunding'))
      or (buyer_company_id = ${companyId} and status = 'awaiting_return')`.execute(db)).rows[0];

/** New quotes on the company's enquiries and wanted requests that it has not opened yet. */
export const newQuotes = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ n: number }>`select coalesce(sum(unseen_quotes), 0)::int as n from enquiry where buyer_company_id = ${companyId} and state <> 'draft'`.execute(db)).rows[0].n;
