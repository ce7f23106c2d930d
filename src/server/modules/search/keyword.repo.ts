/**
 * Keyword search (see migrations/0003): a keyword token is matched against the small term
 * dictionary, then stock rows are read per matched term from an index in rank order, so a
 * 1-character query costs a few short index scans instead of ranking every match.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { normalizeOe } from '../../../shared/domain/oe';
import { likeEscape } from '../../db/helpers';
import type { PriceColumn } from '../../../shared/domain/prices';
import type { KeywordSortField } from '../../../shared/contracts';

export type Mode = 'exact' | 'fuzzy';
export interface Term { kind: 'name' | 'brand' | 'make' | 'vehicle' | 'oe'; term: string; ref_id: number | null; score: number }

export const TERMS_PER_TOKEN = 30;
/**
 * Matches are counted up to five pages ahead of the page shown: an exact count of a 1-character
 * query costs more than the page itself, and "250+" pages just as well.
 */
export const countCap = (offset: number, limit: number) => offset + 5 * limit;
/** the page is read from the best-scoring terms only */
export const SCANNED_TERMS = 12;

/**
 * Words are separated by whitespace in both modes, and a row must match every word. Exact: each
 * word appears as written (contiguous) in a name, brand, make, vehicle or OE prefix. Fuzzy: each
 * word's characters appear in any order.
 */
export const tokensOf = (k: string): string[] => [...new Set(k.trim().split(/\s+/).filter(Boolean))].slice(0, 5);

export const matchTerms = async (db: Kysely<DB>, token: string, mode: Mode): Promise<Term[]> => {
  const t = token.toLowerCase();
  const contains = sql`strpos(lower(term), ${t}) > 0`;
  // fuzzy: every character of the token appears in the term, in any order
  const chars = [...new Set([...t])].map((c) => `%${likeEscape(c)}%`);
  const cond = mode === 'exact' ? contains : sql`lower(term) like all (${sql.val(chars)}::text[])`;
  const { rows } = await sql<Term>`
    select kind, term, ref_id,
      case when lower(term) = ${t} then 0 when strpos(lower(term), ${t}) = 1 then 1 when ${contains} then 2 else 3 end as score
    from search_term where ${cond}
    order by score, length(term), term limit ${TERMS_PER_TOKEN}`.execute(db);
  const oe = normalizeOe(token);
  if (oe.length >= 5 && /\d/.test(oe)) rows.unshift({ kind: 'oe', term: oe, ref_id: null, score: 0 });
  return rows;
};

/**
 * The vehicle indexes hold only rows with vehicle text (migration 0801: an imported row without
 * one writes none of their entries). A vehicle term is never '', but the planner uses a partial
 * index only when the query says so itself.
 */
const NOT_EMPTY_VEHICLE = sql`s.supplier_vehicle <> ''`;

/** The stock predicate of one term. */
const termPredicate = (t: Term): RawBuilder<unknown> => {
  switch (t.kind) {
    case 'name': return sql`s.name = ${t.term}`;
    case 'brand': return sql`s.part_brand_id = ${t.ref_id}`;
    case 'make': return sql`s.make_id = ${t.ref_id}`;
    case 'vehicle': return sql`(s.supplier_vehicle = ${t.term} and ${NOT_EMPTY_VEHICLE})`;
    case 'oe': return sql`s.oe_norm like ${`${likeEscape(t.term)}%`}`;
  }
};

/**
 * A row matches a token when it matches any of the token's terms. The terms of one kind become
 * one `= any(…)`: a make's word is the make and up to 29 vehicle strings (大众: '大众朗逸 大众速腾'
 * …), checked on every row a walk passes, and PostgreSQL hashes a list of 9 or more.
 */
const tokenPredicate = (terms: Term[]) => {
  if (!terms.length) return sql`false`;
  const of = (kind: Term['kind']) => terms.filter((t) => t.kind === kind);
  const any = (column: string, values: unknown[], type: 'int' | 'text') =>
    (values.length ? [sql`${sql.ref(`s.${column}`)} = any(${sql.val(values)}::${sql.raw(type)}[])`] : []);
  const parts = [
    ...any('name', of('name').map((t) => t.term), 'text'),
    // the vehicle indexes hold only rows with vehicle text (migration 0801): said so they can serve it
    ...any('supplier_vehicle', of('vehicle').map((t) => t.term), 'text').map((p) => sql`(${p} and ${NOT_EMPTY_VEHICLE})`),
    ...any('part_brand_id', of('brand').map((t) => t.ref_id), 'int'),
    ...any('make_id', of('make').map((t) => t.ref_id), 'int'),
    ...of('oe').map(termPredicate),
  ];
  return sql`(${sql.join(parts, sql` or `)})`;
};

/** Part names and OE numbers pick few rows; makes and vehicles many: the page is driven by the narrowest token. */
const narrowness = (terms: Term[]) => (terms.some((t) => t.kind === 'oe' || t.kind === 'name') ? 0 : terms.some((t) => t.kind === 'brand') ? 1 : 2);

