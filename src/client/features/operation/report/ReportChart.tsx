/**
 * A chart of the report pages. ECharts loads on first use (its own chunk: the storefront and the
 * other operator pages never fetch it) and draws as SVG, which stays sharp on tablets and lets the
 * page be read by tests and screen readers through its labels. The chart follows its box's width.
 */
import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

export function ReportChart({ option, label }: { option: EChartsCoreOption; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption: (o: EChartsCoreOption, notMerge: boolean) => void; resize: () => void; dispose: () => void } | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let alive = true;
    let observer: ResizeObserver | undefined;
    import('./echarts-lib').then(({ echarts }) => {
      if (!alive || !box.current) return;
      const c = echarts.init(box.current, undefined, { renderer: 'svg' });
      chart.current = c;
      c.setOption(latest.current, true);
      observer = new ResizeObserver(() => c.resize());
      observer.observe(box.current);
    }).catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => chart.current?.setOption(option, true), [option]);

  if (failed) return <p className="op-status error" role="alert">图表加载失败（网络不可用？），下方表格仍可查看和导出。</p>;
  return <div ref={box} className="op-chart" role="img" aria-label={label} data-testid="report-chart" />;
}
