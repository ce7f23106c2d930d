import { useRef, useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { errorText } from '../../ui/form/form';

/**
 * An operator's batch action that needs a reason (停用企业, 平台下架): the reason is required (at
 * least 2 characters, at most 200), the call runs once for every chosen row under one
 * Idempotency-Key (a press twice changes nothing twice), and a refusal stays in the dialog with
 * what was typed. `submit` answers how many rows changed.
 */
export function ReasonDialog({ id, header, action, confirmLabel, intro, submit, onHide, onDone }: {
  /** the textarea's id */
  id: string;
  header: string;
  /** the action's name, as in 请填写<action>原因 */
  action: string;
  confirmLabel: string;
  intro: ReactNode;
  submit: (reason: string, idempotencyKey: string) => Promise<number>;
  onHide: () => void;
  onDone: (changed: number) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const run = async () => {
    if (reason.trim().length < 2) return setError(`请填写${action}原因（至少2个字符）`);
    setBusy(true);
    try {
      onDone(await submit(reason.trim(), key.current));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={header} visible onHide={onHide} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label={confirmLabel} severity="danger" loading={busy} onClick={() => void run()} /></>}>
      <p className="muted" style={{ marginTop: 0 }}>{intro}</p>
      <label htmlFor={id}>{action}原因</label>
      <InputTextarea id={id} value={reason} onChange={(e) => { setReason(e.target.value); setError(''); }} rows={3} maxLength={200} style={{ width: '100%' }} />
      {error && <div className="field-error" role="alert">{error}</div>}
    </Dialog>
  );
}
