/**
 * 总公司 / 分公司 on a shop page (fourth part): the head company and branches operators
 * linked (总分公司), each a link to its own shop. Nothing shows for a company without either.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CompanyRef } from '../../../shared/contracts';
import { relationQuery } from './queries';

export function ShopRelation({ id, mobile }: { id: number; mobile: boolean }) {
  const q = useQuery(relationQuery(id));
  if (!q.data || (!q.data.head && q.data.branches.length === 0)) return null;
  const to = (c: CompanyRef) => (mobile
    ? <Link to="/company/m/$id" params={{ id: String(c.id) }}>{c.name}</Link>
    : <Link to="/company/$id" params={{ id: String(c.id) }}>{c.name}</Link>);
  return (
    <>
      {q.data.head && <div data-testid="shop-head-company"><dt>总公司</dt><dd>{to(q.data.head)}</dd></div>}
      {q.data.branches.length > 0 && (
        <div data-testid="shop-branches"><dt>分公司</dt><dd>{q.data.branches.map((b, i) => <span key={b.id}>{i > 0 && '、'}{to(b)}</span>)}</dd></div>
      )}
    </>
  );
}
