/**
 * 商品列表 (/operation/product, D04-01; changes D04-02): every seller's stock rows by OE number,
 * name, brand, seller and state, with XLSX. An operator with D04-02 takes rows off sale with a
 * reason (下架, per row or in bulk, one transaction) and puts them back (恢复上架). A row taken off
 * leaves buyer search at once; its seller reads 平台下架：<原因> and cannot put it back.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { AnswerOf, OpProductRow, PayloadIn } from '../../../../shared/contracts';
import { OP_CATALOGUE_CODES, OP_PRODUCT_STATE_TEXT, OP_PRODUCT_STATES } from '../../../../shared/domain/operation';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import { ReasonDialog } from '../ReasonDialog';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { errorText } from '../../../ui/form/form';
import { downloadXlsx } from '../export';
import { when, yuan } from '../format';
import { productListQuery, prodKeys } from './queries';
import { usePutBackOnSale, useTakeOffSale } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opProductList'> => ({
  ...textsOf(s, ['oe', 'name', 'brand', 'seller']), state: oneOf(s, 'state', OP_PRODUCT_STATES), ...pagingOf(s),
});

const StateCell = ({ r }: { r: OpProductRow }) => (
  <span>
    <span className={`op-tag ${r.state === 'on' ? '' : 'danger'}`}>{OP_PRODUCT_STATE_TEXT[r.state]}</span>
    {r.state === 'op_off' && <span className="op-off-reason" title={`${r.op_off_by} ${when(r.op_off_at)}`}>{r.op_off_reason}</span>}
  </span>
);

export function ProductListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_CATALOGUE_CODES.productWrite);
  const putBackOnSale = usePutBackOnSale();
  const current = useQuery(productListQuery(payloadOf(search)));
  const [offRows, setOffRows] = useState<OpProductRow[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const rowsOf = (ids: number[]) => (current.data?.data ?? []).filter((r) => ids.includes(r.id));
  const putBack = async (ids: number[]) => {
    try {
      const r = await putBackOnSale.mutateAsync(ids);
      setStatus({ kind: 'ok', text: `已恢复上架 ${r.changed} 行` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const bulk: BulkAction[] = canWrite ? [
    { label: '下架', icon: 'pi pi-arrow-down', danger: true, run: async (ids) => setOffRows(rowsOf(ids)) },
    { label: '恢复上架', icon: 'pi pi-replay', confirm: (n) => `恢复上架选中的 ${n} 行？只有平台下架的行可以恢复。`, run: (ids) => putBack(ids) },
  ] : [];

  const def: ListDef<OpProductRow, ReturnType<typeof prodKeys.productList>, AnswerOf<'opProductList'>> = {
    title: '商品列表',
    filters: [
      { name: 'oe', label: 'OE号', type: 'text', width: '10rem' },
      { name: 'name', label: '名称', type: 'text', width: '8rem' },
      { name: 'brand', label: '品牌', type: 'text', width: '7rem' },
      { name: 'seller', label: '卖家企业 / ID', type: 'text', width: '10rem' },
      { name: 'state', label: '状态', type: 'select', options: OP_PRODUCT_STATES.map((value) => ({ value, label: OP_PRODUCT_STATE_TEXT[value] })) },
    ],
    query: (s) => productListQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => `${r.supplier_oe} ${r.name}`,
    bulkActions: bulk.length > 0 ? bulk : undefined,
    columns: [
      { key: 'oe', header: 'OE号 / 名称', width: '9rem', cell: (r) => <div className="op-two-line"><strong>{r.supplier_oe}</strong><span>{r.name}</span></div> },
      { key: 'brand', priority: 2, header: '品牌 / 车型', width: '6rem', cell: (r) => <div className="op-two-line"><span>{r.brand_name || '—'}</span><small className="muted">{r.make_name || '—'}</small></div> },
      { key: 'qty', header: '数量', width: '3rem', num: true, cell: (r) => r.quantity },
      { key: 'price', header: '价格', width: '5rem', num: true, cell: (r) => (r.price0 === null ? '—' : yuan(r.price0)) },
      { key: 'seller', priority: 2, header: '卖家', width: '9rem', cell: (r) => <Link to="/operation/company/detail" search={{ id: r.company_id }}>{r.company_name}</Link> },
      { key: 'state', header: '状态', width: '9rem', cell: (r) => <StateCell r={r} /> },
      ...(canWrite ? [{
        key: 'actions', actions: true, header: '操作', width: '4.5rem',
        cell: (r: OpProductRow) => (r.state === 'on'
          ? <button type="button" className="linklike" onClick={() => setOffRows([r])} aria-label={`下架 ${r.supplier_oe}`}>下架</button>
          : r.state === 'op_off'
            ? <button type="button" className="linklike" onClick={() => void putBack([r.id])} aria-label={`恢复上架 ${r.supplier_oe}`}>恢复上架</button>
            : null),
      }] : []),
    ],
    exportXlsx: (s) => downloadXlsx('opProductList', payloadOf(s), '商品列表'),
    empty: (filtered) => (filtered ? '没有符合条件的库存，换个条件试试。' : '平台上还没有库存。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {offRows && (
        <OffSaleDialog rows={offRows} onHide={() => setOffRows(null)}
          onDone={(n) => { setOffRows(null); setStatus({ kind: 'ok', text: `已下架 ${n} 行，买家搜索不到它们了；卖家在库存页看到下架原因` }); }} />
      )}
    </>
  );
}

/** 下架: the reason is required; the seller reads it on their stock page. One call for every chosen row. */
const OffSaleDialog = ({ rows, onHide, onDone }: { rows: OpProductRow[]; onHide: () => void; onDone: (changed: number) => void }) => {
  const takeOffSale = useTakeOffSale();
  return (
    <ReasonDialog id="off-reason" header={`平台下架（${rows.length}行）`} action="下架" confirmLabel="确认下架" onHide={onHide} onDone={onDone}
      intro={<>
        {rows.slice(0, 3).map((r) => `${r.supplier_oe}（${r.company_name}）`).join('、')}{rows.length > 3 ? ` 等${rows.length}行` : ''}。
        下架后买家立即搜索不到；卖家在库存页看到下架原因，不能自行上架。
      </>}
      submit={async (reason, key) => (await takeOffSale.mutateAsync({ payload: { ids: rows.map((x) => x.id), reason }, idempotencyKey: key })).changed} />
  );
};
