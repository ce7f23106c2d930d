/**
 * The in-process search engine of the comparison (MiniSearch), run as a child process of the bench
 * so that its resident memory is its own. Never imported by the app.
 *
 * Protocol (IPC, advanced serialisation): the parent sends `{ type: 'rows', rows }` chunks, then
 * `{ type: 'built' }`; the child answers `{ type: 'built', build_s, rss_mb, docs }`. Then
 * `{ type: 'run', queries }` → `{ type: 'ran', ms, rows, nonempty }`; `{ type: 'exit' }` ends it.
 *
 * The engine indexes the same stock rows the app searches (state 'on'): name, vehicle, OE, brand
 * and make names, with unigram and bigram tokens for Chinese (tokens.ts). A query is the AND of
 * its words' tokens; every match is then filtered and ordered as the app orders (rank key, or the
 * sort column with nulls last, then id) and the page of 50 cut, so the engine answers the same
 * question and pays for ranking every match, as the database does.
 */
import MiniSearch from 'minisearch';
import { indexTokens, queryTokens, type Mode } from './tokens';

export interface EngineRow {
  id: number; name: string; vehicle: string | null; oe: string | null; brand: string | null; make: string | null;
  rank_key: number; quantity: number; price0: number | null; price99: number | null;
}
export interface EngineQuery {
  k: string; mode: Mode;
  sort?: { field: 'price0' | 'price99' | 'quantity'; order: 'asc' | 'desc' };
  filter?: { column?: 'price0' | 'price99'; minPrice: number; maxPrice: number; minStock?: number };
}
type Msg = { type: 'rows'; rows: EngineRow[] } | { type: 'built' } | { type: 'run'; queries: EngineQuery[] } | { type: 'exit' };

const send = (m: unknown) => process.send?.(m);

const ms = new MiniSearch<{ i: number; name: string; vehicle: string; oe: string; brand: string; make: string }>({
  idField: 'i',
  fields: ['name', 'vehicle', 'oe', 'brand', 'make'],
  tokenize: indexTokens,
  processTerm: (t) => t,
  searchOptions: { tokenize: (s) => [s], processTerm: (t) => t, combineWith: 'AND' },
});
// per document (dense number): its stock id and what filters and orders read
let cap = 1 << 16;
let ids = new Float64Array(cap);
let rank = new Float64Array(cap);
let qty = new Float64Array(cap);
let p0 = new Float64Array(cap);
let p99 = new Float64Array(cap);
let n = 0;
let buildMs = 0;
const grow = () => {
  cap *= 2;
  const g = (a: Float64Array) => { const b = new Float64Array(cap); b.set(a); return b; };
  ids = g(ids); rank = g(rank); qty = g(qty); p0 = g(p0); p99 = g(p99);
};

const search = (q: EngineQuery, limit = 50) => {
  const words = [...new Set(q.k.trim().split(/\s+/).filter(Boolean))].slice(0, 5);
  const queries = words.flatMap((w) => queryTokens(w, q.mode)).map((t) => ({ queries: [t.term], prefix: t.prefix, fuzzy: t.fuzzy ? 0.2 : false }));
  if (queries.length === 0) return { page: [] as number[], total: 0 };
  let hits = ms.search({ combineWith: 'AND', queries }).map((r) => r.id as number);
  if (q.filter) {
    const f = q.filter;
    const price = f.column === 'price99' ? p99 : p0;
    hits = hits.filter((d) => !Number.isNaN(price[d]) && price[d] >= f.minPrice && price[d] <= f.maxPrice && qty[d] >= (f.minStock ?? 0));
  }
  if (q.sort) {
    const col = q.sort.field === 'price0' ? p0 : q.sort.field === 'price99' ? p99 : qty;
    const dir = q.sort.order === 'desc' ? -1 : 1;
    hits.sort((a, b) => {
      const x = col[a], y = col[b];
      if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
      return (x === y || Number.isNaN(x) ? 0 : (x - y) * dir) || ids[a] - ids[b];
    });
  } else hits.sort((a, b) => rank[a] - rank[b] || ids[a] - ids[b]);
  return { page: hits.slice(0, limit).map((d) => ids[d]), total: hits.length };
};

process.on('message', (m: Msg) => {
  if (m.type === 'rows') {
    const docs = m.rows.map((r) => {
      if (n === cap) grow();
      ids[n] = r.id; rank[n] = r.rank_key; qty[n] = r.quantity; p0[n] = r.price0 ?? NaN; p99[n] = r.price99 ?? NaN;
      return { i: n++, name: r.name, vehicle: r.vehicle ?? '', oe: r.oe ?? '', brand: r.brand ?? '', make: r.make ?? '' };
    });
    const t = performance.now();
    ms.addAll(docs);
    buildMs += performance.now() - t;
    send({ type: 'ack' });
  } else if (m.type === 'built') {
    (globalThis as { gc?: () => void }).gc?.();
    send({ type: 'built', build_s: Number((buildMs / 1000).toFixed(1)), rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024), docs: n });
  } else if (m.type === 'run') {
    const out: number[] = [];
    const rows: number[] = [];
    for (const q of m.queries) {
      const t = performance.now();
      const r = search(q);
      out.push(performance.now() - t);
      rows.push(r.page.length);
    }
    send({ type: 'ran', ms: out, rows });
  } else if (m.type === 'exit') process.exit(0);
});
send({ type: 'ready' });
