/** The shop's trust mark (docs/money.md#cash-pledges): 已缴保证金 ¥…, shown only while the seller holds a pledge. */
import { useQuery } from '@tanstack/react-query';
import { cashPledgeText } from '../../../shared/contracts/cash-pledge';
import { pledgeMarkQuery } from './queries';
import './cash-pledge.css';

export function PledgeMark({ companyId }: { companyId: number }) {
  const q = useQuery(pledgeMarkQuery(companyId));
  const fen = q.data?.held_fen ?? 0;
  if (fen <= 0) return null;
  return (
    <span className="pledge-mark" title="该卖家已向平台缴纳保证金，售后纠纷经平台裁定可从中赔付" data-testid="pledge-mark">
      <i className="pi pi-shield" aria-hidden="true" /> {cashPledgeText.mark(fen)}
    </span>
  );
}
