/**
 * Translated lines under what people write (docs/i18n.md, "Translated lines"), on both backends with a
 * fake translator that counts its calls: an enquiry's lines and notes and the quotes' notes, and the
 * Vietnam mall's product names, translated once per text and language (kept in text_translation),
 * only for a caller who may read them, a failure not kept, and nothing without a translation service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import type { TranslateTarget } from '../../src/shared/domain/translate';
import { createTranslationService } from '../../src/server/modules/translation/translation.service';
import { backends, createTestEnv, skipReason, type ApiOptions, type TestEnv } from './harness';

describe.each(backends)('translated lines on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'enquiries and the Vietnam mall', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let other: number;
    /** every call the translation service received */
    const calls: Array<[string, TranslateTarget]> = [];
    /** texts the fake refuses to translate while listed */
    const failing = new Set<string>();
    const translator = {
      translate: async (text: string, target: TranslateTarget) => {
        calls.push([text, target]);
        if (failing.has(text)) throw new Error('translate server answered 503');
        return `[${target}] ${text}`;
      },
    };
    const callsOf = (text: string, target: TranslateTarget) => calls.filter(([x, g]) => x === text && g === target).length;
    const api = <N extends EndpointName>(name: N, user: string, payload: PayloadIn<N>, o: ApiOptions = {}) => env.api(name, payload, { ...o, token: t[user] });
    const tr = (user: string, kind: 'enquiry' | 'vn_offer', ids: number[], target: TranslateTarget) => api('textTranslations', user, { kind, ids, target });
    const texts = (items: Array<{ text: string; translated: string }>) => Object.fromEntries(items.map((i) => [i.text, i.translated]));

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50, accessTtlSeconds: 86400, translator });
      other = (await sql<{ id: number }>`select id from company where is_seller and id > 5 order by id limit 1`.execute(env.database.db)).rows[0].id;
      for (const u of ['buyer', 'seller', 'clerk', 'vnbuyer', 'member', `seller${other}`]) t[u] = (await env.login(u)).access_token;
    }, 300_000);
    afterAll(async () => env?.close());

    it('a Chinese seller reads a Vietnamese buyer\'s lines in Chinese, and the buyer the sellers\' notes in Vietnamese, each text translated once', async () => {
      const add = await api('enquiryAdd', 'vnbuyer', {
        lines: [{ oe: '0986452041', name: 'Lọc dầu động cơ', qty: 2, quality: '不限' }, { oe: '7L0698151A', name: '', qty: 1, quality: '原厂件' }],
        seller_ids: [2, other], note: 'Cần gấp trong tuần',
      });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      const e = add.body.data;
      const [l1, l2] = e.lines.map((l) => l.id);
      expect((await api('quoteSubmit', 'seller', { enquiry_id: e.id, line_id: l1, price: 4500, note: '原厂正品，当天发货' })).status).toBe(200);
      expect((await api('quoteSubmit', `seller${other}`, { enquiry_id: e.id, line_id: l2, price: 9900, note: '副厂件，三天到货' })).status).toBe(200);

      const seller = await tr('seller', 'enquiry', [e.id], 'zh');
      expect(seller.status, JSON.stringify(seller.body)).toBe(200);
      // the Vietnamese texts in Chinese; its own Chinese note and the bare OE number need nothing
      expect(seller.body.data).toEqual({ on: true, items: expect.any(Array) });
      expect(texts(seller.body.data.items)).toEqual({ 'Cần gấp trong tuần': '[zh] Cần gấp trong tuần', 'Lọc dầu động cơ': '[zh] Lọc dầu động cơ' });

      const buyer = await tr('vnbuyer', 'enquiry', [e.id], 'vi');
      expect(texts(buyer.body.data.items)).toEqual({ '原厂正品，当天发货': '[vi] 原厂正品，当天发货', '副厂件，三天到货': '[vi] 副厂件，三天到货' });

      // asked again, by the other seller too: from the cache, no new call
      const before = calls.length;
      expect(texts((await tr(`seller${other}`, 'enquiry', [e.id], 'zh')).body.data.items)).toEqual(texts(seller.body.data.items));
      await tr('vnbuyer', 'enquiry', [e.id], 'vi');
      expect(calls.length).toBe(before);
      for (const [text, target] of [['Lọc dầu động cơ', 'zh'], ['Cần gấp trong tuần', 'zh'], ['原厂正品，当天发货', 'vi']] as const) expect(callsOf(text, target)).toBe(1);
      // the same line name in another enquiry is the same text
      const again = (await api('enquiryAdd', 'vnbuyer', { lines: [{ oe: '0986452041', name: 'Lọc dầu động cơ', qty: 1, quality: '不限' }], seller_ids: [2], note: '' })).body.data;
      expect(texts((await tr('seller', 'enquiry', [again.id], 'zh')).body.data.items)).toEqual({ 'Lọc dầu động cơ': '[zh] Lọc dầu động cơ' });
      expect(callsOf('Lọc dầu động cơ', 'zh')).toBe(1);
      const kept = await sql<{ n: number }>`select count(*)::int as n from text_translation where source_text = ${'Lọc dầu động cơ'} and target = 'zh'`.execute(env.database.db);
      expect(kept.rows[0].n).toBe(1);
    });

    it('a reader gets only what he may read: a seller its own quote\'s note, another company nothing (404)', async () => {
      const e = (await api('enquiryAdd', 'buyer', { lines: [{ oe: '06H115562', name: '机油滤清器', qty: 4, quality: '品牌件' }], seller_ids: [2, other], note: '' })).body.data;
      const line = e.lines[0].id;
      expect((await api('quoteSubmit', 'seller', { enquiry_id: e.id, line_id: line, price: 3000, note: '博世正品' })).status).toBe(200);
      expect((await api('quoteSubmit', `seller${other}`, { enquiry_id: e.id, line_id: line, price: 2800, note: '马勒滤清器现货' })).status).toBe(200);
      // a seller whose page is in Vietnamese: the line and its own note, never the other seller's
      const own = await tr('seller', 'enquiry', [e.id], 'vi');
      expect(Object.keys(texts(own.body.data.items)).sort()).toEqual(['博世正品', '机油滤清器'].sort());
      expect(callsOf('马勒滤清器现货', 'vi')).toBe(0);
      // a company it was not sent to, or a draft of another company: 404, nothing translated
      const before = calls.length;
      expect((await tr('vnbuyer', 'enquiry', [e.id], 'vi')).status).toBe(404);
      expect((await tr('member', 'enquiry', [e.id], 'vi')).status).toBe(404);
      expect((await tr('seller', 'enquiry', [e.id, 999_999], 'vi')).status).toBe(404);
      // the right company without the pages' rights: the seller's clerk (M03, C11: no quote
      // rights) and a buyer's employee without enquiry rights (C09 only) read nothing either
      expect((await tr('clerk', 'enquiry', [e.id], 'vi')).status).toBe(404);
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
        select gen_random_uuid(), company_id, 'buyer-c09', '仓管', password_hash, ${sql.val(['C09'])}::text[], null from app_user where username = 'buyer'`.execute(env.database.db);
      t['buyer-c09'] = (await env.login('buyer-c09')).access_token;
      expect((await tr('buyer-c09', 'enquiry', [e.id], 'vi')).status).toBe(404);
      expect(calls.length).toBe(before);
    });

    it('the chat\'s quote cards and 我的报价 ask by the enquiry they show: the card\'s and the quote\'s line name, for their readers only', async () => {
      const since = env.clock.now().getTime();
      const e = (await api('enquiryAdd', 'vnbuyer', { lines: [{ oe: '1K0121253AA', name: 'Bơm nước làm mát', qty: 1, quality: '不限' }], seller_ids: [2], note: '' })).body.data;
      expect((await api('quoteSubmit', 'seller', { enquiry_id: e.id, line_id: e.lines[0].id, price: 26000, note: '' })).status).toBe(200);
      // the buyer's quote card names the enquiry (LinkData.QHId) and the line's name (产品名称): the page asks by that id
      const card = (await api('imSync', 'vnbuyer', { since })).body.data.messages
        .flatMap((m) => (m.content && 'SceneCode' in m.content && m.content.SceneCode === 'weChat-002' && m.content.LinkData.QHId === e.id ? [m.content] : []))[0];
      expect(card?.BusinessInfo.产品名称).toBe('Bơm nước làm mát');
      // a Vietnamese reader of Vietnamese gets nothing; a Chinese one the line in Chinese
      expect((await tr('vnbuyer', 'enquiry', [card!.LinkData.QHId], 'vi')).body.data.items).toEqual([]);
      expect(texts((await tr('vnbuyer', 'enquiry', [card!.LinkData.QHId], 'zh')).body.data.items)).toEqual({ 'Bơm nước làm mát': '[zh] Bơm nước làm mát' });
      // 我的报价: each quote carries its line's name as written; the seller asks by the enquiries the page lists
      const mine = (await api('quoteMine', 'seller', {})).body.data.data.find((q) => q.enquiry_id === e.id)!;
      expect(mine).toMatchObject({ line_name: 'Bơm nước làm mát', line_text: '1K0121253AA Bơm nước làm mát' });
      expect(texts((await tr('seller', 'enquiry', [mine.enquiry_id], 'zh')).body.data.items)).toEqual({ 'Bơm nước làm mát': '[zh] Bơm nước làm mát' });
      expect(callsOf('Bơm nước làm mát', 'zh')).toBe(1);
      // another seller (not asked, no quote of its own) and another buyer read nothing of it: 404, no call
      const before = calls.length;
      expect((await tr(`seller${other}`, 'enquiry', [mine.enquiry_id], 'vi')).status).toBe(404);
      expect((await tr('buyer', 'enquiry', [card!.LinkData.QHId], 'vi')).status).toBe(404);
      expect(calls.length).toBe(before);
    });

    it('the Vietnam mall\'s names for a Vietnamese buyer: offered rows only; a Chinese company is refused', async () => {
      const db = env.database.db;
      const [a, b] = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 2`.execute(db)).rows.map((r) => Number(r.id));
      await sql`update stock set name = ${'越南商城翻译测试滤芯'} where id = ${a}`.execute(db);
      await sql`update stock set name = ${'未上架翻译测试配件'} where id = ${b}`.execute(db);
      await sql`delete from vn_offer where stock_id in (${a}, ${b})`.execute(db);
      const sellerId = (await sql<{ id: number }>`select id from app_user where username = 'seller'`.execute(db)).rows[0].id;
      await sql`insert into vn_offer (stock_id, company_id, price_mode, vn_price, markup_bp, floor_fen, vn_quantity, user_id, updated_at)
        values (${a}, 2, 'direct', 500000, null, 0, 5, ${sellerId}, now())`.execute(db);
      const r = await tr('vnbuyer', 'vn_offer', [a, b], 'vi');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.items).toEqual([{ text: '越南商城翻译测试滤芯', translated: '[vi] 越南商城翻译测试滤芯' }]);
      expect(callsOf('未上架翻译测试配件', 'vi')).toBe(0);
      expect((await tr('buyer', 'vn_offer', [a], 'vi')).status).toBe(403);
    });

    it('a failed translation is not kept: the line is left out and the next reader asks again', async () => {
      const e = (await api('enquiryAdd', 'vnbuyer', { lines: [{ oe: '1K0615301AA', name: 'Đĩa phanh trước', qty: 2, quality: '不限' }], seller_ids: [2], note: '' })).body.data;
      failing.add('Đĩa phanh trước');
      expect((await tr('seller', 'enquiry', [e.id], 'zh')).body.data).toEqual({ on: true, items: [] });
      failing.clear();
      expect(texts((await tr('seller', 'enquiry', [e.id], 'zh')).body.data.items)).toEqual({ 'Đĩa phanh trước': '[zh] Đĩa phanh trước' });
      await tr('seller', 'enquiry', [e.id], 'zh');
      expect(callsOf('Đĩa phanh trước', 'zh')).toBe(2);
    });

    it('refuses a bad kind, no ids, too many ids and a bad language, naming the field', async () => {
      const bad = async (payload: object, field: string) => {
        const r = await env.api('textTranslations', payload as PayloadIn<'textTranslations'>, { token: t.seller });
        expect(r.status).toBe(422);
        expect(r.body).toMatchObject({ field });
      };
      await bad({ kind: 'order', ids: [1], target: 'vi' }, 'kind');
      await bad({ kind: 'enquiry', ids: [], target: 'vi' }, 'ids');
      await bad({ kind: 'enquiry', ids: Array.from({ length: 51 }, (_, i) => i + 1), target: 'vi' }, 'ids');
      await bad({ kind: 'enquiry', ids: [1], target: 'en' }, 'target');
    });

    it('without a translation service: on is false and nothing is read or shown', async () => {
      let read = 0;
      const none = createTranslationService({ clock: { now: () => new Date() }, sources: { enquiry: async () => { read++; return ['Má phanh']; }, vn_offer: async () => { read++; return []; } } });
      const caller = { userId: 1, companyId: 3 } as Parameters<typeof none.translations>[1];
      expect(await none.translations(env.database.db, caller, { kind: 'enquiry', ids: [1], target: 'zh' })).toEqual({ on: false, items: [] });
      expect(read).toBe(0);
    });
  });
});
