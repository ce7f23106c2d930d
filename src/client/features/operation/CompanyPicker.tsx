import { useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { fetchCompanyMatches } from './queries';

export interface PickedCompany { id: number; name: string; short_name: string; suspended: boolean }

/** Finds a company by name, short name or ID (the company list call) for the operator's forms. */
export function CompanyPicker({ inputId, value, onChange, invalid, placeholder }: {
  inputId: string; value: PickedCompany | null; onChange: (c: PickedCompany | null) => void; invalid?: boolean; placeholder?: string;
}) {
  const [options, setOptions] = useState<PickedCompany[]>([]);
  const [text, setText] = useState<string | PickedCompany>(value ?? '');
  const search = async (k: string) => {
    try {
      const r = await fetchCompanyMatches(k);
      setOptions(r.data.map((c) => ({ id: c.id, name: c.name, short_name: c.short_name, suspended: c.suspended })));
    } catch {
      setOptions([]);
    }
  };
  return (
    <AutoComplete inputId={inputId} value={text} suggestions={options} field="name" placeholder={placeholder ?? '企业名称、简称或ID'} invalid={invalid}
      itemTemplate={(c: PickedCompany) => <span>{c.name} <small className="muted">ID {c.id}{c.suspended ? ' · 已停用' : ''}</small></span>}
      completeMethod={(e) => void search(e.query)}
      onChange={(e) => {
        setText(e.value as string | PickedCompany);
        onChange(typeof e.value === 'object' && e.value ? (e.value as PickedCompany) : null);
      }} />
  );
}
