/**
 * Today's quotes where the seller quotes (docs/money.md#paid-services): used today, the level's free
 * ones left and the bought ones left, with the way to 报价包 once the free ones are used.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { quoteStandingText } from '../../../shared/domain/quote-quota';
import { quoteAllowanceQuery } from './queries';

export function QuoteAllowance() {
  const q = useQuery(quoteAllowanceQuery());
  if (!q.data) return null;
  const s = q.data;
  return (
    <p className={s.next === 'none' ? 'field-error' : 'muted'} data-testid="quote-allowance" role="status">
      {quoteStandingText(s)}
      {s.free_left !== null && s.free_left < 1 && <>{s.next === 'none' ? '，今日不能再报新价' : '，新报价使用已购次数'}；<Link to="/backend/accounting/service">购买报价包</Link></>}
    </p>
  );
}
