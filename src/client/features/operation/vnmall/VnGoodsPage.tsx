/**
 * 越南商城商品 (/operation/foreign/goods, D09-03; docs/overseas.md "The Vietnam mall"): every row
 * sellers offer in the mall (one by one or by a rule) with today's dong price. An operator takes
 * rows out with a reason (the seller reads it and cannot offer the row again) and puts them back.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { dongText } from '../../../../shared/domain/vn-mall';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { errorText } from '../../../ui/form/form';
import { ReasonDialog } from '../ReasonDialog';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { when, yuan } from '../format';
import { opVnGoodsQuery, type opVnKeys } from './queries';
import { useRemoveVnGoods, useRestoreVnGoods } from './mutations';
import '../operation.css';

type Row = AnswerOf<'opVnGoodsList'>['data'][number];

const payloadOf = (s: ListSearch): PayloadIn<'opVnGoodsList'> => ({ ...textsOf(s, ['oe', 'seller']), state: oneOf(s, 'state', ['removed'] as const), ...pagingOf(s) });

export function VnGoodsPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const current = useQuery(opVnGoodsQuery(payloadOf(search)));
  const [removing, setRemoving] = useState<Row[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const restore = useRestoreVnGoods();
  const removeGoods = useRemoveVnGoods();
  const removedView = search.state === 'removed';
  const rowsOf = (ids: number[]) => (current.data?.data ?? []).filter((r) => ids.includes(r.id));
  const putBack = async (ids: number[]) => {
    try {
      const r = await restore.mutateAsync({ payload: { ids }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已撤销移出 ${r.changed} 行，卖家的上架条件重新生效` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const bulk: BulkAction[] = removedView
    ? [{ label: '撤销移出', icon: 'pi pi-replay', confirm: (n) => `撤销选中的 ${n} 行的移出？`, run: (ids) => putBack(ids) }]
    : [{ label: '移出越南商城', icon: 'pi pi-times', danger: true, run: async (ids) => setRemoving(rowsOf(ids)) }];

  const rate = current.data?.rate;
  const def: ListDef<Row, ReturnType<typeof opVnKeys.goods>, AnswerOf<'opVnGoodsList'>> = {
    title: '越南商城商品',
    filters: [
      { name: 'oe', label: 'OE号', type: 'text', width: '10rem', primary: true },
      { name: 'seller', label: '卖家企业 / ID', type: 'text', width: '10rem' },
      { name: 'state', label: '状态', type: 'select', options: [{ label: '已移出', value: 'removed' }] },
    ],
    query: (s) => opVnGoodsQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => `${r.supplier_oe} ${r.name}`,
    bulkActions: bulk,
    columns: [
      { key: 'oe', header: 'OE号 / 名称', width: '10rem', cell: (r) => <div className="op-two-line"><strong>{r.supplier_oe}</strong><span>{r.name}</span></div> },
      { key: 'seller', priority: 2, header: '卖家', width: '9rem', cell: (r) => r.company_name },
      { key: 'by', priority: 3, header: '上架方式', width: '5rem', cell: (r) => (r.offered_by === 'row' ? '单独上架' : r.offered_by === 'rule' ? '规则' : '—') },
      { key: 'price1', priority: 3, header: '批发价(含税)', width: '6rem', num: true, cell: (r) => (r.price1 === null ? '—' : yuan(r.price1)) },
      { key: 'dong', header: '今日越南价', width: '7rem', num: true, cell: (r) => (r.dong === null ? '—' : dongText(r.dong)) },
      { key: 'qty', priority: 2, header: '越南可售', width: '4.5rem', num: true, cell: (r) => r.vn_quantity },
      {
        key: 'state', header: removedView ? '移出原因' : '状态', width: '10rem',
        cell: (r) => (r.removed_reason
          ? <span className="op-off-reason" title={`${r.removed_by} ${when(r.removed_at)}`}>{r.removed_reason}</span>
          : r.problem ? <span className="op-tag danger">{r.problem}</span> : <span className="op-tag">在售</span>),
      },
      {
        key: 'actions', actions: true, header: '操作', width: '5rem',
        cell: (r) => (r.part_removed
          ? <Link to="/operation/foreign/product" search={{ oe: r.supplier_oe, state: 'removed' }} title="整件移出的配件在 海外商品 撤销">整件移出</Link>
          : r.removed_reason
          ? <button type="button" className="linklike" onClick={() => void putBack([r.id])} aria-label={`撤销移出 ${r.supplier_oe}`}>撤销移出</button>
          : <button type="button" className="linklike" onClick={() => setRemoving([r])} aria-label={`移出 ${r.supplier_oe}`}>移出</button>),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的商品，换个条件试试。' : removedView ? '没有被移出的商品。' : '卖家还没有在越南商城上架商品。卖家在 海外 → 越南商城选品 上架。'),
  };
  return (
    <>
      <p className="op-status" data-testid="vn-op-rate">
        {rate ? (rate.rate === null ? '今日越南盾汇率尚未公布，越南商城暂停销售：请在 系统 → 汇率 公布今日汇率（与昨日相同也请再保存一次）。' : `今日（${rate.day}）汇率：1 人民币 = ${rate.rate} 越南盾`) : ''}
      </p>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {removing && (
        <ReasonDialog id="vn-remove-reason" header={`移出越南商城（${removing.length}行）`} action="移出" confirmLabel="确认移出"
          onHide={() => setRemoving(null)}
          onDone={(n) => { setRemoving(null); setStatus({ kind: 'ok', text: `已移出 ${n} 行，越南买家看不到它们了；卖家在选品页看到原因` }); }}
          intro={<>{removing.slice(0, 3).map((r) => `${r.supplier_oe}（${r.company_name}）`).join('、')}{removing.length > 3 ? ` 等${removing.length}行` : ''}。移出后越南买家立即看不到；卖家看到原因，不能再上架。</>}
          submit={async (reason, key) => (await removeGoods.mutateAsync({ payload: { ids: removing.map((x) => x.id), reason }, idempotencyKey: key })).changed} />
      )}
    </>
  );
}
