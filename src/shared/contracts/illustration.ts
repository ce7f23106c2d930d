/**
 * Illustration search (图解; requirements 000-2 /search/parts/illustration and /im/illustration): a
 * subgroup's drawing with its numbered hotspots beside the part list. Buyers read (any signed-in
 * user, like the VIN and vehicle search); operators with EPC图解 (D04-04) upload or remove the
 * drawing and place the numbers. Hotspots are fractions of the image (0..1), so they scale.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { positiveIdField } from './seller-apply';
import { epcPartSchema, epcSubgroupSchema, vehicleSchema } from './vin';
import { listAnswer, listPayload, opKeyword } from './operation-list';
import { OP_CATALOGUE_CODES } from '../domain/operation-codes';
import { illustrationText as t, ILLUSTRATION_HOTSPOT_MAX } from '../domain/illustration';

export const hotspotSchema = v.object({ position: v.number(), x: v.number(), y: v.number() });
export type Hotspot = v.InferOutput<typeof hotspotSchema>;

export const illustrationSubgroupRowSchema = v.object({
  id: v.number(), code: v.string(), name: v.string(), part_count: v.number(),
  has_diagram: v.boolean(), hotspot_count: v.number(),
});
export type IllustrationSubgroupRow = v.InferOutput<typeof illustrationSubgroupRowSchema>;

export const illustrationVehicleSchema = v.object({
  ...vehicleSchema.entries,
  subgroup_count: v.number(),
  /** subgroups with a drawing */
  diagram_count: v.number(),
});
export type IllustrationVehicle = v.InferOutput<typeof illustrationVehicleSchema>;

export const illustrationSchema = v.object({
  vehicle: vehicleSchema,
  subgroup: epcSubgroupSchema,
  /** null: the subgroup has no drawing yet (the page says so and lists the parts for the OE search) */
  diagram: v.nullable(v.object({
    image_url: v.string(),
    /** true for the seed's drawn schematic (示意图), false for an uploaded drawing */
    schematic: v.boolean(),
    updated_at: v.number(),
  })),
  hotspots: v.array(hotspotSchema),
  parts: v.array(epcPartSchema),
});
export type Illustration = v.InferOutput<typeof illustrationSchema>;

const coordinate = (label: string) => v.pipe(
  v.number(t.coordinateRange(label)), v.finite(t.coordinateRange(label)), v.minValue(0, t.coordinateRange(label)), v.maxValue(1, t.coordinateRange(label)),
);

export const illustrationEndpoints = {
  illustrationVehicles: defineEndpoint({
    method: 'get', path: '/illustration/vehicles', tag: 'vin', access: 'user',
    summary: '图解查询：车型库中的车型，附分组数和有图解的分组数',
    payload: emptyPayload,
    answer: v.array(illustrationVehicleSchema),
  }),
  illustrationGroups: defineEndpoint({
    method: 'get', path: '/illustration/groups', tag: 'vin', access: 'user',
    summary: '图解查询：车型的主组及其分组，每个分组是否有图解、已标注的图号数',
    payload: v.object({ vehicle_id: positiveIdField('车型ID') }),
    answer: v.object({
      vehicle: vehicleSchema,
      groups: v.array(v.object({ id: v.number(), code: v.string(), name: v.string(), icon: v.string(), subgroups: v.array(illustrationSubgroupRowSchema) })),
    }),
  }),
  illustrationSubgroup: defineEndpoint({
    method: 'get', path: '/illustration/subgroup', tag: 'vin', access: 'user',
    summary: '图解查询：一个分组的图解图片、图号热点（按图片宽高的比例）和配件（图号、OE号、名称、用量、有货卖家数）',
    payload: v.object({ subgroup_id: positiveIdField('分组ID') }),
    answer: illustrationSchema,
  }),
  opIllustrationVehicles: defineEndpoint({
    method: 'get', path: '/operation/epc/vehicles', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.epcIllustration,
    summary: '运营：EPC图解——车型库的车型，按品牌或车型名称、有无图解筛选，附分组数、有图解的分组数',
    payload: listPayload({
      k: opKeyword('品牌或车型', 30),
      diagram: v.optional(v.picklist(['', 'none', 'some', 'all'], '图解筛选无效'), ''),
    }),
    answer: listAnswer(illustrationVehicleSchema),
  }),
  opIllustrationImageSave: defineEndpoint({
    method: 'post', path: '/operation/epc/diagram-save', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.epcIllustration, idempotent: true,
    summary: '运营：上传或更换分组的图解图片（先用 fileUpload 上传 JPG/PNG）；已标注的图号保留，记入操作日志',
    payload: v.object({
      subgroup_id: positiveIdField('分组ID'),
      image_url: v.pipe(v.string(t.imageRequired), v.trim(), v.nonEmpty(t.imageRequired), v.maxLength(200, t.imageNotUploaded)),
    }),
    answer: illustrationSchema,
  }),
  opIllustrationImageRemove: defineEndpoint({
    method: 'post', path: '/operation/epc/diagram-remove', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.epcIllustration, idempotent: true,
    summary: '运营：删除分组的图解和它的全部图号热点，记入操作日志',
    payload: v.object({ subgroup_id: positiveIdField('分组ID') }),
    answer: illustrationSchema,
  }),
  opIllustrationHotspotsSave: defineEndpoint({
    method: 'post', path: '/operation/epc/hotspots', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.epcIllustration, idempotent: true,
    summary: '运营：保存分组图解上的全部图号热点（新增、移动、删除都用它）：图号须是该分组的配件，坐标为图片宽高的比例 0–1；记入操作日志',
    payload: v.object({
      subgroup_id: positiveIdField('分组ID'),
      hotspots: v.pipe(
        v.array(v.object({ position: positiveIdField('图号'), x: coordinate('横坐标 x'), y: coordinate('纵坐标 y') }), t.hotspotsList),
        v.maxLength(ILLUSTRATION_HOTSPOT_MAX, t.hotspotsMax),
        v.check((hs) => new Set(hs.map((h) => h.position)).size === hs.length, t.positionTwice),
      ),
    }),
    answer: illustrationSchema,
  }),
} as const;
