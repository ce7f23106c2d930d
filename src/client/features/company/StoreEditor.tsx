import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { decorationPayload, SHOP_LIMITS, type Decoration } from '../../../shared/contracts';
import { shopMsg } from '../../../shared/messages';
import { ApiError } from '../../api/request';
import { decorationQuery, productsQuery } from './queries';
import { useSaveDecoration } from './mutations';
import { UploadButton } from '../upload/UploadButton';
import './company.css';

interface Media { url: string; title: string }
interface Picked { id: number; name: string; supplier_oe: string }
interface Form { banner_url: string; intro: string; factory_desc: string; photos: Media[]; videos: Media[]; featured: Picked[] }
interface Problem { field: string; text: string }

const fromDecoration = (d: Decoration): Form => ({
  banner_url: d.banner_url, intro: d.intro, factory_desc: d.factory_desc,
  photos: d.photos.map((p) => ({ ...p })), videos: d.videos.map((x) => ({ ...x })),
  featured: d.featured.map((r) => ({ id: r.id, name: r.name, supplier_oe: r.supplier_oe })),
});

const payloadOf = (f: Form) => ({
  banner_url: f.banner_url, intro: f.intro, factory_desc: f.factory_desc, photos: f.photos, videos: f.videos,
  featured_stock_ids: f.featured.map((r) => r.id),
});

/** The first problem of the form, worded by the same schema the server uses. */
const checkLocally = (f: Form): Problem | null => {
  const r = v.safeParse(decorationPayload, payloadOf(f));
  return r.success ? null : { field: v.getDotPath(r.issues[0]) ?? '', text: r.issues[0].message };
};

const FieldError = ({ problem, field }: { problem: Problem | null; field: string }) =>
  problem?.field === field ? <p className="form-error" role="alert">{problem.text}</p> : null;

