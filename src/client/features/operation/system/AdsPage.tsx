/**
 * 广告位 (/operation/ads, D08-01): the ads of every storefront slot (requirements 000-3) with image, link,
 * days (China, both included) and order; 投放中 marks the ones the storefront shows now. A change
 * shows on the storefront's next read of the slot.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import dayjs from 'dayjs';
import { type OpAd } from '../../../../shared/contracts';
import { AD_SLOTS } from '../../../../shared/domain/operation';
import { UploadButton } from '../../upload/UploadButton';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { adsListQuery } from './queries';
import { useDeleteAd, useSaveAd } from './mutations';
import '../operation.css';

const SLOT_OPTIONS = Object.entries(AD_SLOTS).map(([value, label]) => ({ value, label: `${value} · ${label}` }));

export function AdsPage() {
  const [code, setCode] = useState('');
  const q = useQuery(adsListQuery(code));
  const [editing, setEditing] = useState<OpAd | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const deleteAd = useDeleteAd();
  const remove = async (a: OpAd) => {
    if (!window.confirm(`删除 ${a.code} 的这条广告？`)) return;
    try {
      await deleteAd.mutateAsync(a.id);
      setStatus({ kind: 'ok', text: '广告已删除' });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  return (
    <section className="card">
      <div className="op-detail-head">
        <h2>广告位</h2>
        <div className="op-actions">
          <Dropdown value={code} options={[{ value: '', label: '全部广告位' }, ...SLOT_OPTIONS]} onChange={(e) => setCode(e.value as string)} aria-label="广告位" placeholder="全部广告位" />
          <Button label="新增广告" icon="pi pi-plus" onClick={() => setEditing('new')} />
        </div>
      </div>
      {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      {q.isError ? <p role="alert">{errorText(q.error)}</p> : !q.data ? <p aria-busy="true">正在加载…</p> : (
        <div className="op-table-wrap">
          <table className="op-table">
            <thead><tr><th>广告位</th><th>图片</th><th>链接</th><th>投放日期</th><th>排序</th><th>状态</th><th>操作</th></tr></thead>
            <tbody>
              {q.data.length === 0 && <tr><td colSpan={7} className="muted">这个广告位还没有广告。点“新增广告”上传图片并设置投放日期。</td></tr>}
              {q.data.map((a) => (
                <tr key={a.id} data-testid="ad-row">
                  <td><strong>{a.code}</strong><br /><small className="muted">{AD_SLOTS[a.code] ?? ''}</small></td>
                  <td><img src={a.images_url} alt={`${a.code} 广告图片`} style={{ maxHeight: '3rem', maxWidth: '8rem' }} /></td>
                  <td style={{ maxWidth: '10rem', wordBreak: 'break-all' }}>{a.click_url || '—'}</td>
                  <td>{a.start_day} 至 {a.end_day}</td>
                  <td>{a.sort}</td>
                  <td>{a.live ? <span className="op-tag">投放中</span> : <span className="muted">未投放</span>}</td>
                  <td><span className="op-actions">
                    <button type="button" className="linklike" onClick={() => setEditing(a)} aria-label={`编辑广告 ${a.id}`}>编辑</button>
                    <button type="button" className="linklike" onClick={() => void remove(a)} aria-label={`删除广告 ${a.id}`}>删除</button>
                  </span></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <AdDialog ad={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={() => { setEditing(null); setStatus({ kind: 'ok', text: '广告已保存，前台下次读取即显示' }); }} />}
    </section>
  );
}

function AdDialog({ ad, onHide, onSaved }: { ad: OpAd | null; onHide: () => void; onSaved: () => void }) {
  const today = dayjs().format('YYYY-MM-DD');
  const form = useForm({
    code: ad?.code ?? 'LB001', images_url: ad?.images_url ?? '', images_width: ad?.images_width ?? 0, click_url: ad?.click_url ?? '',
    start_day: ad?.start_day ?? today, end_day: ad?.end_day ?? dayjs().add(30, 'day').format('YYYY-MM-DD'), sort: ad?.sort ?? 0,
  });
  const { values, set, errors } = form;
  const saveAd = useSaveAd();
  const save = () => form.submit(saveAd, { id: ad?.id ?? 0, ...values }, onSaved);
  return (
    <Dialog header={ad ? `编辑广告（${ad.code}）` : '新增广告'} visible onHide={onHide} style={{ width: '40rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存广告" loading={form.busy} onClick={() => void save()} /></>}>
      <div className="op-form">
        <Field id="code" label="广告位" error={errors.code} required>
          <Dropdown inputId="code" value={values.code} options={SLOT_OPTIONS} onChange={(e) => set('code', e.value as string)} />
        </Field>
        <Field id="images_url" label="广告图片" error={errors.images_url} required>
          <div className="op-actions">
            {values.images_url && <img src={values.images_url} alt="广告图片预览" style={{ maxHeight: '3rem' }} />}
            <UploadButton label={values.images_url ? '更换图片' : '上传图片'} onUploaded={(url) => set('images_url', url)} onProblem={(t) => form.setErrors({ images_url: t })} />
          </div>
          <input id="images_url" type="hidden" value={values.images_url} />
        </Field>
        <Field id="click_url" label="点击链接" hint="http(s):// 网址或以 / 开头的站内地址，可留空" error={errors.click_url}>
          <InputText id="click_url" value={values.click_url} maxLength={300} onChange={(e) => set('click_url', e.target.value)} />
        </Field>
        <Field id="start_day" label="开始日期（含）" error={errors.start_day} required>
          <InputText id="start_day" type="date" value={values.start_day} onChange={(e) => set('start_day', e.target.value)} />
        </Field>
        <Field id="end_day" label="结束日期（含）" error={errors.end_day} required>
          <InputText id="end_day" type="date" value={values.end_day} onChange={(e) => set('end_day', e.target.value)} />
        </Field>
        <Field id="sort" label="排序（小的在前）" error={errors.sort}>
          <InputText id="sort" inputMode="numeric" value={String(values.sort)} onChange={(e) => set('sort', Number(e.target.value.replace(/\D/g, '') || 0))} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
