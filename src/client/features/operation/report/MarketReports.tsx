/**
 * The market reports (docs/reports.md, D01-01): 搜索-询价-订单 转化报表 (/operation/report/sfeReport)
 * and 维修厂采购报表 (/operation/report/weipei). Each has a filter (China days, at most 366; the
 * funnel also its period; an optional buyer province), a chart, the figures as tables and the same
 * figures as XLSX. Rates are worked out by shared/domain/report-funnel.ts, as in the export.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { EChartsCoreOption } from 'echarts/core';
import { endpoints, type AnswerOf } from '../../../../shared/contracts';
import { fieldErrors } from '../../../../shared/domain/field-errors';
import {
  FUNNEL_RATES, FUNNEL_STEPS, funnelRates, percentOf, PROVINCE_NAMES, rateText, REPORT_GRAIN_TEXT, REPORT_GRAINS, SEARCH_KIND_TEXT,
  type FunnelFigures, type ReportGrain,
} from '../../../../shared/domain/report-funnel';
import { Field } from '../../../ui/form/Field';
import { errorText } from '../../../ui/form/form';
import { yuan } from '../format';
import { ReportChart } from './ReportChart';
import { useXlsxExport } from './use-xlsx-export';
import { headroom } from './chart-option';
import { marketReportQuery } from './queries';
import '../operation.css';

export interface MarketFilter { date_from: string; date_to: string; province: string; grain?: ReportGrain }

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter form, the export button and the frame of both reports. */
function MarketFrame({ title, name, filter, onFilter, children }: {
  title: string; name: 'opReportFunnel' | 'opReportRepairShops'; filter: MarketFilter; onFilter: (f: MarketFilter) => void; children: ReactNode;
}) {
  const [f, setF] = useState(filter);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { exporting, exportError, exportNow } = useXlsxExport(name, title);
  const set = (patch: Partial<MarketFilter>) => { setF({ ...f, ...patch }); setErrors({}); };
  const apply = () => {
    const found = fieldErrors(endpoints[name].payload, f);
    const e = {
      ...found,
      date_from: DAY_RE.test(f.date_from) ? found.date_from : '开始日期应为 YYYY-MM-DD 格式的日期',
      date_to: DAY_RE.test(f.date_to) ? found.date_to : '结束日期应为 YYYY-MM-DD 格式的日期',
    };
    setErrors(e);
    if (Object.values(e).every((x) => !x)) onFilter(f);
  };
  return (
    <section className="card">
      <div className="op-detail-head">
        <h2>{title}</h2>
        <Button label="导出XLSX" icon="pi pi-download" outlined loading={exporting} onClick={() => void exportNow({ ...filter })} />
      </div>
      <form className="op-report-range" onSubmit={(ev) => { ev.preventDefault(); apply(); }}>
        <Field id="report-from" label="开始日期" error={errors.date_from}>
          <InputText id="report-from" type="date" value={f.date_from} onChange={(ev) => set({ date_from: ev.target.value })} />
        </Field>
        <Field id="report-to" label="结束日期" error={errors.date_to}>
          <InputText id="report-to" type="date" value={f.date_to} onChange={(ev) => set({ date_to: ev.target.value })} />
        </Field>
        {f.grain && (
          <Field id="report-grain" label="统计周期" error={errors.grain}>
            <select id="report-grain" className="p-inputtext" value={f.grain} onChange={(ev) => set({ grain: ev.target.value as ReportGrain })}>
              {REPORT_GRAINS.map((g) => <option key={g} value={g}>{REPORT_GRAIN_TEXT[g]}</option>)}
            </select>
          </Field>
        )}
        <Field id="report-province" label="买家省份" error={errors.province}>
          <select id="report-province" className="p-inputtext" value={f.province} onChange={(ev) => set({ province: ev.target.value })}>
            <option value="">全部省份</option>
            {PROVINCE_NAMES.map((p) => <option key={p} value={p}>{p}</option>)}
          </select>
        </Field>
        <Button type="submit" label="查询" icon="pi pi-search" />
        <span className="muted">北京时间，含首尾两天，最多366天</span>
      </form>
      {exportError && <p className="op-status error" role="alert">{exportError}</p>}
      {children}
    </section>
  );
}

