/**
 * 公共页面 (/operation/system/pub, read D11 / D11-01 / D11-04, write D11-04;
 * docs/platform-settings.md#public-pages): pages and notices anyone can read at /pub/<地址> once
 * published, linked from the site footer — title, address, plain-text body, order, 草稿 / 已发布.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, PayloadIn, PubPage } from '../../../../shared/contracts';
import { formatChina } from '../../../../shared/domain/china-time';
import { PUB_BODY_MAX, PUB_STATUS_TEXT, PUB_STATUSES, PUB_TITLE_MAX, type PubStatus } from '../../../../shared/domain/platform-settings';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { pubPagesQuery, sysKeys } from './queries';
import { useSavePubPage } from './mutations';
import { useStatus } from './settings-shared';
import '../operation.css';

const STATUS_OPTIONS = PUB_STATUSES.map((s) => ({ label: PUB_STATUS_TEXT[s], value: s }));
const payloadOf = (s: ListSearch): PayloadIn<'opPubPages'> => ({ k: text(s, 'k'), status: oneOf(s, 'status', PUB_STATUSES), ...pagingOf(s) });

export function PubPagesPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const save = useSavePubPage();
  const [editing, setEditing] = useState<PubPage | 'new' | null>(null);
  const status = useStatus();
  const flip = (p: PubPage) => status.run(
    () => save.mutateAsync({ payload: { id: p.id, slug: p.slug, title: p.title, body: p.body, sort: p.sort, status: p.status === 'published' ? 'draft' : 'published' }, idempotencyKey: crypto.randomUUID() }),
    p.status === 'published' ? `已撤回发布：${p.title}` : `已发布：${p.title}`,
  );
  const def: ListDef<PubPage, ReturnType<typeof sysKeys.pubPageList>, AnswerOf<'opPubPages'>> = {
    title: '公共页面',
    filters: [{ name: 'k', label: '标题', type: 'text', width: '12rem', primary: true }, { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS }],
    query: (s) => pubPagesQuery(payloadOf(s)),
    rowKey: (p) => p.id,
    rowLabel: (p) => p.title,
    columns: [
      { key: 'title', header: '标题', width: '12rem', cell: (p) => <strong>{p.title}</strong> },
      { key: 'slug', header: '页面地址', width: '10rem', cell: (p) => (p.status === 'published' ? <a href={`/pub/${p.slug}`} target="_blank" rel="noreferrer">/pub/{p.slug}</a> : <code>/pub/{p.slug}</code>) },
      { key: 'status', header: '状态', width: '5rem', cell: (p) => (p.status === 'published' ? '已发布' : <span className="op-tag">草稿</span>) },
      { key: 'sort', header: '排序', width: '3rem', num: true, priority: 3, cell: (p) => p.sort },
      { key: 'updated', header: '最后修改', width: '9rem', priority: 2, cell: (p) => `${formatChina(p.updated_at, 'YYYY-MM-DD HH:mm')} ${p.updated_by}` },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (p) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(p)} aria-label={`编辑 ${p.title}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void flip(p)} aria-label={`${p.status === 'published' ? '撤回' : '发布'} ${p.title}`}>{p.status === 'published' ? '撤回' : '发布'}</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的页面，换个条件试试。' : '还没有公共页面。点“新增”写好标题和正文，发布后任何人都能在页脚打开它。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} />} status={status.line} />
      {editing && <PubPageDialog page={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(p) => { setEditing(null); status.ok(`已保存：${p.title}（${PUB_STATUS_TEXT[p.status]}）`); }} />}
    </>
  );
}

function PubPageDialog({ page, onHide, onSaved }: { page: PubPage | null; onHide: () => void; onSaved: (p: PubPage) => void }) {
  const form = useForm({ slug: page?.slug ?? '', title: page?.title ?? '', body: page?.body ?? '', sort: String(page?.sort ?? 0), status: page?.status ?? ('draft' as PubStatus) }, { idPrefix: 'pub-' });
  const { values, set, errors } = form;
  const save = useSavePubPage();
  const submit = async () => {
    const sort = /^\d{1,4}$/.test(values.sort.trim()) ? Number(values.sort.trim()) : -1;
    if (sort < 0) return form.setErrors({ sort: '排序应为 0–9999 的整数' });
    await form.submit(save, { id: page?.id ?? 0, slug: values.slug, title: values.title, body: values.body, sort, status: values.status }, onSaved);
  };
  return (
    <Dialog header={page ? '编辑公共页面' : '新增公共页面'} visible onHide={onHide} style={{ width: '44rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        <Field id="pub-title" label="标题" error={errors.title} required>
          <InputText id="pub-title" value={values.title} maxLength={PUB_TITLE_MAX} onChange={(e) => set('title', e.target.value)} />
        </Field>
        <Field id="pub-slug" label="页面地址" hint="小写字母、数字和短横线，如 about-us，打开地址为 /pub/about-us" error={errors.slug} required>
          <InputText id="pub-slug" value={values.slug} maxLength={40} onChange={(e) => set('slug', e.target.value)} />
        </Field>
        <Field id="pub-body" label="正文" hint="纯文本，空一行为分段" error={errors.body}>
          <InputTextarea id="pub-body" value={values.body} rows={8} maxLength={PUB_BODY_MAX} onChange={(e) => set('body', e.target.value)} />
        </Field>
        <Field id="pub-sort" label="排序（页脚中小的在前）" error={errors.sort}>
          <InputText id="pub-sort" inputMode="numeric" value={values.sort} onChange={(e) => set('sort', e.target.value)} />
        </Field>
        <Field id="pub-status" label="状态" hint="草稿只有运营能看到；发布后任何人都能打开" error={errors.status}>
          <Dropdown inputId="pub-status" value={values.status} options={STATUS_OPTIONS} onChange={(e) => set('status', e.value as PubStatus)} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
