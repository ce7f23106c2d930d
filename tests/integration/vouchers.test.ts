/**
 * Vouchers (docs/vouchers.md): issuing (operator and seller), claiming under the total and the
 * per-company limit (exact under concurrency), /ticket, the checkout's choice and every refusal
 * (nothing changes), the return on cancel, the platform's payment of its vouchers to the seller
 * through the ledger, the accounting list and the operator's record. Every scenario ends with the
 * full reconciliation of the ledger.
 */
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { orderText, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { voucherText } from '../../src/shared/contracts/voucher';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const BUYER_CO = 3;
const SELLER_CO = 2;
const DAY = 86_400;

describe.each(backends)('vouchers on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'issue, claim, checkout, return, subsidy, record', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    let stockA = 0;
    let stockB = 0;
    let otherSeller = 0;
    let keyN = 0;
    const key = () => `vch-${backend}-${++keyN}-0000`;
    const db = () => env.database.db;
    const now = () => Math.floor(env.clock.now().getTime() / 1000);
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | undefined = key()) => env.api(name, payload, { token: t[who] ?? who, idempotencyKey: k });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] ?? who });
    const template = (p: Partial<PayloadIn<'opVoucherCreate'>> = {}): PayloadIn<'opVoucherCreate'> => ({
      name: '平台满减券', kind: 'amount', amount_fen: 2000, min_order_fen: 15_000, start_at: now() - 3600, end_at: now() + 30 * DAY, valid_days: 0,
      total_count: 100, per_company: 5, ...p,
    });
    const counts = async () => (await sql<Record<string, number>>`select
      (select count(*) from voucher_template)::int as templates, (select count(*) from voucher_claim)::int as claims,
      (select count(*) from voucher_use)::int as uses, (select count(*) from goods_order)::int as orders,
      (select coalesce(sum(claimed), 0)::int from voucher_template) as claimed,
      (select count(*) from ledger_transaction)::int as transactions,
      (select count(*) from voucher_claim where state = 'used')::int as used`.execute(db())).rows[0];
    const wallet = async (co: number) => (await ledger.wallet(db(), co)).available_fen;
    const fund = (co: number, fen: number) => ledger.post(db(), {
      kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
      lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: co }, amount_fen: fen }],
    });
    /** the buyer's cart lines of these stock rows (one piece each), as the checkout page sends them */
    const cartOf = async (...stockIds: number[]) => {
      await sql`delete from cart_item where user_id = (select id from app_user where username = 'buyer')`.execute(db());
      for (const id of stockIds) expect((await post('buyer', 'cartAdd', { stock_id: id, qty: 2 })).status).toBe(200);
      const c = (await get('buyer', 'cartList', {})).body.data!;
      return c.groups.flatMap((g) => g.items).filter((i) => i.stockId !== null && stockIds.includes(i.stockId));
    };
    const submit = async (items: Array<{ id: number; amount: number }>, vouchers: Array<{ company_id: number; claim_id: number }>, expected?: number) => {
      return post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: expected ?? items.reduce((s, i) => s + i.amount, 0), ...ADDRESS, vouchers });
    };
    const claimOf = async (who: string, templateId: number) => {
      const r = await post(who, 'voucherClaim', { template_id: templateId });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      ledger = createLedgerService(env.clock);
      for (const u of ['buyer', 'seller', 'operator', 'member']) t[u] = (await env.login(u)).access_token;
      t.payReader = await operatorWith(env, `vch-reader-${backend}`, ['D05-01']);
      const pick = async (companyId: number) => (await sql<{ id: number }>`select id from stock where company_id = ${companyId} and state = 'on' order by id limit 1`.execute(db())).rows[0].id;
      otherSeller = (await sql<{ company_id: number }>`select company_id from stock where company_id not in (1, 2, 3, 4) and state = 'on' order by company_id limit 1`.execute(db())).rows[0].company_id;
      stockA = await pick(SELLER_CO);
      stockB = await pick(otherSeller);
      // 100 元 a piece, two pieces a line: 200 元 per seller order
      await sql`update stock set quantity = 1000, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price5 = null, price99 = 10000 where id in (${stockA}, ${stockB})`.execute(db());
      // the member's company (4) gets the marketing code but is no seller
      await sql`update app_user set permissions = array_append(permissions, 'M13') where username = 'member'`.execute(db());
      t.member = (await env.login('member')).access_token;
    }, 600_000);
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => env?.close());

    let platformId = 0;
    let sellerId = 0;

    it('the operator and a seller issue vouchers; every bad input names its field and saves nothing; readers only read', async () => {
      const before = await counts();
      const cases: Array<[Partial<PayloadIn<'opVoucherCreate'>>, string, string]> = [
        [{ name: '' }, 'name', voucherText.name],
        [{ amount_fen: 0 }, 'amount_fen', voucherText.amount],
        [{ amount_fen: 2000, min_order_fen: 2000 }, 'min_order_fen', voucherText.minOrder],
        [{ kind: 'percent', amount_fen: 0, percent_off: 0, cap_fen: 100 }, 'percent_off', voucherText.percent],
        [{ kind: 'percent', amount_fen: 0, percent_off: 10, cap_fen: 0 }, 'cap_fen', voucherText.cap],
        [{ start_at: now() + 100, end_at: now() + 50 }, 'end_at', voucherText.window],
        [{ start_at: now() - 100, end_at: now() - 50 }, 'end_at', voucherText.ended],
        [{ seller_ids: [BUYER_CO] }, 'seller_ids', voucherText.sellerUnknown],
        [{ category_ids: [2_000_000_000] }, 'category_ids', voucherText.categoryUnknown],
        [{ total_count: 0 }, 'total_count', voucherText.total],
        [{ per_company: 101 }, 'per_company', voucherText.perCompany],
        [{ amount_fen: 1.5 }, 'amount_fen', '减免金额应为以分为单位的整数'],
      ];
      for (const [p, field, text] of cases) {
        const r = await post('operator', 'opVoucherCreate', template(p));
        expect(r.body, JSON.stringify(p)).toMatchObject({ code: 422, field });
        expect(r.body.client_msg ?? r.body.msg).toContain(text);
      }
      expect((await post('payReader', 'opVoucherCreate', template())).status).toBe(403);
      expect((await post('buyer', 'opVoucherCreate', template())).status).toBe(403);
      // a company that does not sell cannot issue; a seller only for itself
      expect((await post('member', 'voucherTemplateCreate', template())).body).toMatchObject({ code: 403, client_msg: voucherText.notSeller });
      expect((await post('seller', 'voucherTemplateCreate', template({ seller_ids: [otherSeller] }))).body).toMatchObject({ code: 422, field: 'seller_ids' });
      expect(await counts()).toEqual(before);

      const p = await post('operator', 'opVoucherCreate', template({ seller_ids: [SELLER_CO, otherSeller] }));
      expect(p.status, JSON.stringify(p.body)).toBe(200);
      expect(p.body.data).toMatchObject({ issuer_company_id: null, issuer_name: '平台', state_name: '领取中', claimed: 0, seller_ids: [SELLER_CO, otherSeller].sort((a, b) => a - b) });
      platformId = p.body.data!.id;
      const s = await post('seller', 'voucherTemplateCreate', template({ name: '本店九折券', kind: 'percent', amount_fen: 0, percent_off: 10, cap_fen: 3000, min_order_fen: 10_000, valid_days: 7 }));
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      expect(s.body.data).toMatchObject({ issuer_company_id: SELLER_CO, percent_off: 10, cap_fen: 3000, valid_days: 7 });
      sellerId = s.body.data!.id;
      // each side sees its own; the reader sees all
      expect((await get('seller', 'voucherTemplates', {})).body.data!.data.map((x) => x.id)).toEqual([sellerId]);
      const all = (await get('payReader', 'opVoucherTemplates', {})).body.data!;
      expect(all.data.map((x) => x.id)).toEqual(expect.arrayContaining([platformId, sellerId]));
      expect((await get('payReader', 'opVoucherTemplates', { issuer: 'platform' })).body.data!.data.every((x) => x.issuer_company_id === null)).toBe(true);
      expect((await get('buyer', 'voucherTemplates', {})).status).toBe(403);
    });

    it('buyers claim: /ticket lists them; their own, stopped, not started and over-limit claims are refused and change nothing', async () => {
      const center = (await get('buyer', 'voucherCenter', {})).body.data!.data;
      expect(center.find((c) => c.id === platformId)).toMatchObject({ mine: 0, claimable: true, reason: '' });
      const c1 = await claimOf('buyer', platformId);
      expect(c1).toMatchObject({ template_id: platformId, tab: 'usable', issuer_name: '平台', order_no: '' });
      const c2 = await claimOf('buyer', sellerId);
      // N days after the claim
      expect(c2.valid_until - c2.claimed_at).toBe(7 * DAY);
      const mine = (await get('buyer', 'voucherMine', { tab: 'usable' })).body.data!;
      expect(mine.counts).toEqual({ usable: 2, used: 0, expired: 0 });
      expect(mine.data.map((c) => c.id).sort()).toEqual([c1.id, c2.id].sort());

      const before = await counts();
      // the seller cannot claim its own
      expect((await post('seller', 'voucherClaim', { template_id: sellerId })).body).toMatchObject({ code: 409, client_msg: voucherText.ownVoucher });
      const later = (await post('operator', 'opVoucherCreate', template({ name: '明天开始', start_at: now() + DAY }))).body.data!;
      const stopped = (await post('operator', 'opVoucherCreate', template({ name: '已停止' }))).body.data!;
      expect((await post('operator', 'opVoucherStop', { id: stopped.id })).body.data).toMatchObject({ state: 'stopped', state_name: '已停止' });
      const mid = await counts();
      expect((await post('buyer', 'voucherClaim', { template_id: later.id })).body).toMatchObject({ code: 409, client_msg: voucherText.notStarted });
      expect((await post('buyer', 'voucherClaim', { template_id: stopped.id })).body).toMatchObject({ code: 409, client_msg: voucherText.stopped });
      expect((await post('buyer', 'voucherClaim', { template_id: 2_000_000_000 })).body).toMatchObject({ code: 404, client_msg: voucherText.notFound });
      expect((await post('buyer', 'voucherClaim', { template_id: 0 })).body).toMatchObject({ code: 422, field: 'template_id' });
      // a seller stops only its own
      expect((await post('seller', 'voucherTemplateStop', { id: platformId })).body).toMatchObject({ code: 403, client_msg: voucherText.notYours });
      expect(await counts()).toEqual({ ...mid });
      expect(mid.claims).toBe(before.claims);
    });

    it('claims under concurrency end exactly at the per-company limit and at the total', async () => {
      const perCo = (await post('operator', 'opVoucherCreate', template({ name: '每家限领2张', per_company: 2, total_count: 100 }))).body.data!;
      const tries = await Promise.all(Array.from({ length: 6 }, () => post('buyer', 'voucherClaim', { template_id: perCo.id })));
      expect(tries.filter((r) => r.status === 200)).toHaveLength(2);
      for (const r of tries.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ code: 409, client_msg: voucherText.limit(2) });
      expect((await sql<{ n: number }>`select count(*)::int as n from voucher_claim where template_id = ${perCo.id}`.execute(db())).rows[0].n).toBe(2);

      // eight companies race for a total of three
      const tokens: string[] = [];
      for (let i = 0; i < 8; i++) {
        const co = (await sql<{ id: number }>`insert into company (name, short_name, level_id) values (${`抢券汽配${backend}${i}`}, ${`抢券${i}`}, 3) returning id`.execute(db())).rows[0].id;
        const username = `vchbuyer${i}${backend.slice(0, 2)}`;
        await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, is_owner, permissions)
          select gen_random_uuid(), ${co}, ${username}, '老板', password_hash, true, array['C09'] from app_user where username = 'buyer'`.execute(db());
        tokens.push((await env.login(username)).access_token);
      }
      const few = (await post('operator', 'opVoucherCreate', template({ name: '限量3张', total_count: 3, per_company: 1 }))).body.data!;
      const race = await Promise.all(tokens.map((tk) => post(tk, 'voucherClaim', { template_id: few.id })));
      expect(race.filter((r) => r.status === 200)).toHaveLength(3);
      for (const r of race.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ code: 409, client_msg: voucherText.over });
      const row = (await sql<{ claimed: number; n: number }>`select claimed, (select count(*)::int from voucher_claim where template_id = ${few.id}) as n from voucher_template where id = ${few.id}`.execute(db())).rows[0];
      expect(row).toEqual({ claimed: 3, n: 3 });
      // a replay of a claim under the same key is the same claim
      const k = key();
      const once = await post('buyer', 'voucherClaim', { template_id: platformId }, k);
      const twice = await post('buyer', 'voucherClaim', { template_id: platformId }, k);
      expect(twice.body.data!.id).toBe(once.body.data!.id);
    });

    it('the checkout offers the best voucher per seller order; the order records it; wrong vouchers are refused and nothing changes', async () => {
      const items = await cartOf(stockA, stockB);
      const offer = (await get('buyer', 'voucherCheckout', { cart_ids: items.map((i) => i.id).join(',') })).body.data!;
      const gA = offer.groups.find((g) => g.company_id === SELLER_CO)!;
      const gB = offer.groups.find((g) => g.company_id === otherSeller)!;
      expect(gA.goods_fen).toBe(20_000);
      // the seller's 10% (capped 30 元) takes 20 元 from seller 2's order, the platform's 20 元 too: both fit; one each
      expect(gA.best_fen + gB.best_fen).toBe(4000);
      expect(gA.best_claim_id).not.toBe(gB.best_claim_id);
      const sellerClaim = (await get('buyer', 'voucherMine', { tab: 'usable' })).body.data!.data.find((c) => c.template_id === sellerId)!;
      expect(gB.options.some((o) => o.claim_id === sellerClaim.id)).toBe(false);

      const before = await counts();
      const platformClaim = (await get('buyer', 'voucherMine', { tab: 'usable' })).body.data!.data.find((c) => c.template_id === platformId)!;
      // the seller's voucher on another seller's order
      const other = await submit(items, [{ company_id: otherSeller, claim_id: sellerClaim.id }], 40_000 - 2000);
      expect(other.body.code).toBe(409);
      expect(other.body.client_msg).toContain('该优惠券不适用于这个卖家的订单');
      // a seller not in this checkout, the same claim twice, another company's claim
      expect((await submit(items, [{ company_id: 4, claim_id: platformClaim.id }])).body).toMatchObject({ code: 422, field: 'vouchers', client_msg: voucherText.sellerNotInCheckout });
      expect((await submit(items, [{ company_id: SELLER_CO, claim_id: platformClaim.id }, { company_id: otherSeller, claim_id: platformClaim.id }])).body)
        .toMatchObject({ code: 422, field: 'vouchers', client_msg: voucherText.twice });
      const foreign = (await sql<{ id: string }>`select id from voucher_claim where company_id <> ${BUYER_CO} order by id limit 1`.execute(db())).rows[0].id;
      expect((await submit(items, [{ company_id: SELLER_CO, claim_id: Number(foreign) }])).body).toMatchObject({ code: 422, field: 'vouchers', client_msg: voucherText.claimUnknown });
      // the total the page showed must be the discounted one
      expect((await submit(items, [{ company_id: SELLER_CO, claim_id: platformClaim.id }], 40_000)).body).toMatchObject({ code: 409, client_msg: orderText.totalChanged(38_000) });
      expect(await counts()).toEqual(before);

      const r = await submit(items, [{ company_id: SELLER_CO, claim_id: sellerClaim.id }, { company_id: otherSeller, claim_id: platformClaim.id }], 40_000 - 2000 - 2000);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data!.total_fen).toBe(36_000);
      const orderA = r.body.data!.orders.find((o) => o.seller_company_id === SELLER_CO)!;
      const orderB = r.body.data!.orders.find((o) => o.seller_company_id === otherSeller)!;
      expect(orderA.total_fen).toBe(18_000);
      const dA = (await get('buyer', 'orderRetrieve', { order_no: orderA.order_no })).body.data!;
      expect(dA).toMatchObject({ voucher_fen: 2000, voucher_name: '本店九折券', total_fen: 18_000 });
      expect((await get('seller', 'orderRetrieve', { order_no: orderA.order_no })).body.data).toMatchObject({ voucher_fen: 2000 });
      const used = (await get('buyer', 'voucherMine', { tab: 'used' })).body.data!.data;
      expect(used.map((c) => c.order_no).sort()).toEqual([orderA.order_no, orderB.order_no].sort());

      // the used claim again: refused, nothing changes
      const items2 = await cartOf(stockA);
      const mid = await counts();
      const again = await submit(items2, [{ company_id: SELLER_CO, claim_id: sellerClaim.id }], 20_000 - 2000);
      expect(again.body.code).toBe(409);
      expect(again.body.client_msg).toContain('该优惠券已使用');
      expect(await counts()).toEqual(mid);

      // cancelling the order gives the voucher back
      expect((await post('buyer', 'orderCancel', { order_no: orderA.order_no, reason: '' })).status).toBe(200);
      const back = (await get('buyer', 'voucherMine', { tab: 'usable' })).body.data!.data.find((c) => c.id === sellerClaim.id);
      expect(back).toMatchObject({ tab: 'usable', order_no: '' });
      // and it is used again on a new order
      const r2 = await submit(items2, [{ company_id: SELLER_CO, claim_id: sellerClaim.id }], 18_000);
      expect(r2.status, JSON.stringify(r2.body)).toBe(200);
      // the cancelled order keeps its record of the discount
      expect((await get('buyer', 'orderRetrieve', { order_no: orderA.order_no })).body.data).toMatchObject({ voucher_fen: 2000, status: 'cancelled' });
    });

    it('an expired voucher is refused at checkout and shows under 已过期', async () => {
      const short = (await post('operator', 'opVoucherCreate', template({ name: '一天券', valid_days: 1 }))).body.data!;
      const c = await claimOf('buyer', short.id);
      env.clock.advance(DAY + 60);
      // a day later the sessions have lapsed: sign in again
      for (const u of ['buyer', 'seller', 'operator', 'member']) t[u] = (await env.login(u)).access_token;
      t.payReader = (await env.login(`vch-reader-${backend}`)).access_token;
      const items = await cartOf(stockA);
      const before = await counts();
      const r = await submit(items, [{ company_id: SELLER_CO, claim_id: c.id }], 18_000);
      expect(r.body.code).toBe(409);
      expect(r.body.client_msg).toContain('该优惠券已过期');
      expect(await counts()).toEqual(before);
      expect((await get('buyer', 'voucherMine', { tab: 'expired' })).body.data!.data.map((x) => x.id)).toContain(c.id);
    });

    it("a platform voucher is paid to the seller by the platform when the order completes; a seller's own voucher only lowers what it is paid", async () => {
      const pc = await claimOf('buyer', platformId);
      const items = await cartOf(stockA);
      const r = await submit(items, [{ company_id: SELLER_CO, claim_id: pc.id }], 18_000);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const no = r.body.data!.orders[0].order_no;
      await fund(BUYER_CO, 18_000);
      expect((await post('buyer', 'orderPay', { order_nos: [no], method: 'wallet' })).status).toBe(200);
      expect((await post('seller', 'orderConfirm', { order_no: no })).status).toBe(200);
      expect((await post('seller', 'orderDeliver', { order_no: no, logistics_company: '德邦物流', logistics_no: `DP${keyN}123456` })).status).toBe(200);
      const sellerBefore = await wallet(SELLER_CO);
      expect((await post('buyer', 'orderReceipt', { order_no: no })).status).toBe(200);
      // paid 180 元 + 20 元 from the platform (fee rate 0)
      expect(await wallet(SELLER_CO)).toBe(sellerBefore + 18_000 + 2000);
      const tx = await sql<{ kind: string; key: string }>`select kind, idempotency_key as key from ledger_transaction where reference = ${no} order by id`.execute(db());
      expect(tx.rows).toHaveLength(2);
      expect(tx.rows).toEqual(expect.arrayContaining([{ kind: 'order_payout', key: `order_payout:${no}` }, { kind: 'voucher_subsidy', key: `voucher_subsidy:${no}` }]));

      // the seller's own voucher: paid what the buyer paid, nothing from the platform
      const items2 = await cartOf(stockA);
      const sc = (await get('buyer', 'voucherMine', { tab: 'usable' })).body.data!.data.find((c) => c.template_id === sellerId);
      const own = sc ?? await claimOf('buyer', sellerId);
      const r2 = await submit(items2, [{ company_id: SELLER_CO, claim_id: own.id }], 18_000);
      expect(r2.status, JSON.stringify(r2.body)).toBe(200);
      const no2 = r2.body.data!.orders[0].order_no;
      await fund(BUYER_CO, 18_000);
      expect((await post('buyer', 'orderPay', { order_nos: [no2], method: 'wallet' })).status).toBe(200);
      expect((await post('seller', 'orderConfirm', { order_no: no2 })).status).toBe(200);
      expect((await post('seller', 'orderDeliver', { order_no: no2, logistics_company: '德邦物流', logistics_no: `DP${keyN}654321` })).status).toBe(200);
      const w2 = await wallet(SELLER_CO);
      expect((await post('buyer', 'orderReceipt', { order_no: no2 })).status).toBe(200);
      expect(await wallet(SELLER_CO)).toBe(w2 + 18_000);
      expect((await sql<{ n: number }>`select count(*)::int as n from ledger_transaction where kind = 'voucher_subsidy' and reference = ${no2}`.execute(db())).rows[0].n).toBe(0);

      // 财务 · 券: the seller sees the uses on its sales orders, with the platform's part
      const uses = (await get('seller', 'voucherUses', { side: 'seller' })).body.data!;
      expect(uses.data.find((u) => u.order_no === no)).toMatchObject({ issuer_name: '平台', discount_fen: 2000, subsidy_fen: 2000, state: 'applied' });
      expect(uses.subsidy_fen).toBeGreaterThanOrEqual(2000);
      expect((await get('buyer', 'voucherUses', { side: 'buyer' })).status).toBe(403);
    });

    it('the operator record counts issued, claimed, used and expired per voucher, and the cost per issuer', async () => {
      const rec = (await get('payReader', 'opVoucherRecord', {})).body.data!;
      const p = rec.data.find((d) => d.template_id === platformId)!;
      const claimed = (await sql<{ n: number }>`select count(*)::int as n from voucher_claim where template_id = ${platformId}`.execute(db())).rows[0].n;
      const used = (await sql<{ n: number; fen: number }>`select count(*)::int as n, coalesce(sum(discount_fen), 0)::int as fen from voucher_use where template_id = ${platformId} and state = 'applied'`.execute(db())).rows[0];
      expect(p).toMatchObject({ issued: 100, claimed, used: used.n, used_fen: used.fen });
      const platform = rec.by_issuer.find((b) => b.issuer_company_id === null)!;
      const subsidy = (await sql<{ fen: number }>`select coalesce(sum(e.amount_fen), 0)::int as fen from ledger_transaction x join ledger_entry e on e.transaction_id = x.id and e.amount_fen > 0 where x.kind = 'voucher_subsidy'`.execute(db())).rows[0].fen;
      expect(platform.subsidy_fen).toBe(subsidy);
      expect(platform.expired).toBeGreaterThanOrEqual(1);
      expect(rec.by_issuer.find((b) => b.issuer_company_id === SELLER_CO)).toMatchObject({ issuer_name: expect.any(String), subsidy_fen: 0 });
      expect((await get('buyer', 'opVoucherRecord', {})).status).toBe(403);
      // the platform's voucher budget mirrors what it paid
      const budget = (await sql<{ b: number }>`select coalesce(sum(balance_fen), 0)::int as b from ledger_account where kind = 'provider' and provider = 'voucher'`.execute(db())).rows[0].b;
      expect(budget).toBe(-subsidy);

      // the same record as a workbook: one sheet per voucher, one per issuer; operators only
      const r = await env.raw('GET', `/api/operation/export/opVoucherRecord?q=${encodeURIComponent(p.name)}`, { token: t.payReader });
      expect(r.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await r.arrayBuffer());
      const [vouchers, issuers] = wb.worksheets;
      expect((vouchers.getRow(1).values as unknown[]).slice(1)).toEqual(['券', '发放方', '发放', '已领', '已用', '已过期', '减免金额（元）', '状态']);
      const row = vouchers.getRows(2, vouchers.rowCount - 1)!.find((x) => (x.values as unknown[])[1] === p.name)!;
      expect((row.values as unknown[]).slice(3, 8)).toEqual([100, claimed, used.n, p.expired, used.fen / 100]);
      expect(issuers.name).toBe('按发放方');
      const platformRow = issuers.getRows(2, issuers.rowCount - 1)!.find((x) => (x.values as unknown[])[1] === platform.issuer_name)!;
      expect((platformRow.values as unknown[])[7]).toBe(subsidy / 100);
      expect((await env.raw('GET', '/api/operation/export/opVoucherRecord', { token: t.buyer })).status).toBe(403);
    });

    it("the operator's issue and stop are in the operator audit log; a seller's own are not", async () => {
      const audits = async () => (await sql<{ action: string; entity_id: string; note: string }>`
        select action, entity_id::text as entity_id, note from operator_audit where entity = 'voucher_template' order by id`.execute(db())).rows;
      const before = (await audits()).length;
      const made = (await post('operator', 'opVoucherCreate', template({ name: '审计测试券' }))).body.data!;
      expect((await post('operator', 'opVoucherStop', { id: made.id })).status).toBe(200);
      expect((await audits()).slice(before)).toEqual([
        { action: 'create', entity_id: String(made.id), note: '审计测试券' },
        { action: 'stop', entity_id: String(made.id), note: '审计测试券' },
      ]);
      // a refused issue writes no entry
      expect((await post('operator', 'opVoucherCreate', template({ name: '坏券', amount_fen: 0 }))).status).toBe(422);
      const own = (await post('seller', 'voucherTemplateCreate', template({ name: '店铺审计外' }))).body.data!;
      expect((await post('seller', 'voucherTemplateStop', { id: own.id })).status).toBe(200);
      expect((await audits()).length).toBe(before + 2);
    });
  });
});
