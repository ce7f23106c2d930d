/**
 * Demo illustrations (图解) for the EPC catalogue: the seeded vehicles have no maker's drawings, so
 * for a few of them each subgroup gets a schematic (示意图) drawn here — an outlined shape per part
 * in a grid, each with a numbered callout — and a hotspot on every callout. Deterministic (the same
 * parts give the same drawing, byte for byte) and fast: plain string building, no image library.
 * One subgroup of each (传感器) is left without a drawing, so the demo shows that state too.
 */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

export const SCHEMATIC_W = 800;
export const SCHEMATIC_H = 560;
/** The vehicles (by sort, the first of EPC_VEHICLES) that get drawings: 速腾, 卡罗拉, 雷凌, 雅阁. */
export const ILLUSTRATED_VEHICLES = 4;
/** Subgroups left without a drawing on purpose (the page must say so plainly). */
export const UNILLUSTRATED_SUBGROUPS = new Set(['传感器']);
export const schematicUrl = (subgroupId: number) => `/api/epc/schematic/${subgroupId}.svg`;

interface SchematicPart { position: number; name: string }

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const r1 = (n: number) => Math.round(n * 10) / 10;

const LINE = 'fill="none" stroke="#334155" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"';
const BODY = 'fill="#f1f5f9" stroke="#334155" stroke-width="2.5" stroke-linejoin="round"';

/**
 * One part's outline, centred on (cx, cy) within a box of half-size (w, h). The shape follows the
 * part's kind, so a drawing reads like the thing it shows: discs round, pads flat, belts as loops.
 */
