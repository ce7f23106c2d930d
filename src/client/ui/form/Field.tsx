import type { ReactNode } from 'react';
import { Refusal } from '../../i18n/Refusal';
import './form.css';

/**
 * A labelled form field (docs/architecture.md, "Forms"): the label above, the input, then its
 * refusal in red (`<id>-error`, the input's aria-describedby) or else its rule hint. `id` is the
 * input's (form.idOf(name)); `wide` spans the form's grid. The refusal is shown in the page's
 * language (docs/i18n.md, "Refusals").
 */
export function Field({ id, label, hint, error, required, wide, children }: { id: string; label: ReactNode; hint?: ReactNode; error?: string; required?: boolean; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`field form-field${wide ? ' wide' : ''}`}>
      <label htmlFor={id}>{required && <span className="req">*</span>}{label}</label>
      {children}
      {error ? <div className="field-error" role="alert" id={`${id}-error`}><Refusal text={error} /></div> : hint && <div className="hint">{hint}</div>}
    </div>
  );
}
