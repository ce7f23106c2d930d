import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { msg } from '../../shared/messages';
import { registerServiceWorker, type ApplyUpdate } from './register';

/** Offers a new version when the service worker has one waiting. */
export function UpdatePrompt() {
  const [apply, setApply] = useState<ApplyUpdate | null>(null);
  useEffect(() => registerServiceWorker((a) => setApply(() => a)), []);
  if (!apply) return null;
  return (
    <div role="status" className="card" style={{ position: 'fixed', right: '1rem', top: '1rem', zIndex: 80, display: 'flex', gap: '0.6rem', alignItems: 'center' }}>
      <span>{msg.updateAvailable}</span>
      <Button size="small" label={msg.updateNow} onClick={apply} />
      <Button size="small" text label={msg.later} onClick={() => setApply(null)} />
    </div>
  );
}
