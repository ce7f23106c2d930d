/**
 * Illustration (图解) rules shared by the server and the pages: the texts, the hotspot limit and
 * the check that a set of hotspots fits a subgroup's parts.
 */

/** A subgroup lists at most a few dozen parts; this bounds a save. */
export const ILLUSTRATION_HOTSPOT_MAX = 200;

export const illustrationText = {
  noDiagram: '该分组暂无图解，可按 OE 号搜索下方配件',
  noDiagramOperator: '该分组还没有图解：上传一张 JPG/PNG 图片后，点击图片放置图号',
  noDiagramToPlace: '该分组还没有图解，请先上传图片',
  imageRequired: '请先上传图解图片',
  imageNotUploaded: '请先上传 JPG/PNG 图解图片',
  hotspotsList: '图号热点应为列表',
  hotspotsMax: `一张图解最多标注${ILLUSTRATION_HOTSPOT_MAX}个图号`,
  positionTwice: '同一个图号只能标注一次',
  positionNotInParts: (p: number) => `图号 ${p} 不在该分组的配件中`,
  coordinateRange: (label: string) => `${label} 应在 0 到 1 之间（图片宽高的比例）`,
  schematic: '示意图',
} as const;

/** The first position among `positions` that is not a part of the subgroup, or null. */
export const firstUnknownPosition = (positions: number[], partPositions: Iterable<number>): number | null => {
  const known = new Set(partPositions);
  return positions.find((p) => !known.has(p)) ?? null;
};