/** 拆车件: the quality of parts taken from dismantled cars */
export const DISMANTLED_QUALITY = '拆车件';

export interface Filters {
  /** price column and range in fen */
  priceColumn: PriceColumn;
  minPrice?: number;
  maxPrice?: number;
  minStock?: number;
  maxStock?: number;
}
export interface Sort { field: KeywordSortField; order: 'asc' | 'desc' }

const sortKey = (alias: string, sort: Sort) => sql.ref(`${alias}.${sort.field}`);
/**
 * The second key of an order, before id: 名称 orders by relevance within a name (rank_key: in
 * stock first, then 批发价), so the rows of one part come as an unsorted search would give them,
 * not by when they were listed; the other sorts have none (0).
 */
const tieKey = (alias: string, sort: Sort) => (sort.field === 'name' ? sql.ref(`${alias}.rank_key`) : sql`0::bigint`);
/**
 * The last key, id, goes the sort's way (rows of one price sorted descending come newest listed
 * first), except under 名称, whose ties go by relevance and then id ascending. A backward walk of a
 * (term, column, id) index is then the search's order itself: with ids ascending under a descending
 * price, PostgreSQL sorted each group of equal values, and a column of few values (钉箱费, five)
 * had its whole top group read and sorted (大陆 轮胎 224 ms at 10M rows, warm).
 */
const idsDescending = (sort: Sort | undefined) => sort?.order === 'desc' && sort.field !== 'name';
/** the price columns other than 批发价 and 标准价, walked by migration 0270's and 0281's indexes */
const OTHER_PRICES = new Set<KeywordSortField>(['price1', 'price2', 'price3', 'price5']);
/** the price columns 0270's and 0281's indexes carry, besides quantity */
const CARRIED = new Set<PriceColumn>(['price0', 'price99', 'price2', 'price3']);
/** the price columns the 标准价 walks (0210, 0271, 0282) carry: those and 批发价(含税) */
const CARRIED_BY_PRICE99 = new Set<PriceColumn>([...CARRIED, 'price1']);
/** the prices that keep to proportions, whose pairs migration 0283's price_ratio bounds (钉箱费 is a fee) */
const PROPORTIONAL = new Set<string>(['price99', 'price0', 'price1', 'price2', 'price3']);

/** max(x / y) of migration 0283's price_ratio, by "x/y" */
export type Ratios = Map<string, number>;

/**
 * Where a walk of the sort column x meets first the rows outside a range on another price y
 * (descending from a range's top, ascending from its bottom), the bound on x that the range gives
 * through price_ratio (migration 0283): every row whose prices keep to proportions and whose y is
 * at most hi has x <= r(x, y) * hi; at least lo, x >= lo / r(y, x). The walk starts there and
 * passes only the rows between the range's end and that bound instead of every dearer (cheaper)
 * row of the term: 轮胎 by 零售价(含税) descending within 零售价 up to 800 yuan passed 10 times as
 * many rows at 10M as at 1M. The rows whose prices are far apart (price_odd) are not bounded:
 * oddScan reads them beside the walk. Nothing to bound: undefined. r is read in the search's
 * snapshot (searchIds) and written into the query as a number: as a subquery of the walk, the
 * planner could not estimate the walk's range and picked another index (盖茨 水泵 by 批发价 from
 * 批发价(含税) 50 yuan read 107,000 rows of the brand's rank index, 32 ms instead of 6).
 */
const ratioBound = (x: KeywordSortField, f: Filters | undefined, desc: boolean, ratios: Ratios | undefined): number | undefined => {
  if (!f || !ratios || f.priceColumn === x || !PROPORTIONAL.has(x) || !PROPORTIONAL.has(f.priceColumn)) return undefined;
  // No pair recorded: no row that keeps to proportions has both prices, so none is in the range
  // with x > 0 (descending), and any start will do (ascending). Descending, at most the largest
  // int4, which the price columns are (a top up to 9,999,999 yuan times r).
  if (desc && f.maxPrice !== undefined) return Math.min(MAX_INT, Math.floor((ratios.get(`${x}/${f.priceColumn}`) ?? 0) * f.maxPrice));
  if (!desc && f.minPrice !== undefined && f.minPrice > 0) {
    const r = ratios.get(`${f.priceColumn}/${x}`);
    return r ? Math.floor(f.minPrice / r) : 0;
  }
  return undefined;
};
/**
 * The term's rows whose prices are far apart (price_odd, migration 0283), which a ratio bound does
 * not cover: read whole through 0283's partial indexes (few rows) and sorted. The sort key is an
 * expression so that no walk of a price index is planned for them.
 */
const PRICE_ODD = sql`price_odd(s.price99, s.price0, s.price1, s.price2, s.price3)`;
const oddScan = (field: KeywordSortField, desc: boolean): Scan => ({
  where: PRICE_ODD,
  order: desc ? sql`order by ${sql.ref(`s.${field}`)} + 0 desc nulls last, s.id desc` : sql`order by ${sql.ref(`s.${field}`)} + 0 nulls last, s.id`,
});

