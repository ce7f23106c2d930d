import { describe, expect, it } from 'vitest';
import { dayChartOption, headroom } from './chart-option';

type Axis = { max: (v: { max: number }) => number };

describe('the report charts', () => {
  it('leave room above the highest bar, so one order on a day is not drawn flush with the frame', () => {
    expect(headroom({ max: 1 })).toBe(2);
    expect(headroom({ max: 3 })).toBe(4);
    expect(headroom({ max: 9 })).toBe(12);
    expect(headroom({ max: 1287.28 })).toBe(1500);
    expect(headroom({ max: 0 })).toBe(1);
    expect(headroom({ max: Number.NaN })).toBe(1);
    for (const max of [1, 2, 7, 12, 99, 100, 1234, 98765]) expect(headroom({ max })).toBeGreaterThan(max);
  });

  it('the order report: both value axes have headroom, the grid holds its labels and the last day shows', () => {
    const o = dayChartOption(['2026-11-27', '2026-11-28'], [
      { name: '订单数', data: [0, 1], type: 'bar' }, { name: '金额（元）', data: [0, 1287.28], yAxisIndex: 1 },
    ], ['订单', '元']) as { grid: { containLabel: boolean }; xAxis: { data: string[]; boundaryGap: boolean; axisLabel: { showMaxLabel: boolean } }; yAxis: Axis[] };
    expect(o.grid.containLabel).toBe(true);
    expect(o.xAxis).toMatchObject({ data: ['11-27', '11-28'], boundaryGap: true, axisLabel: { showMaxLabel: true } });
    expect(o.yAxis.map((a) => a.max({ max: 1 }))).toEqual([2, 2]);
  });
});
