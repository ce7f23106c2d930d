/**
 * 所在汽配城 on 企业信息 (docs/platform-settings.md#autoparts-markets): the company says which of the
 * platform's enabled 汽配城 it is in, or none; its shop page shows it. The owner or a holder of M07
 * changes it (the server decides: `editable`); everyone else reads it.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Field } from '../../ui/form/Field';
import { errorText } from '../../ui/form/form';
import { myAutopartsCityQuery } from './queries';
import { useSaveMyAutopartsCity } from './mutations';

export function AutopartsCityCard() {
  const q = useQuery(myAutopartsCityQuery());
  const save = useSaveMyAutopartsCity();
  const [picked, setPicked] = useState<number | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  if (!q.data) return null;
  const { options, editable } = q.data;
  const current = picked ?? q.data.autoparts_city_id;
  const choices = [{ label: '不在汽配城', value: 0 }, ...options.map((o) => ({ label: `${o.name}（${o.province}${o.city}）`, value: o.id }))];
  const submit = async () => {
    setNote(null);
    try {
      await save.mutateAsync({ payload: { autoparts_city_id: current }, idempotencyKey: crypto.randomUUID() });
      setNote({ ok: true, text: current ? '所在汽配城已保存，店铺页会显示它' : '已设为不在汽配城' });
    } catch (e) {
      setNote({ ok: false, text: errorText(e) });
    }
  };
  return (
    <section className="settings-page card" aria-label="所在汽配城" style={{ marginTop: '1rem' }}>
      <h2>所在汽配城</h2>
      {options.length === 0 && current === 0 ? (
        <p className="hint">平台还没有设置汽配城；设置后可以在这里选择贵公司所在的汽配城。</p>
      ) : (
        <div className="settings-grid">
          <Field id="autoparts_city_id" label="汽配城" hint="买家在店铺页看到贵公司所在的汽配城">
            <Dropdown inputId="autoparts_city_id" value={current} options={choices} filter disabled={!editable} onChange={(e) => setPicked(e.value as number)} />
          </Field>
          {editable && <div><Button type="button" label="保存汽配城" loading={save.isPending} onClick={() => void submit()} /></div>}
        </div>
      )}
      {note && <p className={note.ok ? 'account-ok' : 'form-error'} role={note.ok ? 'status' : 'alert'}>{note.text}</p>}
    </section>
  );
}
