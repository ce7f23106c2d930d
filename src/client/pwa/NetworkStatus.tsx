import { useEffect, useState, useSyncExternalStore } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import dayjs from 'dayjs';
import { msg } from '../../shared/messages';
import { flushOutbox, outbox as defaultOutbox, type Outbox } from '../local/outbox';
import type { OutboxRow } from '../local/db';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

export const writeLabel = (name: string) => msg.writeLabels[name] ?? name;

/**
 * Online or offline, how many of the signed-in user's writes wait to be sent and how many the
 * server refused; the latter opens the list of refused writes, to retry or discard each.
 */
export function NetworkStatus({ userUuid, box = defaultOutbox }: { userUuid?: string; box?: Outbox }) {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const [pending, setPending] = useState(0);
  const [failed, setFailed] = useState<OutboxRow[]>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!userUuid) return;
    const count = box.pendingCount$(userUuid).subscribe({ next: setPending, error: () => setPending(0) });
    const list = box.failed$(userUuid).subscribe({ next: setFailed, error: () => setFailed([]) });
    return () => {
      count.unsubscribe();
      list.unsubscribe();
    };
  }, [userUuid, box]);
  const retry = async (seq: number) => {
    await box.retry(seq);
    flushOutbox();
  };
  return (
    <>
      <div className={`net-status ${online ? '' : 'offline'}`} role="status" aria-live="polite">
        <i className={`pi ${online ? 'pi-wifi' : 'pi-ban'}`} /> {online ? msg.online : msg.offline}
        {pending > 0 && <> · {msg.pendingWrites(pending)}</>}
        {failed.length > 0 && (
          <> · <button type="button" className="linklike net-status-failed" onClick={() => setOpen(true)}>{msg.failedWrites(failed.length)}</button></>
        )}
      </div>
      <Dialog header={msg.failedWritesTitle} visible={open} onHide={() => setOpen(false)} style={{ width: '28rem', maxWidth: '95vw' }} modal>
        {failed.length === 0 ? <p className="muted">{msg.failedWritesNone}</p> : (
          <ul className="failed-writes" aria-label={msg.failedWritesTitle}>
            {failed.map((w) => (
              <li key={w.seq}>
                <div>
                  <strong>{writeLabel(w.name)}</strong>
                  <span className="muted"> {msg.failedWriteTime(dayjs(w.createdAt).format('YYYY-MM-DD HH:mm'))}</span>
                </div>
                {w.lastError && <div className="failed-write-error">{w.lastError}</div>}
                <div className="failed-write-actions">
                  <Button type="button" size="small" label={msg.retry} icon="pi pi-refresh" onClick={() => void retry(w.seq!)} />
                  <Button type="button" size="small" label={msg.discard} icon="pi pi-trash" severity="secondary" outlined onClick={() => void box.discard(w.seq!)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
