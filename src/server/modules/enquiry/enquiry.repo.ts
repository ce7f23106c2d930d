/** Enquiries, their lines, recipients and quotes (migration 0050). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import { normalizeOe } from '../../../shared/domain/oe';
import type { EnquiryLine, QuoteRule, QuoteRounding, QuoteRuleColumn } from '../../../shared/domain/enquiry';

export interface EnquiryRow {
  id: number; enquiry_no: string; buyer_company_id: number; buyer_user_id: number; state: 'draft' | 'open' | 'ended' | 'cancelled';
  make_id: number | null; make_name: string; vin: string; note: string; quote_count: number; unseen_quotes: number;
  created_at: Date; expires_at: Date | null; buyer_company_name: string; first_line: string; line_count: number;
  zone: boolean; wanted_id: number | null; img_infos: string[];
}

export interface QuoteRow {
  id: number; enquiry_id: number; line_id: number; seller_company_id: number; seller_name: string; seller_area: string;
  price_fen: number; currency: 'CNY' | 'VND'; quoted_amount: string | number; rate: string | null; brand: string; quality: string; qty: number; delivery_days: number;
  valid_until: Date; note: string; accepted: boolean; updated_at: Date;
}

const ENQUIRY = sql`select e.id, e.enquiry_no, e.buyer_company_id, e.buyer_user_id, e.state, e.make_id,
    coalesce((select name from make where id = e.make_id), '') as make_name, e.vin, e.note, e.quote_count, e.unseen_quotes,
    e.created_at, e.expires_at, c.name as buyer_company_name, e.zone, e.wanted_id, e.img_infos,
    coalesce((select case when l.oe <> '' then l.oe || ' ' || l.name else l.name end from enquiry_line l where l.enquiry_id = e.id order by l.line_no limit 1), '') as first_line,
    (select count(*)::int from enquiry_line l where l.enquiry_id = e.id) as line_count
  from enquiry e join company c on c.id = e.buyer_company_id`;

/** Open and past its expiry: how a state filter of 'open' / 'expired' reads the stored rows. */
const stateFilter = (state: string, now: Date) => {
  if (state === 'open') return sql`e.state = 'open' and e.expires_at > ${now}`;
  if (state === 'expired') return sql`e.state = 'open' and e.expires_at <= ${now}`;
  if (state) return sql`e.state = ${state}`;
  return sql`true`;
};

export const insertEnquiry = async (db: Kysely<DB>, r: {
  no: string; company: number; user: number; state: 'draft' | 'open'; make_id: number | null; vin: string; note: string; at: Date; expires: Date | null;
  zone?: boolean; wanted_id?: number | null; img_infos?: string[];
}, lines: EnquiryLine[], sellerIds: number[]) => {
  const { id } = (await sql<{ id: number }>`
    insert into enquiry (enquiry_no, buyer_company_id, buyer_user_id, state, make_id, vin, note, created_at, sent_at, expires_at, zone, wanted_id, img_infos)
    values (${r.no}, ${r.company}, ${r.user}, ${r.state}, ${r.make_id}, ${r.vin}, ${r.note}, ${r.at}, ${r.state === 'open' ? r.at : null}, ${r.expires},
      ${r.zone ?? false}, ${r.wanted_id ?? null}, ${JSON.stringify(r.img_infos ?? [])}::jsonb)
    returning id`.execute(db)).rows[0];
  await db.insertInto('enquiry_line' as never).values(lines.map((l, i) => ({ enquiry_id: id, line_no: i + 1, oe: l.oe, oe_norm: l.oe_norm, name: l.name, qty: l.qty, quality: l.quality })) as never).execute();
  if (sellerIds.length > 0) await db.insertInto('enquiry_recipient' as never).values(sellerIds.map((s) => ({ enquiry_id: id, seller_company_id: s })) as never).execute();
  return id;
};

