/**
 * 汽配城 (/operation/system/autopartsCity, read D11 / D11-01 / D11-04, write D11-04;
 * docs/platform-settings.md#autoparts-markets): the markets companies say they are in — name,
 * province and city, address, 启用 / 停用 — with add and edit in a dialog. Never deleted.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { AnswerOf, AutopartsCity, PayloadIn } from '../../../../shared/contracts';
import { ADDRESS_MAX, PLACE_NAME_MAX, REGION_MAX } from '../../../../shared/domain/platform-settings';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { autopartsCitiesQuery, sysKeys } from './queries';
import { useSaveAutopartsCity } from './mutations';
import { ENABLED_FILTER, enabledCell, PROVINCE_OPTIONS, ProvincePicker, useStatus } from './settings-shared';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opAutopartsCities'> => ({
  k: text(s, 'k'), province: text(s, 'province'), enabled: oneOf(s, 'enabled', ['true', 'false'] as const), ...pagingOf(s),
});

export function AutopartsCityPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const save = useSaveAutopartsCity();
  const [editing, setEditing] = useState<AutopartsCity | 'new' | null>(null);
  const status = useStatus();
  const toggle = (c: AutopartsCity) => status.run(
    () => save.mutateAsync({ payload: { id: c.id, name: c.name, province: c.province, city: c.city, address: c.address, enabled: !c.enabled }, idempotencyKey: crypto.randomUUID() }),
    `已${c.enabled ? '停用' : '启用'}：${c.name}`,
  );
  const def: ListDef<AutopartsCity, ReturnType<typeof sysKeys.autopartsCityList>, AnswerOf<'opAutopartsCities'>> = {
    title: '汽配城',
    filters: [
      { name: 'k', label: '汽配城名称', type: 'text', width: '12rem', primary: true },
      { name: 'province', label: '省份', type: 'select', options: PROVINCE_OPTIONS },
      ENABLED_FILTER,
    ],
    query: (s) => autopartsCitiesQuery(payloadOf(s)),
    rowKey: (c) => c.id,
    rowLabel: (c) => c.name,
    columns: [
      { key: 'name', header: '汽配城名称', width: '10rem', cell: (c) => <strong>{c.name}</strong> },
      { key: 'region', header: '省市', width: '9rem', cell: (c) => `${c.province} ${c.city}` },
      { key: 'address', header: '地址', width: '12rem', priority: 2, cell: (c) => c.address || <span className="muted">—</span> },
      { key: 'companies', header: '入驻企业', width: '5rem', num: true, priority: 2, cell: (c) => c.company_count },
      { key: 'enabled', header: '状态', width: '4rem', cell: (c) => enabledCell(c.enabled) },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (c) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(c)} aria-label={`编辑 ${c.name}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void toggle(c)} aria-label={`${c.enabled ? '停用' : '启用'} ${c.name}`}>{c.enabled ? '停用' : '启用'}</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的汽配城，换个条件试试。' : '还没有汽配城。点“新增”添加后，企业可以在“企业信息”中选择所在的汽配城，店铺页会显示它。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} />} status={status.line} />
      {editing && <CityDialog city={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(c) => { setEditing(null); status.ok(`已保存：${c.name}（${c.province}${c.city}）`); }} />}
    </>
  );
}

function CityDialog({ city, onHide, onSaved }: { city: AutopartsCity | null; onHide: () => void; onSaved: (c: AutopartsCity) => void }) {
  const form = useForm({ name: city?.name ?? '', province: city?.province ?? '', city: city?.city ?? '', address: city?.address ?? '', enabled: city?.enabled ?? true }, { idPrefix: 'apc-' });
  const { values, set, errors } = form;
  const save = useSaveAutopartsCity();
  return (
    <Dialog header={city ? '编辑汽配城' : '新增汽配城'} visible onHide={onHide} style={{ width: '36rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void form.submit(save, { id: city?.id ?? 0, ...values }, onSaved)} /></>}>
      <div className="op-form">
        <Field id="apc-name" label="汽配城名称" error={errors.name} required>
          <InputText id="apc-name" value={values.name} maxLength={PLACE_NAME_MAX} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="apc-province" label="省份" error={errors.province} required>
          <ProvincePicker id="apc-province" value={values.province} onChange={(v) => set('province', v)} invalid={!!errors.province} />
        </Field>
        <Field id="apc-city" label="城市" hint="如 广州市" error={errors.city} required>
          <InputText id="apc-city" value={values.city} maxLength={REGION_MAX} onChange={(e) => set('city', e.target.value)} />
        </Field>
        <Field id="apc-address" label="地址" error={errors.address}>
          <InputText id="apc-address" value={values.address} maxLength={ADDRESS_MAX} onChange={(e) => set('address', e.target.value)} />
        </Field>
        <label className="op-product-enabled">
          <Checkbox inputId="apc-enabled" checked={values.enabled} onChange={(e) => set('enabled', e.checked === true)} /> 启用
        </label>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