const shapeOf = (name: string, cx: number, cy: number, w: number, h: number): string => {
  const s = Math.min(w, h);
  if (/盘/.test(name)) {
    const holes = Array.from({ length: 5 }, (_, i) => {
      const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
      return `<circle cx="${r1(cx + Math.cos(a) * s * 0.3)}" cy="${r1(cy + Math.sin(a) * s * 0.3)}" r="${r1(s * 0.06)}" ${LINE}/>`;
    }).join('');
    return `<circle cx="${cx}" cy="${cy}" r="${r1(s * 0.9)}" ${BODY}/><circle cx="${cx}" cy="${cy}" r="${r1(s * 0.5)}" ${LINE}/><circle cx="${cx}" cy="${cy}" r="${r1(s * 0.16)}" ${LINE}/>${holes}`;
  }
  if (/皮带|链条|线$/.test(name)) {
    const rr = s * 0.45;
    return `<rect x="${r1(cx - w * 0.9)}" y="${r1(cy - rr)}" width="${r1(w * 1.8)}" height="${r1(rr * 2)}" rx="${r1(rr)}" ${LINE} stroke-dasharray="${/链条/.test(name) ? '6 4' : 'none'}"/>`
      + `<circle cx="${r1(cx - w * 0.9 + rr)}" cy="${cy}" r="${r1(rr * 0.7)}" ${LINE}/><circle cx="${r1(cx + w * 0.9 - rr)}" cy="${cy}" r="${r1(rr * 0.5)}" ${LINE}/>`;
  }
  if (/轮|轴承|风扇|电子扇/.test(name)) {
    const spokes = Array.from({ length: 6 }, (_, i) => {
      const a = (i * Math.PI) / 3;
      return `<line x1="${r1(cx + Math.cos(a) * s * 0.22)}" y1="${r1(cy + Math.sin(a) * s * 0.22)}" x2="${r1(cx + Math.cos(a) * s * 0.75)}" y2="${r1(cy + Math.sin(a) * s * 0.75)}" ${LINE}/>`;
    }).join('');
    return `<circle cx="${cx}" cy="${cy}" r="${r1(s * 0.85)}" ${BODY}/>${spokes}<circle cx="${cx}" cy="${cy}" r="${r1(s * 0.22)}" ${LINE}/>`;
  }
  if (/滤清器|蓄电池|壶/.test(name)) {
    const top = cy - h * 0.75;
    const bottom = cy + h * 0.75;
    const rx = w * 0.55;
    return `<path d="M${r1(cx - rx)} ${r1(top)} V${r1(bottom)} A${r1(rx)} ${r1(rx * 0.3)} 0 0 0 ${r1(cx + rx)} ${r1(bottom)} V${r1(top)}" ${BODY}/>`
      + `<ellipse cx="${cx}" cy="${r1(top)}" rx="${r1(rx)}" ry="${r1(rx * 0.3)}" ${BODY}/>`
      + `<line x1="${r1(cx - rx)}" y1="${r1(cy)}" x2="${r1(cx + rx)}" y2="${r1(cy)}" ${LINE} stroke-dasharray="4 4"/>`;
  }
  if (/减震器|弹簧/.test(name)) {
    const zig = Array.from({ length: 7 }, (_, i) => `${i % 2 ? 'L' : 'L'}${r1(cx + (i % 2 ? 1 : -1) * w * 0.4)} ${r1(cy - h * 0.6 + (i * h * 1.2) / 6)}`).join(' ');
    return `<rect x="${r1(cx - w * 0.15)}" y="${r1(cy - h * 0.9)}" width="${r1(w * 0.3)}" height="${r1(h * 1.8)}" rx="4" ${BODY}/><path d="M${r1(cx)} ${r1(cy - h * 0.6)} ${zig}" ${LINE}/>`;
  }
  if (/片|垫/.test(name)) {
    return `<rect x="${r1(cx - w * 0.85)}" y="${r1(cy - h * 0.35)}" width="${r1(w * 1.7)}" height="${r1(h * 0.7)}" rx="${r1(h * 0.3)}" ${BODY}/>`
      + `<line x1="${r1(cx - w * 0.6)}" y1="${cy}" x2="${r1(cx + w * 0.6)}" y2="${cy}" ${LINE}/>`;
  }
  if (/塞|线圈|嘴|传感器|节温器|油封/.test(name)) {
    const hx = w * 0.35;
    return `<polygon points="${r1(cx - hx)},${r1(cy - h * 0.2)} ${r1(cx)},${r1(cy - h * 0.45)} ${r1(cx + hx)},${r1(cy - h * 0.2)} ${r1(cx + hx)},${r1(cy + h * 0.05)} ${r1(cx - hx)},${r1(cy + h * 0.05)}" ${BODY}/>`
      + `<rect x="${r1(cx - w * 0.12)}" y="${r1(cy + h * 0.05)}" width="${r1(w * 0.24)}" height="${r1(h * 0.7)}" rx="3" ${BODY}/>`;
  }
  if (/臂|杆|拉杆|半轴|球头|方向机/.test(name)) {
    return `<line x1="${r1(cx - w * 0.85)}" y1="${r1(cy + h * 0.3)}" x2="${r1(cx + w * 0.85)}" y2="${r1(cy - h * 0.3)}" stroke="#334155" stroke-width="${r1(s * 0.22)}" stroke-linecap="round"/>`
      + `<line x1="${r1(cx - w * 0.85)}" y1="${r1(cy + h * 0.3)}" x2="${r1(cx + w * 0.85)}" y2="${r1(cy - h * 0.3)}" stroke="#f1f5f9" stroke-width="${r1(s * 0.14)}" stroke-linecap="round"/>`
      + `<circle cx="${r1(cx - w * 0.85)}" cy="${r1(cy + h * 0.3)}" r="${r1(s * 0.16)}" ${BODY}/><circle cx="${r1(cx + w * 0.85)}" cy="${r1(cy - h * 0.3)}" r="${r1(s * 0.16)}" ${BODY}/>`;
  }
  if (/灯/.test(name)) {
    return `<path d="M${r1(cx - w * 0.85)} ${r1(cy - h * 0.5)} L${r1(cx + w * 0.6)} ${r1(cy - h * 0.6)} Q${r1(cx + w * 0.95)} ${cy} ${r1(cx + w * 0.6)} ${r1(cy + h * 0.6)} L${r1(cx - w * 0.85)} ${r1(cy + h * 0.4)} Z" ${BODY}/>`
      + `<circle cx="${r1(cx + w * 0.2)}" cy="${cy}" r="${r1(s * 0.3)}" ${LINE}/>`;
  }
  // pumps, housings and everything else: a box with its ports
  return `<rect x="${r1(cx - w * 0.75)}" y="${r1(cy - h * 0.6)}" width="${r1(w * 1.5)}" height="${r1(h * 1.2)}" rx="8" ${BODY}/>`
    + `<circle cx="${r1(cx - w * 0.75)}" cy="${cy}" r="${r1(s * 0.14)}" ${BODY}/><circle cx="${r1(cx + w * 0.75)}" cy="${r1(cy - h * 0.25)}" r="${r1(s * 0.14)}" ${BODY}/>`
    + `<line x1="${r1(cx - w * 0.4)}" y1="${r1(cy + h * 0.25)}" x2="${r1(cx + w * 0.4)}" y2="${r1(cy + h * 0.25)}" ${LINE}/>`;
};

/**
 * The schematic of one subgroup and where its callouts are (fractions of the drawing). Parts sit
 * in a grid of up to three columns; each callout is a numbered circle above and to the right of
 * its part with a leader line to the part.
 */
