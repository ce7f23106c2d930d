import { useQuery } from '@tanstack/react-query';
import { employeeQuotaQuery, stockQuotaQuery, vinQuotaQuery } from '../session/queries';
import { formatChina } from '../../../shared/domain/china-time';
import { membershipMsg as m } from '../../../shared/messages';
import './membership.css';

const Stat = ({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) => (
  <div className="card" data-testid={testId}>
    <div className="muted">{label}</div>
    <div className="quota-value">{value}</div>
    {hint && <div className="muted" style={{ fontSize: '0.65rem' }}>{hint}</div>}
  </div>
);

/** The company's quotas as the server counts them: employees, today's stock queries, VIN decodes. */
export function QuotaView({ companyId }: { companyId: number }) {
  const stock = useQuery(stockQuotaQuery(companyId));
  const vin = useQuery(vinQuotaQuery(companyId));
  const staff = useQuery(employeeQuotaQuery(companyId));
  const v = vin.data;
  return (
    <section aria-label={m.quotaTitle} className="quota-grid">
      <Stat testId="quota-employees" label={m.employees} value={staff.data ? `${staff.data.have} / ${staff.data.limit}` : '…'} hint="已有 / 上限" />
      <Stat testId="quota-stock" label={m.stockQueries}
        value={stock.data ? `${stock.data.used} / ${stock.data.unlimited ? m.unlimited : stock.data.total_per_day}` : '…'} hint="已用 / 每日上限（按北京时间每日重置）" />
      <Stat testId="quota-vin" label={m.vinDecodes} value={v ? (v.available === null ? m.vinUnlimited : m.vinLeft(v.available)) : '…'}
        hint={v ? (v.available === null ? `包时段，至 ${formatChina(v.end_date, 'YYYY-MM-DD')}` : `已用 ${v.used} / 共 ${v.sum_qty} 次`) : undefined} />
    </section>
  );
}
