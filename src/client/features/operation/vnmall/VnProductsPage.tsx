/**
 * 海外商品 (/operation/foreign/product, D09-03; docs/overseas.md "Parts (海外商品)"): the Vietnam
 * mall by part (OE number + part brand) over every seller's offered rows: sellers, today's dong
 * price range, VN quantity, mall orders and pieces sold. An operator takes a whole part out of the
 * mall with a reason (every seller's rows of it, offered now or later) and puts it back; single
 * rows are taken out on 越南商城商品.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { dongText } from '../../../../shared/domain/vn-mall';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { errorText } from '../../../ui/form/form';
import { ReasonDialog } from '../ReasonDialog';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { when } from '../format';
import { opVnProductsQuery, type opVnKeys } from './queries';
import { useRemoveVnPart, useRestoreVnPart } from './mutations';
import '../operation.css';

type Row = AnswerOf<'opVnProductList'>['data'][number];

const payloadOf = (s: ListSearch): PayloadIn<'opVnProductList'> => ({ ...textsOf(s, ['oe', 'brand', 'seller']), state: oneOf(s, 'state', ['removed'] as const), ...pagingOf(s) });

/** a number per part for the list block (parts are keyed by text) */
const keyNumber = (r: Row) => {
  let h = 0;
  for (const ch of `${r.oe_norm}\u0000${r.brand_name}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h >>> 0;
};
const partText = (r: Row) => `${r.supplier_oe}${r.brand_name ? `（${r.brand_name}）` : ''}`;
const range = (r: Row) => (r.dong_min === null ? '—' : r.dong_min === r.dong_max ? dongText(r.dong_min) : `${dongText(r.dong_min)} – ${dongText(r.dong_max!)}`);

export function VnProductsPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const current = useQuery(opVnProductsQuery(payloadOf(search)));
  const [removing, setRemoving] = useState<Row | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const restore = useRestoreVnPart();
  const removePart = useRemoveVnPart();
  const removedView = search.state === 'removed';
  const putBack = async (r: Row) => {
    if (!window.confirm(`撤销 ${partText(r)} 的整件移出？各卖家的上架条件重新生效。`)) return;
    try {
      const x = await restore.mutateAsync({ payload: { oe: r.oe_norm, brand: r.brand_name }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已撤销 ${partText(r)} 的整件移出，${x.changed} 行重新上架` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const rate = current.data?.rate;
  const def: ListDef<Row, ReturnType<typeof opVnKeys.products>, AnswerOf<'opVnProductList'>> = {
    title: '海外商品',
    filters: [
      { name: 'oe', label: 'OE号', type: 'text', width: '10rem', primary: true },
      { name: 'brand', label: '配件品牌', type: 'text', width: '8rem' },
      { name: 'seller', label: '卖家企业 / ID', type: 'text', width: '10rem' },
      { name: 'state', label: '状态', type: 'select', options: [{ label: '已整件移出', value: 'removed' }] },
    ],
    query: (s) => opVnProductsQuery(payloadOf(s)),
    rowKey: keyNumber,
    rowLabel: partText,
    columns: [
      { key: 'oe', header: 'OE号 / 名称', width: '10rem', cell: (r) => <div className="op-two-line"><strong>{r.supplier_oe}</strong><span data-user-text>{r.name || '—'}</span></div> },
      { key: 'brand', header: '配件品牌', width: '7rem', cell: (r) => r.brand_name || '—' },
      {
        key: 'sellers', priority: 2, header: '卖家 / 行', width: '5rem', num: true,
        cell: (r) => <Link to="/operation/foreign/goods" search={{ oe: r.oe_norm, ...(removedView ? { state: 'removed' } : {}) }} title="在 越南商城商品 查看各行">{r.sellers} / {r.rows}</Link>,
      },
      { key: 'dong', header: '今日越南价', width: '10rem', num: true, cell: (r) => range(r) },
      { key: 'qty', priority: 2, header: '越南可售', width: '5rem', num: true, cell: (r) => r.vn_quantity },
      { key: 'sold', priority: 3, header: '订单 / 售出件数', width: '6.5rem', num: true, cell: (r) => `${r.orders} / ${r.pieces}` },
      ...(removedView ? [{
        key: 'reason', header: '移出原因', width: '10rem',
        cell: (r: Row) => <span className="op-off-reason" title={`${r.removed_by} ${when(r.removed_at)}`}>{r.removed_reason}</span>,
      }] : []),
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (r) => (removedView
          ? <button type="button" className="linklike" onClick={() => void putBack(r)} aria-label={`撤销移出 ${partText(r)}`}>撤销移出</button>
          : <button type="button" className="linklike" onClick={() => setRemoving(r)} aria-label={`整件移出 ${partText(r)}`}>整件移出</button>),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的配件，换个条件试试。'
      : removedView ? '没有整件移出的配件。' : '卖家还没有在越南商城上架商品。卖家在 海外 → 越南商城选品 上架后，这里按配件汇总。'),
  };
  return (
    <>
      <p className="op-status" data-testid="vn-op-rate">
        {rate ? (rate.rate === null ? '今日越南盾汇率尚未公布，越南商城暂停销售，价格区间为空：请在 系统 → 汇率 公布今日汇率。' : `今日（${rate.day}）汇率：1 人民币 = ${rate.rate} 越南盾`) : ''}
      </p>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {removing && (
        <ReasonDialog id="vn-part-remove-reason" header={`整件移出 ${partText(removing)}`} action="移出" confirmLabel="确认移出"
          onHide={() => setRemoving(null)}
          onDone={(n) => { setRemoving(null); setStatus({ kind: 'ok', text: `已整件移出 ${partText(removing)}（${n} 行），越南买家看不到它了；卖家在选品页看到原因` }); }}
          intro={<>{removing.sellers} 家卖家的 {removing.rows} 行。移出后越南买家立即看不到这一配件，卖家看到原因，不能再上架（以后上架的行也一样）；单独一行请在 越南商城商品 移出。</>}
          submit={async (reason, key) => (await removePart.mutateAsync({ payload: { oe: removing.oe_norm, brand: removing.brand_name, reason }, idempotencyKey: key })).changed} />
      )}
    </>
  );
}
