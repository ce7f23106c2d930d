/**
 * 汽配联盟 (/operation/system/autopartsAlliance, read D11 / D11-01 / D11-04, write D11-04;
 * docs/platform-settings.md#alliances): alliances of companies — name, description, the member
 * companies the operator adds, 启用 / 停用. A member's shop shows the enabled alliance as a badge.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { Alliance, AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { ALLIANCE_DESCRIPTION_MAX, PLACE_NAME_MAX } from '../../../../shared/domain/platform-settings';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { CompanyPicker } from '../CompanyPicker';
import { alliancesQuery, sysKeys } from './queries';
import { useSaveAlliance } from './mutations';
import { ENABLED_FILTER, enabledCell, useStatus } from './settings-shared';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opAlliances'> => ({ k: text(s, 'k'), enabled: oneOf(s, 'enabled', ['true', 'false'] as const), ...pagingOf(s) });
const membersText = (a: Alliance) => (a.members.length === 0 ? '—' : a.members.length <= 3 ? a.members.map((m) => m.name).join('、') : `${a.members.slice(0, 3).map((m) => m.name).join('、')} 等${a.members.length}家`);

export function AlliancePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const save = useSaveAlliance();
  const [editing, setEditing] = useState<Alliance | 'new' | null>(null);
  const status = useStatus();
  const toggle = (a: Alliance) => status.run(
    () => save.mutateAsync({ payload: { id: a.id, name: a.name, description: a.description, company_ids: a.members.map((m) => m.id), enabled: !a.enabled }, idempotencyKey: crypto.randomUUID() }),
    `已${a.enabled ? '停用' : '启用'}：${a.name}`,
  );
  const def: ListDef<Alliance, ReturnType<typeof sysKeys.allianceList>, AnswerOf<'opAlliances'>> = {
    title: '汽配联盟',
    filters: [{ name: 'k', label: '联盟名称', type: 'text', width: '12rem', primary: true }, ENABLED_FILTER],
    query: (s) => alliancesQuery(payloadOf(s)),
    rowKey: (a) => a.id,
    rowLabel: (a) => a.name,
    columns: [
      { key: 'name', header: '联盟名称', width: '10rem', cell: (a) => <strong>{a.name}</strong> },
      { key: 'members', header: '成员企业', width: '14rem', cell: membersText },
      { key: 'description', header: '介绍', width: '14rem', priority: 2, cell: (a) => a.description || <span className="muted">—</span> },
      { key: 'enabled', header: '状态', width: '4rem', cell: (a) => enabledCell(a.enabled) },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (a) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(a)} aria-label={`编辑 ${a.name}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void toggle(a)} aria-label={`${a.enabled ? '停用' : '启用'} ${a.name}`}>{a.enabled ? '停用' : '启用'}</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的联盟，换个条件试试。' : '还没有汽配联盟。点“新增”建立联盟并加入成员企业后，成员的店铺页会显示联盟标志。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} />} status={status.line} />
      {editing && <AllianceDialog alliance={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(a) => { setEditing(null); status.ok(`已保存：${a.name}（${a.members.length}家成员企业）`); }} />}
    </>
  );
}

function AllianceDialog({ alliance, onHide, onSaved }: { alliance: Alliance | null; onHide: () => void; onSaved: (a: Alliance) => void }) {
  const form = useForm({
    name: alliance?.name ?? '', description: alliance?.description ?? '', members: alliance?.members ?? [], enabled: alliance?.enabled ?? true,
  }, { idPrefix: 'alliance-', idOf: (f) => (f === 'company_ids' ? 'alliance-pick' : `alliance-${f}`) });
  const { values, set, errors } = form;
  const save = useSaveAlliance();
  const submit = () => form.submit(save, {
    id: alliance?.id ?? 0, name: values.name, description: values.description, company_ids: values.members.map((m) => m.id), enabled: values.enabled,
  }, onSaved);
  return (
    <Dialog header={alliance ? '编辑汽配联盟' : '新增汽配联盟'} visible onHide={onHide} style={{ width: '38rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        <Field id="alliance-name" label="联盟名称" error={errors.name} required>
          <InputText id="alliance-name" value={values.name} maxLength={PLACE_NAME_MAX} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="alliance-description" label="联盟介绍" error={errors.description}>
          <InputTextarea id="alliance-description" value={values.description} rows={3} maxLength={ALLIANCE_DESCRIPTION_MAX} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <Field id="alliance-pick" label="成员企业" hint="输入企业名称、简称或ID添加；点企业名移出" error={errors.company_ids}>
          <div className="op-chips">
            <CompanyPicker inputId="alliance-pick" value={null} placeholder="输入企业名称添加" onChange={(c) => {
              if (c && !values.members.some((m) => m.id === c.id)) set('members', [...values.members, { id: c.id, name: c.name }]);
            }} />
            {values.members.map((m) => (
              <button key={m.id} type="button" className="linklike" onClick={() => set('members', values.members.filter((x) => x.id !== m.id))} aria-label={`移出 ${m.name}`}>{m.name} ✕</button>
            ))}
          </div>
        </Field>
        <label className="op-product-enabled">
          <Checkbox inputId="alliance-enabled" checked={values.enabled} onChange={(e) => set('enabled', e.checked === true)} /> 启用
        </label>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
