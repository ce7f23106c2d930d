/**
 * The back-office home's 待处理 (docs/architecture.md, "Landing per role"): what each role's company must do now, counted
 * by the server in the caller's company scope, and nothing the caller's codes do not open.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('back-office 待处理 on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'back-office 待处理', () => {
    let env: TestEnv;
    beforeEach(async () => {
      env = await createTestEnv(backend);
    });
    afterEach(async () => env?.close());

    const db = () => env.database.db;
    const userId = async (username: string) => (await db().selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const summary = async (username: string) => {
      const token = (await env.login(username)).access_token;
      const r = await env.api('backofficeSummary', {}, { token });
      expect(r.status).toBe(200);
      return r.body.data!;
    };
    let n = 0;
    /** an enquiry of the buyer's company (3), open unless said, sent to `to` or to the zone of `make` */
    const enquiry = async (o: { to?: number; make?: number; zone?: boolean; wanted?: boolean; state?: string; expired?: boolean; unseen?: number }) => {
      n += 1;
      const now = env.clock.now();
      const expires = new Date(now.getTime() + (o.expired ? -1 : 1) * 86400_000);
      const buyer = await userId('buyer');
      let wanted: number | null = null;
      if (o.wanted) {
        wanted = (await sql<{ id: number }>`insert into wanted_request (company, "user", content, make_id) values (3, ${buyer}, ${'求购 ' + n}, ${o.make!}) returning id`.execute(db())).rows[0].id;
      }
      const id = (await sql<{ id: number }>`insert into enquiry (enquiry_no, buyer_company_id, buyer_user_id, state, make_id, created_at, sent_at, expires_at, zone, wanted_id, unseen_quotes)
        values (${'EQ-T' + n}, 3, ${buyer}, ${o.state ?? 'open'}, ${o.make ?? null}, ${now}, ${now}, ${expires}, ${o.zone ?? false}, ${wanted}, ${o.unseen ?? 0}) returning id`.execute(db())).rows[0].id;
      if (o.to) await sql`insert into enquiry_recipient (enquiry_id, seller_company_id) values (${id}, ${o.to})`.execute(db());
      return id;
    };
    const line = async (enquiryId: number) =>
      (await sql<{ id: number }>`insert into enquiry_line (enquiry_id, line_no, name, qty, quality) values (${enquiryId}, 1, '前刹车片', 1, '不限') returning id`.execute(db())).rows[0].id;
    const quote = async (enquiryId: number, seller: number) => {
      const lineId = await line(enquiryId);
      const now = env.clock.now();
      await sql`insert into quote (enquiry_id, line_id, seller_company_id, seller_user_id, price_fen, quoted_amount, brand, quality, qty, delivery_days, valid_until, note, created_at, updated_at)
        values (${enquiryId}, ${lineId}, ${seller}, ${await userId('seller')}, 1000, 1000, '博世', '品牌件', 1, 1, ${now}, '', ${now}, ${now})`.execute(db());
    };
    /** an order from the buyer's company (3) to the seller's (2), in `status` */
    const order = async (status: string) => {
      n += 1;
      const now = env.clock.now();
      const shipped = ['shipped', 'received'].includes(status);
      return (await sql<{ id: number }>`insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, status, line_count, total_qty, total_fen,
          contact_name, contact_phone, address, created_at, shipped_at, logistics_no, received_at)
        values (${'SO-T' + n}, ${'CO-T' + n}, 3, ${await userId('buyer')}, 2, ${status}, 1, 1, 1000, '王志强', '13800000004', '上海市', ${now},
          ${shipped ? now : null}, ${shipped ? 'DPK1' : null}, ${status === 'received' ? now : null}) returning id`.execute(db())).rows[0].id;
    };
    const afterSale = async (orderId: number, status: string, type = 'return') => {
      n += 1;
      await sql`insert into after_sale (as_no, order_id, buyer_company_id, buyer_user_id, seller_company_id, type, status, reason, total_qty, refund_fen, logistics_no)
        values (${'AS-T' + n}, ${orderId}, 3, ${await userId('buyer')}, 2, ${type}, ${status}, '质量问题', 1, 1000, ${status === 'returned' ? 'SF1' : null})`.execute(db());
    };
    /** two makes (the seed without stock has none) */
    const makeIds = async () => {
      await sql`insert into make (name, initial) values ('测试大众', 'C'), ('测试丰田', 'C') on conflict (name) do nothing`.execute(db());
      return (await sql<{ id: number }>`select id from make where name in ('测试大众', '测试丰田') order by name desc`.execute(db())).rows.map((r) => r.id);
    };

    it('counts what the seller must do now: orders, enquiries to quote, the zone, after-sales; an empty zone says it has no main makes', async () => {
      const [vw, toyota] = await makeIds();
      await db().updateTable('company').set({ main_make_ids: [] }).where('id', '=', 2).execute();
      const empty = await summary('seller');
      expect(empty).toMatchObject({ quote_open: 0, zone_enquiries: 0, zone_wanted: 0, zone_makes: 0, aftersale_seller: 0 });

      // sent to the seller: two open (one already quoted by it), one expired, one ended; one to another seller
      await enquiry({ to: 2 });
      await quote(await enquiry({ to: 2 }), 2);
      await enquiry({ to: 2, expired: true });
      await enquiry({ to: 2, state: 'ended' });
      await enquiry({ to: 5 });
      // the zone: an enquiry and a wanted request of its main make, one of another make, a draft
      await enquiry({ zone: true, make: vw });
      await enquiry({ zone: true, make: vw, wanted: true });
      await enquiry({ zone: true, make: toyota });
      await enquiry({ zone: true, make: vw, state: 'draft' });
      await order('pending');
      await order('confirmed');
      await order('confirmed');
      const shipped = await order('shipped');
      await afterSale(shipped, 'pending');
      await afterSale(shipped, 'returned');
      await afterSale(await order('received'), 'awaiting_return');
      await afterSale(await order('received'), 'completed', 'refund');

      // without main makes the zone stays empty, whatever the buyers ask
      expect(await summary('seller')).toMatchObject({
        sales_pending: 1, sales_to_ship: 3 - 1, quote_open: 1, zone_enquiries: 0, zone_wanted: 0, zone_makes: 0, aftersale_seller: 2, aftersale_buyer: 0,
      });
      await db().updateTable('company').set({ main_make_ids: [vw] }).where('id', '=', 2).execute();
      expect(await summary('seller')).toMatchObject({ quote_open: 1, zone_enquiries: 1, zone_wanted: 1, zone_makes: 1 });
    });

    it('lists only what the caller\'s codes open: the clerk its stock, the buyer its purchases, after-sales and new quotes', async () => {
      const shipped = await order('shipped');
      await order('shipped');
      await afterSale(await order('received'), 'awaiting_return');
      await afterSale(shipped, 'pending');
      await enquiry({ to: 2, unseen: 2 });
      await enquiry({ to: 2, unseen: 1, state: 'ended' });
      await enquiry({ to: 2, unseen: 5, state: 'draft' });

      const clerk = await summary('clerk');
      expect(clerk).toMatchObject({ sales_pending: null, sales_to_ship: null, quote_open: null, zone_enquiries: null, zone_wanted: null, zone_makes: null,
        aftersale_seller: null, aftersale_buyer: null, purchase_to_receive: null, new_quotes: null });
      expect(clerk.stock_zero).not.toBeNull();

      const buyer = await summary('buyer');
      expect(buyer).toMatchObject({ sales_pending: null, quote_open: null, zone_makes: null, aftersale_seller: null, stock_zero: null,
        purchase_to_receive: 2, aftersale_buyer: 1, new_quotes: 3 });

      // the seller's company buys nothing here: its purchase figures are its own, not the buyer's
      expect(await summary('seller')).toMatchObject({ purchase_to_receive: 0, aftersale_buyer: 0, new_quotes: 0, aftersale_seller: 1 });
    });
  });
});
