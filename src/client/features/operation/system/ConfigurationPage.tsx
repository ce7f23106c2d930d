/**
 * 系统参数 (/operation/system/configuration, D11-01): every parameter of requirements 000-3 with its rule
 * (shared/domain/system-params.ts, the server's too); images are uploaded through fileUpload
 * first. Each parameter saves on its own, and a refusal stays beside it with what was typed.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { checkParam, PARAM_BY_KEY, type ParamDef } from '../../../../shared/domain/system-params';
import { UploadButton } from '../../upload/UploadButton';
import { errorText } from '../../../ui/form/form';
import { configListQuery } from '../queries';
import { useSetConfig } from './mutations';
import '../operation.css';

const KIND_HINT: Record<ParamDef['kind'], string> = {
  text: '文字', longtext: '文字', url: '网址（http:// 或 https:// 开头，或站内 / 开头）', image: 'JPG/PNG 图片（先上传）',
  json: 'JSON 对象', company_ids: '企业ID，英文逗号分隔', phone: '电话号码', switch: '开关：1 开启，0 关闭',
};

export function ConfigurationPage() {
  const q = useQuery(configListQuery());
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  return (
    <section className="card">
      <h2 style={{ marginTop: 0 }}>系统参数</h2>
      <p className="muted">每项单独保存，修改记入操作日志；前台在下次读取参数时生效（最长10分钟）。首页公告在“公告与短信模板”中修改。</p>
      {!q.data ? <p aria-busy="true">正在加载…</p> : q.data.map((p) => {
        const def = PARAM_BY_KEY.get(p.key);
        return def ? <ParamRow key={p.key} def={def} stored={p.value} /> : null;
      })}
    </section>
  );
}

function ParamRow({ def, stored }: { def: ParamDef; stored: string }) {
  const setConfig = useSetConfig();
  const [value, setValue] = useState(stored);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = `param-${def.key}`;
  const save = async () => {
    const checked = checkParam(def, value);
    if (!checked.ok) return setError(checked.message);
    setBusy(true);
    try {
      const r = await setConfig.mutateAsync({ key: def.key, value });
      setValue(r.value);
      setSaved(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const change = (v: string) => { setValue(v); setError(''); setSaved(false); };
  return (
    <div className="op-param" data-testid={id}>
      <label htmlFor={id}><strong>{def.label}</strong><br /><small className="muted">{def.key} · {KIND_HINT[def.kind]}</small></label>
      <div>
        {def.kind === 'switch'
          ? <Dropdown inputId={id} value={value} options={[{ label: '开启', value: '1' }, { label: '关闭', value: '0' }]} onChange={(e) => change(String(e.value))} style={{ width: '100%' }} />
          : def.kind === 'json' || def.kind === 'longtext'
          ? <InputTextarea id={id} value={value} rows={def.kind === 'json' ? 3 : 2} maxLength={def.max} onChange={(e) => change(e.target.value)} />
          : <InputText id={id} value={value} maxLength={def.max} onChange={(e) => change(e.target.value)} />}
        {def.kind === 'image' && (
          <div className="op-actions" style={{ marginTop: '0.4rem' }}>
            {value && <img src={value} alt={def.label} />}
            <UploadButton label="上传图片" onUploaded={change} onProblem={setError} />
            {value && def.emptyMeans && <Button type="button" label="清除" text onClick={() => change('')} />}
          </div>
        )}
        {error ? <div className="field-error" role="alert">{error}</div>
          : <small className="muted">{saved ? '已保存' : def.emptyMeans ? `留空：${def.emptyMeans}` : '必填'}</small>}
      </div>
      <Button type="button" label="保存" aria-label={`保存 ${def.label}`} loading={busy} disabled={value === stored && !error} onClick={() => void save()} />
    </div>
  );
}
