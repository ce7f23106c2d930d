/**
 * 系统公告 (/operation/system/notice, D11-02): the announcement the storefront shows under the
 * search box (system_announcement); empty shows none.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { ANNOUNCEMENT } from '../../../../shared/domain/system-params';
import { errorText } from '../../../ui/form/form';
import { configQuery } from '../../system/queries';
import { useSetNotice } from './mutations';
import '../operation.css';

export function NoticePage() {
  const setNotice = useSetNotice();
  const q = useQuery({ ...configQuery([ANNOUNCEMENT.key]), staleTime: 0 });
  const stored = q.data?.[ANNOUNCEMENT.key] ?? '';
  const [text, setText] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(null), [stored]);
  const value = text ?? stored;
  const save = async () => {
    if (value.trim().length > ANNOUNCEMENT.max) return setStatus({ kind: 'error', text: `公告最多${ANNOUNCEMENT.max}个字符` });
    setBusy(true);
    try {
      await setNotice.mutateAsync(value);
      setStatus({ kind: 'ok', text: value.trim() ? '公告已发布，前台搜索页下方显示' : '公告已清空，前台不再显示' });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card">
      <h2 style={{ marginTop: 0 }}>系统公告</h2>
      <label htmlFor="announcement">首页公告（显示在前台搜索框下方，留空则不显示）</label>
      <InputTextarea id="announcement" value={value} rows={4} maxLength={ANNOUNCEMENT.max + 50} style={{ width: '100%' }}
        onChange={(e) => { setText(e.target.value); setStatus(null); }} disabled={q.isLoading} />
      <div className="op-actions">
        <small className="muted">{value.trim().length} / {ANNOUNCEMENT.max}</small>
        <Button type="button" label="发布公告" icon="pi pi-megaphone" loading={busy} onClick={() => void save()} />
      </div>
      {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
    </section>
  );
}