/**
 * rank_key (migration 0003) is (out of stock) << 40 plus price0, or 2^40 - 1 when price0 is null;
 * price0 is a non-negative int4 and quantity is never negative, so a term's rows fall in four
 * rank_key ranges, each in price0 order: in stock and priced, in stock without a price, out of
 * stock and priced, out of stock without a price.
 */
const OUT_OF_STOCK = 2 ** 40;
const NO_PRICE = 2 ** 40 - 1;

/** the rank_key bases (in stock, out of stock) of the rows a stock range lets through */
const stockBases = (f: Filters | undefined) => [
  ...(f?.maxStock === undefined || f.maxStock > 0 ? [0] : []),
  ...(f?.minStock === undefined || f.minStock <= 0 ? [OUT_OF_STOCK] : []),
];
/**
 * A 批发价 range as rank_key bounds where the stock range leaves one base (最低库存 ≥ 1: in
 * stock): the count's scans then read the range of the term's rank index instead of walking an
 * index past the rows outside it (5,020 entries for 长城 with 批发价 50-800 yuan).
 */
const countBounds = (f: Filters | undefined) => {
  const bases = stockBases(f);
  if (!f || f.priceColumn !== 'price0' || (f.minPrice === undefined && f.maxPrice === undefined) || bases.length !== 1) return sql``;
  return sql`and s.rank_key >= ${bases[0] + (f.minPrice ?? 0)} and s.rank_key <= ${bases[0] + (f.maxPrice ?? NO_PRICE - 1)}`;
};

const MAX_INT = 2 ** 31 - 1;
const R10 = [100, 125, 160, 200, 250, 315, 400, 500, 630, 800];
/**
 * The bounds of price_band (migration 0251), in fen: the Renard R10 series from 1 yuan to
 * 1,000,000 yuan. Band i holds 批发价 in [PRICE_BANDS[i - 1], PRICE_BANDS[i]); band 0 below 1 yuan.
 */
export const PRICE_BANDS = [0, 1, 2, 3, 4, 5].flatMap((d) => R10.map((m) => m * 10 ** d)).concat(10 ** 8);
/** price_band(p) of migration 0251 (width_bucket over PRICE_BANDS) */
export const priceBand = (p: number) => PRICE_BANDS.filter((b) => b <= p).length;

/**
 * The bands of price_band (migrations 0251, 0260) a price range [lo, hi] touches, split into those
 * walked and the end bands the range covers less than half of, as the range's part in each: such
 * a band's walk would pass the rest of it (and all of it when fewer than n of its rows are in the
 * range), so its rows in the range are read another way and sorted.
 */
const bandsOf = (lo: number, hi: number) => {
  const bands: number[] = [];
  const ranges: [number, number][] = [];
  for (let b = priceBand(lo); b <= priceBand(hi); b++) {
    const low = b === 0 ? 0 : PRICE_BANDS[b - 1];
    const high = b === PRICE_BANDS.length ? MAX_INT : PRICE_BANDS[b] - 1;
    const from = Math.max(lo, low);
    const to = Math.min(hi, high);
    if ((to - from + 1) * 2 < high - low + 1) ranges.push([from, to]);
    else bands.push(b);
  }
  return { bands, ranges };
};

/**
 * A term sorted by 标准价 (price99) within a 批发价 (price0) range [lo, hi]: one walk of 0251's
 * (term, band, price99) index per band the range touches, each up to n rows, so no walk passes
 * rows outside the range except in the bands at its ends. An end band the range covers less than
 * half of is not walked (bandsOf): its rows in the range are read from the term's rank index,
 * where rank_key is price0 within each stock part, and sorted. 50 to 800 yuan: 13 bands, the top
 * one [800, 1000) yuan with one price in the range.
 */
const bandedPrice99 = (desc: boolean, lo: number, hi: number, bases: number[]): Scan[] => {
  const { bands, ranges } = bandsOf(lo, hi);
  const notNull = desc ? sql`s.price99 is not null` : sql`true`;
  const order = desc ? sql`order by s.price99 desc nulls first, s.id desc` : sql`order by s.price99, s.id`;
  // descending, the index's backward order (price99, then id, descending) is the search's: a
  // band's walk stops after n rows with no sort (until ids went the sort's way, a band's rows were
  // taken by price99 alone with their ties, or PostgreSQL sorted the whole band)
  return [
    ...(bands.length ? [{ where: notNull, order, bands: { of: 'price0' as const, values: bands } }] : []),
    ...ranges.flatMap(([from, to]) => bases.map((base) => ({ where: sql`s.rank_key >= ${base + from} and s.rank_key <= ${base + to} and ${notNull}`, order }))),
    // descending, the rows without 标准价 come last
    ...(desc ? [{ where: sql`s.price99 is null`, order: sql`order by s.id desc` }] : []),
  ];
};

