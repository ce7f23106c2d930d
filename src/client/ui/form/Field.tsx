import type { ReactNode } from 'react';

/** A labelled form field with its rule hint and its refusal, if any. */
export function Field({ id, label, hint, error, required, children }: { id: string; label: string; hint?: string; error?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{required && <span className="req">*</span>}{label}</label>
      {children}
      {error ? <div className="field-error" role="alert" id={`${id}-error`}>{error}</div> : hint && <div className="hint">{hint}</div>}
    </div>
  );
}
