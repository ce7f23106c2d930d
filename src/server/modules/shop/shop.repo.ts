/**
 * Stores a seller's shop decoration (company_shop, company_shop_media) and who viewed a shop
 * (company_view, its hourly gate company_view_gate, and company_view_seen per user).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { stockByIds } from '../search/search.read';
import { likeEscape } from '../../db/helpers';

export const levelTypeOf = async (db: Kysely<DB>, companyId: number) => {
  const r = await db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select('company_level.level_type').where('company.id', '=', companyId).executeTakeFirst();
  return r?.level_type ?? 'free';
};

/** A seller company with its level, stock size and three most stocked part brands; undefined when not a seller. */
export const shopCompany = async (db: Kysely<DB>, companyId: number) => {
  const { rows } = await sql<{
    id: number; name: string; short_name: string; province: string; city: string; address: string; phone: string; qq: string;
    level_name: string; level_type: 'free' | 'paid'; stock_count: number; main_brands: string[] | null;
  }>`
    with per_brand as (
      -- one pass over the company's stock gives both the stock size and the brand ranking
      select s.part_brand_id, count(*)::int as n from stock s where s.company_id = ${companyId} and s.state = 'on' group by s.part_brand_id
    ),
    first_contact as (
      -- the first of the company's public contacts (M06 联系人) speaks for it when there is one
      select phone, qq from company_contact where company_id = ${companyId} order by sort, id limit 1
    )
    select c.id, c.name, c.short_name, c.province, c.city, c.address,
      coalesce((select phone from first_contact), c.phone) as phone, coalesce((select qq from first_contact), c.qq) as qq,
      l.name as level_name, l.level_type,
      coalesce((select sum(n) from per_brand), 0)::int as stock_count,
      (select array_agg(b.name order by b.n desc, b.name) from (select pb.name, x.n from per_brand x join part_brand pb on pb.id = x.part_brand_id
         order by x.n desc, pb.name limit 3) b) as main_brands
    from company c join company_level l on l.id = c.level_id
    where c.id = ${companyId} and c.is_seller`.execute(db);
  return rows[0];
};

const productFilter = (companyId: number, k: string) => {
  if (!k) return sql`s.company_id = ${companyId} and s.state = 'on'`;
  const pattern = `%${likeEscape(k)}%`;
  const oe = k.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return sql`s.company_id = ${companyId} and s.state = 'on' and (s.name like ${pattern} or s.supplier_vehicle like ${pattern}
    or s.supplier_code like ${pattern} or s.part_brand_id in (select id from part_brand where name ilike ${pattern})
    or s.make_id in (select id from make where name like ${pattern})
    ${oe.length >= 3 ? sql`or s.oe_norm like ${`%${oe}%`}` : sql``})`;
};

/** The company's stock on sale, optionally filtered by a keyword, in the order it was listed. */
export const products = async (db: Kysely<DB>, companyId: number, k: string, offset: number, limit: number) => {
  const where = productFilter(companyId, k);
  const [page, count] = await Promise.all([
    sql<{ id: number }>`select s.id from stock s where ${where} order by s.id offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from stock s where ${where}`.execute(db),
  ]);
  // the page's ids first, then the wide rows in short reads (search.repo.ts, STOCK_CHUNK)
  const rows = await stockByIds(db, page.rows.map((r) => Number(r.id)));
  return { rows, total: count.rows[0].n };
};

/** These stock rows of the company that are still on sale, in the given order. */
export const stockOfCompany = (db: Kysely<DB>, companyId: number, ids: number[]) =>
  stockByIds(db, ids, sql`s.company_id = ${companyId} and s.state = 'on'`);

export const decoration = async (db: Kysely<DB>, companyId: number) => {
  const [shop, media] = await Promise.all([
    db.selectFrom('company_shop').selectAll().where('company_id', '=', companyId).executeTakeFirst(),
    db.selectFrom('company_shop_media').select(['kind', 'url', 'title']).where('company_id', '=', companyId).orderBy('kind').orderBy('sort').execute(),
  ]);
  return { shop, media };
};

