/**
 * One move of an order in a dialog (requirements 001-7 "orders: confirm, deliver, cancel, reject,
 * receipt, offline payment"): the order's desktop page (OrderDetailPage) and the phone's order
 * detail (features/mobile/MobileOrders.tsx, docs/guide/devices.md) open the same one, the phone as
 * a bottom sheet the screen's width.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { endpoints, type OrderDetail } from '../../../shared/contracts';
import { amountDueFen, ORDER_ACTION_TEXT, PAY_METHODS, type OrderAction } from '../../../shared/domain/orders';
import { useForm } from '../../ui/form/form';
import { Field } from '../../ui/form/Field';
import { Price } from '../currency/Price';
import { useOrderMove, type OrderMove } from './mutations';
import { PayDialog } from './PayPanel';
import { dataSlot, withNodes } from '../../i18n/with-data';
import { mark, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import '../../ui/form/form.css';

/** 付款 (pay_online) opens the payment dialog (PayPanel.tsx); every other move is a form here. */
type DialogAction = Exclude<OrderAction, 'pay_online'>;

const MOVE: Record<DialogAction, OrderMove> = {
  confirm: 'orderConfirm', reject: 'orderReject', deliver: 'orderDeliver', pay: 'orderOfflinePayment', cancel: 'orderCancel', receipt: 'orderReceipt',
};

const PROMPT: Record<DialogAction, string> = {
  confirm: mark('确认后订单生效，买家不能再取消。'),
  reject: mark('拒绝后订单关闭，配件数量退回库存。'),
  deliver: mark('填写物流信息后订单变为已发货。'),
  pay: mark('登记买家已线下付清本订单全款。'),
  cancel: mark('取消后订单关闭，配件数量退回卖家库存。'),
  receipt: mark('请确认已收到全部配件。'),
};

type MoveForm = { reason: string; logistics_company: string; logistics_no: string; pay_method: string; note: string };

/** The payload of a move from the dialog's fields. */
const movePayload = (orderNo: string, action: DialogAction, form: MoveForm) => {
  const base = { order_no: orderNo };
  return {
    confirm: base, receipt: base,
    reject: { ...base, reason: form.reason },
    cancel: { ...base, reason: form.reason },
    deliver: { ...base, logistics_company: form.logistics_company, logistics_no: form.logistics_no },
    pay: { ...base, pay_method: form.pay_method, note: form.note },
  }[action];
};

/**
 * One move in the one form layout (ui/form: label above field, each field's message in red under
 * it): the move's own schema checks the fields before anything is sent, the server's refusal goes
 * under the field it names (or above the buttons), nothing typed is lost on error.
 * `sheetClass`: shown as a bottom sheet the screen's width, with this class (the phone pages'
 * `m-sheet`, features/mobile/mobile.css).
 */
export function OrderActionDialog({ order, action, onHide, sheetClass }: { order: OrderDetail; action: OrderAction; onHide: () => void; sheetClass?: string }) {
  if (action === 'pay_online') return <PayDialog orderNos={[order.order_no]} amountFen={amountDueFen(order)} onHide={onHide} sheetClass={sheetClass} />;
  return <MoveDialog order={order} action={action} onHide={onHide} sheetClass={sheetClass} />;
}

function MoveDialog({ order, action, onHide, sheetClass }: { order: OrderDetail; action: DialogAction; onHide: () => void; sheetClass?: string }) {
  const t = useT();
  const move = useOrderMove(MOVE[action]);
  const form = useForm<MoveForm>({ reason: '', logistics_company: '', logistics_no: '', pay_method: PAY_METHODS[0] as string, note: '' });
  const { values, errors } = form;
  const submit = () => {
    const payload = movePayload(order.order_no, action, values);
    if (!form.check(endpoints[MOVE[action]].payload, payload)) return;
    move.mutate(payload as never, { onSuccess: onHide, onError: (e) => form.refuse(e) });
  };
  const set = (k: keyof MoveForm) => (e: { target: { value: string } }) => form.set(k, e.target.value);
  const formId = `order-${action}-form`;
  return (
    <Dialog header={t('{{action}} · {{no}}', { action: t(ORDER_ACTION_TEXT[action]), no: order.order_no })} visible onHide={onHide}
      {...(sheetClass ? { position: 'bottom' as const, className: sheetClass, draggable: false, style: { width: '100vw', maxWidth: '100vw', margin: 0 } } : { style: { width: 'min(30rem, 96vw)' } })}
      footer={<><Button type="button" text label={t('返回')} onClick={onHide} /><Button type="submit" form={formId} label={t(ORDER_ACTION_TEXT[action])} loading={move.isPending} /></>}>
      <form id={formId} className="account-form order-action-form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <p className="muted">{t(PROMPT[action])}</p>
        {action === 'reject' && (
          <Field id="reason" label={t('拒绝原因')} required error={errors.reason}>
            <InputTextarea id="reason" rows={3} value={values.reason} onChange={set('reason')} invalid={!!errors.reason} aria-describedby={errors.reason ? 'reason-error' : undefined} />
          </Field>
        )}
        {action === 'cancel' && (
          <Field id="reason" label={t('取消原因')} hint={t('选填')} error={errors.reason}>
            <InputTextarea id="reason" rows={2} value={values.reason} onChange={set('reason')} invalid={!!errors.reason} aria-describedby={errors.reason ? 'reason-error' : undefined} />
          </Field>
        )}
        {action === 'deliver' && (
          <>
            <Field id="logistics_company" label={t('物流公司')} required error={errors.logistics_company}>
              <InputText id="logistics_company" value={values.logistics_company} onChange={set('logistics_company')} placeholder={t('如 顺丰速运、德邦物流')} maxLength={30}
                invalid={!!errors.logistics_company} aria-describedby={errors.logistics_company ? 'logistics_company-error' : undefined} />
            </Field>
            <Field id="logistics_no" label={t('物流单号')} required hint={t('6到30位字母、数字或连字符')} error={errors.logistics_no}>
              <InputText id="logistics_no" value={values.logistics_no} onChange={set('logistics_no')} maxLength={30}
                invalid={!!errors.logistics_no} aria-describedby={errors.logistics_no ? 'logistics_no-error' : undefined} />
            </Field>
          </>
        )}
        {action === 'pay' && (
          <>
            <p>{t('收款金额：')}<strong><Price fen={amountDueFen(order)} /></strong>
              {order.deducted_fen > 0 && <span className="muted">{withNodes(t('（订单 {{total}}，售后冲减 {{deducted}}）', { total: dataSlot(0), deducted: dataSlot(1) }), [<Price key="t" fen={order.total_fen} />, <Price key="d" fen={order.deducted_fen} />])}</span>}</p>
            <Field id="pay_method" label={t('收款方式')} required error={errors.pay_method}>
              <Dropdown inputId="pay_method" value={values.pay_method} options={PAY_METHODS.map((m) => ({ value: m, label: t(m) }))} onChange={(e) => form.set('pay_method', e.value as string)} />
            </Field>
            <Field id="note" label={t('收款备注')} hint={t('选填，如转账流水号')} error={errors.note}>
              <InputText id="note" value={values.note} onChange={set('note')} invalid={!!errors.note} />
            </Field>
          </>
        )}
        {form.formError && <p className="field-error" role="alert"><Refusal text={form.formError} /></p>}
      </form>
    </Dialog>
  );
}