/** The enquiry of a wanted request, locked (to edit it with the request). */
export const byWanted = async (db: Kysely<DB>, wantedId: number) =>
  (await sql<EnquiryRow>`${ENQUIRY} where e.wanted_id = ${wantedId} for update of e`.execute(db)).rows[0];

/** A wanted request's new text, make and VIN on its enquiry and its one line. */
export const updateWantedEnquiry = async (db: Kysely<DB>, enquiryId: number, p: { content: string; make_id: number; vin: string; img_infos: string[] }) => {
  await sql`update enquiry set make_id = ${p.make_id}, vin = ${p.vin}, img_infos = ${JSON.stringify(p.img_infos)}::jsonb where id = ${enquiryId}`.execute(db);
  await sql`update enquiry_line set name = ${p.content} where enquiry_id = ${enquiryId} and line_no = 1`.execute(db);
};

/**
 * An edited enquiry: its fields, its lines by position (a line keeps its id, so chat cards still
 * point at it; surplus lines go, new ones are added) and its recipients. Only called while no
 * quote exists. The lines that are new or changed, and the sellers added.
 */
export const updateEnquiry = async (db: Kysely<DB>, id: number, p: { make_id: number | null; vin: string; note: string; zone: boolean; img_infos: string[] },
  next: EnquiryLine[], sellerIds: number[]) => {
  await sql`update enquiry set make_id = ${p.make_id}, vin = ${p.vin}, note = ${p.note}, zone = ${p.zone}, img_infos = ${JSON.stringify(p.img_infos)}::jsonb
    where id = ${id}`.execute(db);
  const before = await lines(db, id);
  const lineIds: number[] = [];
  for (const [i, l] of next.entries()) {
    const old = before[i];
    if (!old) {
      const { id: lineId } = (await sql<{ id: number }>`insert into enquiry_line (enquiry_id, line_no, oe, oe_norm, name, qty, quality)
        values (${id}, ${i + 1}, ${l.oe}, ${l.oe_norm}, ${l.name}, ${l.qty}, ${l.quality}) returning id`.execute(db)).rows[0];
      lineIds.push(lineId);
    } else if (old.oe !== l.oe || old.name !== l.name || old.qty !== l.qty || old.quality !== l.quality) {
      await sql`update enquiry_line set oe = ${l.oe}, oe_norm = ${l.oe_norm}, name = ${l.name}, qty = ${l.qty}, quality = ${l.quality} where id = ${old.id}`.execute(db);
      lineIds.push(old.id);
    }
  }
  await sql`delete from enquiry_line where enquiry_id = ${id} and line_no > ${next.length}`.execute(db);
  const had = (await recipients(db, id)).map((r) => r.id);
  await sql`delete from enquiry_recipient where enquiry_id = ${id} and not (seller_company_id = any(${sellerIds}::int[]))`.execute(db);
  const newSellers = sellerIds.filter((s) => !had.includes(s));
  if (newSellers.length > 0) await db.insertInto('enquiry_recipient' as never).values(newSellers.map((s) => ({ enquiry_id: id, seller_company_id: s })) as never).execute();
  return { lineIds, newSellers };
};

export const sellersExist = async (db: Kysely<DB>, ids: number[]) =>
  (await sql<{ id: number }>`select id from company where id = any(${ids}::int[]) and is_seller`.execute(db)).rows.map((r) => r.id);

export const makeExists = async (db: Kysely<DB>, id: number) =>
  (await sql`select 1 from make where id = ${id}`.execute(db)).rows.length > 0;

export const byId = async (db: Kysely<DB>, id: number, forUpdate = false) =>
  (await sql<EnquiryRow>`${ENQUIRY} where e.id = ${id} ${forUpdate ? sql`for update of e` : sql``}`.execute(db)).rows[0];

export const lines = async (db: Kysely<DB>, enquiryId: number) =>
  (await sql<{ id: number; line_no: number; oe: string; oe_norm: string; name: string; qty: number; quality: string }>`
    select id, line_no, oe, oe_norm, name, qty, quality from enquiry_line where enquiry_id = ${enquiryId} order by line_no`.execute(db)).rows;

