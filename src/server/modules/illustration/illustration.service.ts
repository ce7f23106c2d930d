/**
 * Illustration search (图解): reading a vehicle's subgroups with their drawings, one subgroup's
 * drawing with hotspots and parts; the operator's writes (drawing and hotspots), each checked
 * against the subgroup's parts, in one transaction with its audit row. Parts and their stock come
 * from the VIN service, so the part list here is exactly the VIN search's.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type Illustration, type PayloadOut } from '../../../shared/contracts';
import { firstUnknownPosition, illustrationText as t } from '../../../shared/domain/illustration';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { msg } from '../../../shared/messages';
import { firstForeignUpload } from '../upload/upload.service';
import type { VinService } from '../vin/vin.service';
import * as audit from '../operation/audit.service';
import * as repo from './illustration.repo';

const notFound = (text: string) => new AppError(ResultCode.notFound, 404, text);
const sameSpots = (a: Array<{ position: number; x: number; y: number }>, b: Array<{ position: number; x: number; y: number }>) =>
  a.length === b.length && a.every((s, i) => s.position === b[i].position && s.x === b[i].x && s.y === b[i].y);

export const createIllustrationService = (deps: { clock: Clock; vin: VinService }) => {
  const read = async (db: Kysely<DB>, subgroupId: number): Promise<Illustration> => {
    const [base, d, spots] = await Promise.all([deps.vin.parts(db, subgroupId), repo.diagram(db, subgroupId), repo.hotspots(db, subgroupId)]);
    return {
      ...base,
      diagram: d ? { image_url: d.image_url, schematic: d.schematic, updated_at: unix(d.updated_at) } : null,
      hotspots: spots,
    };
  };

  /** The subgroup locked for a write, or 404. */
  const lockOr404 = async (trx: Kysely<DB>, subgroupId: number) => {
    const sg = await repo.lockSubgroup(trx, subgroupId);
    if (!sg) throw notFound(msg.subgroupNotFound);
    return sg;
  };
  const label = async (trx: Kysely<DB>, sg: { name: string; vehicle_id: number }) => {
    const v = await trx.selectFrom('epc_vehicle').select(['make_name', 'model']).where('id', '=', sg.vehicle_id).executeTakeFirstOrThrow();
    return `${v.make_name} ${v.model} · ${sg.name}`;
  };

  return {
    vehicles: (db: Kysely<DB>) => repo.vehicles(db),
    async groups(db: Kysely<DB>, vehicleId: number) {
      // the VIN service's 404 for an unknown vehicle, and the vehicle's columns as it gives them
      const { vehicle } = await deps.vin.groups(db, vehicleId);
      return { vehicle, groups: await repo.groupsWithSubgroups(db, vehicleId) };
    },
    subgroup: read,
    vehiclePage: (db: Kysely<DB>, p: PayloadOut<'opIllustrationVehicles'>) =>
      repo.vehiclePage(db, { k: p.k, diagram: p.diagram, offset: (p.page_number - 1) * p.page_size, limit: p.page_size }),

    saveImage: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opIllustrationImageSave'>) =>
      inTransaction(db, async (trx) => {
        const sg = await lockOr404(trx, p.subgroup_id);
        const before = await repo.diagram(trx, p.subgroup_id);
        if (before?.image_url === p.image_url) return read(trx, p.subgroup_id);
        // the platform's own upload: fileUpload checked its bytes (JPG/PNG) and size
        if ((await firstForeignUpload(trx, HEAD_COMPANY_ID, [p.image_url])) !== -1) throw invalid('image_url', t.imageNotUploaded);
        const now = deps.clock.now();
        await repo.putDiagram(trx, p.subgroup_id, p.image_url, caller.userId, now);
        await audit.record(trx, caller, now, [{
          entity: 'epc_diagram', entity_id: p.subgroup_id, action: before ? 'update' : 'create',
          old: before ? { image_url: before.image_url } : undefined, new: { image_url: p.image_url }, note: await label(trx, sg),
        }]);
        return read(trx, p.subgroup_id);
      }),

    removeImage: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opIllustrationImageRemove'>) =>
      inTransaction(db, async (trx) => {
        const sg = await lockOr404(trx, p.subgroup_id);
        const before = await repo.diagram(trx, p.subgroup_id);
        if (!before) return read(trx, p.subgroup_id);
        const spots = await repo.hotspots(trx, p.subgroup_id);
        await repo.deleteDiagram(trx, p.subgroup_id);
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'epc_diagram', entity_id: p.subgroup_id, action: 'delete',
          old: { image_url: before.image_url, hotspots: spots }, note: await label(trx, sg),
        }]);
        return read(trx, p.subgroup_id);
      }),

    saveHotspots: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opIllustrationHotspotsSave'>) =>
      inTransaction(db, async (trx) => {
        const sg = await lockOr404(trx, p.subgroup_id);
        if (!(await repo.diagram(trx, p.subgroup_id))) throw invalid('hotspots', t.noDiagramToPlace);
        const unknown = firstUnknownPosition(p.hotspots.map((h) => h.position), await repo.partPositions(trx, p.subgroup_id));
        if (unknown !== null) throw invalid('hotspots', t.positionNotInParts(unknown));
        const next = [...p.hotspots].sort((a, b) => a.position - b.position).map((h) => ({ position: h.position, x: h.x, y: h.y }));
        const before = await repo.hotspots(trx, p.subgroup_id);
        if (sameSpots(before, next)) return read(trx, p.subgroup_id);
        const now = deps.clock.now();
        await repo.replaceHotspots(trx, p.subgroup_id, next, caller.userId, now);
        await audit.record(trx, caller, now, [{ entity: 'epc_diagram', entity_id: p.subgroup_id, action: 'set', old: { hotspots: before }, new: { hotspots: next }, note: await label(trx, sg) }]);
        return read(trx, p.subgroup_id);
      }),

    schematicSvg: (db: Kysely<DB>, subgroupId: number) => repo.schematicSvg(db, subgroupId),
  };
};

export type IllustrationService = ReturnType<typeof createIllustrationService>;
