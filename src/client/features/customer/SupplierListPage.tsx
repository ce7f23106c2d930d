/**
 * 供应商 (/backend/customer/supplier, M04 or the purchase codes, docs/customers.md): the sellers the
 * company ordered from or was invited by, with its orders, amount, latest order and what it still
 * owes; 设为优选供应商 puts a supplier's offers first in OE search. Preferred suppliers lead the list.
 */
import { useState } from 'react';
import type { PayloadIn, SupplierRow } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { errorText } from '../../ui/form/form';
import '../stock/stock.css';
import './customer.css';
import { customerKeys, supplierListQuery } from './queries';
import { useSetPreferredSupplier } from './mutations';

const area = (r: { province: string; city: string }) => (r.city && r.city !== r.province ? `${r.province} ${r.city}` : r.province);
const day = (seconds: number) => (seconds ? formatChina(seconds, 'YYYY-MM-DD') : '—');

export const supplierPayload = (s: ListSearch): PayloadIn<'supplierList'> => ({
  keyword: s.keyword === undefined ? '' : String(s.keyword),
  ...(s.preferred === 'true' || s.preferred === 'false' ? { preferred: s.preferred } : {}),
  page_number: s.page ?? 1,
  page_size: s.size ?? 50,
});

export function SupplierListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const setPreferred = useSetPreferredSupplier();

  const toggle = async (s: SupplierRow) => {
    try {
      const saved = await setPreferred.mutateAsync({ company_id: s.company_id, preferred: !s.preferred });
      setStatus({ kind: 'ok', text: saved.preferred ? `已设为优选供应商：${s.company_name}，OE号搜索时它的货源排在前面` : `已取消优选：${s.company_name}` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const def: ListDef<SupplierRow, ReturnType<typeof customerKeys.suppliers>> = {
    title: '供应商',
    filters: [
      { name: 'keyword', label: '企业名称', type: 'text', width: '12rem', primary: true },
      { name: 'preferred', label: '优选', type: 'select', options: [{ label: '只看优选供应商', value: 'true' }, { label: '非优选', value: 'false' }] },
    ],
    query: (s) => supplierListQuery(supplierPayload(s)),
    rowKey: (s) => s.company_id,
    rowLabel: (s) => s.company_name,
    columns: [
      {
        key: 'company', header: '供应商', width: '12rem',
        cell: (s) => (
          <div className="stock-key">
            <strong>{s.company_name}</strong>
            <small className="muted">{s.preferred && <span className="supplier-preferred"><i className="pi pi-star-fill" aria-hidden="true" /> 优选 · </span>}{area(s) || '—'}</small>
          </div>
        ),
      },
      { key: 'order_count', header: '订单数', width: '5rem', num: true, cell: (s) => s.order_count },
      { key: 'amount_fen', header: '采购金额', width: '7rem', num: true, cell: (s) => yuan(s.amount_fen) },
      { key: 'last_order', header: '最近下单', width: '6.5rem', cell: (s) => day(s.last_order) },
      { key: 'outstanding_fen', header: '待付金额', width: '7rem', num: true, priority: 2, cell: (s) => yuan(s.outstanding_fen) },
      { key: 'invited', header: '邀请我注册', width: '6.5rem', priority: 3, cell: (s) => (s.invited ? day(s.invited) : '—') },
      {
        key: 'actions', actions: true, header: '操作', width: '7.5rem',
        cell: (s) => (
          <button type="button" className="linklike" onClick={() => void toggle(s)} aria-label={`${s.preferred ? '取消优选' : '设为优选供应商'} ${s.company_name}`}>
            {s.preferred ? '取消优选' : '设为优选供应商'}
          </button>
        ),
      },
    ],
    empty: (filtered) => filtered
      ? '没有符合条件的供应商。'
      : '还没有供应商。从卖家下过单、或通过卖家的邀请链接注册后，卖家会出现在这里，可以设为优选供应商。',
  };

  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      status={status && <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="supplier-status">{status.text}</p>} />
  );
}
