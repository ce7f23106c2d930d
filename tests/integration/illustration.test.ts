/**
 * Illustration search (图解): the seeded schematics and their hotspots as a buyer reads
 * them, the plain "no drawing" state, and the operator's writes (drawing, hotspots, removal) with
 * the EPC图解 code (D04-04), their validation (nothing changes on a refusal) and audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { illustrationText } from '../../src/shared/domain/illustration';
import { msg } from '../../src/shared/messages';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const GIF_1PX = 'R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==';

describe.each(backends)('illustration search on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'illustration', () => {
    let env: TestEnv;
    let op: string;
    let buyer: string;
    let keyN = 0;
    /** 速腾 (the first seeded vehicle): its 前轮制动器 has a schematic, its 传感器 has none */
    let sagitar: number;
    let brakes: number;
    let sensors: number;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      [op, buyer] = await Promise.all(['operator', 'buyer'].map(async (u) => (await env.login(u)).access_token));
      const ids = (await sql<{ vehicle_id: number; id: number; name: string }>`
        select sg.vehicle_id, sg.id, sg.name from epc_subgroup sg join epc_vehicle v on v.id = sg.vehicle_id where v.sort = 0`.execute(db())).rows;
      sagitar = ids[0].vehicle_id;
      brakes = ids.find((r) => r.name === '前轮制动器')!.id;
      sensors = ids.find((r) => r.name === '传感器')!.id;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const get = <N extends EndpointName>(name: N, q: PayloadIn<N>, token = buyer) => env.api(name, q, { token });
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, token = op) =>
      env.api(name, payload, { token, idempotencyKey: `ill-key-${++keyN}` });
    const auditRows = async (subgroupId: number) =>
      (await sql<{ action: string; username: string; old_value: Record<string, unknown> | null; new_value: Record<string, unknown> | null; note: string }>`
        select action, username, old_value, new_value, note from operator_audit where entity = 'epc_diagram' and entity_id = ${String(subgroupId)} order by id`.execute(db())).rows;
    const spotsInDb = async (subgroupId: number) =>
      (await sql<{ position: number; x: number; y: number }>`select position, x, y from epc_hotspot where subgroup_id = ${subgroupId} order by position`.execute(db())).rows;
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);

    it('lists vehicles with their drawings, and a vehicle\'s subgroups with or without one', async () => {
      const vehicles = await get('illustrationVehicles', {});
      expect(vehicles.status).toBe(200);
      const first = vehicles.body.data.find((v) => v.id === sagitar);
      expect(first).toMatchObject({ model: '速腾', subgroup_count: 17, diagram_count: 16 });
      expect(vehicles.body.data.filter((v) => v.diagram_count > 0)).toHaveLength(4);

      const groups = await get('illustrationGroups', { vehicle_id: sagitar });
      expect(groups.status).toBe(200);
      const subgroups = groups.body.data.groups.flatMap((g) => g.subgroups);
      expect(subgroups.find((s) => s.id === brakes)).toMatchObject({ name: '前轮制动器', has_diagram: true, hotspot_count: 3, part_count: 3 });
      expect(subgroups.find((s) => s.id === sensors)).toMatchObject({ name: '传感器', has_diagram: false, hotspot_count: 0 });
      expect((await get('illustrationGroups', { vehicle_id: 999999 })).status).toBe(404);
    });

    it('reads a drawing with a hotspot on every part, and serves the schematic as an image', async () => {
      const r = await get('illustrationSubgroup', { subgroup_id: brakes });
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d.diagram).toMatchObject({ schematic: true, image_url: `/api/epc/schematic/${brakes}.svg` });
      expect(d.parts.map((p) => p.position)).toEqual([1, 2, 3]);
      expect(d.hotspots.map((h) => h.position)).toEqual([1, 2, 3]);
      for (const h of d.hotspots) {
        expect(h.x).toBeGreaterThan(0);
        expect(h.x).toBeLessThan(1);
        expect(h.y).toBeGreaterThan(0);
        expect(h.y).toBeLessThan(1);
      }
      const img = await env.raw('GET', d.diagram!.image_url);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toContain('image/svg+xml');
      const svg = await img.text();
      expect(svg).toContain('速腾 · 前轮制动器');
      expect(svg).not.toContain('<script');
      expect((await env.callRaw('GET', '/api/epc/schematic/999999.svg')).status).toBe(404);

      const none = await get('illustrationSubgroup', { subgroup_id: sensors });
      expect(none.status).toBe(200);
      expect(none.body.data).toMatchObject({ diagram: null, hotspots: [] });
      expect(none.body.data.parts.length).toBeGreaterThan(0);
    });

    it('refuses every operator call without EPC图解; a D04-04 holder may write', async () => {
      const calls = [
        ['GET', '/operation/epc/vehicles', (t: string) => get('opIllustrationVehicles', {}, t)],
        ['POST', '/operation/epc/diagram-save', (t: string) => post('opIllustrationImageSave', { subgroup_id: brakes, image_url: '/api/uploads/0123456789abcdef0123456789abcdef.png' }, t)],
        ['POST', '/operation/epc/diagram-remove', (t: string) => post('opIllustrationImageRemove', { subgroup_id: brakes }, t)],
        ['POST', '/operation/epc/hotspots', (t: string) => post('opIllustrationHotspotsSave', { subgroup_id: brakes, hotspots: [] }, t)],
      ] as const;
      const before = await spotsInDb(brakes);
      const outsiders = [await headUser('ill-reader', ['D04-01', 'D04-02', 'D04-03']), buyer];
      for (const token of outsiders) {
        for (const [method, path, send] of calls) {
          const r = await send(token);
          expect(r.status, `${method} ${path}`).toBe(403);
        }
      }
      expect(await spotsInDb(brakes)).toEqual(before);
      expect(await auditRows(brakes)).toEqual([]);
      const holder = await headUser('ill-editor', ['D04-04']);
      const list = await get('opIllustrationVehicles', { diagram: 'some' }, holder);
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(4);
      expect((await get('opIllustrationVehicles', { k: '速腾' }, holder)).body.data.data.map((v) => v.model)).toEqual(['速腾']);
    });

    it('refuses bad hotspots and images with a message naming the field, changing nothing', async () => {
      const before = await spotsInDb(brakes);
      const cases: Array<[PayloadIn<'opIllustrationHotspotsSave'>, string]> = [
        [{ subgroup_id: brakes, hotspots: [{ position: 99, x: 0.5, y: 0.5 }] }, illustrationText.positionNotInParts(99)],
        [{ subgroup_id: brakes, hotspots: [{ position: 1, x: 1.5, y: 0.5 }] }, illustrationText.coordinateRange('横坐标 x')],
        [{ subgroup_id: brakes, hotspots: [{ position: 1, x: 0.5, y: -0.1 }] }, illustrationText.coordinateRange('纵坐标 y')],
        [{ subgroup_id: brakes, hotspots: [{ position: 1, x: 0.5, y: 0.5 }, { position: 1, x: 0.2, y: 0.2 }] }, illustrationText.positionTwice],
        [{ subgroup_id: sensors, hotspots: [{ position: 1, x: 0.5, y: 0.5 }] }, illustrationText.noDiagramToPlace],
      ];
      for (const [body, text] of cases) {
        const r = await post('opIllustrationHotspotsSave', body);
        expect(r.status, JSON.stringify(r.body)).toBe(422);
        expect(r.body.client_msg).toContain(text);
      }
      // an image the platform never uploaded, and a GIF refused by the upload itself
      const foreign = await post('opIllustrationImageSave', { subgroup_id: sensors, image_url: '/api/uploads/0123456789abcdef0123456789abcdef.png' });
      expect(foreign.status).toBe(422);
      expect(foreign.body.client_msg).toContain(illustrationText.imageNotUploaded);
      const gif = await post('fileUpload', { base64_data: GIF_1PX, file_name: 'a.gif' });
      expect(gif.status).toBe(422);
      expect(gif.body.client_msg).toContain(msg.imageType);
      expect(await spotsInDb(brakes)).toEqual(before);
      expect(await spotsInDb(sensors)).toEqual([]);
      expect(await auditRows(brakes)).toEqual([]);
      expect(await auditRows(sensors)).toEqual([]);
      expect((await get('illustrationSubgroup', { subgroup_id: sensors })).body.data.diagram).toBeNull();
    });

    it('uploads a drawing, places, moves and removes numbers, removes the drawing; each write in the audit log', async () => {
      const up = await post('fileUpload', { base64_data: PNG_1PX, file_name: 'sensors.png' });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const url = up.body.data.file_path;
      const saved = await post('opIllustrationImageSave', { subgroup_id: sensors, image_url: url });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.diagram).toMatchObject({ image_url: url, schematic: false });

      const placed = await post('opIllustrationHotspotsSave', { subgroup_id: sensors, hotspots: [{ position: 1, x: 0.25, y: 0.4 }] });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const read = await get('illustrationSubgroup', { subgroup_id: sensors });
      expect(read.body.data.hotspots).toEqual([{ position: 1, x: 0.25, y: 0.4 }]);
      expect((await get('illustrationGroups', { vehicle_id: sagitar })).body.data.groups
        .flatMap((g) => g.subgroups).find((s) => s.id === sensors))
        .toMatchObject({ has_diagram: true, hotspot_count: 1 });

      await post('opIllustrationHotspotsSave', { subgroup_id: sensors, hotspots: [{ position: 1, x: 0.6, y: 0.7 }] });
      expect(await spotsInDb(sensors)).toEqual([{ position: 1, x: 0.6, y: 0.7 }]);
      // the same set again is no change and no audit row
      await post('opIllustrationHotspotsSave', { subgroup_id: sensors, hotspots: [{ position: 1, x: 0.6, y: 0.7 }] });

      const removed = await post('opIllustrationImageRemove', { subgroup_id: sensors });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body.data).toMatchObject({ diagram: null, hotspots: [] });
      expect(await spotsInDb(sensors)).toEqual([]);

      const rows = await auditRows(sensors);
      expect(rows.map((r) => r.action)).toEqual(['create', 'set', 'set', 'delete']);
      expect(rows.every((r) => r.username === 'operator' && r.note === '大众 速腾 · 传感器')).toBe(true);
      expect(rows[0].new_value).toEqual({ image_url: url });
      expect(rows[2].old_value).toEqual({ hotspots: [{ position: 1, x: 0.25, y: 0.4 }] });
      expect(rows[2].new_value).toEqual({ hotspots: [{ position: 1, x: 0.6, y: 0.7 }] });
      expect(rows[3].old_value).toEqual({ image_url: url, hotspots: [{ position: 1, x: 0.6, y: 0.7 }] });
    });

    it('replacing a seeded schematic keeps its numbers', async () => {
      const up = await post('fileUpload', { base64_data: PNG_1PX, file_name: 'brakes.png' });
      const r = await post('opIllustrationImageSave', { subgroup_id: brakes, image_url: up.body.data.file_path });
      expect(r.status).toBe(200);
      expect(r.body.data.diagram?.schematic).toBe(false);
      expect(r.body.data.hotspots.map((h) => h.position)).toEqual([1, 2, 3]);
      expect((await auditRows(brakes)).map((a) => [a.action, a.old_value?.image_url])).toEqual([['update', `/api/epc/schematic/${brakes}.svg`]]);
    });
  });
});