/**
 * A term sorted by 批发价 (price0) within a 标准价 (price99) range [lo, hi], the mirror of
 * bandedPrice99: one walk of 0260's (term, band of price99, rank_key, id) index per band the
 * range touches and stock base, each up to n rows in rank_key order, which within a base is 批发价
 * with the unpriced rows last; descending, the priced rows backwards (the index's backward
 * order, rank_key then id descending) and the unpriced ones by id. An end band the range covers
 * less than half of is read from 0210's (term, price99, id) index over the range's part of it
 * (both stock parts at once) and sorted by 批发价. No row without 标准价 is in the range. 轮胎 by 批发价 descending,
 * 标准价 50-800 yuan, 库存 ≥ 1: 126 buffers instead of the rank walk's 23,706 (1M rows).
 */
const bandedPrice0 = (desc: boolean, lo: number, hi: number, bases: number[]): Scan[] => {
  const { bands, ranges } = bandsOf(lo, hi);
  const banded = { of: 'price99' as const, values: bands };
  const walks = bands.length ? bases.flatMap((base): Scan[] => (desc ? [
    { where: sql`s.rank_key >= ${base} and s.rank_key <= ${base + NO_PRICE - 1}`, order: sql`order by s.rank_key desc, s.id desc`, bands: banded },
    { where: sql`s.rank_key = ${base + NO_PRICE}`, order: sql`order by s.id desc`, bands: banded },
  ] : [
    { where: sql`s.rank_key >= ${base} and s.rank_key <= ${base + NO_PRICE}`, order: sql`order by s.rank_key, s.id`, bands: banded },
  ])) : [];
  const order = desc ? sql`order by s.price0 desc nulls last, s.id desc` : sql`order by s.price0 nulls last, s.id`;
  return [...walks, ...ranges.map(([from, to]) => ({ where: sql`s.price99 >= ${from} and s.price99 <= ${to}`, order }))];
};

/**
 * The bounded scans of one term of a sorted search. A term holds up to tens of
 * thousands of rows at 1M (a part name 21,000 on average and up to 99,000, a make 72,000, a
 * vehicle 3,000), and reading them all for one page cost 70 ms; these read about a page each.
 * Each scan returns the first `n` rows of one part of the term in the search's order (sort
 * column, nulls last, then id; 名称: the name, then rank_key, then id), so their union holds the
 * term's first `n` rows and the page is exactly the one reading every row gives:
 * - 批发价 (price0): the term's rank index (0020) walked over the in-stock and the out-of-stock
 *   rank_key ranges, each in price0 order with its unpriced rows last; descending, the priced and
 *   unpriced rows apart. A price0 range narrows the ranges, and a part no filtered row can be in
 *   (out of stock under 最低库存 ≥ 1, unpriced under a price0 range) is not read. With a 标准价
 *   range bounding the walk's start, one walk per 标准价 band and stock part (bandedPrice0,
 *   migration 0260).
 * - 标准价 (price99) and quantity: the term's index on (term, column, id) of migration 0210; by
 *   标准价 with a 批发价 range, one walk per 批发价 band (bandedPrice99, migration 0251).
 * - 批发价(含税), the 零售价 pair and 钉箱费 (price1/2/3/5): the term's (term, column, id) index of
 *   migration 0270 (brands, makes) or 0281 (part names, vehicles), as 标准价. 名称: a part name's
 *   rank index, a brand's, make's or vehicle's (term, name, rank_key, id) of 0270 / 0281.
 * A price sort with a range on a price its index does not carry, and OE prefixes, read the term
 * whole. A quantity or 名称 walk with such a range reads each passed row from the table: their
 * order has nothing to do with prices, so it passes about a page divided by the range's share.
 * A descending scan says NULLS FIRST where its rows cannot be null and ids descending
 * (idsDescending): that is the order of a backward (term, column, id) index scan, so PostgreSQL
 * stops after n rows with no sort. The rank index (term, rank_key) holds id only as a payload: a
 * descending 批发价 walk sorts each rank_key's ties, a few rows. 名称 descending reads the whole
 * top name, whose rows go by rank_key forwards, for a brand making one part (普利司通, 25,000 rows
 * of 轮胎: 12 ms at 1M, against 133 ms reading and sorting it whole).
 */
