/**
 * 包邮城市 (/operation/system/freeCity, read D11 / D11-01 / D11-04, write D11-04;
 * docs/platform-settings.md#free-delivery-cities): one rule per city — province, city, the
 * minimum order in yuan typed and fen sent, 启用 / 停用. Checkout shows 满X元包邮 by these rules.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { AnswerOf, FreeCity, PayloadIn } from '../../../../shared/contracts';
import { REGION_MAX } from '../../../../shared/domain/platform-settings';
import { yuan, yuanToFen } from '../../../../shared/domain/money';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { freeCitiesQuery, sysKeys } from './queries';
import { useSaveFreeCity } from './mutations';
import { ENABLED_FILTER, enabledCell, PROVINCE_OPTIONS, ProvincePicker, useStatus } from './settings-shared';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opFreeCities'> => ({ province: text(s, 'province'), enabled: oneOf(s, 'enabled', ['true', 'false'] as const), ...pagingOf(s) });
const ruleText = (f: FreeCity) => (f.min_order_fen === 0 ? '不限金额包邮' : `满${yuan(f.min_order_fen)}包邮`);

export function FreeCityPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const save = useSaveFreeCity();
  const [editing, setEditing] = useState<FreeCity | 'new' | null>(null);
  const status = useStatus();
  const toggle = (f: FreeCity) => status.run(
    () => save.mutateAsync({ payload: { id: f.id, province: f.province, city: f.city, min_order_fen: f.min_order_fen, enabled: !f.enabled }, idempotencyKey: crypto.randomUUID() }),
    `已${f.enabled ? '停用' : '启用'}：${f.province}${f.city}`,
  );
  const def: ListDef<FreeCity, ReturnType<typeof sysKeys.freeCityList>, AnswerOf<'opFreeCities'>> = {
    title: '包邮城市',
    filters: [{ name: 'province', label: '省份', type: 'select', options: PROVINCE_OPTIONS, primary: true }, ENABLED_FILTER],
    query: (s) => freeCitiesQuery(payloadOf(s)),
    rowKey: (f) => f.id,
    rowLabel: (f) => `${f.province}${f.city}`,
    columns: [
      { key: 'city', header: '城市', width: '9rem', cell: (f) => <strong>{f.city}</strong> },
      { key: 'province', header: '省份', width: '7rem', priority: 2, cell: (f) => f.province },
      { key: 'rule', header: '包邮规则', width: '10rem', cell: ruleText },
      { key: 'enabled', header: '状态', width: '4rem', cell: (f) => enabledCell(f.enabled) },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (f) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(f)} aria-label={`编辑 ${f.city}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void toggle(f)} aria-label={`${f.enabled ? '停用' : '启用'} ${f.city}`}>{f.enabled ? '停用' : '启用'}</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的包邮规则，换个条件试试。' : '还没有包邮城市。点“新增”设置城市和包邮门槛后，收货地址在该城市的买家结算时会看到“满X元包邮”。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} />} status={status.line} />
      {editing && <FreeCityDialog rule={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(f) => { setEditing(null); status.ok(`已保存：${f.province}${f.city}，${ruleText(f)}`); }} />}
    </>
  );
}

function FreeCityDialog({ rule, onHide, onSaved }: { rule: FreeCity | null; onHide: () => void; onSaved: (f: FreeCity) => void }) {
  const form = useForm({
    province: rule?.province ?? '', city: rule?.city ?? '', min_order: rule ? (rule.min_order_fen / 100).toFixed(2) : '', enabled: rule?.enabled ?? true,
  }, { idPrefix: 'fc-', idOf: (f) => (f === 'min_order_fen' ? 'fc-min' : `fc-${f}`) });
  const { values, set, errors } = form;
  const save = useSaveFreeCity();
  const submit = async () => {
    const fen = values.min_order.trim() === '' ? 0 : yuanToFen(values.min_order);
    if (fen === null) return form.setErrors({ min_order_fen: '包邮门槛请填写金额（元，最多两位小数）' });
    await form.submit(save, { id: rule?.id ?? 0, province: values.province, city: values.city, min_order_fen: fen, enabled: values.enabled }, onSaved);
  };
  return (
    <Dialog header={rule ? '编辑包邮城市' : '新增包邮城市'} visible onHide={onHide} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        <Field id="fc-province" label="省份" error={errors.province} required>
          <ProvincePicker id="fc-province" value={values.province} onChange={(v) => set('province', v)} invalid={!!errors.province} />
        </Field>
        <Field id="fc-city" label="城市" hint="如 广州市；收货地址写到这个城市的订单适用" error={errors.city} required>
          <InputText id="fc-city" value={values.city} maxLength={REGION_MAX} onChange={(e) => set('city', e.target.value)} />
        </Field>
        <Field id="fc-min" label="包邮门槛（元）" hint="一个卖家的订单满这个金额包邮；不填或 0 为不限金额" error={errors.min_order_fen}>
          <InputText id="fc-min" inputMode="decimal" value={values.min_order} onChange={(e) => set('min_order', e.target.value)} />
        </Field>
        <label className="op-product-enabled">
          <Checkbox inputId="fc-enabled" checked={values.enabled} onChange={(e) => set('enabled', e.checked === true)} /> 启用
        </label>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
