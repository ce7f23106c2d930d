/**
 * 运营 · 活动审核 (docs/activities.md, "The audit"): the sellers' applications, oldest first,
 * pending by default; 通过 takes the activity quantity out of the row into the reserve (refused
 * when the row no longer holds it or the price is no longer below the everyday price); 驳回 asks
 * for a reason the seller reads. A declaration on the list block.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { ActivityItem, AnswerOf, PayloadIn } from '../../../shared/contracts';
import { ACTIVITY_REASON_MAX, ITEM_STATES, activityUnit } from '../../../shared/domain/activities';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { idOf, pagingOf, text } from '../operation/list-payload';
import { activityKeys, opActivityItemsQuery } from './queries';
import { useOpActivityApprove, useOpActivityReject } from './mutations';
import { BundleParts } from './BundleParts';
import '../../ui/form/form.css';
import '../operation/operation.css';

const when = (s: number) => formatChina(s, 'MM-DD HH:mm');
/** 待审核 unless the address asks for all (state=all) or another state */
const stateOf = (s: ListSearch): PayloadIn<'opActivityItems'>['state'] => {
  const t = text(s, 'state');
  return t === 'all' ? '' : (ITEM_STATES as readonly string[]).includes(t) ? (t as PayloadIn<'opActivityItems'>['state']) : 'pending';
};
const payloadOf = (s: ListSearch): PayloadIn<'opActivityItems'> => ({ state: stateOf(s), activity_id: idOf(s, 'activity_id') || 0, ...pagingOf(s) });

export function OpActivityAuditPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const approve = useOpActivityApprove();
  const [rejecting, setRejecting] = useState<ActivityItem | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const pass = async (r: ActivityItem) => {
    try {
      const a = await approve.mutateAsync({ payload: { id: r.id }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已通过 ${a.company_name} 的 ${a.supplier_oe}，${a.reserved}${activityUnit(a.activity_kind)}已划入活动库存` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const def: ListDef<ActivityItem, ReturnType<typeof activityKeys.opItems>, AnswerOf<'opActivityItems'>> = {
    title: '活动审核',
    filters: [
      { name: 'state', label: '状态', type: 'select', options: [{ value: 'pending', label: '待审核' }, { value: 'approved', label: '已通过' }, { value: 'rejected', label: '已驳回' }, { value: 'expired', label: '未审核（已结束）' }, { value: 'all', label: '全部' }] },
      { name: 'activity_id', label: '活动编号', type: 'text', width: '6rem' },
    ],
    query: (s) => opActivityItemsQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => `${r.company_name} ${r.supplier_oe}`,
    columns: [
      { key: 'part', header: '配件', width: '10rem', cell: (r) => (r.lines.length > 0 ? <BundleParts item={r} /> : <span><strong data-user-text>{r.supplier_oe}</strong> <span data-user-text>{r.name}</span></span>) },
      { key: 'company', header: '卖家', width: '9rem', cell: (r) => <span data-user-text>{r.company_name}</span> },
      { key: 'activity', header: '活动', width: '10rem', priority: 2, cell: (r) => `${r.activity_name}（${when(r.activity_start_at)} 至 ${when(r.activity_end_at)}）` },
      { key: 'price', header: '活动价 / 日常价', width: '9rem', num: true, cell: (r) => <span><strong>{yuan(r.activity_price_fen)}</strong> / <s>{yuan(r.ordinary_fen)}</s></span> },
      // a 组合套装: bundles, and each row's pieces now
      { key: 'qty', header: '活动数量 / 库存', width: '7rem', num: true, cell: (r) => (r.lines.length > 0 ? `${r.activity_qty}套 / ${r.lines.map((l) => l.stock_qty).join('、')}` : `${r.activity_qty} / ${r.stock_qty}`) },
      { key: 'sold', header: '已售', width: '4rem', num: true, priority: 3, cell: (r) => r.sold },
      { key: 'state', header: '状态', width: '6rem', cell: (r) => <span className={`op-tag ${r.state === 'approved' ? '' : r.state === 'pending' ? 'warn' : 'danger'}`} title={r.reject_reason || undefined}>{r.state_name}</span> },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (r) => (r.state !== 'pending' ? (r.reject_reason ? <span>{r.reject_reason}</span> : null) : (
          <span className="op-row-actions">
            <button type="button" className="linklike" onClick={() => void pass(r)} aria-label={`通过 ${r.supplier_oe}`}>通过</button>
            <button type="button" className="linklike danger" onClick={() => setRejecting(r)} aria-label={`驳回 ${r.supplier_oe}`}>驳回</button>
          </span>
        )),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的报名。' : '没有待审核的报名。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {rejecting && <RejectDialog item={rejecting} onHide={() => setRejecting(null)}
        onSaved={(r) => { setRejecting(null); setStatus({ kind: 'ok', text: `已驳回 ${r.company_name} 的 ${r.supplier_oe}：${r.reject_reason}` }); }} />}
    </>
  );
}

function RejectDialog({ item, onHide, onSaved }: { item: ActivityItem; onHide: () => void; onSaved: (r: ActivityItem) => void }) {
  const reject = useOpActivityReject();
  const form = useForm({ reason: '' }, { idPrefix: 'activity-reject-' });
  return (
    <Dialog header="驳回报名" visible onHide={onHide} style={{ width: '30rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" text onClick={onHide} /><Button label="驳回" severity="danger" loading={form.busy}
        onClick={() => void form.submit(reject, { id: item.id, reason: form.values.reason.trim() }, onSaved)} /></>}>
      <div className="op-form">
        {form.formError && <p className="op-status error" role="alert">{form.formError}</p>}
        <p><span data-user-text>{item.company_name}</span> · <span data-user-text>{item.supplier_oe} {item.name}</span></p>
        <Field id={form.idOf('reason')} label="驳回原因" required hint="卖家在活动报名中看到" error={form.errors.reason}>
          <InputText {...form.text('reason')} maxLength={ACTIVITY_REASON_MAX} />
        </Field>
      </div>
    </Dialog>
  );
}