interface Scan {
  where: RawBuilder<unknown>; order: RawBuilder<unknown>;
  /**
   * price_band values of a price column (migrations 0251, 0260): the scan runs once in each band,
   * each up to n rows
   */
  bands?: { of: 'price0' | 'price99'; values: number[] };
}
const boundedScans = (sort: Sort, f: Filters | undefined, ratios: Ratios | undefined): Scan[] | undefined => {
  const priceRange = f !== undefined && (f.minPrice !== undefined || f.maxPrice !== undefined);
  // A price walk passes the rows outside a range on another price first (prices go together); a
  // range on a price its index does not carry, read from the table for every passed row, costs
  // more than reading the term whole from its rank index, which carries every price. 0270's and
  // 0281's indexes carry 批发价, 标准价 and the 零售价 pair, the 标准价 ones (0210, 0271, 0282)
  // 批发价(含税) too.
  const carried = sort.field === 'price99' ? CARRIED_BY_PRICE99 : CARRIED;
  if ((sort.field === 'price99' || OTHER_PRICES.has(sort.field)) && priceRange && f.priceColumn !== sort.field && !carried.has(f.priceColumn)) return undefined;
  const desc = sort.order === 'desc';
  const bases = stockBases(f);
  // the sort column's bound from a range on another price (ratioBound), and the scan its walk needs beside it
  const bound = ratioBound(sort.field, f, desc, ratios);
  const odd = bound !== undefined ? [oddScan(sort.field, desc)] : [];
  // a price0 range as rank_key bounds, or the ratio bound at the walk's start; the price0 filter
  // itself stays in the query
  const rankRange = (base: number, high: number) => {
    const ranged = priceRange && f.priceColumn === 'price0';
    let low = ranged && f.minPrice !== undefined ? f.minPrice : 0;
    let top = ranged && f.maxPrice !== undefined ? f.maxPrice : high;
    if (bound !== undefined) {
      if (desc) top = Math.min(top, bound);
      else low = Math.max(low, bound);
    }
    return sql`s.rank_key >= ${base + low} and s.rank_key <= ${base + top}`;
  };
  if (sort.field === 'price0') {
    // By band only when the 标准价 range bounds the end the rank walk starts from (its top
    // descending, its bottom ascending), whose rows beyond that bound the rank walk passes first.
    // Bounded at the other end only, the rank walk meets rows outside the range near the page's
    // end (prices go together), while the band walk pays a descent per band and stock part (44
    // bands from 50 yuan up) and reads a page from every band holding rows: 长城 by 批发价
    // descending from 50 yuan, 19.8 ms by band instead of 7.7 (medians at 1M rows)
    if (priceRange && f.priceColumn === 'price99' && (desc ? f.maxPrice : f.minPrice) !== undefined) return bandedPrice0(desc, f.minPrice ?? 0, f.maxPrice ?? MAX_INT, bases);
    const ranged = priceRange && f.priceColumn === 'price0';
    // ascending, rank_key order is price0 order with the unpriced rows (NO_PRICE) last: one range each
    if (!desc) return [...bases.map((base) => ({ where: rankRange(base, NO_PRICE), order: sql`order by s.rank_key, s.id` })), ...odd];
    return [...bases.flatMap((base) => [
      { where: rankRange(base, NO_PRICE - 1), order: sql`order by s.rank_key desc, s.id desc` },
      ...(ranged ? [] : [{ where: sql`s.rank_key = ${base + NO_PRICE}`, order: sql`order by s.id desc` }]),
    ]), ...odd];
  }
  if (sort.field === 'quantity') return [{ where: sql`true`, order: desc ? sql`order by s.quantity desc nulls first, s.id desc` : sql`order by s.quantity, s.id` }];
  // 名称 (never null): a part name's rows by its rank index (the name is the term itself; rows of
  // one rank_key, such as all its unpriced ones, sorted by id), a brand's, make's or vehicle's by
  // (term, name, rank_key, id) of 0270 / 0281; descending, the names backwards and each name's
  // rows forwards (an incremental sort of one name's rows at a time)
  if (sort.field === 'name') return [{ where: sql`true`, order: desc ? sql`order by s.name desc nulls first, s.rank_key, s.id` : sql`order by s.name, s.rank_key, s.id` }];
  if (sort.field === 'price99' && priceRange && f.priceColumn === 'price0') return bandedPrice99(desc, f.minPrice ?? 0, f.maxPrice ?? MAX_INT, bases);
  if (sort.field === 'price99' || OTHER_PRICES.has(sort.field)) {
    // a price's (term, column, id) index (0210, 0270, 0281): ascending, its own order (nulls
    // last) is the search's; descending, the priced rows backwards, then the unpriced ones, of
    // which none is in a range on that price
    const column = sql.ref(`s.${sort.field}`);
    // ascending from a ratio bound, the unpriced rows (last) are a walk of their own
    if (!desc) {
      return bound !== undefined
        ? [{ where: sql`${column} >= ${bound}`, order: sql`order by ${column}, s.id` }, { where: sql`${column} is null`, order: sql`order by s.id` }, ...odd]
        : [{ where: sql`true`, order: sql`order by ${column}, s.id` }];
    }
    return [
      { where: bound !== undefined ? sql`${column} <= ${bound}` : sql`${column} is not null`, order: sql`order by ${column} desc nulls first, s.id desc` },
      ...(priceRange && f.priceColumn === sort.field ? [] : [{ where: sql`${column} is null`, order: sql`order by s.id desc` }]),
      ...odd,
    ];
  }
  return undefined;
};

