/**
 * Illustrations of the EPC catalogue: epc_diagram (one drawing per subgroup: an uploaded image's
 * path, or the seed's schematic SVG kept in the row) and epc_hotspot (where each position sits on
 * it, as fractions of the image). Migration 0190.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

const VEHICLE_COLUMNS = ['v.id', 'v.make_name', 'v.factory_name', 'v.model', 'v.model_en', 'v.chassis', 'v.year_from', 'v.year_to', 'v.engine_code', 'v.displacement', 'v.power_kw', 'v.transmission', 'v.body'] as const;

const vehicleCounts = (db: Kysely<DB>) =>
  db.selectFrom('epc_vehicle as v')
    .select(VEHICLE_COLUMNS)
    .select([
      sql<number>`(select count(*)::int from epc_subgroup sg where sg.vehicle_id = v.id)`.as('subgroup_count'),
      sql<number>`(select count(*)::int from epc_subgroup sg join epc_diagram d on d.subgroup_id = sg.id where sg.vehicle_id = v.id)`.as('diagram_count'),
    ]);

/** Every catalogue vehicle with its subgroups and drawings counted (24 rows: no paging needed). */
export const vehicles = (db: Kysely<DB>) => vehicleCounts(db).orderBy('v.sort').execute();

export type DiagramFilter = '' | 'none' | 'some' | 'all';

/** The operator's list: by make or model words, and whether the subgroups have drawings. */
export const vehiclePage = async (db: Kysely<DB>, f: { k: string; diagram: DiagramFilter; offset: number; limit: number }) => {
  let q = db.selectFrom(vehicleCounts(db).as('c')).selectAll();
  if (f.k) {
    const like = `%${likeEscape(f.k)}%`;
    q = q.where((eb) => eb.or([eb('c.make_name', 'ilike', like), eb('c.model', 'ilike', like), eb('c.model_en', 'ilike', like), eb('c.factory_name', 'ilike', like)]));
  }
  if (f.diagram === 'none') q = q.where('c.diagram_count', '=', 0);
  if (f.diagram === 'some') q = q.where('c.diagram_count', '>', 0);
  if (f.diagram === 'all') q = q.where(sql<boolean>`c.diagram_count = c.subgroup_count`);
  const [rows, total] = await Promise.all([
    q.orderBy('c.id').offset(f.offset).limit(f.limit).execute(),
    db.selectFrom(q.as('t')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows, total: total.n };
};

/** A vehicle's groups, each with its subgroups, whether they have a drawing and how many numbers are placed. */
export const groupsWithSubgroups = async (db: Kysely<DB>, vehicleId: number) => {
  const rows = await db.selectFrom('epc_subgroup as sg')
    .innerJoin('epc_group as g', 'g.id', 'sg.group_id')
    .leftJoin('epc_diagram as d', 'd.subgroup_id', 'sg.id')
    .select(['g.id as group_id', 'g.code as group_code', 'g.name as group_name', 'g.icon as group_icon', 'sg.id', 'sg.code', 'sg.name',
      sql<number>`(select count(*)::int from epc_part p where p.subgroup_id = sg.id)`.as('part_count'),
      sql<boolean>`d.subgroup_id is not null`.as('has_diagram'),
      sql<number>`(select count(*)::int from epc_hotspot h where h.subgroup_id = sg.id)`.as('hotspot_count')])
    .where('sg.vehicle_id', '=', vehicleId)
    .orderBy('g.sort').orderBy('sg.sort')
    .execute();
  const groups: Array<{ id: number; code: string; name: string; icon: string; subgroups: Array<{ id: number; code: string; name: string; part_count: number; has_diagram: boolean; hotspot_count: number }> }> = [];
  for (const r of rows) {
    let g = groups[groups.length - 1];
    if (g?.id !== r.group_id) {
      g = { id: r.group_id, code: r.group_code, name: r.group_name, icon: r.group_icon, subgroups: [] };
      groups.push(g);
    }
    g.subgroups.push({ id: r.id, code: r.code, name: r.name, part_count: r.part_count, has_diagram: r.has_diagram, hotspot_count: r.hotspot_count });
  }
  return groups;
};

export const diagram = (db: Kysely<DB>, subgroupId: number) =>
  db.selectFrom('epc_diagram').select(['subgroup_id', 'image_url', sql<boolean>`schematic_svg is not null`.as('schematic'), 'updated_at'])
    .where('subgroup_id', '=', subgroupId).executeTakeFirst();

export const hotspots = (db: Kysely<DB>, subgroupId: number) =>
  db.selectFrom('epc_hotspot').select(['position', 'x', 'y']).where('subgroup_id', '=', subgroupId).orderBy('position').execute();

/** The subgroup row locked, so two operators' saves of one drawing run one after the other. */
export const lockSubgroup = (db: Kysely<DB>, subgroupId: number) =>
  db.selectFrom('epc_subgroup').select(['id', 'name', 'vehicle_id']).where('id', '=', subgroupId).forUpdate().executeTakeFirst();

export const partPositions = async (db: Kysely<DB>, subgroupId: number) =>
  (await db.selectFrom('epc_part').select('position').where('subgroup_id', '=', subgroupId).execute()).map((r) => r.position);

/** An uploaded image replaces whatever was there; the schematic text goes with a seeded drawing. */
export const putDiagram = (db: Kysely<DB>, subgroupId: number, imageUrl: string, by: number, at: Date) =>
  db.insertInto('epc_diagram').values({ subgroup_id: subgroupId, image_url: imageUrl, schematic_svg: null, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column('subgroup_id').doUpdateSet({ image_url: imageUrl, schematic_svg: null, updated_at: at, updated_by: by }))
    .execute();

/** Removes the drawing; its hotspots go with it (ON DELETE CASCADE). */
export const deleteDiagram = (db: Kysely<DB>, subgroupId: number) =>
  db.deleteFrom('epc_diagram').where('subgroup_id', '=', subgroupId).execute();

export const replaceHotspots = async (db: Kysely<DB>, subgroupId: number, spots: Array<{ position: number; x: number; y: number }>, by: number, at: Date) => {
  await db.deleteFrom('epc_hotspot').where('subgroup_id', '=', subgroupId).execute();
  if (spots.length > 0) await db.insertInto('epc_hotspot').values(spots.map((s) => ({ subgroup_id: subgroupId, ...s }))).execute();
  await db.updateTable('epc_diagram').set({ updated_at: at, updated_by: by }).where('subgroup_id', '=', subgroupId).execute();
};

export const schematicSvg = async (db: Kysely<DB>, subgroupId: number) =>
  (await db.selectFrom('epc_diagram').select('schematic_svg').where('subgroup_id', '=', subgroupId).executeTakeFirst())?.schematic_svg ?? null;
