import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { IMAGE_NOT_OURS } from '../../src/server/modules/wanted/wanted.service';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, envelope, skipReason, type Answer, type TestEnv } from './harness';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** a European Volkswagen VIN (position 9 holds no check digit) */
const VIN = 'WVWZZZ1KZ6W000001';

describe.each(backends)('wanted requests on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'publishWanted / getWantedList', () => {
    let env: TestEnv;
    let buyer: string;
    let member: string;
    let seller: string;
    let clerk: string;
    let makeId: number;
    beforeAll(async () => {
      // the catalogue (and its makes) comes with the stock generator
      env = await createTestEnv(backend, { stockRows: 100 });
      [buyer, member, seller, clerk] = await Promise.all(['buyer', 'member', 'seller', 'clerk'].map(async (u) => (await env.login(u)).access_token));
      makeId = (await sql<{ id: number }>`select id from make where name = '大众'`.execute(env.database.db)).rows[0].id;
    });
    afterAll(async () => env?.close());

    const publish = (token: string | undefined, payload: PayloadIn<'publishWanted'>, key?: string) =>
      env.api('publishWanted', payload, { token, idempotencyKey: key });
    const list = (token: string, query: PayloadIn<'getWantedList'> = {}) => env.api('getWantedList', query, { token });
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from wanted_request`.execute(env.database.db)).rows[0].n;
    const uploadAs = async (token: string) => (await env.api('fileUpload', { base64_data: PNG_1PX, file_name: 'p.png' }, { token })).body.data.file_path;

    it('publishes with an own image and the normalised VIN, and the buyer sees it in 我的求购 with quote_count 0', async () => {
      const img = await uploadAs(buyer);
      const r = await publish(buyer, { content: ' 前刹车片 一套 ', make_id: makeId, vin: 'wvwzzz1kz6w000001', img_infos: [img, img] });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ content: '前刹车片 一套', make_id: makeId, make_name: '大众', vin: VIN, img_infos: [img], quote_count: 0, user_name: '王志强' });
      expect(r.body.data.created).toBe(Math.floor(env.clock.now().getTime() / 1000));
      const mine = await list(buyer);
      expect(mine.status).toBe(200);
      expect(mine.body.data.total).toBe(1);
      expect(mine.body.data.data[0]).toEqual(r.body.data);
    });

    it('refuses bad input with the field named and stores nothing', async () => {
      const before = await count();
      const refused = (r: Answer<unknown>, body: object, field: string, text: string) => {
        expect(r.status, JSON.stringify(body)).toBe(422);
        expect(envelope(r.body).field).toBe(field);
        expect(envelope(r.body).client_msg).toContain(text);
      };
      // a field the contract requires left out: sent raw
      const missing: Array<[object, string, string]> = [
        [{ make_id: makeId }, 'content', msg.wantedEmpty],
        [{ content: '水泵' }, 'make_id', msg.chooseCarBrand],
      ];
      for (const [body, field, text] of missing) refused(await env.callRaw('POST', '/api/enquiry/wanted', { token: buyer, body }), body, field, text);
      const cases: Array<[PayloadIn<'publishWanted'>, string, string]> = [
        [{ content: '   ', make_id: makeId }, 'content', msg.wantedEmpty],
        [{ content: '水泵', make_id: 'x' }, 'make_id', msg.chooseCarBrand],
        [{ content: '水泵', make_id: 999999 }, 'make_id', msg.chooseCarBrand],
        // beyond the integer column: refused like any unknown brand, not a server error
        [{ content: '水泵', make_id: 2147483648 }, 'make_id', msg.chooseCarBrand],
        [{ content: '水泵', make_id: 1e308 }, 'make_id', msg.chooseCarBrand],
        [{ content: '水泵', make_id: makeId, vin: 'WVWZZZ1KZ6W00000' }, 'vin', msg.vinLength],
        [{ content: '水泵', make_id: makeId, vin: 'WVWZZZ1KZ6W00000I' }, 'vin', msg.vinIllegalChars],
        [{ content: '水泵', make_id: makeId, img_infos: ['https://evil.example/x.png'] }, 'img_infos.0', IMAGE_NOT_OURS],
        [{ content: '水泵', make_id: makeId, img_infos: ['/api/uploads/0123456789abcdef0123456789abcdef.png'] }, 'img_infos.0', IMAGE_NOT_OURS],
        [{ content: 'x'.repeat(501), make_id: makeId }, 'content', '求购配件最多500个字符'],
      ];
      for (const [body, field, text] of cases) refused(await publish(buyer, body), body, field, text);
      expect(await count()).toBe(before);
    });

    it('accepts a VIN whose check digit does not match (a warning, not a refusal) and no VIN at all', async () => {
      expect((await publish(buyer, { content: '机油滤清器', make_id: makeId, vin: 'LSVAU2180N2183294' })).status).toBe(200);
      const r = await publish(buyer, { content: '火花塞', make_id: String(makeId), vin: '' });
      expect(r.status).toBe(200);
      expect(r.body.data.vin).toBe('');
    });

    it('publishes once per Idempotency-Key: a replay returns the same request, another body is refused', async () => {
      const before = await count();
      const body = { content: '减震器 前左', make_id: makeId };
      const first = await publish(buyer, body, 'wanted-replay-0001');
      const again = await publish(buyer, body, 'wanted-replay-0001');
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.data.id).toBe(first.body.data.id);
      expect(await count()).toBe(before + 1);
      expect((await publish(buyer, { ...body, content: '减震器 前右' }, 'wanted-replay-0001')).status).toBe(409);
      expect(await count()).toBe(before + 1);
    });

    it('keeps each company to its own requests and images', async () => {
      const sellerImg = await uploadAs(seller);
      // the buyer cannot attach the seller's image
      const foreign = await publish(buyer, { content: '水泵', make_id: makeId, img_infos: [sellerImg] });
      expect(foreign.status).toBe(422);
      expect(foreign.body.client_msg).toContain(IMAGE_NOT_OURS);
      const own = await publish(member, { content: '球头', make_id: makeId });
      expect(own.status).toBe(200);
      const memberList = await list(member);
      expect(memberList.body.data.data.map((w) => w.content)).toEqual(['球头']);
      const buyerList = await list(buyer);
      expect(buyerList.body.data.data.some((w) => w.id === own.body.data.id)).toBe(false);
      expect((await list(seller)).body.data.total).toBe(0);
      // newest first, paged (page sizes from the one set, docs/api.md "Paging")
      const page = await list(buyer, { page_size: 10, page_number: 1 });
      expect(page.body.data.total).toBe(buyerList.body.data.total);
      expect(page.body.data.data.map((w) => w.id)).toEqual(buyerList.body.data.data.slice(0, 10).map((w) => w.id));
      expect((await list(buyer, { page_size: 2 })).body).toMatchObject({ code: 422, field: 'page_size' });
    });

    it('joins the enquiry flow: sellers of the make quote it from 报价专区, then it can no longer be changed', async () => {
      const db = env.database.db;
      const other = (await sql<{ id: number }>`select id from make where id <> ${makeId} order by id limit 1`.execute(db)).rows[0].id;
      // the seller names 大众 among its main makes; the member's company (a free seller) does not
      await sql`update company set main_make_ids = ${[makeId]}::int[] where id = 2`.execute(db);
      const img = await uploadAs(buyer);
      const created = await env.api('createAsktobuy', { content: '大灯总成 左', make_id: makeId, vin: VIN, img_infos: `${img}, ${img}` }, { token: buyer });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const w = created.body.data;
      expect(w).toMatchObject({ content: '大灯总成 左', img_infos: [img], quote_count: 0, editable: true });
      expect(w.enquiry_id).toBeGreaterThan(0);

      // the zone of a seller of that make lists it; a seller without main makes sees an empty zone and why
      const zone = (await env.api('quoteCenter', { scope: 'zone' }, { token: seller })).body.data;
      expect(zone.zone_makes).toBe(1);
      const row = zone.data.find((e) => e.wanted_id === w.id);
      expect(row).toMatchObject({ id: w.enquiry_id, zone: true, make_name: '大众', first_line: '大灯总成 左', state_text: '待报价' });
      expect(row?.enquiry_no).toMatch(/^QG\d{16}$/);
      // not in the seller's directed center: nobody chose it
      expect((await env.api('quoteCenter', {}, { token: seller })).body.data.data.some((e) => e.id === w.enquiry_id)).toBe(false);

      // an edit while unquoted changes the request and its enquiry line
      const edited = await env.api('updateAsktobuy', { id: w.id, content: '大灯总成 左 带透镜', make_id: makeId, vin: '', img_infos: '' }, { token: buyer });
      expect(edited.body.data).toMatchObject({ content: '大灯总成 左 带透镜', vin: '', img_infos: [], editable: true });
      // another company may not edit it
      expect((await env.api('updateAsktobuy', { id: w.id, content: 'x', make_id: makeId }, { token: member })).status).toBe(403);

      // a seller of another make sees neither the zone row nor the enquiry
      await sql`update company set main_make_ids = ${[other]}::int[] where id = 2`.execute(db);
      expect((await env.api('quoteCenter', { scope: 'zone' }, { token: seller })).body.data.data.some((e) => e.id === w.enquiry_id)).toBe(false);
      expect((await env.api('quoteEnquiry', {}, { id: String(w.enquiry_id), token: seller })).status).toBe(404);
      await sql`update company set main_make_ids = ${[makeId]}::int[] where id = 2`.execute(db);

      // the seller opens it from the zone and quotes its one line
      const view = (await env.api('quoteEnquiry', {}, { id: String(w.enquiry_id), token: seller })).body.data;
      expect(view.lines).toEqual([expect.objectContaining({ name: '大灯总成 左 带透镜', qty: 1, quality: '不限' })]);
      const q = await env.api('quoteSubmit', { enquiry_id: w.enquiry_id ?? 0, line_id: view.lines[0].id, price: 68000, brand: '海拉' }, { token: seller });
      expect(q.status, JSON.stringify(q.body)).toBe(200);

      // quoted: the request says so, is no longer editable, and an edit is refused with nothing changed
      const mine = (await list(buyer)).body.data.data.find((x) => x.id === w.id);
      expect(mine).toMatchObject({ quote_count: 1, editable: false, content: '大灯总成 左 带透镜' });
      const late = await env.api('updateAsktobuy', { id: w.id, content: '改了', make_id: other }, { token: buyer });
      expect(late.status).toBe(409);
      expect(late.body.client_msg).toBe('已有卖家报价，无法修改');
      expect((await list(buyer)).body.data.data.find((x) => x.id === w.id)).toMatchObject({ content: '大灯总成 左 带透镜', make_id: makeId });
      // the buyer compares it like any enquiry
      expect((await env.api('enquiryDetail', {}, { id: String(w.enquiry_id), token: buyer })).body.data.quotes[0]).toMatchObject({ price_fen: 68000, brand: '海拉' });
      await sql`update company set main_make_ids = '{}' where id = 2`.execute(db);
    });

    it('needs sign-in and C07 or C15', async () => {
      expect((await publish(undefined, { content: '水泵', make_id: makeId })).status).toBe(401);
      expect((await publish(clerk, { content: '水泵', make_id: makeId })).status).toBe(403);
      expect((await list(clerk)).status).toBe(403);
      expect((await env.api('wantedMakes', {}, { token: clerk })).body.data.some((m) => m.name === '大众')).toBe(true);
    });
  });
});
