/**
 * 报表 (/operation/report/*, D01-01): each page shows a chart of the figures per China day over
 * a chosen range (default: the last 30 days), the same figures as a table beside it, and an XLSX
 * of them. member: registrations, upgrades and active companies; search: stock queries and
 * searches that found nothing, with the most frequent OE numbers and keywords nobody stocks;
 * order: orders and amounts; product: stock on sale by make and by part brand.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { EChartsCoreOption } from 'echarts/core';
import { endpoints, type EndpointName } from '../../../../shared/contracts';
import { fieldErrors } from '../../../../shared/domain/field-errors';
import { Field } from '../../../ui/form/Field';
import { errorText } from '../../../ui/form/form';
import { yuan } from '../format';
import { ReportChart } from './ReportChart';
import { useXlsxExport } from './use-xlsx-export';
import { dayChartOption, headroom } from './chart-option';
import { rangedReportQuery, stockReportQuery, type RangedReport } from './queries';
import '../operation.css';

export interface ReportRange { date_from?: string; date_to?: string }


const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function useReport<N extends RangedReport>(name: N, range: { date_from: string; date_to: string }) {
  return useQuery(rangedReportQuery(name, range));
}

/** The range form, the export button and the frame every report page shares. */
function ReportFrame({ title, name, range, onRange, children, exportPayload }: {
  title: string; name: EndpointName; range?: { date_from: string; date_to: string }; onRange?: (r: ReportRange) => void;
  exportPayload: Record<string, unknown>; children: ReactNode;
}) {
  const [from, setFrom] = useState(range?.date_from ?? '');
  const [to, setTo] = useState(range?.date_to ?? '');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const { exporting, exportError, exportNow } = useXlsxExport(name, title);
  const apply = () => {
    // the report's own schema: a reversed or too long range is said under 结束日期, as the server says it;
    // an empty or unfinished day keeps the page's words
    const found = fieldErrors(endpoints[name].payload, { date_from: from, date_to: to });
    const e = {
      from: DAY_RE.test(from) ? found.date_from : '开始日期应为 YYYY-MM-DD 格式的日期',
      to: DAY_RE.test(to) ? found.date_to : '结束日期应为 YYYY-MM-DD 格式的日期',
    };
    setErrors(e);
    if (!e.from && !e.to) onRange?.({ date_from: from, date_to: to });
  };
  return (
    <section className="card">
      <div className="op-detail-head">
        <h2>{title}</h2>
        <Button label="导出XLSX" icon="pi pi-download" outlined loading={exporting} onClick={() => void exportNow(exportPayload)} />
      </div>
      {range && (
        <form className="op-report-range" onSubmit={(ev) => { ev.preventDefault(); apply(); }}>
          <Field id="report-from" label="开始日期" error={errors.from}>
            <InputText id="report-from" type="date" value={from} onChange={(ev) => { setFrom(ev.target.value); setErrors({}); }} />
          </Field>
          <Field id="report-to" label="结束日期" error={errors.to}>
            <InputText id="report-to" type="date" value={to} onChange={(ev) => { setTo(ev.target.value); setErrors({}); }} />
          </Field>
          <Button type="submit" label="查询" icon="pi pi-search" />
          <span className="muted">北京时间，含首尾两天，最多366天</span>
        </form>
      )}
      {exportError && <p className="op-status error" role="alert">{exportError}</p>}
      {children}
    </section>
  );
}

function Table<R>({ caption, columns, rows, testId }: { caption: string; columns: Array<{ header: string; cell: (r: R) => ReactNode; num?: boolean }>; rows: R[]; testId?: string }) {
  return (
    <div className="op-table-wrap">
      <table className="op-table" data-testid={testId}>
        <caption className="muted" style={{ textAlign: 'left' }}>{caption}</caption>
        <thead><tr>{columns.map((c) => <th key={c.header} style={c.num ? { textAlign: 'right' } : undefined}>{c.header}</th>)}</tr></thead>
        <tbody>{rows.length === 0
          ? <tr><td colSpan={columns.length} className="muted">没有数据</td></tr>
          : rows.map((r, i) => <tr key={i}>{columns.map((c) => <td key={c.header} style={c.num ? { textAlign: 'right' } : undefined}>{c.cell(r)}</td>)}</tr>)}</tbody>
      </table>
    </div>
  );
}