/** the stock column each term kind of a bounded scan matches, and its type */
const KINDS = [['name', 'name', 'text'], ['vehicle', 'supplier_vehicle', 'text'], ['brand', 'part_brand_id', 'int'], ['make', 'make_id', 'int']] as const;
/** A lateral walk's rows of its term t.term, in the term kind's column (vehicles: NOT_EMPTY_VEHICLE). */
const onTerm = (kind: (typeof KINDS)[number][0], column: string) =>
  (kind === 'vehicle' ? sql`${sql.ref(`s.${column}`)} = t.term and ${NOT_EMPTY_VEHICLE}` : sql`${sql.ref(`s.${column}`)} = t.term`);

/**
 * spot: only 现货 (docs/spot-goods.md), rows the seller marked; the caller also sets 最低库存 1, so
 * only the in-stock rank_key range is walked. Migration 0500's partial (term, rank_key, id)
 * indexes hold the marked rows alone, so a relevance page of spot rows reads only them.
 */
type Scope = { companies?: number[]; dismantled?: boolean; brandId?: number; spot?: boolean; filters?: Filters; sort?: Sort };

/**
 * The ids of one page of a keyword search, in its order, and how many rows match up to a cap. With
 * a range on a proportional price, price_ratio is read first and the walks bounded by it
 * (ratioBound), all in one repeatable-read snapshot: a row written between the two statements
 * with a wider ratio would otherwise be in the walk's snapshot and beyond its bound.
 */
export const searchIds = async (db: Kysely<DB>, tokens: Term[][], offset: number, limit: number, scope: Scope = {}) => {
  const f = scope.filters;
  const sort = scope.sort;
  // only where a walk can be bounded (ratioBound; relevance's rankFrom) the snapshot, which on
  // PGlite holds its one connection for three statements instead of one; any r tells
  const any: Ratios = new Map();
  const boundable = sort ? ratioBound(sort.field, f, sort.order === 'desc', any) !== undefined : ratioBound('price0', f, false, any) !== undefined;
  if (!boundable) return search(db, tokens, offset, limit, scope, undefined);
  // Inside a caller's transaction its isolation holds: under read committed, a row written between
  // the two statements with a wider ratio could be missed by that one search (no caller does that)
  const bounded = async (trx: Kysely<DB>) => {
    const { rows } = await sql<{ x: string; y: string; r: number }>`select x, y, r from price_ratio`.execute(trx);
    return search(trx, tokens, offset, limit, scope, new Map(rows.map((r) => [`${r.x}/${r.y}`, Number(r.r)])));
  };
  return db.isTransaction ? bounded(db) : db.transaction().setIsolationLevel('repeatable read').execute(bounded);
};

