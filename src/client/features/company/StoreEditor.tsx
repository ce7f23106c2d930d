import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { SHOP_LIMITS, type Decoration } from '../../../shared/contracts';
import { shopMsg } from '../../../shared/messages';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { decorationQuery, productsQuery } from './queries';
import { useSaveDecoration } from './mutations';
import { UploadButton } from '../upload/UploadButton';
import './company.css';

interface Media { url: string; title: string }
interface Picked { id: number; name: string; supplier_oe: string }
type Form = { banner_url: string; intro: string; factory_desc: string; photos: Media[]; videos: Media[]; featured: Picked[] };
type Errors = Record<string, string>;

const fromDecoration = (d: Decoration): Form => ({
  banner_url: d.banner_url, intro: d.intro, factory_desc: d.factory_desc,
  photos: d.photos.map((p) => ({ ...p })), videos: d.videos.map((x) => ({ ...x })),
  featured: d.featured.map((r) => ({ id: r.id, name: r.name, supplier_oe: r.supplier_oe })),
});

const payloadOf = (f: Form) => ({
  banner_url: f.banner_url, intro: f.intro, factory_desc: f.factory_desc, photos: f.photos, videos: f.videos,
  featured_stock_ids: f.featured.map((r) => r.id),
});

/** A message under its row's field (the payload's name, `videos.0.url`), in red. */
const FieldError = ({ errors, field, id }: { errors: Errors; field: string; id: string }) =>
  errors[field] ? <p className="form-error" role="alert" id={`${id}-error`}>{errors[field]}</p> : null;

