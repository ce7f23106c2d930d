import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import dayjs from 'dayjs';
import { msg } from '../../shared/messages';
import { flushOutbox, outbox as defaultOutbox, type Outbox } from '../local/outbox';
import type { OutboxRow } from '../local/db';
import { useT } from '../i18n/lang';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** How long 在线 stays on screen after the connection comes back. */
export const BACK_ONLINE_MS = 4000;

export const writeLabel = (name: string) => msg.writeLabels[name] ?? name;

/**
 * Offline, or back online for a moment, and how many of the signed-in user's writes wait to be sent and how many the
 * server refused; the latter opens the list of refused writes, to retry or discard each.
 */
export function NetworkStatus({ userUuid, box = defaultOutbox }: { userUuid?: string; box?: Outbox }) {
  const t = useT();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const [pending, setPending] = useState(0);
  const [failed, setFailed] = useState<OutboxRow[]>([]);
  const [open, setOpen] = useState(false);
  // 在线 is shown for a few seconds after the connection comes back, not all the time: a permanent
  // pill is noise, and at 1024×768 it covered the back office's side menu
  const [justBack, setJustBack] = useState(false);
  const wasOnline = useRef(online);
  useEffect(() => {
    const back = online && !wasOnline.current;
    wasOnline.current = online;
    if (!back) return;
    setJustBack(true);
    const t = setTimeout(() => setJustBack(false), BACK_ONLINE_MS);
    return () => clearTimeout(t);
  }, [online]);
  const idle = online && !justBack && pending === 0 && failed.length === 0;
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
      <div className={`net-status${online ? '' : ' offline'}${idle ? ' idle' : ''}`} role="status" aria-live="polite">
        <i className={`pi ${online ? 'pi-wifi' : 'pi-ban'}`} /> {online ? t(msg.online) : t(msg.offline)}
        {pending > 0 && <> · {t('{{n}} 条待同步', { n: pending })}</>}
        {failed.length > 0 && (
          <> · <button type="button" className="linklike net-status-failed" onClick={() => setOpen(true)}>{t('{{n}} 条同步失败', { n: failed.length })}</button></>
        )}
      </div>
      <Dialog header={t(msg.failedWritesTitle)} visible={open} onHide={() => setOpen(false)} style={{ width: '28rem', maxWidth: '95vw' }} modal>
        {failed.length === 0 ? <p className="muted">{t(msg.failedWritesNone)}</p> : (
          <ul className="failed-writes" aria-label={t(msg.failedWritesTitle)}>
            {failed.map((w) => (
              <li key={w.seq}>
                <div>
                  <strong>{writeLabel(w.name)}</strong>
                  <span className="muted"> {t('提交于 {{when}}', { when: dayjs(w.createdAt).format('YYYY-MM-DD HH:mm') })}</span>
                </div>
                {w.lastError && <div className="failed-write-error">{w.lastError}</div>}
                <div className="failed-write-actions">
                  <Button type="button" size="small" label={t(msg.retry)} icon="pi pi-refresh" onClick={() => void retry(w.seq!)} />
                  <Button type="button" size="small" label={t(msg.discard)} icon="pi pi-trash" severity="secondary" outlined onClick={() => void box.discard(w.seq!)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