/** what a screen reader hears of a chart: its last day in words */
const latest = <R extends { day: string }>(rows: R[], say: (r: R) => string) => {
  const last = rows.at(-1);
  return last ? `${last.day}：${say(last)}` : '没有数据';
};

const Loading = ({ q }: { q: { isError: boolean; error: unknown; data?: unknown } }) =>
  q.isError ? <p className="op-status error" role="alert">{errorText(q.error)}</p> : <p aria-busy="true">正在加载…</p>;

export function MemberReport({ range, onRange }: { range: { date_from: string; date_to: string }; onRange: (r: ReportRange) => void }) {
  const q = useReport('opReportMembers', range);
  const option = useMemo(() => q.data && dayChartOption(q.data.rows.map((r) => r.day), [
    { name: '新注册企业', data: q.data.rows.map((r) => r.registrations), type: 'bar' },
    { name: '会员升级', data: q.data.rows.map((r) => r.upgrades), type: 'bar' },
    { name: '活跃企业', data: q.data.rows.map((r) => r.active) },
  ]), [q.data]);
  return (
    <ReportFrame key={`${range.date_from}-${range.date_to}`} title="会员报表" name="opReportMembers" range={range} onRange={onRange} exportPayload={range}>
      {!q.data || !option ? <Loading q={q} /> : (
        <div className="op-report">
          <ReportChart option={option} label={`每日新注册企业、会员升级和活跃企业；${latest(q.data.rows, (r) => `新注册 ${r.registrations}，升级 ${r.upgrades}，活跃 ${r.active}`)}`} />
          <Table caption="活跃企业：当天做过库存查询的企业" rows={[...q.data.rows].reverse()} columns={[
            { header: '日期', cell: (r) => r.day }, { header: '新注册', num: true, cell: (r) => r.registrations },
            { header: '升级', num: true, cell: (r) => r.upgrades }, { header: '活跃', num: true, cell: (r) => r.active },
          ]} />
        </div>
      )}
    </ReportFrame>
  );
}

export function SearchReport({ range, onRange }: { range: { date_from: string; date_to: string }; onRange: (r: ReportRange) => void }) {
  const q = useReport('opReportSearches', range);
  const option = useMemo(() => q.data && dayChartOption(q.data.rows.map((r) => r.day), [
    { name: '库存查询', data: q.data.rows.map((r) => r.searches) },
    { name: '无结果搜索', data: q.data.rows.map((r) => r.misses), type: 'bar' },
  ]), [q.data]);
  const top = (rows: Array<{ text: string; n: number }>, caption: string, header: string, testId: string) =>
    <Table caption={caption} rows={rows} testId={testId} columns={[{ header, cell: (r) => r.text }, { header: '次数', num: true, cell: (r) => r.n }]} />;
  return (
    <ReportFrame key={`${range.date_from}-${range.date_to}`} title="搜索报表" name="opReportSearches" range={range} onRange={onRange} exportPayload={range}>
      {!q.data || !option ? <Loading q={q} /> : (
        <>
          <div className="op-report">
            <ReportChart option={option} label={`每日库存查询和无结果搜索次数；${latest(q.data.rows, (r) => `库存查询 ${r.searches} 次，无结果 ${r.misses} 次`)}`} />
            <Table caption="每日" rows={[...q.data.rows].reverse()} columns={[
              { header: '日期', cell: (r) => r.day }, { header: '库存查询', num: true, cell: (r) => r.searches }, { header: '无结果', num: true, cell: (r) => r.misses },
            ]} />
          </div>
          <h3>目录的缺口：期间搜不到的</h3>
          <div className="op-report">
            {top(q.data.top_oe, '没有卖家有货的OE号（前20）', 'OE号', 'top-oe')}
            {top(q.data.top_keyword, '没有结果的关键词（前20）', '关键词', 'top-keyword')}
          </div>
        </>
      )}
    </ReportFrame>
  );
}