function MediaRows({ kind, rows, errors, idOf, onChange, onProblem }: {
  kind: 'photos' | 'videos'; rows: Media[]; errors: Errors; idOf: (field: string) => string; onChange: (rows: Media[]) => void; onProblem: (field: string, text: string) => void;
}) {
  const photo = kind === 'photos';
  const max = photo ? SHOP_LIMITS.photos : SHOP_LIMITS.videos;
  const set = (i: number, patch: Partial<Media>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const input = (i: number, part: 'url' | 'title') => {
    const field = `${kind}.${i}.${part}`;
    return { id: idOf(field), invalid: !!errors[field], 'aria-invalid': !!errors[field] || undefined, 'aria-describedby': errors[field] ? `${idOf(field)}-error` : undefined };
  };
  return (
    <div id={idOf(kind)} tabIndex={-1}>
      {rows.map((r, i) => (
        <div className="store-row" key={i}>
          <InputText {...input(i, 'url')} value={r.url} onChange={(e) => set(i, { url: e.target.value })} placeholder={photo ? '图片地址：https://… 或 /…' : '视频地址：https://…'}
            aria-label={`${photo ? '照片' : '视频'}${i + 1}地址`} />
          <InputText {...input(i, 'title')} value={r.title} onChange={(e) => set(i, { title: e.target.value })} placeholder={photo ? '照片说明（可选）' : '视频标题'} maxLength={SHOP_LIMITS.title + 10}
            aria-label={`${photo ? '照片' : '视频'}${i + 1}${photo ? '说明' : '标题'}`} />
          <span style={{ display: 'flex', gap: '0.3rem' }}>
            {photo && <UploadButton label="上传" onUploaded={(url) => set(i, { url })} onProblem={(text) => onProblem(`${kind}.${i}.url`, text)} />}
            <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={`删除${photo ? '照片' : '视频'}${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
          </span>
          <FieldError errors={errors} field={`${kind}.${i}.url`} id={idOf(`${kind}.${i}.url`)} />
          <FieldError errors={errors} field={`${kind}.${i}.title`} id={idOf(`${kind}.${i}.title`)} />
          {photo && r.url && /^(https?:\/\/|\/)/.test(r.url) && <img className="store-preview-img" src={r.url} alt="" />}
        </div>
      ))}
      <FieldError errors={errors} field={kind} id={idOf(kind)} />
      <Button type="button" icon="pi pi-plus" label={photo ? '添加照片' : '添加视频'} text disabled={rows.length >= max} onClick={() => onChange([...rows, { url: '', title: '' }])} />
      <small className="muted"> 最多{max}{photo ? '张' : '个'}</small>
    </div>
  );
}

function FeaturedPicker({ inputId, companyId, picked, onChange }: { inputId: string; companyId: number; picked: Picked[]; onChange: (p: Picked[]) => void }) {
  const [k, setK] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const found = useQuery({ ...productsQuery(companyId, { k: query ?? '', page: 1, size: 50 }), enabled: query !== null });
  const full = picked.length >= SHOP_LIMITS.featured;
  return (
    <div>
      <ol className="store-featured" aria-label="已选精选产品">
        {picked.map((r) => (
          <li key={r.id}>
            <span>{r.name} <small className="muted">{r.supplier_oe}</small></span>
            <Button type="button" icon="pi pi-times" text severity="danger" aria-label={`移除 ${r.name}`} onClick={() => onChange(picked.filter((x) => x.id !== r.id))} />
          </li>
        ))}
      </ol>
      <div className="shop-filter">
        <InputText id={inputId} value={k} onChange={(e) => setK(e.target.value)} placeholder="在本店库存中搜索：名称、OE号、品牌" aria-label="搜索本店库存"
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); setQuery(k.trim()); } }} />
        <Button type="button" label="搜索库存" icon="pi pi-search" outlined onClick={() => setQuery(k.trim())} />
      </div>
      {found.isFetching && <p className="muted">正在搜索…</p>}
      {found.data && (
        <ul className="store-featured" aria-label="本店库存">
          {found.data.rows.length === 0 && <li className="muted">没有找到库存</li>}
          {found.data.rows.slice(0, 20).map((r) => {
            const chosen = picked.some((x) => x.id === r.id);
            return (
              <li key={r.id}>
                <span>{r.name} <small className="muted">{r.supplier_oe} · {r.part_brand_name || r.quality_name}</small></span>
                <Button type="button" label={chosen ? '已选' : '选为精选'} size="small" text disabled={chosen || full}
                  onClick={() => onChange([...picked, { id: r.id, name: r.name, supplier_oe: r.supplier_oe }])} />
              </li>
            );
          })}
        </ul>
      )}
      <small className="muted">最多{SHOP_LIMITS.featured}个，展示在展厅的“精选产品”中</small>
    </div>
  );
}

/**
 * The decoration as a form of the form kit (docs/architecture.md, "Forms"): checked with the
 * call's schema before sending, each refusal under its field (a media row's under that row),
 * what was typed kept.
 */
function StoreForm({ initial, companyId }: { initial: Decoration; companyId: number }) {
  const form = useForm<Form>(() => fromDecoration(initial));
  const { values, errors } = form;
  const [saved, setSaved] = useState(false);
  const patch = (p: Partial<Form>) => {
    form.setValues((f) => ({ ...f, ...p }));
    form.setFormError('');
    setSaved(false);
  };
  const problem = (field: string, text: string) => form.setErrors({ [field]: text });
  const save = useSaveDecoration(companyId);
  const submit = () => {
    setSaved(false);
    void form.submit(save, payloadOf(values), (d) => {
      form.reset(fromDecoration(d));
      setSaved(true);
    });
  };
  const area = (name: 'intro' | 'factory_desc', rows: number) => (
    <InputTextarea {...form.text(name)} onChange={(e) => { form.set(name, e.target.value); setSaved(false); }} rows={rows} />
  );
  return (
    <form className="card" onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate aria-label={shopMsg.storeTitle}>
      <div className="store-form">
        <fieldset>
          <legend>{shopMsg.tabs.exhibition}</legend>
          <Field id={form.idOf('banner_url')} label="展厅横幅（建议 1200×300）" error={errors.banner_url}>
            <div className="shop-filter">
              <InputText {...form.text('banner_url')} onChange={(e) => { form.set('banner_url', e.target.value); setSaved(false); }} placeholder="https://… 或 /…" />
              <UploadButton onUploaded={(url) => patch({ banner_url: url })} onProblem={(text) => problem('banner_url', text)} />
            </div>
          </Field>
          {values.banner_url && /^(https?:\/\/|\/)/.test(values.banner_url) && <img className="store-preview-img" src={values.banner_url} alt="横幅预览" />}
          <Field id={form.idOf('intro')} label="展厅介绍" error={errors.intro} hint={`${values.intro.length} / ${SHOP_LIMITS.intro}`}>
            {area('intro', 6)}
          </Field>
          <Field id={form.idOf('featured_stock_ids')} label="精选产品" error={errors.featured_stock_ids}>
            <FeaturedPicker inputId={form.idOf('featured_stock_ids')} companyId={companyId} picked={values.featured} onChange={(featured) => patch({ featured })} />
          </Field>
        </fieldset>
        <div style={{ display: 'grid', gap: '1rem', alignContent: 'start' }}>
          <fieldset>
            <legend>{shopMsg.tabs.factory}</legend>
            <Field id={form.idOf('factory_desc')} label="工厂介绍" error={errors.factory_desc} hint={`${values.factory_desc.length} / ${SHOP_LIMITS.factoryDesc}`}>
              {area('factory_desc', 5)}
            </Field>
            <label>工厂照片</label>
            <MediaRows kind="photos" rows={values.photos} errors={errors} idOf={form.idOf} onChange={(photos) => patch({ photos })} onProblem={problem} />
          </fieldset>
          <fieldset>
            <legend>{shopMsg.tabs.video}</legend>
            <MediaRows kind="videos" rows={values.videos} errors={errors} idOf={form.idOf} onChange={(videos) => patch({ videos })} onProblem={problem} />
          </fieldset>
        </div>
      </div>
      {form.formError && <Message severity="error" text={form.formError} className="store-message" />}
      {saved && <Message severity="success" text={shopMsg.saved} />}
      <div className="store-actions">
        <Button type="submit" label="保存" icon="pi pi-check" loading={form.busy} />
        <Link to="/company/$id" params={{ id: String(companyId) }} target="_blank">{shopMsg.preview}</Link>
        <Link to="/company/m/$id" params={{ id: String(companyId) }} target="_blank">手机版预览</Link>
      </div>
    </form>
  );
}

/** /backend/store (M14): the seller decorates its own shop. */
export function StoreEditor() {
  const { session } = useRouteContext({ from: '__root__' });
  const q = useQuery(decorationQuery());
  if (q.isPending) return <div className="card" aria-busy="true">正在加载…</div>;
  if (q.isError) return <div className="card" role="alert">{q.error.message}</div>;
  return (
    <>
      <h2 style={{ marginTop: 0 }}>{shopMsg.storeTitle}</h2>
      <StoreForm initial={q.data} companyId={session.user?.company_id ?? 0} />
    </>
  );
}
