import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import * as v from 'valibot';
import { vinSchema } from '../../../shared/contracts/vin';
import { msg } from '../../../shared/messages';
import { sessionStore } from '../../session/session-store';
import { vinQuotaQuery } from '../session/queries';
import './vin.css';

export type VinFlow = '/search/vin/detail' | '/search/newvin/detail' | '/search/parts/illustration';

/** What the company has left: shown beside the box so nobody is surprised by the limit. */
export function VinQuotaLine() {
  const companyId = sessionStore.user()?.company_id;
  const q = useQuery({ ...vinQuotaQuery(companyId ?? 0), enabled: companyId !== undefined });
  if (!q.data) return null;
  return <span className="muted" role="status">{q.data.available === null ? msg.vinQuotaUnlimited : msg.vinQuotaLeft(q.data.available)}</span>;
}

/** The 17-character VIN box; the same rules as the server, so a bad VIN never costs a request. */
/** `field`, `quota`: a second box on the same page (图解查询's) takes another name and leaves the quota line to the VIN tab. */
export function VinSearchBox({ to, initial, field = 'vin', quota = true }: { to: VinFlow; initial?: string; field?: string; quota?: boolean }) {
  const navigate = useNavigate();
  const [vin, setVin] = useState(initial ?? '');
  const [error, setError] = useState('');
  useEffect(() => {
    if (initial !== undefined) setVin(initial);
  }, [initial]);
  const submit = () => {
    const r = v.safeParse(vinSchema, vin);
    if (!r.success) {
      setError(r.issues[0].message);
      return;
    }
    setError('');
    void navigate({ to, search: { vin: r.output } });
  };
  return (
    <div>
      <div className="vin-box">
        <InputText name={field} aria-label="VIN码" value={vin} maxLength={24} placeholder="输入17位车架号（VIN），如 LFV2B2BU1L3012345"
          onChange={(e) => { setVin(e.target.value); setError(''); }} onKeyDown={(e) => { if (e.key === 'Enter') submit(); }} />
        <Button label="VIN查询" icon="pi pi-search" onClick={submit} />
      </div>
      <p style={{ margin: '0.4rem 0 0', display: 'flex', gap: '1rem', fontSize: '0.65rem' }}>
        {error ? <span role="alert" style={{ color: '#b91c1c' }}>{error}</span> : <span className="muted">不区分大小写，空格和短横线会被忽略；同一VIN当天重复查询不计次数</span>}
        {quota && <VinQuotaLine />}
      </p>
    </div>
  );
}
