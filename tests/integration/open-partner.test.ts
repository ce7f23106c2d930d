/**
 * The open platform's partner calls (docs/open-platform.md, "Partner calls"): stock search, the
 * changes feed under concurrent writes, the stock sync (10,000 lines with bad ones among them,
 * replayed), sales and purchase orders moved through the API and seen the same on the web, another
 * company's order, a missing scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql, type KyselyPlugin } from 'kysely';
import { OPEN_SCOPE_LABELS, openText, type AnswerOf, type EndpointName, type Envelope, type PayloadIn } from '../../src/shared/contracts';
import { OPEN_SYNC_MAX_LINES, openPartnerText } from '../../src/shared/contracts/open-partner';
import { stockText } from '../../src/shared/domain/stock';
import { openStockChanges, syncText } from '../../src/server/modules/stock/stock.service';
import { DEFAULT_LIMITS } from '../../src/server/http/limits';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';
import { openCall, openKey, type OpenKey } from './open-partner.support';

const SELLER_CO = 2;
const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('open platform partner calls on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'stock and orders through signed keys', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let seller: OpenKey;
    let buyer: OpenKey;
    let readOnly: OpenKey;
    const db = () => env.database.db;
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
    const call = <N extends EndpointName>(key: OpenKey, name: N, payload: PayloadIn<N>, headers: Record<string, string> = {}) =>
      openCall(key, name, payload, headers) as Promise<{ status: number; body: Envelope<AnswerOf<N>> }>;
    const qty = async (code: string) => (await sql<{ quantity: number }>`select quantity from stock where company_id = ${SELLER_CO} and default_code = ${code}`.execute(db())).rows[0]?.quantity;

    beforeAll(async () => {
      // the per-key budget well above what the walks below send
      env = await createTestEnv(backend, { stockRows: 200, accessTtlSeconds: 3600, limits: { ...DEFAULT_LIMITS, open: { perSecond: 1000, burst: 5000 } } });
      for (const u of ['buyer', 'seller']) t[u] = (await env.login(u)).access_token;
      seller = await openKey(env, t.seller, ['stock:read', 'stock:write', 'orders:read', 'orders:write']);
      buyer = await openKey(env, t.buyer, ['orders:read', 'orders:write', 'stock:read']);
      readOnly = await openKey(env, t.seller, ['stock:read']);
    });
    afterAll(async () => env?.close());

    it('finds only its own company\'s stock by OE numbers or a keyword, page by page', async () => {
      const own = (await sql<{ supplier_oe: string; oe_norm: string }>`select supplier_oe, oe_norm from stock where company_id = ${SELLER_CO} order by id limit 2`.execute(db())).rows;
      const r = ok(await call(seller, 'openStockSearch', { oe: own.map((o) => o.supplier_oe.toLowerCase()).join(',') }));
      expect(r.data.length).toBeGreaterThan(0);
      expect(new Set(r.data.map((x) => x.oe_norm))).toEqual(new Set(own.map((o) => o.oe_norm)));
      // the same numbers asked by the buyer's key: only company 3's rows (none of the seller's)
      const other = ok(await call(buyer, 'openStockSearch', { oe: own.map((o) => o.supplier_oe).join(',') }));
      const sellerIds = new Set(r.data.map((x) => x.id));
      expect(other.data.some((x) => sellerIds.has(x.id))).toBe(false);
      // a keyword, 50 a page: every page follows the last, nothing twice
      const seen = new Set<number>();
      let cursor = '';
      for (let i = 0; i < 20; i++) {
        const p = ok(await call(seller, 'openStockSearch', { keyword: '件', cursor, page_size: 50 }));
        p.data.forEach((x) => { expect(seen.has(x.id)).toBe(false); seen.add(x.id); });
        cursor = p.next_cursor;
        if (!p.has_more) break;
      }
      // refusals name the field
      const none = await call(seller, 'openStockSearch', {});
      expect(none.status).toBe(422);
      expect(none.body.client_msg).toBe(openPartnerText.searchWhat);
      const badCursor = await call(seller, 'openStockSearch', { keyword: '滤', cursor: 'nope' });
      expect(badCursor.status).toBe(422);
      expect(badCursor.body.client_msg).toBe(openPartnerText.cursor);
      const badSize = await call(seller, 'openStockSearch', { keyword: '滤', page_size: 33 });
      expect(badSize.status).toBe(422);
      expect(badSize.body.client_msg).toContain('每页条数');
    });

    describe('stock sync', () => {
      const N = OPEN_SYNC_MAX_LINES;
      const code = (i: number) => `OPS-${String(i).padStart(5, '0')}`;
      beforeAll(async () => {
        // 9,999 rows of the seller with their own codes (自编码); 9990's price locked; the bad lines name 9995
        await sql`insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, default_code, quantity, price0)
          select ${SELLER_CO}, 'OPS' || lpad(g::text, 6, '0'), 'OPS-' || lpad(g::text, 6, '0'), '开放同步测试件', 1, 'OPS-' || lpad(g::text, 5, '0'), 10, 1000
          from generate_series(1, 9999) g`.execute(db());
        await sql`update stock set price_lock = true where company_id = ${SELLER_CO} and default_code = ${code(9990)}`.execute(db());
      });

      /** 10,000 lines: most set a quantity and a price; every 100th is bad in its own way. */
      const lines = (): unknown[] => Array.from({ length: N }, (_, i) => {
        const n = i + 1;
        if (n % 100 !== 0) return { code: code(n <= 9989 ? n : 1), quantity: n % 1000, price0: 1200 + (n % 7) };
        switch ((n / 100) % 8) {
          case 0: return { code: 'NO-SUCH-CODE', quantity: 1 };
          case 1: return { code: code(9995), quantity: -1 };
          case 2: return { code: code(9995), quantity: 5, delta: 2 };
          case 3: return { code: code(9995), price1: '12.50' };
          case 4: return { code: code(9995), delta: -100000 };
          case 5: return { code: code(9995), qty: 3 };
          case 6: return { code: code(9990), price0: 999 };
          default: return 'not a line';
        }
      });
      const expectedReason = (n: number) => [
        syncText.noSuchCode('NO-SUCH-CODE'), openPartnerText.quantity, openPartnerText.quantityAndDelta, openPartnerText.price('price1'),
        stockText.belowZero(10, -100000), openPartnerText.unknownField('qty'), stockText.priceLocked, openPartnerText.lineNotObject,
      ][(n / 100) % 8];

      it('applies the good lines of 10,000 and reports each bad one with its line number and reason', async () => {
        const started = performance.now();
        const r = ok(await call(seller, 'openStockSync', { batch_id: 'sync-batch-0001', lines: lines() }));
        const ms = Math.round(performance.now() - started);
        console.info(`open stock sync on ${backend}: ${N} lines in ${ms} ms (${Math.round(N / (ms / 1000))} lines/s)`);
        expect(r.total).toBe(N);
        expect(r.refused).toBe(N / 100);
        expect(r.applied).toBe(N - N / 100);
        for (const res of r.results) {
          if (res.line % 100 === 0) {
            expect(res.status, `line ${res.line}`).toBe('refused');
            expect(res.reason, `line ${res.line}`).toBe(expectedReason(res.line));
          } else expect(res.status).toBe('applied');
        }
        expect(r.results.map((x) => x.line)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
        // the good ones are in: line 1234 set quantity 234 and price0 1200 + 1234 % 7
        expect(await qty(code(1234))).toBe(234);
        const p = (await sql<{ price0: number }>`select price0 from stock where company_id = ${SELLER_CO} and default_code = ${code(1234)}`.execute(db())).rows[0];
        expect(p.price0).toBe(1200 + (1234 % 7));
        // the bad lines changed nothing: their row is still at 10; the locked row kept its price
        expect(await qty(code(9995))).toBe(10);
        expect((await sql<{ price0: number }>`select price0 from stock where company_id = ${SELLER_CO} and default_code = ${code(9990)}`.execute(db())).rows[0].price0).toBe(1000);
        // the change log says who and what, as the back office's does
        const log = (await sql<{ action: string; changes: unknown }>`select l.action, l.changes from stock_change l join stock s on s.id = l.stock_id
          where s.default_code = ${code(1234)} order by l.id desc limit 1`.execute(db())).rows[0];
        expect(log.action).toBe('sync');
      // 10,000 lines: the time scales with the machine's load (docs/benchmarks.md, "Open platform"), so no short limit
      }, 900_000);

      it('replays a batch: the same answer, nothing applied twice; other lines under the same id are refused', async () => {
        const batch = { batch_id: `delta-${randomUUID().slice(0, 8)}`, lines: [{ code: code(5), delta: 7 }, { code: code(5), delta: -2 }, { code: code(6), delta: -999 }] };
        const before = await qty(code(5));
        const first = ok(await call(seller, 'openStockSync', batch));
        expect(first.replayed).toBe(false);
        expect(first.results.map((x) => x.status)).toEqual(['applied', 'applied', 'refused']);
        expect(await qty(code(5))).toBe(before + 5);
        const again = ok(await call(seller, 'openStockSync', batch));
        expect(again.replayed).toBe(true);
        expect({ ...again, replayed: false }).toEqual(first);
        expect(await qty(code(5))).toBe(before + 5);
        const other = await call(seller, 'openStockSync', { ...batch, lines: [{ code: code(5), delta: 1 }] });
        expect(other.status).toBe(409);
        expect(other.body.client_msg).toBe(openPartnerText.batchReused);
        expect(await qty(code(5))).toBe(before + 5);
        // the Idempotency-Key header does the same when no batch id is given
        const key = `idem-${randomUUID()}`;
        const h1 = ok(await call(seller, 'openStockSync', { lines: [{ code: code(7), delta: 3 }] }, { 'Idempotency-Key': key }));
        const h2 = ok(await call(seller, 'openStockSync', { lines: [{ code: code(7), delta: 3 }] }, { 'Idempotency-Key': key }));
        expect(h2.replayed).toBe(true);
        expect(h2.results).toEqual(h1.results);
        expect(await qty(code(7))).toBe(h1.results[0].quantity);
        const neither = await call(seller, 'openStockSync', { lines: [{ code: code(7), delta: 3 }] });
        expect(neither.status).toBe(422);
        expect(neither.body.client_msg).toBe(openPartnerText.batchMissing);
      });

      it('one batch id in either spelling: a malformed header is refused, batch_id and the header share one record, key order does not matter', async () => {
        // a header with a character batch_id allows is accepted; one with a character neither allows is refused by name
        const underscored = `idem_${randomUUID().slice(0, 8)}`;
        const before = await qty(code(11));
        const a = ok(await call(seller, 'openStockSync', { lines: [{ code: code(11), delta: 2 }] }, { 'Idempotency-Key': underscored }));
        expect([a.batch_id, a.replayed]).toEqual([underscored, false]);
        const bad = await call(seller, 'openStockSync', { lines: [{ code: code(11), delta: 2 }] }, { 'Idempotency-Key': 'bad key!' });
        expect(bad.status).toBe(422);
        expect(bad.body.client_msg).toBe(openPartnerText.idempotencyKey);
        expect(bad.body.client_msg).toContain('幂等键');
        // the retry spells the same id as batch_id, with the line's fields in another order: a replay, not a second +2
        const b = ok(await call(seller, 'openStockSync', { batch_id: underscored, lines: [{ delta: 2, code: code(11) }] as never }));
        expect(b.replayed).toBe(true);
        expect(await qty(code(11))).toBe(before + 2);
        // and the other way round
        const id = `both-${randomUUID().slice(0, 8)}`;
        const before12 = await qty(code(12));
        ok(await call(seller, 'openStockSync', { batch_id: id, lines: [{ code: code(12), delta: 1 }] }));
        expect(ok(await call(seller, 'openStockSync', { lines: [{ code: code(12), delta: 1 }] }, { 'Idempotency-Key': id })).replayed).toBe(true);
        // both given and different: which one is the batch? refused
        const mismatch = await call(seller, 'openStockSync', { batch_id: id, lines: [{ code: code(12), delta: 1 }] }, { 'Idempotency-Key': `${id}-x` });
        expect(mismatch.status).toBe(422);
        expect(mismatch.body.client_msg).toBe(openPartnerText.batchKeyMismatch);
        expect(await qty(code(12))).toBe(before12 + 1);
      });

      it('creates a row for a code the company does not have when the line brings its OE number, name and quality; a bad one says why', async () => {
        const newCode = `NEW-${randomUUID().slice(0, 8)}`;
        const r = ok(await call(seller, 'openStockSync', { batch_id: `create-${randomUUID().slice(0, 8)}`, lines: [
          { code: newCode, supplier_oe: '04465-33471', name: '前刹车片', part_brand_name: '博世', quality_name: '品牌件', quantity: 6, price0: 12800 },
          { code: newCode, delta: -1 },
          { code: `${newCode}-B`, supplier_oe: '04465-33471', name: '前刹车片', part_brand_name: '没有这个品牌', quality_name: '品牌件', quantity: 1 },
          { code: `${newCode}-C`, supplier_oe: '04465-33471', quality_name: '品牌件' },
          { code: `${newCode}-D`, name: '只有名称', quantity: 1 },
        ] } as never));
        expect(r.results.map((x) => [x.status, x.changed, x.quantity])).toEqual([['applied', true, 6], ['applied', true, 5], ['refused', false, null], ['refused', false, null], ['refused', false, null]]);
        expect(r.results[2].reason).toBe('配件品牌不存在：没有这个品牌（自有品牌请填在“自有品牌”列）');
        expect(r.results[3].reason).toBe('请填写配件名称；请选择配件品牌或填写自有品牌');
        expect(r.results[4].reason).toBe(syncText.noSuchCode(`${newCode}-D`));
        const row = (await sql<{ supplier_oe: string; name: string; brand: string; quality: string; quantity: number; price0: number }>`
          select s.supplier_oe, s.name, b.name as brand, q.name as quality, s.quantity, s.price0 from stock s
          join part_brand b on b.id = s.part_brand_id join part_quality q on q.id = s.quality_id
          where s.company_id = ${SELLER_CO} and s.default_code like ${`${newCode}%`}`.execute(db())).rows;
        expect(row).toEqual([{ supplier_oe: '04465-33471', name: '前刹车片', brand: '博世', quality: '品牌件', quantity: 5, price0: 12800 }]);
        // the partner reads it back by its code
        const found = ok(await call(seller, 'openStockSearch', { keyword: newCode }));
        expect(found.data.map((x) => [x.default_code, x.quantity])).toEqual([[newCode, 5]]);
      });

      it('sets and clears 现货 by code, creates a spot row, logs the change and reads the mark back; a non-boolean spot is refused', async () => {
        const newCode = `SPOT-${randomUUID().slice(0, 8)}`;
        const spot = async (c: string) => (await sql<{ spot: boolean }>`select spot from stock where company_id = ${SELLER_CO} and default_code = ${c}`.execute(db())).rows[0]?.spot;
        expect(await spot(code(9))).toBe(false);
        const r = ok(await call(seller, 'openStockSync', { batch_id: `spot-${randomUUID().slice(0, 8)}`, lines: [
          { code: code(9), spot: true },
          { code: newCode, supplier_oe: '04465-33471', name: '前刹车片', part_brand_name: '博世', quality_name: '品牌件', quantity: 2, spot: true },
          { code: code(10), spot: 'yes' },
          { code: code(9), spot: true },
        ] } as never));
        expect(r.results.map((x) => [x.status, x.changed])).toEqual([['applied', true], ['applied', true], ['refused', false], ['applied', false]]);
        expect(r.results[2].reason).toBe(openPartnerText.spot);
        expect([await spot(code(9)), await spot(newCode), await spot(code(10))]).toEqual([true, true, false]);
        const log = (await sql<{ changes: unknown }>`select c.changes from stock_change c join stock s on s.id = c.stock_id
          where s.company_id = ${SELLER_CO} and s.default_code = ${code(9)} and c.action = 'sync' order by c.id desc limit 1`.execute(db())).rows[0];
        expect(log.changes).toEqual([{ field: 'spot', old: false, new: true }]);
        expect(ok(await call(seller, 'openStockSearch', { keyword: newCode })).data.map((x) => [x.default_code, x.spot])).toEqual([[newCode, true]]);
        ok(await call(seller, 'openStockSync', { batch_id: `spot-${randomUUID().slice(0, 8)}`, lines: [{ code: code(9), spot: false }] }));
        expect(await spot(code(9))).toBe(false);
      });

      it('refuses a key without stock:write and changes nothing', async () => {
        const before = await qty(code(8));
        const r = await call(readOnly, 'openStockSync', { batch_id: 'scope-less-1', lines: [{ code: code(8), quantity: before + 1 }] });
        expect(r.status).toBe(403);
        expect(r.body.client_msg).toBe(openText.scopeMissing(OPEN_SCOPE_LABELS['stock:write']));
        expect(await qty(code(8))).toBe(before);
      });
    });

    it('walks the changes feed under concurrent writes: nothing skipped, nothing repeated, later versions come again', async () => {
      const start = ok(await call(seller, 'openStockChanges', { updated_since: Math.floor(Date.now() / 1000) + 3600 }));
      expect(start.data).toEqual([]);
      // 300 rows of a fresh code range, written before the walk starts
      await sql`insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, default_code, quantity)
        select ${SELLER_CO}, 'OPW' || lpad(g::text, 6, '0'), 'OPW-' || lpad(g::text, 6, '0'), '开放游标测试件', 1, 'OPW-' || lpad(g::text, 5, '0'), g
        from generate_series(1, 300) g`.execute(db());
      const ids = (await sql<{ id: number }>`select id::int as id from stock where default_code like 'OPW-%' order by id`.execute(db())).rows.map((r) => r.id);
      const since = Math.floor(Date.now() / 1000) - 5;
      await wait(150);
      /** every version read, per row: the quantities in the order they came */
      const seen = new Map<number, number[]>();
      let cursor = '';
      let writes = 0;
      /** each write gives a row a quantity no version had before */
      const write = async (id: number) => {
        writes += 1;
        await sql`update stock set quantity = ${100000 + writes} where id = ${id}`.execute(db());
      };
      // the feed also holds what the tests before this one changed in the same seconds (the 10,000-line sync):
      // interleaved pages are small, the walks to the end take large pages and run until the end
      const page = async (size: 50 | 400 = 50) => {
        const p = ok(await call(seller, 'openStockChanges', { updated_since: since, cursor, page_size: size }));
        for (const r of p.data) if (r.default_code.startsWith('OPW-')) seen.set(r.id, [...(seen.get(r.id) ?? []), r.quantity]);
        cursor = p.next_cursor;
        return p;
      };
      // pages interleaved with writes to rows behind and ahead of the cursor
      for (let i = 0; i < 4; i++) {
        await page();
        await Promise.all([write(ids[i * 10]), write(ids[299 - i * 10]), page()]);
      }
      if (backend === 'postgres') {
        // a writer whose transaction starts first and commits last: the feed must wait for it
        const late = ids[150];
        const quick = ids[151];
        let release!: () => void;
        const held = new Promise<void>((r) => { release = r; });
        let stamped!: () => void;
        const wrote = new Promise<void>((r) => { stamped = r; });
        const slow = db().transaction().execute(async (trx) => {
          writes += 1;
          await sql`update stock set quantity = ${100000 + writes} where id = ${late}`.execute(trx);
          stamped();
          await held;
        });
        await wrote;
        await wait(150);
        await write(quick);
        await wait(150);
        // walk to the end while the slow writer is open: the quick row, stamped after the slow one began, is held back
        for (let i = 0; i < 200 && (await page(400)).has_more; i++);
        expect(seen.get(quick)?.at(-1)).not.toBe(100000 + writes);
        release();
        await slow;
      }
      // walk on until every row's latest version has come (the feed hands out settled rows only)
      const latest = new Map((await sql<{ id: number; quantity: number }>`select id::int as id, quantity from stock where id = any(${ids}::bigint[])`.execute(db())).rows.map((r) => [r.id, r.quantity]));
      for (let i = 0; i < 400; i++) {
        const p = await page(400);
        if (!p.has_more && ids.every((id) => seen.get(id)?.at(-1) === latest.get(id))) break;
        if (!p.has_more) await wait(120);
      }
      for (const id of ids) {
        const versions = seen.get(id) ?? [];
        // never skipped: the latest version came, and it came last
        expect(versions.at(-1), `row ${id}`).toBe(latest.get(id));
        // never repeated: no version twice
        expect(new Set(versions).size, `row ${id}: ${versions.join(',')}`).toBe(versions.length);
      }
      // rows nobody wrote during the walk came exactly once
      const written = new Set(ids.filter((id) => latest.get(id)! > 100000));
      for (const id of ids.filter((x) => !written.has(x))) expect(seen.get(id)?.length, `row ${id}`).toBe(1);
      expect(written.size).toBeGreaterThan(0);
    });

    it('reads the feed\'s horizon in a statement of its own before the page: a writer committing between the two is handed out later, not skipped', async () => {
      // every statement the feed sends, in order; after the first, a writer begins, stamps a row and commits (PostgreSQL: another connection)
      const statements: string[] = [];
      const rowId = (await sql<{ id: number }>`select id::int as id from stock where company_id = ${SELLER_CO} order by id limit 1`.execute(db())).rows[0].id;
      const startUs = (await sql<{ us: string }>`select (extract(epoch from now()) * 1000000)::bigint::text as us`.execute(db())).rows[0].us;
      let wrote = false;
      const spy: KyselyPlugin = {
        transformQuery: (a) => {
          statements.push(JSON.stringify(a.node));
          return a.node;
        },
        transformResult: async (a) => {
          if (backend === 'postgres' && statements.length === 1 && !wrote) {
            wrote = true;
            await sql`update stock set quantity = quantity + 1 where id = ${rowId}`.execute(db());
          }
          return a.result;
        },
      };
      const pageOf = async (afterUs: string, afterId: number) => openStockChanges(db().withPlugin(spy), SELLER_CO, { sinceUs: startUs, afterUs, afterId, limit: 100_000 });
      const first = await pageOf(startUs, 0);
      expect(statements).toHaveLength(2);
      expect(statements[0]).toContain('pg_stat_activity');
      expect(statements[1]).not.toContain('pg_stat_activity');
      expect(statements[1]).toContain('changed_at');
      if (backend !== 'postgres') return;
      // the write committed before the page's snapshot but began after the horizon was read: not in this page …
      expect(first.some((r) => r.id === rowId)).toBe(false);
      const last = first.at(-1);
      // … and in a later one, from the cursor the first page left
      let found = false;
      for (let i = 0; i < 50 && !found; i++) {
        await wait(150);
        found = (await pageOf(last?.changed_us ?? startUs, last?.id ?? 0)).some((r) => r.id === rowId);
      }
      expect(found).toBe(true);
    });

    describe('orders', () => {
      let orderNo = '';
      beforeAll(async () => {
        const stockId = (await sql<{ id: number }>`select id::int as id from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 1`.execute(db())).rows[0].id;
        await sql`update stock set quantity = 500, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400, price99 = 1500 where id = ${stockId}`.execute(db());
        ok(await env.api('cartAdd', { stock_id: stockId, qty: 2 }, { token: t.buyer, idempotencyKey: `op-${randomUUID()}` }));
        const cart = ok(await env.api('cartList', {}, { token: t.buyer }));
        const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === stockId);
        const placed = ok(await env.api('cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS },
          { token: t.buyer, idempotencyKey: `op-${randomUUID()}` }));
        orderNo = placed.orders[0].order_no;
        await wait(150);
      });

      it('confirms, delivers and receives through the API; the web shows the same states', async () => {
        const list = ok(await call(seller, 'openSalesOrders', { status: 'pending' }));
        const row = list.data.find((o) => o.order_no === orderNo)!;
        expect(row.status).toBe('pending');
        expect(row.total_fen).toBeGreaterThan(0);
        expect(ok(await call(buyer, 'openPurchaseOrders', {})).data.some((o) => o.order_no === orderNo)).toBe(true);

        expect(ok(await call(seller, 'openSalesOrderConfirm', { order_no: orderNo })).status).toBe('confirmed');
        expect(ok(await env.api('orderRetrieve', { order_no: orderNo }, { token: t.seller })).status).toBe('confirmed');
        // the orders service's own rule and words: confirming twice is refused
        const twice = await call(seller, 'openSalesOrderConfirm', { order_no: orderNo });
        expect(twice.status).toBe(409);
        expect(twice.body.client_msg).toContain('不能');
        const badWaybill = await call(seller, 'openSalesOrderDeliver', { order_no: orderNo, logistics_company: '顺丰速运', logistics_no: '12' });
        expect(badWaybill.status).toBe(422);
        expect(badWaybill.body.client_msg).toBe(openPartnerText.logisticsNo);
        const shipped = ok(await call(seller, 'openSalesOrderDeliver', { order_no: orderNo, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' }));
        expect(shipped.status).toBe('shipped');
        const web = ok(await env.api('orderRetrieve', { order_no: orderNo }, { token: t.buyer }));
        expect([web.status, web.logistics_company, web.logistics_no]).toEqual(['shipped', '顺丰速运', 'SF1234567890']);
        // the buyer's ERP confirms receipt: the web agrees
        const received = ok(await call(buyer, 'openPurchaseOrderReceive', { order_no: orderNo }));
        const after = ok(await env.api('orderRetrieve', { order_no: orderNo }, { token: t.seller }));
        expect(after.status).toBe(received.status);
        expect(['received', 'completed']).toContain(after.status);
        expect(after.events.map((e) => e.action)).toEqual(['create', 'confirm', 'deliver', 'receipt']);
        // the feed shows the order again in its newer state
        await wait(150);
        const feed = ok(await call(seller, 'openSalesOrders', { cursor: list.next_cursor }));
        expect(feed.data.find((o) => o.order_no === orderNo)?.status).toBe(after.status);
      });

      it('answers 订单不存在 for another company\'s order, as for one that does not exist', async () => {
        const asSeller = await call(buyer, 'openSalesOrderGet', { order_no: orderNo });
        expect(orderNo).toMatch(/^SO\d{20}$/);
        const missing = await call(buyer, 'openSalesOrderGet', { order_no: 'SO00000000000000000000' });
        expect(asSeller.status, JSON.stringify(asSeller.body).slice(0, 400)).toBe(404);
        expect(asSeller.body.client_msg).toBe('订单不存在');
        expect({ status: missing.status, msg: missing.body.client_msg }).toEqual({ status: asSeller.status, msg: asSeller.body.client_msg });
        expect((await call(seller, 'openPurchaseOrderGet', { order_no: orderNo })).status).toBe(404);
        expect((await call(seller, 'openPurchaseOrderReceive', { order_no: orderNo })).status).toBe(404);
        expect((await call(buyer, 'openSalesOrderConfirm', { order_no: orderNo })).status).toBe(404);
        expect(ok(await call(seller, 'openSalesOrderGet', { order_no: orderNo })).order_no).toBe(orderNo);
      });

      it('refuses a key without an orders scope', async () => {
        const r = await call(readOnly, 'openSalesOrders', {});
        expect(r.status).toBe(403);
        expect(r.body.client_msg).toBe(openText.scopeMissing(OPEN_SCOPE_LABELS['orders:read']));
      });
    });
  });
});