interface Column<R> { header: string; cell: (r: R) => ReactNode; num?: boolean }
function Table<R>({ caption, columns, rows, empty, testId, foot }: { caption: string; columns: Array<Column<R>>; rows: R[]; empty: string; testId: string; foot?: R }) {
  const cells = (r: R) => columns.map((c) => <td key={c.header} style={c.num ? { textAlign: 'right' } : undefined}>{c.cell(r)}</td>);
  return (
    <div className="op-table-wrap">
      <table className="op-table op-table-nowrap" data-testid={testId}>
        <caption className="muted" style={{ textAlign: 'left' }}>{caption}</caption>
        <thead><tr>{columns.map((c) => <th key={c.header} style={c.num ? { textAlign: 'right' } : undefined}>{c.header}</th>)}</tr></thead>
        <tbody>{rows.length === 0
          ? <tr><td colSpan={columns.length} className="muted">{empty}</td></tr>
          : rows.map((r, i) => <tr key={i}>{cells(r)}</tr>)}</tbody>
        {foot && rows.length > 0 && <tfoot><tr style={{ fontWeight: 600 }}>{cells(foot)}</tr></tfoot>}
      </table>
    </div>
  );
}

const Loading = ({ q }: { q: { isError: boolean; error: unknown } }) =>
  q.isError ? <p className="op-status error" role="alert">{errorText(q.error)}</p> : <p aria-busy="true">正在加载…</p>;

const EMPTY = '这段时间没有数据：换一个日期范围或省份再查询';

/** A horizontal bar chart of named values, largest first (the funnel's steps, the regions' amounts). */
const barsOption = (names: string[], series: Array<{ name: string; data: number[] }>): EChartsCoreOption => ({
  animation: false,
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 12, right: 24, top: 36, bottom: 8, containLabel: true },
  xAxis: { type: 'value', min: 0, max: headroom },
  yAxis: { type: 'category', inverse: true, data: names },
  series: series.map((s) => ({ type: 'bar', label: { show: true, position: 'right' }, ...s })),
});

type FunnelRow = FunnelFigures & { quotes: number; quote_orders: number };
type FunnelAnswer = AnswerOf<'opReportFunnel'>;
const funnelColumns = <R extends FunnelRow>(first: Column<R>): Array<Column<R>> => [
  first,
  ...FUNNEL_STEPS.map((st) => ({ header: st.label, num: true, cell: (r: R) => r[st.key] })),
  { header: '报价条数', num: true, cell: (r) => r.quotes }, { header: '报价下单', num: true, cell: (r) => r.quote_orders },
  ...FUNNEL_RATES.map((rt) => ({ header: rt.label, num: true, cell: (r: R) => rateText(funnelRates(r)[rt.key]) })),
];
const periodText = (p: string, grain: ReportGrain) => (grain === 'week' ? `${p} 起` : p);

export function FunnelReport({ filter, onFilter }: { filter: Required<MarketFilter>; onFilter: (f: MarketFilter) => void }) {
  const q = useQuery(marketReportQuery('opReportFunnel', filter));
  const a: AnswerOf<'opReportFunnel'> | undefined = q.data;
  const option = useMemo(() => a && barsOption(FUNNEL_STEPS.map((s) => s.label), [{ name: '期间合计', data: FUNNEL_STEPS.map((s) => a.total[s.key]) }]), [a]);
  const rates = a && funnelRates(a.total);
  return (
    <MarketFrame key={JSON.stringify(filter)} title="搜索-询价-订单 转化报表" name="opReportFunnel" filter={filter} onFilter={onFilter}>
      {!a || !option || !rates ? <Loading q={q} /> : (
        <>
          <div className="op-report">
            <ReportChart option={option} label={`期间转化：${FUNNEL_STEPS.map((s) => `${s.label} ${a.total[s.key]}`).join('，')}`} />
            <div>
              <p className="muted">搜索：计次的库存查询；询价：发出的询价单；获得报价：其中有卖家报出价格的；下单：期间所下订单（含后来取消的）；支付/完成：其中已付款或已完成的。各步为同一期间的数量之比。</p>
              <ul className="op-report-rates" data-testid="funnel-rates">
                {FUNNEL_RATES.map((r) => <li key={r.key}><strong>{r.label}</strong> {rateText(rates[r.key])}</li>)}
              </ul>
            </div>
          </div>
          <Table caption={`${REPORT_GRAIN_TEXT[filter.grain]}（${filter.province || '全部省份'}）`} testId="funnel-periods" rows={[...a.rows].reverse()} empty={EMPTY}
            foot={{ period: '合计', ...a.total }}
            columns={funnelColumns<FunnelAnswer['rows'][number]>({ header: '周期', cell: (r) => (r.period === '合计' ? r.period : periodText(r.period, filter.grain)) })} />
          <h3>按买家省份</h3>
          <Table caption="买家企业所在省份；未填写：企业资料没有省份" testId="funnel-provinces" rows={a.by_province} empty={EMPTY}
            columns={funnelColumns<FunnelAnswer['by_province'][number]>({ header: '省份', cell: (r) => r.province })} />
          <h3>按搜索类型</h3>
          <Table caption="搜索记录：每个用户的每个搜索词记一次（最近一次用在期间内的）" testId="funnel-kinds" rows={a.by_kind} empty={EMPTY} columns={[
            { header: '搜索类型', cell: (r) => SEARCH_KIND_TEXT[r.kind] ?? r.kind }, { header: '搜索词数', num: true, cell: (r) => r.terms },
            { header: '搜索企业', num: true, cell: (r) => r.companies },
          ]} />
        </>
      )}
    </MarketFrame>
  );
}

