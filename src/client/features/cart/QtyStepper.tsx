import { useEffect, useState } from 'react';
import { cartText } from '../../../shared/contracts';
import { CART_MAX_QTY } from '../../../shared/domain/cart';
import { useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';

/**
 * 数量: − / typed value / +. A typed value is committed on Enter or leaving the field; a value that is
 * not a whole number from 1 to the stock says so and goes back. The server checks again.
 */
export function QtyStepper({ value, max, disabled, onCommit, label }: { value: number; max: number; disabled?: boolean; onCommit: (qty: number) => void; label: string }) {
  const t = useT();
  const limit = Math.max(1, Math.min(max, CART_MAX_QTY));
  const [text, setText] = useState(String(value));
  const [error, setError] = useState('');
  useEffect(() => setText(String(value)), [value]);
  const commit = (raw: string) => {
    const typed = raw.trim();
    const n = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    if (!Number.isInteger(n) || n < 1) {
      setError(cartText.qty);
      setText(String(value));
    } else if (n > limit) {
      setError(cartText.notEnough(max, 0));
      setText(String(value));
    } else {
      setError('');
      if (n !== value) onCommit(n);
    }
  };
  return (
    <span>
      <span className="qty-stepper">
        <button type="button" aria-label={t('减少 {{label}}', { label })} disabled={disabled || value <= 1} onClick={() => onCommit(value - 1)}>−</button>
        <input aria-label={t('数量 {{label}}', { label })} inputMode="numeric" value={text} disabled={disabled}
          onChange={(e) => setText(e.target.value)} onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') commit((e.target as HTMLInputElement).value); }} />
        <button type="button" aria-label={t('增加 {{label}}', { label })} disabled={disabled || value >= limit} onClick={() => onCommit(value + 1)}>+</button>
      </span>
      {error && <small className="qty-error" role="alert"><Refusal text={error} /></small>}
    </span>
  );
}
