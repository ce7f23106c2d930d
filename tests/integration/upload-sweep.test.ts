/**
 * Uploads no row refers to are removed (finding 6): the hourly housekeeping deletes the
 * record and the file of an image nobody used a day after its upload; images a row names stay,
 * however old, and so do unused ones younger than a day.
 */
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/server/sweep';
import { UNUSED_UPLOAD_KEEP_S } from '../../src/server/modules/upload/upload.service';
import { UPLOAD_REFERENCES } from '../../src/server/modules/upload/upload.repo';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SELLER = '00000000-0000-4000-8000-000000000002';
/** columns named like images that hold something else */
const NOT_UPLOADS = new Set(['ad.click_url', 'webhook_endpoint.url']);

describe.each(backends)('removing unused uploads on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'sweep of uploads', () => {
    let env: TestEnv;
    let buyer: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 100 });
      buyer = (await env.login('buyer')).access_token;
    });
    afterAll(async () => env?.close());

    const upload = async () => {
      const r = await env.api('fileUpload', { base64_data: PNG_1PX, file_name: 'p.png' }, { token: buyer });
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      return r.body.data.file_path;
    };
    const nameOf = (path: string) => path.split('/').at(-1)!;
    const stored = (path: string) => existsSync(join(env.uploadDir, nameOf(path)));
    const served = async (path: string) => (await env.raw('GET', path)).status;

    it('removes an unused upload a day old, keeps the ones a wanted request or a chat message names and an unused fresh one', async () => {
      const makeId = (await sql<{ id: number }>`select id from make order by id limit 1`.execute(env.database.db)).rows[0].id;
      const inWanted = await upload();
      const inChat = await upload();
      const unused = await upload();
      expect((await env.api('publishWanted', { content: '前刹车片', make_id: makeId, img_infos: [inWanted] }, { token: buyer })).status).toBe(200);
      expect((await env.api('imSend', { client_msg_id: 'c-sweep-1', targetId: SELLER, messageType: 'RC:ImgMsg', content: { imageUri: inChat } }, { token: buyer })).status).toBe(200);
      // a file left without its record (a write whose record never committed), as old as the rest
      const orphan = join(env.uploadDir, `${'a'.repeat(32)}.png`);
      writeFileSync(orphan, Buffer.from(PNG_1PX, 'base64'));
      const longAgo = new Date(env.clock.now().getTime() - (UNUSED_UPLOAD_KEEP_S + 60) * 1000);
      utimesSync(orphan, longAgo, longAgo);

      env.clock.advance(UNUSED_UPLOAD_KEEP_S + 60);
      buyer = (await env.login('buyer')).access_token;
      const fresh = await upload();
      const counts = await sweep(env.database.db, env.clock.now(), { uploadDir: env.uploadDir });

      expect(counts.uploads).toBe(2);
      expect(stored(unused)).toBe(false);
      expect(existsSync(orphan)).toBe(false);
      expect(await served(unused)).toBe(404);
      for (const kept of [inWanted, inChat, fresh]) {
        expect(stored(kept)).toBe(true);
        expect(await served(kept)).toBe(200);
      }
      const rows = (await env.database.db.selectFrom('uploaded_file').select('name').execute()).map((r) => r.name).sort();
      expect(rows).toEqual([inWanted, inChat, fresh].map(nameOf).sort());
      // the removed picture can no longer be used: the page asks for it again
      const late = await env.api('imSend', { client_msg_id: 'c-sweep-2', targetId: SELLER, messageType: 'RC:ImgMsg', content: { imageUri: unused } }, { token: buyer });
      expect(late.status).toBe(422);
      // nothing more goes at the next sweep
      expect((await sweep(env.database.db, env.clock.now(), { uploadDir: env.uploadDir })).uploads).toBe(0);
    });

    it('keeps an upload named by an operator in a system parameter, as a full address', async () => {
      buyer = (await env.login('buyer')).access_token;
      const qr = await upload();
      await env.database.db.updateTable('system_param').set({ value: `https://qipeihub.example${qr}` }).where('key', '=', 'wx_miniprogram_qr').execute();
      env.clock.advance(UNUSED_UPLOAD_KEEP_S + 60);
      await sweep(env.database.db, env.clock.now(), { uploadDir: env.uploadDir });
      expect(stored(qr)).toBe(true);
    });

    it('knows every column named like an image (a new one must be listed, or its files would go after a day)', async () => {
      const { rows } = await sql<{ col: string }>`
        select table_name || '.' || column_name as col from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'jsonb', 'ARRAY', 'character varying')
          and column_name ~ '(image|img|logo|banner|icon|photo|picture|portrait|avatar|_url$|_uri$|^url$|_path$)'`.execute(env.database.db);
      const listed = new Set(UPLOAD_REFERENCES.map((r) => `${r.table}.${r.column}`));
      // paths of our own files (stock import uploads), not of images
      const ownFiles = new Set(['stock_import.path', 'stock_import.error_path']);
      expect(rows.map((r) => r.col).filter((c) => !listed.has(c) && !NOT_UPLOADS.has(c) && !ownFiles.has(c))).toEqual([]);
    });
  });
});