export const recipients = async (db: Kysely<DB>, enquiryId: number) =>
  (await sql<{ id: number; name: string }>`
    select c.id, c.name from enquiry_recipient r join company c on c.id = r.seller_company_id where r.enquiry_id = ${enquiryId} order by c.id`.execute(db)).rows;

/**
 * Whether a seller company may see (and quote) an enquiry: it was sent to it, or it is in the zone
 * of a make the company names among its main makes, or the company has quoted it already.
 */
export const mayView = async (db: Kysely<DB>, enquiryId: number, companyId: number) =>
  (await sql`select 1 from enquiry e where e.id = ${enquiryId} and e.buyer_company_id <> ${companyId} and (
      exists (select 1 from enquiry_recipient r where r.enquiry_id = e.id and r.seller_company_id = ${companyId})
      or (e.zone and e.make_id = any((select main_make_ids from company where id = ${companyId})::int[]))
      or exists (select 1 from quote q where q.enquiry_id = e.id and q.seller_company_id = ${companyId}))`.execute(db)).rows.length > 0;

const QUOTE = sql`select q.id, q.enquiry_id, q.line_id, q.seller_company_id, c.name as seller_name,
    trim(coalesce(c.province, '') || ' ' || coalesce(c.city, '')) as seller_area, q.price_fen, q.currency, q.quoted_amount, q.rate, q.brand, q.quality, q.qty,
    q.delivery_days, q.valid_until, q.note, q.accepted, q.updated_at
  from quote q join company c on c.id = q.seller_company_id`;

export const quotesOf = async (db: Kysely<DB>, enquiryId: number, sellerCompanyId?: number) =>
  (await sql<QuoteRow>`${QUOTE} where q.enquiry_id = ${enquiryId} ${sellerCompanyId === undefined ? sql`` : sql`and q.seller_company_id = ${sellerCompanyId}`}
    order by q.line_id, q.price_fen < 0, q.price_fen, q.id`.execute(db)).rows;

export const listOfBuyer = async (db: Kysely<DB>, companyId: number, state: string, now: Date, offset: number, limit: number) => {
  const where = sql`e.buyer_company_id = ${companyId} and ${stateFilter(state, now)}`;
  const [rows, total] = await Promise.all([
    sql<EnquiryRow>`${ENQUIRY} where ${where} order by e.id desc offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from enquiry e where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

/**
 * Enquiries sent to this seller company (scope direct), or open to it in the zone of its main
 * makes (scope zone); never drafts, never its own; newest first.
 */
export const listOfSeller = async (db: Kysely<DB>, companyId: number, scope: 'direct' | 'zone', state: string, now: Date, offset: number, limit: number,
  filter: { makeId: number | null; keyword: string } = { makeId: null, keyword: '' }) => {
  const who = scope === 'direct'
    ? sql`exists (select 1 from enquiry_recipient r where r.enquiry_id = e.id and r.seller_company_id = ${companyId})`
    : sql`e.zone and e.make_id = any((select main_make_ids from company where id = ${companyId})::int[]) and e.buyer_company_id <> ${companyId}`;
  const kw = filter.keyword ? `%${likeEscape(filter.keyword)}%` : null;
  const kwNorm = filter.keyword ? `%${likeEscape(normalizeOe(filter.keyword))}%` : null;
  const where = sql`${who} and e.state <> 'draft' and ${stateFilter(state, now)}
    ${filter.makeId !== null ? sql`and e.make_id = ${filter.makeId}` : sql``}
    ${kw ? sql`and exists (select 1 from enquiry_line l where l.enquiry_id = e.id and (l.name ilike ${kw} or (${kwNorm} <> '%%' and l.oe_norm like ${kwNorm})))` : sql``}`;
  const [rows, total] = await Promise.all([
    sql<EnquiryRow>`${ENQUIRY} where ${where} order by e.id desc offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from enquiry e where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

/** The makes a company names as its main ones (企业信息): its zone. */
export const mainMakes = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ ids: number[] }>`select main_make_ids as ids from company where id = ${companyId}`.execute(db)).rows[0]?.ids ?? [];

export const setState = (db: Kysely<DB>, id: number, state: string, at: Date, expires?: Date) =>
  sql`update enquiry set state = ${state},
      ${state === 'open' ? sql`sent_at = coalesce(sent_at, ${at}), expires_at = ${expires ?? null}, closed_at = null` : sql`closed_at = ${at}`}
    where id = ${id}`.execute(db);

export const remove = (db: Kysely<DB>, id: number) => sql`delete from enquiry where id = ${id}`.execute(db);

export const markSeen = (db: Kysely<DB>, id: number) => sql`update enquiry set unseen_quotes = 0 where id = ${id} and unseen_quotes > 0`.execute(db);

export const unseenOfCompany = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ n: number }>`select coalesce(sum(unseen_quotes), 0)::int as n from enquiry where buyer_company_id = ${companyId} and state <> 'draft'`.execute(db)).rows[0].n;

