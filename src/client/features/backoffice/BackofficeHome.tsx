import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { levelQuery } from '../session/queries';
import { MembershipCard } from '../home/MembershipCard';
import { QuotaView } from '../membership/QuotaView';

/** Back-office home: the company's level (with upgrade or renewal) and its quotas, from the server. */
export function BackofficeHome() {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const level = useQuery(levelQuery(user.company_id));
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <div className="card"><MembershipCard name={user.user_name} company={user.company_name} level={level.data ?? undefined} /></div>
      <QuotaView companyId={user.company_id} />
    </div>
  );
}
