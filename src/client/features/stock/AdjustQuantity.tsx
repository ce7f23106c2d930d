import { useState } from 'react';
import { MAX_DELTA } from '../../../shared/domain/stock';

/**
 * ± beside a quantity: type +3 or -2 and press Enter (or leave the field). It is sent as a delta,
 * so what two people (or an offline tablet) adjust at the same time both count.
 */
export function AdjustQuantity({ label, onAdjust, onInvalid }: { label: string; onAdjust: (delta: number) => Promise<unknown>; onInvalid: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const finish = () => {
    setOpen(false);
    const s = text.trim();
    if (s === '') return;
    if (!/^[+-]?\d{1,6}$/.test(s) || Number(s) === 0 || Math.abs(Number(s)) > MAX_DELTA) {
      onInvalid(`调整数量须为 +N 或 -N 的整数（如 +3、-2），且不为 0`);
      return;
    }
    void onAdjust(Number(s));
  };
  if (open) {
    return (
      <input className="cell-input cell-adjust" aria-label={`调整 ${label} 库存（+N 或 -N）`} placeholder="+3 / -2" autoFocus value={text}
        inputMode="numeric" onChange={(e) => setText(e.target.value)} onBlur={finish}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') { setText(''); setOpen(false); }
        }} />
    );
  }
  return (
    <button type="button" className="cell-adjust-btn" aria-label={`调整 ${label} 库存`} title="按增减调整库存（+N / -N）" onClick={() => { setText(''); setOpen(true); }}>±</button>
  );
}