export const lineOf = async (db: Kysely<DB>, enquiryId: number, lineId: number) =>
  (await sql<{ id: number }>`select id from enquiry_line where id = ${lineId} and enquiry_id = ${enquiryId}`.execute(db)).rows[0];

/** The price the company gave the line before (locked for this quote's transaction), or undefined when it never answered it. */
export const priceBefore = async (db: Kysely<DB>, lineId: number, companyId: number) =>
  (await sql<{ price_fen: number }>`select price_fen from quote where line_id = ${lineId} and seller_company_id = ${companyId} for update`.execute(db)).rows[0]?.price_fen;

/**
 * Stores a seller's answer to a line: a new quote, or the new terms of its earlier one while that
 * is not accepted. Counts a new quote on the enquiry (and as unseen for the buyer); the id and
 * whether it was new.
 */
export const upsertQuote = async (db: Kysely<DB>, q: {
  enquiry_id: number; line_id: number; seller_company_id: number; seller_user_id: number; price_fen: number; brand: string; quality: string;
  qty: number; delivery_days: number; valid_until: Date; note: string; at: Date; currency: 'CNY' | 'VND'; quoted_amount: number; rate: number | null;
}) => {
  const r = (await sql<{ id: number; inserted: boolean }>`
    insert into quote (enquiry_id, line_id, seller_company_id, seller_user_id, price_fen, brand, quality, qty, delivery_days, valid_until, note, created_at, updated_at,
      currency, quoted_amount, rate)
    values (${q.enquiry_id}, ${q.line_id}, ${q.seller_company_id}, ${q.seller_user_id}, ${q.price_fen}, ${q.brand}, ${q.quality}, ${q.qty},
      ${q.delivery_days}, ${q.valid_until}, ${q.note}, ${q.at}, ${q.at}, ${q.currency}, ${q.quoted_amount}, ${q.rate})
    on conflict (line_id, seller_company_id) do update set
      currency = excluded.currency, quoted_amount = excluded.quoted_amount, rate = excluded.rate,
      seller_user_id = excluded.seller_user_id, price_fen = excluded.price_fen, brand = excluded.brand, quality = excluded.quality,
      qty = excluded.qty, delivery_days = excluded.delivery_days, valid_until = excluded.valid_until, note = excluded.note, updated_at = excluded.updated_at
      where not quote.accepted
    returning id, (xmax = 0) as inserted`.execute(db)).rows[0];
  if (r?.inserted) await sql`update enquiry set quote_count = quote_count + 1, unseen_quotes = unseen_quotes + 1 where id = ${q.enquiry_id}`.execute(db);
  else if (r) await sql`update enquiry set unseen_quotes = unseen_quotes + 1 where id = ${q.enquiry_id}`.execute(db);
  // every answer given stays in the history (getIMQuoteHisgoryById), the quote row only the latest
  if (r) {
    await sql`insert into quote_revision (quote_id, enquiry_id, seller_company_id, seller_user_id, price_fen, currency, quoted_amount, brand, quality, qty,
        delivery_days, valid_until, note, created_at)
      select id, enquiry_id, seller_company_id, seller_user_id, price_fen, currency, quoted_amount, brand, quality, qty, delivery_days, valid_until, note, updated_at
      from quote where id = ${r.id}`.execute(db);
  }
  return r;
};