export function RepairShopReport({ filter, onFilter }: { filter: MarketFilter; onFilter: (f: MarketFilter) => void }) {
  const q = useQuery(marketReportQuery('opReportRepairShops', filter));
  const a: AnswerOf<'opReportRepairShops'> | undefined = q.data;
  // by province, or by city once a province is chosen
  const regions = useMemo(() => {
    if (!a) return [];
    const sums = new Map<string, number>();
    for (const r of a.rows) sums.set(filter.province ? r.city : r.province, (sums.get(filter.province ? r.city : r.province) ?? 0) + r.amount_fen);
    return [...sums].sort((x, y) => y[1] - x[1]).slice(0, 15);
  }, [a, filter.province]);
  const option = useMemo(() => a && barsOption(regions.map(([n]) => n), [{ name: '采购金额（元）', data: regions.map(([, fen]) => fen / 100) }]), [a, regions]);
  const top = (rows: AnswerOf<'opReportRepairShops'>['top_groups'], header: string, testId: string) => (
    <Table caption={`${header}（按金额前10）`} testId={testId} rows={rows} empty={EMPTY} columns={[
      { header, cell: (r) => r.name }, { header: '订单', num: true, cell: (r) => r.orders }, { header: '件数', num: true, cell: (r) => r.qty },
      { header: '金额', num: true, cell: (r) => yuan(r.amount_fen) },
    ]} />
  );
  type Row = AnswerOf<'opReportRepairShops'>['rows'][number];
  return (
    <MarketFrame key={JSON.stringify(filter)} title="维修厂采购报表" name="opReportRepairShops" filter={filter} onFilter={onFilter}>
      {!a || !option ? <Loading q={q} /> : (
        <>
          <p className="muted">维修厂：企业类型为维修厂的国内企业（注册时选择，企业信息里可以修改）。下单：期间下了未取消、未拒绝订单的；复购：期间下单两次以上的。</p>
          <div className="op-report">
            <ReportChart option={option} label={`采购金额最多的${filter.province ? '城市' : '省份'}：${regions.slice(0, 3).map(([n, fen]) => `${n} ${yuan(fen)}`).join('，') || '没有数据'}`} />
            <Table caption={`合计 ${a.total.buyers} 家维修厂，${a.total.active} 家下单，${a.total.orders} 单，${yuan(a.total.amount_fen)}，复购率 ${rateText(percentOf(a.total.repeat_buyers, a.total.active))}`}
              testId="weipei-regions" rows={a.rows} empty={EMPTY}
              foot={{ province: '合计', city: '', ...a.total }}
              columns={[
                { header: '省份', cell: (r: Row) => r.province }, { header: '城市', cell: (r) => r.city },
                { header: '维修厂', num: true, cell: (r) => r.buyers }, { header: '下单', num: true, cell: (r) => r.active },
                { header: '订单', num: true, cell: (r) => r.orders }, { header: '金额', num: true, cell: (r) => yuan(r.amount_fen) },
                { header: '复购', num: true, cell: (r) => r.repeat_buyers }, { header: '复购率', num: true, cell: (r) => rateText(percentOf(r.repeat_buyers, r.active)) },
              ]} />
          </div>
          <div className="op-report">
            {top(a.top_groups, '配件分类', 'weipei-groups')}
            {top(a.top_brands, '品牌', 'weipei-brands')}
          </div>
        </>
      )}
    </MarketFrame>
  );
}
