import { useState } from 'react';
import { inlineEdit, type StockPriceField } from '../../../shared/domain/stock';

/**
 * A price or quantity cell edited in place (requirements 001-4): click to edit; on leaving the field (or
 * Enter) it saves only if the value is a number of at least 0 and changed, otherwise it goes back
 * to what it was (an invalid value also says why). Escape goes back without saving.
 */
export function EditableNumber({ field, value, display, toText, label, locked, onSave, onInvalid }: {
  field: StockPriceField | 'quantity';
  value: number | null;
  display: string;
  /** the value as the person types it (yuan for prices) */
  toText: (v: number | null) => string;
  label: string;
  locked?: boolean;
  onSave: (value: number) => Promise<unknown>;
  onInvalid: (message: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);

  if (locked) {
    return <span className="cell-locked" title="价格已锁定，解锁后可修改"><i className="pi pi-lock" aria-hidden /> {display || '—'}</span>;
  }
  const finish = async () => {
    setEditing(false);
    const outcome = inlineEdit(field, text, value);
    if (!outcome.save) {
      if (outcome.reason === 'invalid') onInvalid(outcome.message);
      return;
    }
    setSaving(true);
    try {
      await onSave(outcome.value);
    } finally {
      setSaving(false);
    }
  };
  if (editing) {
    return (
      <input className="cell-input" aria-label={label} inputMode={field === 'quantity' || field === 'vn_price' ? 'numeric' : 'decimal'} autoFocus value={text}
        onFocus={(e) => e.currentTarget.select()} onChange={(e) => setText(e.target.value)}
        onBlur={() => void finish()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') { setText(toText(value)); setEditing(false); }
        }} />
    );
  }
  return (
    // the name holds the number on the button (WCAG 2.5.3, label in name): 修改 <OE> 批发价(不含税) 37.58
    <button type="button" className="cell-edit" aria-label={`修改 ${label} ${display || '—'}`} aria-busy={saving} disabled={saving}
      onClick={() => { setText(toText(value)); setEditing(true); }}>
      {saving ? <i className="pi pi-spin pi-spinner" aria-hidden /> : display || '—'}
    </button>
  );
}