export const drawSchematic = (title: string, parts: SchematicPart[]): { svg: string; hotspots: Array<{ position: number; x: number; y: number }> } => {
  const top = 64;
  const n = Math.max(parts.length, 1);
  const cols = n <= 3 ? n : 3;
  const rows = Math.ceil(n / cols);
  const cellW = (SCHEMATIC_W - 40) / cols;
  const cellH = (SCHEMATIC_H - top - 20) / rows;
  const body: string[] = [];
  const hotspots: Array<{ position: number; x: number; y: number }> = [];
  parts.forEach((p, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const cx = r1(20 + cellW * col + cellW * 0.45);
    const cy = r1(top + cellH * row + cellH * 0.58);
    const w = Math.min(cellW * 0.34, 130);
    const h = Math.min(cellH * 0.32, 100);
    body.push(shapeOf(p.name, cx, cy, w, h));
    const bx = r1(Math.min(cx + w + 36, 20 + cellW * (col + 1) - 26));
    const by = r1(Math.max(cy - h - 30, top + cellH * row + 26));
    body.push(`<line x1="${r1(cx + w * 0.4)}" y1="${r1(cy - h * 0.4)}" x2="${bx}" y2="${by}" stroke="#64748b" stroke-width="1.5"/>`);
    body.push(`<circle cx="${bx}" cy="${by}" r="17" fill="#ffffff" stroke="#0f172a" stroke-width="2"/>`
      + `<text x="${bx}" y="${r1(by + 6)}" text-anchor="middle" font-size="17" font-weight="700" fill="#0f172a">${p.position}</text>`);
    hotspots.push({ position: p.position, x: Math.round((bx / SCHEMATIC_W) * 10000) / 10000, y: Math.round((by / SCHEMATIC_H) * 10000) / 10000 });
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SCHEMATIC_W}" height="${SCHEMATIC_H}" viewBox="0 0 ${SCHEMATIC_W} ${SCHEMATIC_H}" font-family="'WenQuanYi Micro Hei','Microsoft YaHei','PingFang SC',sans-serif">`
    + `<rect width="${SCHEMATIC_W}" height="${SCHEMATIC_H}" fill="#ffffff"/>`
    + `<rect x="8" y="8" width="${SCHEMATIC_W - 16}" height="${SCHEMATIC_H - 16}" fill="none" stroke="#cbd5e1" stroke-width="1.5"/>`
    + `<text x="24" y="42" font-size="20" font-weight="700" fill="#0f172a">${esc(title)}</text>`
    + `<text x="${SCHEMATIC_W - 24}" y="42" font-size="14" text-anchor="end" fill="#64748b">示意图 · 图号见配件列表</text>`
    + body.join('')
    + '</svg>';
  return { svg, hotspots };
};

/**
 * Draws the demo illustrations once: only while no drawing exists and no operator has ever changed
 * one (an operator's removals are not undone on the next start).
 */
export const seedIllustrations = async (db: Kysely<DB>) => {
  if (await db.selectFrom('epc_diagram').select('subgroup_id').limit(1).executeTakeFirst()) return;
  if (await db.selectFrom('operator_audit').select('id').where('entity', '=', 'epc_diagram').limit(1).executeTakeFirst()) return;
  const subgroups = await db.selectFrom('epc_subgroup as sg')
    .innerJoin('epc_vehicle as v', 'v.id', 'sg.vehicle_id')
    .select(['sg.id', 'sg.name', 'v.model'])
    .where('v.sort', '<', ILLUSTRATED_VEHICLES)
    .orderBy('v.sort').orderBy('sg.sort')
    .execute();
  const chosen = subgroups.filter((sg) => !UNILLUSTRATED_SUBGROUPS.has(sg.name));
  if (chosen.length === 0) return;
  const parts = await db.selectFrom('epc_part').select(['subgroup_id', 'position', 'name'])
    .where('subgroup_id', 'in', chosen.map((s) => s.id)).orderBy('subgroup_id').orderBy('position').execute();
  const drawn = chosen.map((sg) => ({ sg, ...drawSchematic(`${sg.model} · ${sg.name}`, parts.filter((p) => p.subgroup_id === sg.id)) }));
  await db.insertInto('epc_diagram').values(drawn.map(({ sg, svg }) => ({ subgroup_id: sg.id, image_url: schematicUrl(sg.id), schematic_svg: svg }))).execute();
  const spots = drawn.flatMap(({ sg, hotspots }) => hotspots.map((h) => ({ subgroup_id: sg.id, ...h })));
  if (spots.length > 0) await db.insertInto('epc_hotspot').values(spots).execute();
};
