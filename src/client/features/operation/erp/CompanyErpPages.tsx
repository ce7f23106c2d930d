/**
 * The operator's company pages of the open platform (001 §2.2 company menu; docs/open-platform.md,
 * "ERP and the operator's pages"): 易购接入 (/operation/company/yigou), the companies connected
 * through the open API with their keys and last 7 days of calls, and 企业 ERP
 * (/operation/company/erp), the companies by the ERP product they run, with their last stock sync.
 * Both are declarations on the list block, filtered by company name and ERP product.
 */
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { AnswerOf, OpCompanyErpRow, OpYigouRow, PayloadIn } from '../../../../shared/contracts';
import { ERP_STATS_DAYS } from '../../../../shared/domain/erp';
import { ListPage, type ListDef, type ListFilter } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { idOf, pagingOf, text } from '../list-payload';
import { when } from '../format';
import { companyErpQuery, yigouQuery, type opErpKeys } from './queries';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opYigouList'> => ({ company_name: text(s, 'company_name'), erp_product_id: idOf(s, 'erp_product_id'), ...pagingOf(s) });

const filtersOf = (products: ReadonlyArray<{ id: number; name: string; active: boolean }>): ListFilter[] => [
  { name: 'company_name', label: '企业名称', type: 'text', width: '12rem', primary: true },
  { name: 'erp_product_id', label: 'ERP 产品', type: 'select', options: products.map((p) => ({ label: p.active ? p.name : `${p.name}（已停用）`, value: String(p.id) })) },
];

const erpCell = (name: string, version: string) => (name ? <>{name}{version && <span className="muted"> {version}</span>}</> : <span className="muted">未填写</span>);
const errorsCell = (n: number) => (n > 0 ? <span className="op-tag danger">{n}</span> : '0');
const companyLink = (id: number, name: string) => <Link to="/operation/company/detail" search={{ id }}><strong>{name}</strong></Link>;

export function YigouPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  // the product filter's choices come with the list's answer (the same query, read from the cache)
  const products = useQuery(yigouQuery(payloadOf(search))).data?.products ?? [];
  const def: ListDef<OpYigouRow, ReturnType<typeof opErpKeys.yigou>, AnswerOf<'opYigouList'>> = {
    title: '易购接入企业',
    filters: filtersOf(products),
    query: (s) => yigouQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    rowLabel: (r) => r.company_name,
    columns: [
      { key: 'company', header: '企业', width: '12rem', cell: (r) => companyLink(r.company_id, r.company_name) },
      { key: 'erp', priority: 2, header: 'ERP', width: '8rem', cell: (r) => erpCell(r.erp_name, r.erp_version) },
      { key: 'keys', header: '有效密钥', width: '4rem', num: true, cell: (r) => (r.active_keys > 0 ? r.active_keys : <span className="op-tag warn">0</span>) },
      { key: 'last', priority: 2, header: '最近调用', width: '9rem', cell: (r) => (r.last_call_at ? when(r.last_call_at) : <span className="muted">从未调用</span>) },
      { key: 'calls', header: `近${ERP_STATS_DAYS}天调用`, width: '5rem', num: true, cell: (r) => r.calls_7d },
      { key: 'errors', header: `近${ERP_STATS_DAYS}天错误`, width: '5rem', num: true, cell: (r) => errorsCell(r.errors_7d) },
    ],
    empty: (filtered) => (filtered
      ? '没有符合条件的接入企业，换个企业名称或 ERP 产品试试。'
      : '还没有企业接入开放接口。企业在“开放平台 · 控制台”创建接口密钥后，会出现在这里；可在“接口 · 密钥”查看和管理密钥。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}

export function CompanyErpPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const answer = useQuery(companyErpQuery(payloadOf(search))).data;
  const products = answer?.products ?? [];
  const def: ListDef<OpCompanyErpRow, ReturnType<typeof opErpKeys.companies>, AnswerOf<'opCompanyErpList'>> = {
    title: '企业 ERP',
    filters: filtersOf(products),
    query: (s) => companyErpQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    rowLabel: (r) => r.company_name,
    columns: [
      { key: 'company', header: '企业', width: '12rem', cell: (r) => companyLink(r.company_id, r.company_name) },
      { key: 'erp', header: 'ERP', width: '8rem', cell: (r) => erpCell(r.erp_name, r.erp_version) },
      { key: 'chosen', priority: 3, header: '填写时间', width: '9rem', cell: (r) => when(r.chosen_at) },
      { key: 'keys', priority: 2, header: '有效密钥', width: '4rem', num: true, cell: (r) => r.active_keys },
      { key: 'sync', priority: 2, header: '最近库存同步', width: '9rem', cell: (r) => (r.last_sync_at ? when(r.last_sync_at) : <span className="muted">未同步</span>) },
      { key: 'calls', priority: 2, header: `近${ERP_STATS_DAYS}天调用`, width: '5rem', num: true, cell: (r) => r.calls_7d },
      { key: 'errors', header: `近${ERP_STATS_DAYS}天错误`, width: '5rem', num: true, cell: (r) => errorsCell(r.errors_7d) },
    ],
    empty: (filtered) => (filtered
      ? '没有符合条件的企业，换个企业名称或 ERP 产品试试。'
      : '还没有企业填写所用的 ERP。企业负责人可在“开放平台 · 控制台”选择；ERP 产品列表在“系统 · ERP 产品”维护。'),
  };
  const used = products.filter((p) => p.companies > 0);
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      status={used.length > 0 && <p className="muted" data-testid="erp-summary">{used.map((p) => `${p.name} ${p.companies} 家`).join(' · ')}</p>} />
  );

}
