/**
 * 越南商城选品 (/backend/overseas/vnSelector, M11; docs/overseas.md "The Vietnam mall"): the
 * seller's on-sale stock with its mall terms. Rows are offered one by one (选中后 上架越南商城) or
 * by rules (brand, make, category at a markup); the list shows today's dong price of each offered
 * row, or why it does not sell today (no rate, below the floor, taken out by the platform).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import { yuan } from '../../../shared/domain/money';
import { dongText, pctText } from '../../../shared/domain/vn-mall';
import { ListPage, type BulkAction, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { errorText } from '../../ui/form/form';
import { vnKeys, vnOfferListQuery } from './queries';
import { useRemoveVnOffers } from './mutations';
import { VnOfferDialog } from './VnOfferDialog';
import { VnRulesPanel } from './VnRulesPanel';
import { RateLine } from './RateLine';
import type { VnSellerRow } from './types';
import './vnmall.css';

const payloadOf = (s: ListSearch): PayloadIn<'vnOfferList'> => ({
  keyword: s.keyword === undefined ? '' : String(s.keyword),
  offered: s.offered === 'yes' || s.offered === 'no' ? s.offered : '',
  page_number: s.page ?? 1, page_size: s.size ?? 50,
});

const OfferCell = ({ r }: { r: VnSellerRow }) => {
  if (r.removed_reason) return <span className="vn-problem">平台已移出：{r.removed_reason}</span>;
  if (!r.terms) return <span className="muted">未上架</span>;
  return (
    <div className="op-two-line">
      <span>
        {r.offered_by === 'rule' ? <span className="vn-tag">规则</span> : null}
        {r.terms.price_mode === 'direct' ? '直接定价' : `加价 ${pctText(r.terms.markup_bp ?? 0)}`}
        {r.terms.floor_fen > 0 && <small className="muted">，底价 {yuan(r.terms.floor_fen)}</small>}
      </span>
      {r.problem && <small className="vn-problem">{r.problem}</small>}
    </div>
  );
};

export function VnSelectorPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const current = useQuery(vnOfferListQuery(payloadOf(search)));
  const rate = current.data?.rate ?? null;
  const [editing, setEditing] = useState<VnSellerRow[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const remove = useRemoveVnOffers();
  const rowsOf = (ids: number[]) => (current.data?.data ?? []).filter((r) => ids.includes(r.id));
  const takeDown = async (ids: number[]) => {
    try {
      const r = await remove.mutateAsync({ payload: { stock_ids: ids }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已从越南商城下架 ${r.changed} 行（按规则上架的行请修改规则）` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const bulk: BulkAction[] = [
    { label: '上架越南商城', icon: 'pi pi-globe', run: async (ids) => setEditing(rowsOf(ids)) },
    { label: '从越南商城下架', icon: 'pi pi-arrow-down', danger: true, confirm: (n) => `把选中的 ${n} 行从越南商城下架？`, run: (ids) => takeDown(ids) },
  ];

  const def: ListDef<VnSellerRow, ReturnType<typeof vnKeys.offers>, AnswerOf<'vnOfferList'>> = {
    title: '越南商城选品',
    filters: [
      { name: 'keyword', label: 'OE号 / 名称', type: 'text', width: '12rem', primary: true },
      { name: 'offered', label: '上架状态', type: 'select', options: [{ label: '已上架', value: 'yes' }, { label: '未上架', value: 'no' }] },
    ],
    query: (s) => vnOfferListQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => `${r.supplier_oe} ${r.name}`,
    bulkActions: bulk,
    columns: [
      { key: 'oe', header: 'OE号 / 名称', width: '10rem', cell: (r) => <div className="op-two-line"><strong>{r.supplier_oe}</strong><span>{r.name}</span></div> },
      { key: 'brand', priority: 3, header: '品牌 / 车型', width: '7rem', cell: (r) => <div className="op-two-line"><span>{r.brand_name || '—'}</span><small className="muted">{r.make_name || '—'}</small></div> },
      { key: 'qty', header: '库存', width: '3.5rem', num: true, cell: (r) => r.quantity },
      { key: 'price1', priority: 2, header: '批发价(含税)', width: '6rem', num: true, cell: (r) => (r.price1 === null ? '—' : yuan(r.price1)) },
      { key: 'terms', header: '越南商城条件', width: '11rem', cell: (r) => <OfferCell r={r} /> },
      { key: 'dong', header: '今日越南价', width: '7rem', num: true, cell: (r) => (r.dong === null ? '—' : <strong>{dongText(r.dong)}</strong>) },
      { key: 'vnqty', priority: 2, header: '越南可售', width: '4.5rem', num: true, cell: (r) => (r.terms ? r.vn_quantity : '—') },
      {
        key: 'actions', actions: true, header: '操作', width: '5rem',
        cell: (r) => (r.removed_reason ? null : (
          <button type="button" className="linklike" onClick={() => setEditing([r])} aria-label={`${r.offered_by === 'row' ? '修改' : '上架'} ${r.supplier_oe}`}>
            {r.offered_by === 'row' ? '修改' : '上架'}
          </button>
        )),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的库存，换个条件试试。' : <>还没有在售的库存。先在 <Link to="/backend/product/stockAndPrice">库存与价格</Link> 添加库存，再回来选品。</>),
  };

  return (
    <div className="vn-selector">
      <RateLine rate={rate} />
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Link to="/backend/overseas/vietnamMall"><Button type="button" label="越南商城概览" icon="pi pi-chart-bar" text size="small" /></Link>}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="vn-status">{status.text}</p>} />
      <VnRulesPanel onStatus={setStatus} />
      {editing && (
        <VnOfferDialog rows={editing} rate={rate?.rate ?? null} onHide={() => setEditing(null)}
          onDone={(n) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存 ${n} 行的越南商城条件` }); }} />
      )}
    </div>
  );
}
