import { useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { request } from '../../api/request';
import { errorText } from '../account/form';

/**
 * 停用企业: the reason is required (it is logged and shown to the company's users' support
 * calls); one call for every chosen company, so either all are suspended or none.
 */
export function SuspendDialog({ companies, onHide, onDone }: { companies: Array<{ id: number; name: string }>; onHide: () => void; onDone: (changed: number) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const submit = async () => {
    if (reason.trim().length < 2) return setError('请填写停用原因（至少2个字符）');
    setBusy(true);
    try {
      const r = await request('post', 'opCompanySuspend', { ids: companies.map((c) => c.id), reason: reason.trim() }, undefined, { silent: true, idempotencyKey: key.current });
      onDone(r.changed);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={`停用企业（${companies.length}家）`} visible onHide={onHide} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="确认停用" severity="danger" loading={busy} onClick={() => void submit()} /></>}>
      <p className="muted" style={{ marginTop: 0 }}>
        {companies.slice(0, 5).map((c) => c.name).join('、')}{companies.length > 5 ? ` 等${companies.length}家` : ''}。
        停用后其所有用户立即下线且不能登录，在售库存立即从搜索中下架；恢复后重新上架。
      </p>
      <label htmlFor="suspend-reason">停用原因</label>
      <InputTextarea id="suspend-reason" value={reason} onChange={(e) => { setReason(e.target.value); setError(''); }} rows={3} maxLength={200} style={{ width: '100%' }} />
      {error && <div className="field-error" role="alert">{error}</div>}
    </Dialog>
  );
}