function MediaRows({ kind, rows, problem, onChange, onProblem }: {
  kind: 'photos' | 'videos'; rows: Media[]; problem: Problem | null; onChange: (rows: Media[]) => void; onProblem: (p: Problem) => void;
}) {
  const photo = kind === 'photos';
  const max = photo ? SHOP_LIMITS.photos : SHOP_LIMITS.videos;
  const set = (i: number, patch: Partial<Media>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div>
      {rows.map((r, i) => (
        <div className="store-row" key={i}>
          <InputText value={r.url} onChange={(e) => set(i, { url: e.target.value })} placeholder={photo ? '图片地址：https://… 或 /…' : '视频地址：https://…'}
            aria-label={`${photo ? '照片' : '视频'}${i + 1}地址`} className={problem?.field === `${kind}.${i}.url` ? 'is-invalid' : ''} />
          <InputText value={r.title} onChange={(e) => set(i, { title: e.target.value })} placeholder={photo ? '照片说明（可选）' : '视频标题'} maxLength={SHOP_LIMITS.title + 10}
            aria-label={`${photo ? '照片' : '视频'}${i + 1}${photo ? '说明' : '标题'}`} className={problem?.field === `${kind}.${i}.title` ? 'is-invalid' : ''} />
          <span style={{ display: 'flex', gap: '0.3rem' }}>
            {photo && <UploadButton label="上传" onUploaded={(url) => set(i, { url })} onProblem={(text) => onProblem({ field: `${kind}.${i}.url`, text })} />}
            <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={`删除${photo ? '照片' : '视频'}${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
          </span>
          <FieldError problem={problem} field={`${kind}.${i}.url`} />
          <FieldError problem={problem} field={`${kind}.${i}.title`} />
          {photo && r.url && /^(https?:\/\/|\/)/.test(r.url) && <img className="store-preview-img" src={r.url} alt="" />}
        </div>
      ))}
      <FieldError problem={problem} field={kind} />
      <Button type="button" icon="pi pi-plus" label={photo ? '添加照片' : '添加视频'} text disabled={rows.length >= max} onClick={() => onChange([...rows, { url: '', title: '' }])} />
      <small className="muted"> 最多{max}{photo ? '张' : '个'}</small>
    </div>
  );
}

function FeaturedPicker({ companyId, picked, onChange }: { companyId: number; picked: Picked[]; onChange: (p: Picked[]) => void }) {
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
        <InputText value={k} onChange={(e) => setK(e.target.value)} placeholder="在本店库存中搜索：名称、OE号、品牌" aria-label="搜索本店库存"
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

function StoreForm({ initial, companyId }: { initial: Decoration; companyId: number }) {
  const [form, setForm] = useState<Form>(() => fromDecoration(initial));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState(false);
  const patch = (p: Partial<Form>) => {
    setForm((f) => ({ ...f, ...p }));
    setSaved(false);
  };
  const save = useSaveDecoration(companyId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = checkLocally(form);
    setProblem(local);
    if (!local) save.mutate(payloadOf(form), {
      onSuccess: (d) => {
        setForm(fromDecoration(d));
        setSaved(true);
      },
      // what was typed stays in the form; the message says which field to fix
      onError: (e) => setProblem({ field: e instanceof ApiError ? e.field ?? '' : '', text: e.message }),
    });
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-label={shopMsg.storeTitle}>
      <div className="store-form">
        <fieldset>
          <legend>{shopMsg.tabs.exhibition}</legend>
          <label htmlFor="banner_url">展厅横幅（建议 1200×300）</label>
          <div className="shop-filter">
            <InputText id="banner_url" value={form.banner_url} onChange={(e) => patch({ banner_url: e.target.value })} placeholder="https://… 或 /…"
              className={problem?.field === 'banner_url' ? 'is-invalid' : ''} />
            <UploadButton onUploaded={(url) => patch({ banner_url: url })} onProblem={(text) => setProblem({ field: 'banner_url', text })} />
          </div>
          <FieldError problem={problem} field="banner_url" />
          {form.banner_url && /^(https?:\/\/|\/)/.test(form.banner_url) && <img className="store-preview-img" src={form.banner_url} alt="横幅预览" />}
          <label htmlFor="intro">展厅介绍</label>
          <InputTextarea id="intro" rows={6} value={form.intro} onChange={(e) => patch({ intro: e.target.value })} className={problem?.field === 'intro' ? 'is-invalid' : ''} />
          <small className="muted">{form.intro.length} / {SHOP_LIMITS.intro}</small>
          <FieldError problem={problem} field="intro" />
          <label>精选产品</label>
          <FeaturedPicker companyId={companyId} picked={form.featured} onChange={(featured) => patch({ featured })} />
          <FieldError problem={problem} field="featured_stock_ids" />
        </fieldset>
        <div style={{ display: 'grid', gap: '1rem', alignContent: 'start' }}>
          <fieldset>
            <legend>{shopMsg.tabs.factory}</legend>
            <label htmlFor="factory_desc">工厂介绍</label>
            <InputTextarea id="factory_desc" rows={5} value={form.factory_desc} onChange={(e) => patch({ factory_desc: e.target.value })} className={problem?.field === 'factory_desc' ? 'is-invalid' : ''} />
            <small className="muted">{form.factory_desc.length} / {SHOP_LIMITS.factoryDesc}</small>
            <FieldError problem={problem} field="factory_desc" />
            <label>工厂照片</label>
            <MediaRows kind="photos" rows={form.photos} problem={problem} onChange={(photos) => patch({ photos })} onProblem={setProblem} />
          </fieldset>
          <fieldset>
            <legend>{shopMsg.tabs.video}</legend>
            <MediaRows kind="videos" rows={form.videos} problem={problem} onChange={(videos) => patch({ videos })} onProblem={setProblem} />
          </fieldset>
        </div>
      </div>
      {problem && <Message severity="error" text={problem.text} className="store-message" />}
      {saved && !problem && <Message severity="success" text={shopMsg.saved} />}
      <div className="store-actions">
        <Button type="submit" label="保存" icon="pi pi-check" loading={save.isPending} />
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
