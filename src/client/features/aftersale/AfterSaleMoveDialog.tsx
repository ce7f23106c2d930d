/**
 * One move of an after-sale in a dialog (requirements 001-7 售后): the desktop detail
 * (AfterSaleDetailPage) and the phone's detail (features/mobile/MobileServiceOrders.tsx,
 * docs/guide/devices.md) open the same one, the phone as a bottom sheet the screen's width.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AfterSaleDetail } from '../../../shared/contracts';
import { AFTERSALE_ACTION_TEXT, refundMethodsFor, type AfterSaleAction } from '../../../shared/domain/aftersale';
import { ApiError, OfflineError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { Price } from '../currency/Price';
import { useAfterSaleMove, type AfterSaleMove } from './mutations';
import { yuanToFen } from '../../../shared/domain/money';
import { mark, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withNodes } from '../../i18n/with-data';
import '../../ui/form/form.css';

/** A member's moves (the operator's 关闭 is on the platform's page). */
export type MemberAction = Exclude<AfterSaleAction, 'close'>;

const MOVE: Record<MemberAction, AfterSaleMove> = {
  agree: 'afterSaleAgree', reject: 'afterSaleReject', cancel: 'afterSaleCancel', deliver: 'afterSaleDeliver', receipt: 'afterSaleReceipt', complete: 'afterSaleComplete',
};

const PROMPT = (a: AfterSaleDetail): Record<MemberAction, string> => ({
  agree: a.type === 'return' ? mark('同意后买家寄回配件，收到退货后再退款。')
    : a.order_pay_kind === 'online' ? mark('同意后点“确认退款”，退款原路退回买家。') : mark('同意后请线下退款给买家，退款后点“确认退款”。'),
  reject: mark('拒绝后售后结束，买家会看到拒绝原因。'),
  cancel: mark('撤销后售后结束，如需售后可重新申请。'),
  deliver: mark('请把配件寄回卖家后填写物流信息。'),
  receipt: mark('请确认已收到买家寄回的配件。'),
  complete: a.order_pay_kind === 'online' ? mark('订单已在线付款：确认后退款原路退回买家（未结算时从平台暂管款中退，已结算时从本公司钱包中扣），售后随之完成。')
    : a.order_paid ? mark('确认已线下退款给买家，售后随之完成。') : mark('订单尚未登记收款：售后金额从买家应付的货款中冲减，无需退款；如买家已付款，请先在订单上登记收款。'),
});

/**
 * One move: its fields, the server's refusal in place (field or whole), nothing lost on error.
 * `sheetClass`: shown as a bottom sheet the screen's width, with this class (the phone pages'
 * `m-sheet`, features/mobile/mobile.css).
 */
