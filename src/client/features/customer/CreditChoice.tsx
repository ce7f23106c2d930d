/**
 * 账期付款 on 确认订单 (docs/customers.md "Credit terms"): for one seller of the checkout, whether the
 * buyer orders on the credit term the seller gives it (its own or its head company's), with the days
 * and what is still available. Nothing shows for a seller without a term. The server decides again.
 */
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { yuan } from '../../../shared/domain/money';
import { supplierCreditQuery } from './queries';
import './customer.css';

export function CreditChoice({ sellerId, amountFen, checked, onChange }: { sellerId: number; amountFen: number; checked: boolean; onChange: (on: boolean) => void }) {
  const q = useQuery(supplierCreditQuery());
  const term = q.data?.find((t) => t.seller_company_id === sellerId);
  if (!term) return null;
  const fits = amountFen <= term.available_fen;
  const id = `credit-${sellerId}`;
  return (
    <div className="credit-choice" data-testid="credit-choice">
      <Checkbox inputId={id} checked={checked} onChange={(e) => onChange(!!e.checked)} disabled={!fits && !checked} />
      <label htmlFor={id}>
        <strong>账期付款</strong>（{term.days}天{term.via_head_name ? `，总公司 ${term.via_head_name} 的账期` : ''}）
        <small className="muted">可用额度 {yuan(term.available_fen)} / 账期额度 {yuan(term.limit_fen)}{term.overdue_fen > 0 ? `，已逾期 ${yuan(term.overdue_fen)}` : ''}</small>
        {!fits && <small className="credit-short" role="note">本单超出可用额度，请先付清账期订单或普通下单</small>}
      </label>
    </div>
  );
}