const search = async (db: Kysely<DB>, tokens: Term[][], offset: number, limit: number, scope: Scope, ratios: Ratios | undefined) => {
  const scoped: RawBuilder<unknown>[] = [];
  if (scope.brandId !== undefined) scoped.push(sql`s.part_brand_id = ${scope.brandId}`);
  if (scope.companies) scoped.push(sql`s.company_id = any(${sql.val(scope.companies)}::int[])`);
  if (scope.dismantled) scoped.push(sql`s.quality_id = (select id from part_quality where name = ${DISMANTLED_QUALITY})`);
  if (scope.spot) scoped.push(sql`s.spot`);
  const f = scope.filters;
  // an empty range finds nothing (the service refuses one; the band walks would have no scan)
  if (f && ((f.minPrice !== undefined && f.maxPrice !== undefined && f.minPrice > f.maxPrice)
    || (f.minStock !== undefined && f.maxStock !== undefined && f.minStock > f.maxStock))) return { ids: [] as number[], total: 0, cap: Infinity };
  if (f) {
    const price = sql.ref(`s.${f.priceColumn}`);
    if (f.minPrice !== undefined) scoped.push(sql`${price} >= ${f.minPrice}`);
    if (f.maxPrice !== undefined) scoped.push(sql`${price} <= ${f.maxPrice}`);
    if (f.minStock !== undefined) scoped.push(sql`s.quantity >= ${f.minStock}`);
    if (f.maxStock !== undefined) scoped.push(sql`s.quantity <= ${f.maxStock}`);
  }
  const order = [...tokens].sort((a, b) => narrowness(a) - narrowness(b));
  const [driving, ...others] = order;
  if (!driving?.length || others.some((t) => t.length === 0)) return { ids: [] as number[], total: 0, cap: Infinity };
  const rest = [...others.map(tokenPredicate), ...scoped];
  const filter = rest.length ? sql`and ${sql.join(rest, sql` and `)}` : sql``;
  // The driving word's rows are those of its best terms: the page and the count read the same
  // terms, so the total never promises rows no page shows.
  const best = Math.min(...driving.map((t) => t.score));
  const scanned = driving.filter((t) => t.score <= best + 1).slice(0, SCANNED_TERMS);
  const sort = scope.sort;
  const dir = sort?.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const idDir = idsDescending(sort) ? sql`desc` : sql`asc`;
  const n = offset + limit;
  // a term read whole, in the search's order
  const whole = (t: Term, by: Sort) => sql`
    (select s.id, ${sortKey('s', by)} as sort_key, ${tieKey('s', by)} as tie from stock s
     where ${termPredicate(t)} and s.state = 'on' ${filter}
     order by ${sortKey('s', by)} ${dir}, ${tieKey('s', by)}, s.id ${idDir} limit ${n})`;
  // Sorted: each bounded scan runs once for all the terms of a kind (a make's word is the make and
  // up to 11 vehicle strings among the 12 terms read), in a lateral join over the terms and, where
  // it walks by band, the bands: 3 subqueries a kind to plan instead of 3 a term (planning the 36
  // of a make by 标准价 with a 批发价 range took 4 ms), up to 6 by 批发价 with a 标准价 range (two
  // walks per stock part descending, two end bands). Each gives the first n rows of its terms.
  const sortedScans = (by: Sort) => {
    // the same walks for every term kind
    const bounded = boundedScans(by, f, ratios);
    return [
      ...KINDS.flatMap(([kind, column, type]) => {
        const group = scanned.filter((t) => t.kind === kind);
        if (!group.length) return [];
        if (!bounded) return group.map((t) => whole(t, by));
        const values = group.map((t) => (type === 'text' ? t.term : t.ref_id));
        const term = onTerm(kind, column);
        // 名称 descending over a brand's, make's or vehicle's part names: each name's rows go by
        // rank_key forwards, which no backward walk gives, so the top name was read whole and
        // sorted (博世's 74,855 rows of one name at 10M rows, 30 ms against 5 at 1M). Instead the
        // names are found from the top down, one descent each, until n rows are counted, and each
        // such name is walked forwards for up to n rows.
        if (by.field === 'name' && by.order === 'desc' && kind !== 'name') {
          return [sql`
      (select w.id, w.sort_key, w.tie from unnest(${sql.val(values)}::${sql.raw(type)}[]) as t(term) cross join lateral (
        with recursive top(name, seen) as (
          select (select max(s.name) from stock s where ${term} and s.state = 'on'), 0::bigint
          union all
          select (select max(s.name) from stock s where ${term} and s.state = 'on' and s.name < top.name),
            top.seen + (select count(*) from (select 1 from stock s where ${term} and s.state = 'on' and s.name = top.name ${filter} limit ${n}) c)
          from top where top.name is not null and top.seen < ${n})
        select r.id, r.sort_key, r.tie from top cross join lateral
          (select s.id, s.name as sort_key, s.rank_key as tie from stock s where ${term} and s.state = 'on' and s.name = top.name ${filter}
           order by s.rank_key, s.id limit ${n}) r
        where top.seen < ${n}) w
       order by w.sort_key ${dir}, w.tie, w.id ${idDir} limit ${n})`];
        }
        return bounded.map((scan) => sql`
      (select w.id, w.sort_key, w.tie from unnest(${sql.val(values)}::${sql.raw(type)}[]) as t(term)
       ${scan.bands ? sql`cross join unnest(${sql.val(scan.bands.values)}::int[]) as b(band)` : sql``} cross join lateral
      (select s.id, ${sortKey('s', by)} as sort_key, ${tieKey('s', by)} as tie from stock s
       where ${onTerm(kind, column)} and s.state = 'on' ${scan.bands ? sql`and price_band(${sql.ref(`s.${scan.bands.of}`)}) = b.band` : sql``} and ${scan.where} ${filter}
       ${scan.order} limit ${n}) w
       order by w.sort_key ${dir}, w.tie, w.id ${idDir} limit ${n})`);
      }),
      ...scanned.filter((t) => t.kind === 'oe').map((t) => whole(t, by)),
    ];
  };
  // Relevance order is rank_key's: each stock part in 批发价 order. A range's bottom bounds where
  // its walk may start, exactly on 批发价 and through price_ratio (ratioBound) on another price, so
  // the walk does not pass the term's cheaper rows first (标准价 from 50 yuan, the results page's
  // default: every row under about 37 yuan of 批发价); then one walk per stock part, and the odd
  // rows beside them, each run once for all the terms of a kind in a lateral join as the sorted
  // walks are (three walks a term of a make's twelve were 36 subqueries to plan: 16 ms against 11
  // unbounded at 1M rows). Each walk takes its n rows in the page's order, ties by id: cut by
  // rank_key alone, the rows of one price at the end of a page were any of them, and the next page
  // could repeat one and skip another.
  const rankFrom = f?.minPrice ? (f.priceColumn === 'price0' ? f.minPrice : ratioBound('price0', f, false, ratios)) : undefined;
  const relevanceScans = () => {
    const scores = scanned.map((t, i) => t.score * 100 + i);
    const byRank = (t: Term, i: number) => sql`
    (select s.id, s.rank_key, ${scores[i]}::int as score from stock s
     where ${termPredicate(t)} and s.state = 'on' ${filter}
     order by s.rank_key, s.id limit ${n})`;
    if (rankFrom === undefined) return scanned.map(byRank);
    const walks = [
      ...stockBases(f).map((base) => ({ where: sql`s.rank_key >= ${base + rankFrom} and s.rank_key <= ${base + NO_PRICE}`, order: sql`order by s.rank_key, s.id` })),
      ...(f?.priceColumn === 'price0' ? [] : [{ where: PRICE_ODD, order: sql`order by s.rank_key + 0, s.id` }]),
    ];
    return [
      ...KINDS.flatMap(([kind, column, type]) => {
        const group = scanned.flatMap((t, i) => (t.kind === kind ? [{ value: type === 'text' ? t.term : t.ref_id, score: scores[i] }] : []));
        if (!group.length) return [];
        return walks.map((walk) => sql`
      (select w.id, w.rank_key, w.score from unnest(${sql.val(group.map((g) => g.value))}::${sql.raw(type)}[], ${sql.val(group.map((g) => g.score))}::int[]) as t(term, score)
       cross join lateral (select s.id, s.rank_key, t.score from stock s
       where ${onTerm(kind, column)} and s.state = 'on' and ${walk.where} ${filter} ${walk.order} limit ${n}) w)`);
      }),
      // OE prefixes (a few rows each) read whole
      ...scanned.flatMap((t, i) => (t.kind === 'oe' ? [byRank(t, i)] : [])),
    ];
  };
  const scans = sort ? sortedScans(sort) : relevanceScans();
  const page = sort
    ? await sql<{ id: number }>`
    select id from (select distinct id, sort_key, tie from (${sql.join(scans, sql` union all `)}) m) sorted
    order by sort_key ${dir}, tie, id ${idDir} offset ${offset} limit ${limit}`.execute(db)
    : await sql<{ id: number }>`
    select id from (select id, min(score) as score, rank_key from (${sql.join(scans, sql` union all `)}) m group by id, rank_key) ranked
    order by score, rank_key, id offset ${offset} limit ${limit}`.execute(db);
  const ids = page.rows.map((r) => Number(r.id));
  // a page that is not full already says how many there are
  if (ids.length < limit && (ids.length > 0 || offset === 0)) return { ids, total: offset + ids.length, cap: Infinity };
  // Counted term by term, each up to the cap: their union reaches the cap exactly when the rows of
  // all terms do. One scan of "any of the terms" was planned as a walk of a whole index filtered by
  // the terms once the per-term indexes of 0210 existed (358,902 entries for 清器).
  const cap = countCap(offset, limit);
  const bounds = countBounds(f);
  const count = await sql<{ n: number }>`
    select least(count(*), ${cap + 1})::int as n from (${sql.join(scanned.map((t) => sql`
      (select s.id from stock s where ${termPredicate(t)} and s.state = 'on' ${bounds} ${filter} limit ${cap + 1})`), sql` union `)}) c`.execute(db);
  return { ids, total: count.rows[0].n, cap };
};

