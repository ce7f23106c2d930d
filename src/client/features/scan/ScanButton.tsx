/**
 * 扫码 beside an OE box (search, stock editing, enquiry lines): opens the camera (the back one on
 * phones and tablets), reads the first Code 128, EAN-13 or QR code it sees, and hands the text to
 * the box normalised with the shared OE rule — the box then shows it for editing before anything is
 * searched or saved. No camera, or permission refused: a Chinese message, and the typed box works.
 * The dialog (PrimeReact's Dialog and the reader) loads when the button is pressed, not with the
 * page that shows the button (the phone search page paints without them).
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../i18n/lang';
import './scan.css';

const ScanDialog = lazy(() => import('./ScanDialog').then((m) => ({ default: m.ScanDialog })));

/** `raw`: the text as read (a shelf label's 库位码 keeps its dashes), not normalised as an OE number; `title`: the dialog's. */
export function ScanButton({ onScan, label: given, raw = false, title }: { onScan: (oe: string) => void; label?: string; raw?: boolean; title?: string }) {
  const t = useT();
  const label = given ?? t('扫码输入OE号');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" icon="pi pi-qrcode" outlined aria-label={label} title={label} className="scan-button" onClick={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <ScanDialog title={title} raw={raw} onHide={() => setOpen(false)} onScan={(oe) => { setOpen(false); onScan(oe); }} />
        </Suspense>
      )}
    </>
  );
}