export function OrderReport({ range, onRange }: { range: { date_from: string; date_to: string }; onRange: (r: ReportRange) => void }) {
  const q = useReport('opReportOrders', range);
  const option = useMemo(() => q.data && dayChartOption(q.data.rows.map((r) => r.day), [
    { name: '订单数', data: q.data.rows.map((r) => r.orders), type: 'bar' },
    { name: '取消或拒绝', data: q.data.rows.map((r) => r.cancelled), type: 'bar' },
    { name: '金额（元）', data: q.data.rows.map((r) => r.amount_fen / 100), yAxisIndex: 1 },
  ], ['订单', '元']), [q.data]);
  const sum = q.data?.rows.reduce((s, r) => ({ orders: s.orders + r.orders, fen: s.fen + r.amount_fen }), { orders: 0, fen: 0 });
  return (
    <ReportFrame key={`${range.date_from}-${range.date_to}`} title="订单报表" name="opReportOrders" range={range} onRange={onRange} exportPayload={range}>
      {!q.data || !option ? <Loading q={q} /> : (
        <div className="op-report">
          <ReportChart option={option} label={`每日订单数和金额；${latest(q.data.rows, (r) => `${r.orders} 单，${yuan(r.amount_fen)}`)}`} />
          <Table caption={`合计 ${sum?.orders ?? 0} 单，${yuan(sum?.fen ?? 0)}`} testId="order-report-table" rows={[...q.data.rows].reverse()} columns={[
            { header: '日期', cell: (r) => r.day }, { header: '订单', num: true, cell: (r) => r.orders },
            { header: '金额', num: true, cell: (r) => yuan(r.amount_fen) }, { header: '取消/拒绝', num: true, cell: (r) => r.cancelled },
          ]} />
        </div>
      )}
    </ReportFrame>
  );
}

export function StockReport() {
  const q = useQuery(stockReportQuery());
  const option = useMemo((): EChartsCoreOption | undefined => q.data && {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 12, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, max: headroom },
    yAxis: { type: 'category', inverse: true, data: q.data.by_make.slice(0, 15).map((m) => m.name) },
    series: [{ type: 'bar', name: '在售条数', data: q.data.by_make.slice(0, 15).map((m) => m.rows) }],
  }, [q.data]);
  const cols = (label: string) => [
    { header: label, cell: (r: { name: string }) => r.name }, { header: '条数', num: true, cell: (r: { rows: number }) => r.rows },
    { header: '件数', num: true, cell: (r: { qty: number }) => r.qty }, { header: '卖家', num: true, cell: (r: { sellers: number }) => r.sellers },
  ];
  return (
    <ReportFrame title="库存报表" name="opReportStock" exportPayload={{}}>
      {!q.data || !option ? <Loading q={q} /> : (
        <>
          <p className="muted">在售库存共 {q.data.total.rows} 条、{q.data.total.qty} 件，{q.data.total.sellers} 家卖家。</p>
          <div className="op-report">
            <ReportChart option={option} label={`在售库存条数最多的车型品牌；${q.data.by_make.slice(0, 3).map((m) => `${m.name} ${m.rows} 条`).join('，')}`} />
            <Table caption="按车型品牌（前30）" rows={q.data.by_make} columns={cols('车型品牌')} />
          </div>
          <Table caption="按配件品牌（前30）" rows={q.data.by_brand} columns={cols('配件品牌')} />
        </>
      )}
    </ReportFrame>
  );
}
