import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { createApp } from '../../src/server/app';
import { msg } from '../../src/shared/messages';
import { MB } from '../../src/shared/domain/upload';
import { chinaDay } from '../../src/shared/domain/china-time';
import { firstForeignUpload, UPLOAD_DAY_QUOTA, uploadQuotaText } from '../../src/server/modules/upload/upload.service';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

/** a real 1×1 PNG */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pngOf = (size: number) => {
  const b = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b.toString('base64');
};
const jpgOf = (size: number) => {
  const b = Buffer.alloc(size, 1);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(b);
  return b.toString('base64');
};

describe.each(backends)('image upload on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'fileUpload', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    beforeAll(async () => {
      env = await createTestEnv(backend);
      buyer = (await env.login('buyer')).access_token;
      seller = (await env.login('seller')).access_token;
    });
    afterAll(async () => env?.close());

    const upload = (token: string | undefined, base64_data: string, file_name = 'part.png') =>
      env.api('fileUpload', { base64_data, file_name }, { token });
    const files = () => readdirSync(env.uploadDir);
    const rows = async () => (await sql<{ n: number }>`select count(*)::int as n from uploaded_file`.execute(env.database.db)).rows[0].n;

    it('stores a PNG and serves the same bytes back read-only with its content type', async () => {
      const r = await upload(buyer, PNG_1PX, '刹车片.png');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ content_type: 'image/png', size: Buffer.from(PNG_1PX, 'base64').length });
      expect(r.body.data.file_path).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
      const { app } = createApp({ db: env.database.db, backend: env.database.backend, clock: env.clock, accessTtlSeconds: 900, uploadDir: env.uploadDir });
      const got = await app.request(r.body.data.file_path);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
      // read-only: nothing can be written or deleted at that address
      expect((await app.request(r.body.data.file_path, { method: 'PUT', body: 'x' })).status).toBe(404);
      expect((await app.request(r.body.data.file_path, { method: 'DELETE' })).status).toBe(404);
      // unknown names and path tricks are plain 404s
      expect((await app.request('/api/uploads/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
      expect((await app.request('/api/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    });

    it('recognises a JPG by its bytes even under another name, and accepts a data: URL', async () => {
      const r = await upload(buyer, `data:image/png;base64,${jpgOf(1000)}`, 'photo.PNG');
      expect(r.status).toBe(200);
      expect(r.body.data.content_type).toBe('image/jpeg');
      expect(r.body.data.file_path).toMatch(/\.jpg$/);
    });

    it('refuses what is not JPG/PNG by its bytes, whatever its name, and stores nothing', async () => {
      const before = { files: files().length, rows: await rows() };
      for (const [data, name] of [
        [Buffer.from('GIF89a........').toString('base64'), 'x.gif'],
        [Buffer.from('%PDF-1.7 not an image').toString('base64'), 'fake.jpg'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), 'x.png'],
      ]) {
        const r = await upload(buyer, data, name);
        expect(r.status).toBe(422);
        expect(r.body.field).toBe('base64_data');
        expect(r.body.client_msg).toContain(msg.imageType);
      }
      expect(files().length).toBe(before.files);
      expect(await rows()).toBe(before.rows);
    });

    it('takes a PDF only as a document (an invoice), saves it as an attachment, and no image field accepts it', async () => {
      const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');
      const before = { files: files().length, rows: await rows() };
      const r = await env.api('fileUpload', { base64_data: pdf, file_name: 'invoice.pdf', accept: 'document' }, { token: seller });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ content_type: 'application/pdf' });
      expect(r.body.data.file_path).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.pdf$/);
      const { app } = createApp({ db: env.database.db, backend: env.database.backend, clock: env.clock, accessTtlSeconds: 900, uploadDir: env.uploadDir });
      const got = await app.request(r.body.data.file_path);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
      // a document may still be an image; anything else is refused with the document's message
      expect((await env.api('fileUpload', { base64_data: pngOf(100), file_name: 'scan.png', accept: 'document' }, { token: seller })).status).toBe(200);
      const gif = await env.api('fileUpload', { base64_data: Buffer.from('GIF89a........').toString('base64'), file_name: 'x.gif', accept: 'document' }, { token: seller });
      expect(gif.body).toMatchObject({ code: 422, field: 'base64_data' });
      expect(gif.body.client_msg).toContain(msg.documentType);
      expect(files().length).toBe(before.files + 2);
      expect(await rows()).toBe(before.rows + 2);
      // an image field (the company logo) refuses the PDF as not an image of the company's
      expect(await firstForeignUpload(env.database.db, 2, [r.body.data.file_path])).toBe(0);
      expect(await firstForeignUpload(env.database.db, 2, [r.body.data.file_path], { documents: true })).toBe(-1);
    });

    it('limits size to 2 MB, and to 5 MB for a company in upload_authority', async () => {
      const before = files().length;
      expect((await upload(buyer, pngOf(2 * MB))).status).toBe(200);
      const tooBig = await upload(buyer, pngOf(2 * MB + 1));
      expect(tooBig.status).toBe(422);
      expect(tooBig.body.client_msg).toContain(msg.imageSize(2));
      // the seller's company (id 2) is listed in upload_authority
      expect((await upload(seller, pngOf(2 * MB + 1))).status).toBe(200);
      const sellerTooBig = await upload(seller, jpgOf(5 * MB + 1));
      expect(sellerTooBig.status).toBe(422);
      expect(sellerTooBig.body.client_msg).toContain(msg.imageSize(5));
      expect(files().length).toBe(before + 2);
      // taking the company out of upload_authority takes the larger limit away
      await env.database.db.updateTable('system_param').set({ value: '1' }).where('key', '=', 'upload_authority').execute();
      const now = await upload(seller, pngOf(2 * MB + 1));
      expect(now.body.client_msg).toContain(msg.imageSize(2));
      await env.database.db.updateTable('system_param').set({ value: '1,2' }).where('key', '=', 'upload_authority').execute();
    });

    it('a company uploads at most its day\'s quota (files or bytes); other companies and the next day are not affected', async () => {
      const db = env.database.db;
      const { company_id: memberCompany } = (await sql<{ company_id: number }>`select company_id from app_user where username = 'member'`.execute(db)).rows[0];
      const member = (await env.login('member')).access_token;
      // what the company uploaded earlier today: one file short of the quota
      await sql`insert into upload_day (company_id, day, files, bytes) values (${memberCompany}, ${chinaDay(env.clock.now())}::date, ${UPLOAD_DAY_QUOTA.files - 1}, 100)`.execute(db);
      expect((await upload(member, PNG_1PX)).status).toBe(200);
      const before = files().length;
      const over = await upload(member, PNG_1PX);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ field: 'base64_data', client_msg: uploadQuotaText(UPLOAD_DAY_QUOTA) });
      expect(files().length).toBe(before);
      expect((await upload(buyer, PNG_1PX)).status).toBe(200);
      // the next China day starts a new quota: today's uploads become yesterday's
      await sql`update upload_day set day = day - 1 where company_id = ${memberCompany}`.execute(db);
      expect((await upload(member, PNG_1PX)).status).toBe(200);
      // bytes count too
      await sql`update upload_day set bytes = ${UPLOAD_DAY_QUOTA.bytes - 10} where company_id = ${memberCompany} and day = ${chinaDay(env.clock.now())}::date`.execute(db);
      expect((await upload(member, PNG_1PX)).status).toBe(429);
    });

    it('uploads sent together never pass the quota: of 320 at once exactly 300 are stored', async () => {
      // the trial company uploads nothing elsewhere in this file
      const trial = (await env.login('trial')).access_token;
      const before = files().length;
      const answers = await Promise.all(Array.from({ length: UPLOAD_DAY_QUOTA.files + 20 }, () => upload(trial, PNG_1PX)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(UPLOAD_DAY_QUOTA.files);
      const refused = answers.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(20);
      for (const r of refused) expect(r.body).toMatchObject({ code: 429, client_msg: uploadQuotaText(UPLOAD_DAY_QUOTA) });
      expect(files().length).toBe(before + UPLOAD_DAY_QUOTA.files);
    });

    it('needs a signed-in user and a well-formed payload', async () => {
      expect((await upload(undefined, PNG_1PX)).status).toBe(401);
      const notBase64 = await upload(buyer, '####');
      expect(notBase64.status).toBe(422);
      expect(notBase64.body.field).toBe('base64_data');
      const empty = await upload(buyer, '');
      expect(empty.body.client_msg).toContain('请选择要上传的图片');
      const noName = await upload(buyer, PNG_1PX, '  ');
      expect(noName.status).toBe(422);
      expect(noName.body.field).toBe('file_name');
    });
  });
});
