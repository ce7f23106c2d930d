/**
 * 兑换订单 (/operation/points/order, D10-02; docs/points.md): redemptions of the points mall by
 * state (待发货 / 已发货 / 已取消). A 待发货 one is shipped with its logistics, or cancelled with a
 * reason (its points go back to the company and its pieces to the product's stock). Audited.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { AnswerOf, PayloadIn, Redemption } from '../../../../shared/contracts';
import { formatChina } from '../../../../shared/domain/china-time';
import { REDEMPTION_STATUSES, REDEMPTION_STATUS_TEXT } from '../../../../shared/domain/points';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { ReasonDialog } from '../ReasonDialog';
import { opPointsOrdersQuery, type opPointsKeys } from './queries';
import { useCancelRedemption, useShipRedemption } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opPointsOrders'> => ({ status: oneOf(s, 'status', REDEMPTION_STATUSES), k: text(s, 'k'), ...pagingOf(s) });

function ShipDialog({ r, onHide, onDone }: { r: Redemption; onHide: () => void; onDone: (text: string) => void }) {
  const form = useForm({ logistics_company: '', logistics_no: '' }, { idPrefix: 'ship-' });
  const { errors } = form;
  const ship = useShipRedemption();
  const submit = () => form.submit(ship, { redemption_no: r.redemption_no, logistics_company: form.values.logistics_company, logistics_no: form.values.logistics_no },
    (a) => onDone(`已发货：${a.redemption_no}（${a.logistics_company} ${a.logistics_no}）`));
  return (
    <Dialog header={`发货：${r.product_name} × ${r.qty}`} visible onHide={onHide} style={{ width: '30rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="确认发货" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        <p>寄往 {r.contact_name} {r.contact_phone}，{r.address}</p>
        <Field id="ship-logistics_company" label="物流公司" error={errors.logistics_company} required><InputText {...form.text('logistics_company')} /></Field>
        <Field id="ship-logistics_no" label="物流单号" error={errors.logistics_no} required><InputText {...form.text('logistics_no')} /></Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

export function PointsOrderPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [shipping, setShipping] = useState<Redemption | null>(null);
  const [cancelling, setCancelling] = useState<Redemption | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const cancel = useCancelRedemption();
  const def: ListDef<Redemption, ReturnType<typeof opPointsKeys.orders>, AnswerOf<'opPointsOrders'>> = {
    title: '兑换订单',
    filters: [
      { name: 'k', label: '兑换单号、企业或商品', type: 'text', width: '14rem', primary: true },
      { name: 'status', label: '状态', type: 'select', options: REDEMPTION_STATUSES.map((s) => ({ label: REDEMPTION_STATUS_TEXT[s], value: s })) },
    ],
    query: (s) => opPointsOrdersQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.redemption_no,
    columns: [
      { key: 'no', header: '兑换单号', width: '12rem', cell: (r) => <strong>{r.redemption_no}</strong> },
      { key: 'company', header: '企业', width: '10rem', cell: (r) => `${r.company_name}（${r.user_name}）` },
      { key: 'product', header: '商品', width: '10rem', cell: (r) => `${r.product_name} × ${r.qty}` },
      { key: 'points', header: '积分', width: '5rem', num: true, cell: (r) => r.points_total },
      { key: 'status', header: '状态', width: '5rem', cell: (r) => (r.status === 'pending' ? <span className="op-tag">{REDEMPTION_STATUS_TEXT[r.status]}</span> : REDEMPTION_STATUS_TEXT[r.status]) },
      { key: 'to', header: '收货信息', width: '14rem', priority: 2, cell: (r) => `${r.contact_name} ${r.contact_phone} ${r.address}` },
      {
        key: 'detail', header: '物流 / 原因', width: '10rem', priority: 3,
        cell: (r) => (r.status === 'shipped' ? `${r.logistics_company} ${r.logistics_no}` : r.status === 'cancelled' ? r.cancel_reason : <span className="muted">—</span>),
      },
      { key: 'created', header: '兑换时间', width: '9rem', priority: 3, cell: (r) => formatChina(r.created_at, 'YYYY-MM-DD HH:mm') },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (r) => (r.status !== 'pending' ? <span className="muted">—</span> : (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setShipping(r)} aria-label={`发货 ${r.redemption_no}`}>发货</button>
            <button type="button" className="linklike" onClick={() => setCancelling(r)} aria-label={`取消 ${r.redemption_no}`}>取消</button>
          </span>
        )),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的兑换订单，换个条件试试。' : '还没有兑换订单。企业在积分商城兑换商品后，订单出现在这里待发货。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {shipping && <ShipDialog r={shipping} onHide={() => setShipping(null)} onDone={(t) => { setShipping(null); setStatus({ kind: 'ok', text: t }); }} />}
      {cancelling && (
        <ReasonDialog id="cancel-reason" header={`取消兑换：${cancelling.redemption_no}`} action="取消" confirmLabel="确认取消"
          intro={`${cancelling.product_name} × ${cancelling.qty}：取消后 ${cancelling.points_total} 积分退回${cancelling.company_name}，库存退回商品。`}
          submit={async (reason, idempotencyKey) => {
            await cancel.mutateAsync({ payload: { redemption_no: cancelling.redemption_no, reason }, idempotencyKey });
            return 1;
          }}
          onHide={() => setCancelling(null)}
          onDone={() => { setStatus({ kind: 'ok', text: `已取消：${cancelling.redemption_no}，积分与库存已退回` }); setCancelling(null); }} />
      )}
    </>
  );
}
