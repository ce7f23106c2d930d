/**
 * 账期付款 on 确认订单 (docs/customers.md "Credit terms"): for one seller of the checkout, whether the
 * buyer orders on the credit term the seller gives it (its own or its head company's), with the days
 * and what is still available. Nothing shows for a seller without a term. The server decides again.
 */
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { formatYuan } from '../../i18n/format';
import { useLang, useT } from '../../i18n/lang';
import { dataSlot, withData } from '../../i18n/with-data';
import { supplierCreditQuery } from './queries';
import './customer.css';

export function CreditChoice({ sellerId, amountFen, checked, onChange }: { sellerId: number; amountFen: number; checked: boolean; onChange: (on: boolean) => void }) {
  const t = useT();
  const lang = useLang();
  const q = useQuery(supplierCreditQuery());
  const term = q.data?.find((t) => t.seller_company_id === sellerId);
  if (!term) return null;
  const fits = amountFen <= term.available_fen;
  const id = `credit-${sellerId}`;
  return (
    <div className="credit-choice" data-testid="credit-choice">
      <Checkbox inputId={id} checked={checked} onChange={(e) => onChange(!!e.checked)} disabled={!fits && !checked} />
      <label htmlFor={id}>
        <strong>{t('账期付款')}</strong>{term.via_head_name
          ? withData(t('（{{days}}天，总公司 {{head}} 的账期）', { days: term.days, head: dataSlot(0) }), [term.via_head_name])
          : t('（{{days}}天）', { days: term.days })}
        <small className="muted">{t('可用额度 {{available}} / 账期额度 {{limit}}', { available: formatYuan(lang, term.available_fen), limit: formatYuan(lang, term.limit_fen) })}{term.overdue_fen > 0 ? t('，已逾期 {{overdue}}', { overdue: formatYuan(lang, term.overdue_fen) }) : ''}</small>
        {!fits && <small className="credit-short" role="note">{t('本单超出可用额度，请先付清账期订单或普通下单')}</small>}
      </label>
    </div>
  );
}
