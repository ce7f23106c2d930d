/**
 * The day-by-day charts of the report pages (会员报表, 搜索报表, 订单报表): one category per day,
 * bars and lines on one or two value axes. Pure, so the layout rules are unit-tested.
 */
import type { EChartsCoreOption } from 'echarts/core';

export interface DaySeries { name: string; data: number[]; type?: 'line' | 'bar'; yAxisIndex?: number }

/**
 * Room above the highest value: a bar never reaches the grid's top edge, where it read as cut off
 * (one order on a day drew a bar the full height, flush with the frame). At least 1, so an empty
 * range still has an axis.
 */
const NICE = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

export const headroom = ({ max }: { max: number }): number => {
  if (!(max > 0)) return 1;
  const above = max * 1.15;
  const step = 10 ** Math.floor(Math.log10(above));
  const nice = (NICE.find((n) => n * step >= above) ?? 10) * step;
  // counts stay whole numbers
  return Number.isInteger(max) ? Math.ceil(nice) : nice;
};

/**
 * The grid holds its axis labels (containLabel) with a margin on both sides, so the last day's bar
 * and its label stay inside the chart at every width; the last day's label always shows.
 */
export const dayChartOption = (days: string[], series: DaySeries[], twoAxes?: [string, string]): EChartsCoreOption => ({
  animation: false,
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 12, right: 12, top: 40, bottom: 8, containLabel: true },
  xAxis: { type: 'category', boundaryGap: true, data: days.map((d) => d.slice(5)), axisLabel: { showMaxLabel: true, hideOverlap: true } },
  yAxis: twoAxes
    ? [{ type: 'value', name: twoAxes[0], minInterval: 1, min: 0, max: headroom }, { type: 'value', name: twoAxes[1], min: 0, max: headroom, splitLine: { show: false } }]
    : { type: 'value', minInterval: 1, min: 0, max: headroom },
  series: series.map((s) => ({ type: s.type ?? 'line', yAxisIndex: s.yAxisIndex ?? 0, ...s })),
});