export interface DecorationRow {
  banner_url: string;
  intro: string;
  factory_desc: string;
  featured_stock_ids: number[];
  photos: { url: string; title: string }[];
  videos: { url: string; title: string }[];
}

/** Replaces the whole decoration; run inside a transaction. */
export const saveDecoration = async (db: Kysely<DB>, companyId: number, d: DecorationRow, now: Date) => {
  const shop = { banner_url: d.banner_url, intro: d.intro, factory_desc: d.factory_desc, featured_stock_ids: d.featured_stock_ids, updated_at: now };
  await db.insertInto('company_shop').values({ company_id: companyId, ...shop })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(shop)).execute();
  await db.deleteFrom('company_shop_media').where('company_id', '=', companyId).execute();
  const media = [
    ...d.photos.map((m, sort) => ({ company_id: companyId, kind: 'photo' as const, sort, url: m.url, title: m.title })),
    ...d.videos.map((m, sort) => ({ company_id: companyId, kind: 'video' as const, sort, url: m.url, title: m.title })),
  ];
  if (media.length > 0) await db.insertInto('company_shop_media').values(media).execute();
};

/** Records a view unless this viewer company was recorded for this shop within the last hour; true when recorded. */
export const recordView = async (db: Kysely<DB>, v: { companyId: number; viewerCompanyId: number; viewerUserId: number; now: Date }) => {
  const { rows } = await sql<{ id: string }>`
    with gate as (
      insert into company_view_gate as g (company_id, viewer_company_id, last_at) values (${v.companyId}, ${v.viewerCompanyId}, ${v.now})
      on conflict (company_id, viewer_company_id) do update set last_at = excluded.last_at
      where g.last_at <= excluded.last_at - interval '1 hour'
      returning 1
    )
    insert into company_view (company_id, viewer_company_id, viewer_user_id, viewed_at)
    select ${v.companyId}, ${v.viewerCompanyId}, ${v.viewerUserId}, ${v.now} from gate
    returning id`.execute(db);
  return rows.length > 0;
};

const seenAt = (userId: number) => sql`coalesce((select seen_at from company_view_seen where user_id = ${userId}), '-infinity'::timestamptz)`;

export const unseenViews = async (db: Kysely<DB>, companyId: number, userId: number) => {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from company_view v where v.company_id = ${companyId} and v.viewed_at > ${seenAt(userId)}`.execute(db);
  return rows[0].n;
};

export const views = async (db: Kysely<DB>, companyId: number, userId: number, offset: number, limit: number) => {
  const [{ rows }, count] = await Promise.all([
    sql<{
      id: number; viewer_company_id: number; viewer_company_name: string; viewer_short_name: string; province: string; city: string;
      level_name: string; viewer_user_name: string; viewed_at: Date; is_new: boolean; phone: string; qq: string;
    }>`
      select v.id::int as id, v.viewer_company_id, c.name as viewer_company_name, c.short_name as viewer_short_name, c.province, c.city,
        l.name as level_name, u.display_name as viewer_user_name, v.viewed_at, v.viewed_at > ${seenAt(userId)} as is_new, c.phone, c.qq
      from company_view v
      join company c on c.id = v.viewer_company_id
      join company_level l on l.id = c.level_id
      join app_user u on u.id = v.viewer_user_id
      where v.company_id = ${companyId}
      order by v.viewed_at desc, v.id desc offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from company_view where company_id = ${companyId}`.execute(db),
  ]);
  return { rows, total: count.rows[0].n };
};

/** Moves the user's seen mark forward to `until` (never back). */
export const markSeen = (db: Kysely<DB>, userId: number, until: Date) =>
  sql`insert into company_view_seen as s (user_id, seen_at) values (${userId}, ${until})
    on conflict (user_id) do update set seen_at = greatest(s.seen_at, excluded.seen_at)`.execute(db);