export const quoteById = async (db: Kysely<DB>, id: number) => (await sql<QuoteRow>`${QUOTE} where q.id = ${id}`.execute(db)).rows[0];

export const levelTypeOf = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ level_type: string }>`select l.level_type from company c join company_level l on l.id = c.level_id where c.id = ${companyId}`.execute(db)).rows[0]?.level_type ?? 'free';

/** The active users of a company (to tell their open tabs of a new quote). */
export const usersOf = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ id: number }>`select id from app_user where company_id = ${companyId} and active`.execute(db)).rows.map((r) => r.id);

/** This seller company's quotes, newest first, with their enquiry's state and the line they answer. */
export const quotesOfSeller = async (db: Kysely<DB>, companyId: number, offset: number, limit: number) => {
  const [rows, total] = await Promise.all([
    sql<QuoteRow & { enquiry_no: string; buyer_company_name: string; e_state: EnquiryRow['state']; e_expires: Date | null; e_quotes: number; line_text: string; line_name: string; line_qty: number }>`
      select q.id, q.enquiry_id, q.line_id, q.seller_company_id, c.name as seller_name,
        trim(coalesce(c.province, '') || ' ' || coalesce(c.city, '')) as seller_area, q.price_fen, q.currency, q.quoted_amount, q.rate, q.brand, q.quality, q.qty,
        q.delivery_days, q.valid_until, q.note, q.accepted, q.updated_at,
        e.enquiry_no, b.name as buyer_company_name, e.state as e_state, e.expires_at as e_expires, e.quote_count as e_quotes,
        trim(l.oe || ' ' || l.name) as line_text, l.name as line_name, l.qty as line_qty
      from quote q join company c on c.id = q.seller_company_id join enquiry e on e.id = q.enquiry_id
        join company b on b.id = e.buyer_company_id join enquiry_line l on l.id = q.line_id
      where q.seller_company_id = ${companyId}
      order by q.updated_at desc, q.id desc offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from quote where seller_company_id = ${companyId}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

/** This seller company's quotes on lines of this OE number, newest first. */
export const historyByOe = async (db: Kysely<DB>, companyId: number, oeNorm: string) =>
  (await sql<{ quote_date: Date; company_name: string; quality_name: string; brand_name_new: string; quality_name_new: string; price: number }>`
    select q.updated_at as quote_date, b.name as company_name, l.quality as quality_name, q.brand as brand_name_new, q.quality as quality_name_new, q.price_fen as price
    from quote q join enquiry_line l on l.id = q.line_id join enquiry e on e.id = q.enquiry_id join company b on b.id = e.buyer_company_id
    where q.seller_company_id = ${companyId} and l.oe_norm = ${oeNorm}
    order by q.updated_at desc, q.id desc limit 20`.execute(db)).rows;

/**
 * Every answer given on an enquiry, oldest first per quote (one seller's only, or all for the buyer),
 * each with the brand and quality it replaced: for a first answer, the line's wanted quality.
 */
export const historyOfEnquiry = async (db: Kysely<DB>, enquiryId: number, sellerCompanyId?: number) =>
  (await sql<{ quote_id: number; quote_date: Date; company_name: string; line_no: number; line_text: string; brand_name: string; brand_name_new: string;
    quality_name: string; quality_name_new: string; price: number; currency: 'CNY' | 'VND'; quoted_amount: string | number; qty: number; delivery_days: number }>`
    select r.quote_id, r.created_at as quote_date, c.name as company_name, l.line_no, trim(l.oe || ' ' || l.name) as line_text,
      coalesce(lag(r.brand) over w, '') as brand_name, r.brand as brand_name_new,
      coalesce(lag(r.quality) over w, l.quality) as quality_name, r.quality as quality_name_new,
      r.price_fen as price, r.currency, r.quoted_amount, r.qty, r.delivery_days
    from quote_revision r join quote q on q.id = r.quote_id join enquiry_line l on l.id = q.line_id join company c on c.id = r.seller_company_id
    where r.enquiry_id = ${enquiryId} ${sellerCompanyId === undefined ? sql`` : sql`and r.seller_company_id = ${sellerCompanyId}`}
    window w as (partition by r.quote_id order by r.id)
    order by l.line_no, c.name, r.quote_id, r.id`.execute(db)).rows;

/** The company's own on-sale stock row of this OE number with the most pieces, to pre-fill a quote. */
export const myProductByOe = async (db: Kysely<DB>, companyId: number, oeNorm: string) =>
  (await sql<{ stock_id: number; brand: string; quality: string; qty: number; price0: number | null; price1: number | null; price99: number | null; price2: number | null; price3: number | null }>`
    select s.id::int as stock_id, coalesce(b.name, s.custom_brand_name, '') as brand, q.name as quality, s.quantity as qty, s.price0, s.price1, s.price99, s.price2, s.price3
    from stock s join part_quality q on q.id = s.quality_id left join part_brand b on b.id = s.part_brand_id
    where s.company_id = ${companyId} and s.oe_norm = ${oeNorm} and s.state = 'on'
    order by s.quantity desc, s.id limit 1`.execute(db)).rows[0] ?? null;

/** Quotes to accept, locked, with their line's quantity and their enquiry's facts. */
export const quotesForAccept = async (db: Kysely<DB>, ids: number[]) =>
  (await sql<{ id: number; price_fen: number; qty: number; valid_until: Date; accepted: boolean; line_qty: number; enquiry_id: number;
    buyer_company_id: number; state: EnquiryRow['state']; expires_at: Date | null; quote_count: number }>`
    select q.id, q.price_fen, q.qty, q.valid_until, q.accepted, l.qty as line_qty, e.id as enquiry_id, e.buyer_company_id, e.state, e.expires_at, e.quote_count
    from quote q join enquiry_line l on l.id = q.line_id join enquiry e on e.id = q.enquiry_id
    where q.id = any(${ids}::int[]) order by q.id for update of q`.execute(db)).rows;

export const markAccepted = (db: Kysely<DB>, ids: number[]) => sql`update quote set accepted = true where id = any(${ids}::int[]) and not accepted`.execute(db);

/** Dong per yuan now (exchange_rate, 001 system/exchangerate), or null when the operators set none. */
export const vndRate = async (db: Kysely<DB>) =>
  (await sql<{ rate: string }>`select rate_value as rate from exchange_rate where to_curr_code = 'VND'`.execute(db)).rows.map((r) => Number(r.rate))[0] ?? null;

export const ruleOf = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ valid_days: number; delivery_days: number; price_column: QuoteRuleColumn; markup_pct: string; round_to: QuoteRounding; updated_at: Date }>`
    select valid_days, delivery_days, price_column, markup_pct, round_to, updated_at from quote_rule where company_id = ${companyId}`.execute(db)).rows[0];

export const saveRule = (db: Kysely<DB>, companyId: number, userId: number, r: QuoteRule, at: Date) =>
  sql`insert into quote_rule (company_id, valid_days, delivery_days, price_column, markup_pct, round_to, updated_at, updated_by)
    values (${companyId}, ${r.valid_days}, ${r.delivery_days}, ${r.price_column}, ${r.markup_pct}, ${r.round_to}, ${at}, ${userId})
    on conflict (company_id) do update set valid_days = excluded.valid_days, delivery_days = excluded.delivery_days, price_column = excluded.price_column,
      markup_pct = excluded.markup_pct, round_to = excluded.round_to, updated_at = excluded.updated_at, updated_by = excluded.updated_by`.execute(db);