export function AfterSaleMoveDialog({ a, action, onHide, sheetClass }: { a: AfterSaleDetail; action: MemberAction; onHide: () => void; sheetClass?: string }) {
  const t = useT();
  const move = useAfterSaleMove(MOVE[action]);
  // an unpaid order is settled by 冲减货款, a paid one by a payment method (the server checks the same)
  const methods = refundMethodsFor(a.order_pay_kind);
  const [form, setForm] = useState({ reason: '', logistics_company: '', logistics_no: '', refund_method: methods[0] as string, note: '', amount: (Math.min(a.refund_fen, a.order_refundable_fen) / 100).toFixed(2) });
  const [amountError, setAmountError] = useState('');
  const err = move.error;
  const fieldError = (f: string) => (err instanceof ApiError && err.field === f ? err.message : undefined);
  const general = err && !(err instanceof ApiError && err.field) ? (err instanceof OfflineError ? t('当前离线，联网后再试；填写的内容还在') : err.message) : '';
  const submit = () => {
    const base = { as_no: a.as_no };
    // 部分退款: the amount typed in yuan, at most what was asked and what may still be refunded
    const fen = yuanToFen(form.amount);
    if (action === 'complete') {
      const cap = Math.min(a.refund_fen, a.order_refundable_fen);
      const bad = fen === null || fen < 1 ? t('请填写退款金额（元，最多两位小数）') : fen > cap ? t('退款金额不能超过 ¥{{yuan}}', { yuan: (cap / 100).toFixed(2) }) : '';
      setAmountError(bad);
      if (bad) return;
    }
    const payload = {
      agree: base, receipt: base,
      reject: { ...base, reason: form.reason },
      cancel: { ...base, reason: form.reason },
      deliver: { ...base, logistics_company: form.logistics_company, logistics_no: form.logistics_no },
      complete: { ...base, refund_method: form.refund_method, note: form.note, amount_fen: fen ?? undefined },
    }[action];
    move.mutate(payload as never, { onSuccess: onHide });
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <Dialog header={t('{{action}} · {{no}}', { action: t(AFTERSALE_ACTION_TEXT[action]), no: a.as_no })} visible onHide={onHide}
      {...(sheetClass ? { position: 'bottom' as const, className: sheetClass, draggable: false, style: { width: '100vw', maxWidth: '100vw', margin: 0 } } : { style: { width: '30rem', maxWidth: '95vw' } })}
      footer={<><Button type="button" text label={t('返回')} onClick={onHide} /><Button type="button" label={t(AFTERSALE_ACTION_TEXT[action])} loading={move.isPending} onClick={submit} /></>}>
      <p className="muted">{t(PROMPT(a)[action])}</p>
      {action === 'reject' && (
        <Field id="as-reason" label={t('拒绝原因')} required error={fieldError('reason')}>
          <InputTextarea id="as-reason" rows={3} value={form.reason} onChange={set('reason')} maxLength={200} />
        </Field>
      )}
      {action === 'cancel' && (
        <Field id="as-reason" label={t('撤销原因')} hint={t('选填')} error={fieldError('reason')}>
          <InputTextarea id="as-reason" rows={2} value={form.reason} onChange={set('reason')} maxLength={200} />
        </Field>
      )}
      {action === 'deliver' && (
        <>
          <Field id="as-logistics-company" label={t('物流公司')} required error={fieldError('logistics_company')}>
            <InputText id="as-logistics-company" value={form.logistics_company} onChange={set('logistics_company')} placeholder={t('如 顺丰速运、德邦物流')} maxLength={30} />
          </Field>
          <Field id="as-logistics-no" label={t('物流单号')} required error={fieldError('logistics_no')}>
            <InputText id="as-logistics-no" value={form.logistics_no} onChange={set('logistics_no')} maxLength={30} />
          </Field>
        </>
      )}
      {action === 'complete' && (
        <>
          <p>{t('申请金额：')}<strong><Price fen={a.refund_fen} /></strong>{a.order_paid && <span className="muted">{withNodes(t('（订单可退 {{amount}}）', { amount: dataSlot(0) }), [<Price key="r" fen={a.order_refundable_fen} />])}</span>}</p>
          <Field id="as-amount" label={a.order_paid ? t('退款金额（元）') : t('冲减金额（元）')} required hint={t('可少于申请金额（部分退款）')} error={amountError || fieldError('amount_fen')}>
            <InputText id="as-amount" value={form.amount} onChange={set('amount')} inputMode="decimal" maxLength={12} />
          </Field>
          <Field id="as-refund-method" label={t('退款方式')} required error={fieldError('refund_method')}>
            <Dropdown inputId="as-refund-method" value={form.refund_method} options={methods.map((m) => ({ value: m, label: t(m) }))} onChange={(e) => setForm((f) => ({ ...f, refund_method: e.value as string }))} />
          </Field>
          <Field id="as-note" label={t('退款备注')} hint={a.order_paid ? t('选填，如转账流水号') : t('选填')} error={fieldError('note')}>
            <InputText id="as-note" value={form.note} onChange={set('note')} maxLength={200} />
          </Field>
        </>
      )}
      {general && <p className="field-error" role="alert"><Refusal text={general} /></p>}
    </Dialog>
  );
}
