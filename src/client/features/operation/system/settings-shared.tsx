/**
 * What the 汽配城, 汽配联盟, 包邮城市 and 公共页面 pages share (docs/platform-settings.md): the status
 * line over the list, the 启用 / 停用 cell and the province choices.
 */
import { useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { PROVINCE_NAMES } from '../../../../shared/domain/platform-settings';
import { errorText } from '../../../ui/form/form';

export const PROVINCE_OPTIONS = PROVINCE_NAMES.map((p) => ({ label: p, value: p }));
export const ENABLED_FILTER = { name: 'enabled', label: '状态', type: 'select' as const, options: [{ label: '启用', value: 'true' }, { label: '停用', value: 'false' }] };

export const enabledCell = (enabled: boolean) => (enabled ? '启用' : <span className="op-tag danger">停用</span>);

/** The page's last outcome, and a runner that reports a toggle's success or refusal there. */
export function useStatus() {
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setStatus({ kind: 'ok', text: done });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    }
  };
  const line = status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>;
  return { run, line, ok: (text: string) => setStatus({ kind: 'ok', text }) };
}

export function ProvincePicker({ id, value, onChange, invalid }: { id: string; value: string; onChange: (v: string) => void; invalid?: boolean }) {
  return <Dropdown inputId={id} value={value} options={PROVINCE_OPTIONS} filter placeholder="选择省份" onChange={(e) => onChange(e.value as string)} invalid={invalid} style={{ width: '100%' }} />;
}
