/** The camera dialog of ScanButton (loaded when 扫码 is pressed). */
import { useEffect, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { normalizeOe } from '../../../shared/domain/oe';
import { cameraProblem, getDetector } from './scanner';
import './scan.css';

const SCAN_EVERY_MS = 150;

export function ScanDialog({ onHide, onScan, title = '扫码输入OE号', raw = false }: { onHide: () => void; onScan: (oe: string) => void; title?: string; raw?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState('');
  const [state, setState] = useState<'starting' | 'scanning'>('starting');
  const done = useRef(onScan);
  done.current = onScan;
  const asRead = useRef(raw);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no camera'), { name: 'NoCamera' });
        const [s, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
          getDetector(),
        ]);
        stream = s;
        if (stopped) return;
        const el = video.current!;
        el.srcObject = s;
        await el.play();
        setState('scanning');
        const tick = async () => {
          if (stopped) return;
          if (el.readyState >= 2) {
            const found = await detector.detect(el).catch(() => []);
            const text = found.map((b) => b.rawValue.trim()).find((t) => t !== '');
            if (text && !stopped) return done.current(asRead.current ? text : normalizeOe(text) || text);
          }
          timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
        };
        void tick();
      } catch (e) {
        if (!stopped) setProblem(cameraProblem(e));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Dialog header={title} visible modal onHide={onHide} style={{ width: 'min(32rem, 96vw)' }}>
      {problem ? (
        <p className="field-error" role="alert">{problem}</p>
      ) : (
        <div className="scan-view">
          <video ref={video} muted playsInline aria-label="摄像头画面" />
          <p className="muted" role="status">{state === 'starting' ? '正在打开摄像头…' : '把配件标签上的条码或二维码对准框内'}</p>
        </div>
      )}
    </Dialog>
  );
}