/**
 * Queries near one that found nothing, for "您是不是要找": each word in turn replaced by a
 * dictionary term that holds its characters in any order (BOSH → BOSCH), or, where none does, a
 * term holding the word less one character (刹车盘子 → 刹车盘). Only queries that find rows under
 * the same scope are kept, so a suggestion is never another dead end. Runs on the empty path only.
 */
export const nearbyQueries = async (db: Kysely<DB>, tokens: string[], scope: Parameters<typeof searchIds>[4], limit = 5): Promise<string[]> => {
  const found: string[] = [];
  const tried = new Set<string>(tokens.join(' ').toLowerCase());
  for (const [i, token] of tokens.entries()) {
    const lower = token.toLowerCase();
    let candidates = (await matchTerms(db, token, 'fuzzy')).filter((t) => t.kind !== 'oe' && t.term.toLowerCase() !== lower);
    const chars = [...token];
    if (candidates.length === 0 && chars.length > 2) {
      for (let j = 0; j < chars.length && candidates.length < limit; j++) {
        const shorter = chars.filter((_, x) => x !== j).join('');
        candidates.push(...(await matchTerms(db, shorter, 'exact')).filter((t) => t.kind !== 'oe'));
      }
    }
    candidates = candidates.slice(0, limit * 2);
    for (const t of candidates) {
      const words = tokens.map((w, j) => (j === i ? t.term : w));
      const query = words.join(' ');
      if (tried.has(query.toLowerCase())) continue;
      tried.add(query.toLowerCase());
      const terms = await Promise.all(words.map((w) => matchTerms(db, w, 'exact')));
      if ((await searchIds(db, terms, 0, 1, scope)).ids.length > 0) found.push(query);
      if (found.length >= limit) return found;
    }
  }
  return found;
};
