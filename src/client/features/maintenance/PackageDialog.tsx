/**
 * The edit dialog of a 保养套餐 (docs/maintenance.md): name, make, vehicles, interval, note, on/off
 * and its lines, picked from the company's own stock by OE number or name (the stock list's own
 * call). Every refusal shows under its field; nothing typed is lost on one.
 */
import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Checkbox } from 'primereact/checkbox';
import { endpoints, type MaintenancePackage, type PayloadIn, type SellerStockRow } from '../../../shared/contracts';
import {
  PACKAGE_KM_MAX, PACKAGE_KM_MIN, PACKAGE_LINES_MAX, PACKAGE_MONTHS_MAX, PACKAGE_MONTHS_MIN, PACKAGE_NAME_MAX, PACKAGE_NOTE_MAX, PACKAGE_QTY_MAX,
  PACKAGE_VEHICLE_MAX,
} from '../../../shared/domain/maintenance';
import { yuan } from '../../../shared/domain/money';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { makesQuery, stockListQuery } from '../stock/queries';
import { useSavePackage } from './mutations';

/** A line as the dialog holds it: the stock row's words beside the quantity typed. */
type DraftLine = { stock_id: number; qty: string; supplier_oe: string; name: string; brand: string; price99: number | null; quantity: number };

type PackageForm = {
  name: string; make_id: number | null; vehicle: string; interval_km: string; interval_months: string; note: string; active: boolean; lines: DraftLine[];
};

const fromPackage = (p: MaintenancePackage | null): PackageForm => ({
  name: p?.name ?? '', make_id: p?.make_id ?? null, vehicle: p?.vehicle ?? '', interval_km: p?.interval_km?.toString() ?? '',
  interval_months: p?.interval_months?.toString() ?? '', note: p?.note ?? '', active: p?.active ?? true,
  lines: (p?.lines ?? []).map((l) => ({ stock_id: l.stock_id, qty: String(l.qty), supplier_oe: l.supplier_oe, name: l.name, brand: l.brand_name, price99: l.price99, quantity: l.quantity })),
});

/** An OE number has digits; anything else is a part name. */
const stockSearch = (typed: string): PayloadIn<'getStockData'> => {
  const t = typed.trim();
  return { ...(/\d/.test(t) ? { supplier_oe: t } : { name: t }), page_size: 50, sort_field: 'supplier_oe', sort_order: 'asc' };
};

function LinePicker({ chosen, onPick }: { chosen: ReadonlySet<number>; onPick: (row: SellerStockRow) => void }) {
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState('');
  const q = useQuery({ ...stockListQuery(stockSearch(asked)), enabled: asked !== '', placeholderData: keepPreviousData });
  return (
    <div className="mt-picker">
      {/* inside the package's form: a div, Enter looks up instead of saving the package */}
      <div className="mt-picker-bar" role="search">
        <InputText value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="OE号或配件名称" aria-label="在本企业库存中查找配件" maxLength={40}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); setAsked(typed.trim()); } }} />
        <Button type="button" label="查找" icon="pi pi-search" outlined onClick={() => setAsked(typed.trim())} />
      </div>
      {asked !== '' && (
        <ul className="mt-picker-results" aria-label="查找结果" aria-busy={q.isFetching}>
          {q.data && q.data.data.length === 0 && <li className="muted">本企业库存中没有“{asked}”，换个OE号或名称试试。</li>}
          {q.data?.data.map((r) => (
            <li key={r.id}>
              <span className="mt-picker-text"><strong>{r.supplier_oe}</strong> {r.name} <small className="muted">{r.part_brand_name || r.custom_brand_name} · 库存 {r.quantity}{r.state === 'off' ? ' · 已下架' : ''}</small></span>
              <Button type="button" size="small" label={chosen.has(r.id) ? '已添加' : '添加'} disabled={chosen.has(r.id)} onClick={() => onPick(r)} aria-label={`添加 ${r.supplier_oe}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PackageDialog({ pkg, onHide, onSaved }: { pkg: MaintenancePackage | null; onHide: () => void; onSaved: (p: MaintenancePackage, created: boolean) => void }) {
  const form = useForm<PackageForm>(() => fromPackage(pkg), { idPrefix: 'pkg-' });
  const { values, set, errors } = form;
  const makes = useQuery(makesQuery());
  const save = useSavePackage();
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());

  const payload = (): PayloadIn<'maintenancePackageCreate'> => ({
    name: values.name, make_id: values.make_id, vehicle: values.vehicle, interval_km: values.interval_km.trim(), interval_months: values.interval_months.trim(),
    note: values.note, active: values.active, lines: values.lines.map((l) => ({ stock_id: l.stock_id, qty: l.qty.trim() })),
  });
  const submit = async () => {
    const p = payload();
    if (!form.check(endpoints.maintenancePackageCreate.payload, p)) return;
    setBusy(true);
    try {
      const saved = await save.mutateAsync({ id: pkg?.id ?? null, payload: p, idempotencyKey: key.current });
      onSaved(saved, pkg === null);
    } catch (e) {
      form.refuse(e);
    } finally {
      setBusy(false);
    }
  };
  const setLine = (i: number, qty: string) => set('lines', values.lines.map((l, n) => (n === i ? { ...l, qty } : l)));
  const pick = (r: SellerStockRow) => set('lines', [...values.lines, {
    stock_id: r.id, qty: '1', supplier_oe: r.supplier_oe, name: r.name, brand: r.part_brand_name || r.custom_brand_name, price99: r.price99, quantity: r.quantity,
  }]);
  const makeOptions = [{ label: '全部车型', value: null }, ...(makes.data ?? []).map((m) => ({ label: `${m.initial} ${m.name}`, value: m.id }))];

  return (
    <Dialog header={pkg ? `编辑保养套餐 · ${pkg.name}` : '新增保养套餐'} visible modal onHide={onHide} className="mt-dialog" style={{ width: 'min(52rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="package-form" label="保存" icon="pi pi-check" loading={busy} /></>}>
      <form id="package-form" className="mt-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field id="pkg-name" label="套餐名称" required hint={`如：小保养、大保养，2至${PACKAGE_NAME_MAX}个字`} error={errors.name}>
          <InputText {...form.text('name')} maxLength={PACKAGE_NAME_MAX} />
        </Field>
        <Field id="pkg-make_id" label="车型品牌" hint="不选：适用全部车型" error={errors.make_id}>
          <Dropdown inputId="pkg-make_id" value={values.make_id} options={makeOptions} onChange={(e) => set('make_id', e.value as number | null)} filter placeholder="全部车型" />
        </Field>
        <Field id="pkg-vehicle" label="适用车型" hint={`如：朗逸 1.5L 2018-2022，最多${PACKAGE_VEHICLE_MAX}个字`} error={errors.vehicle}>
          <InputText {...form.text('vehicle')} maxLength={PACKAGE_VEHICLE_MAX} />
        </Field>
        <div className="mt-interval">
          <Field id="pkg-interval_km" label="保养里程（公里）" hint={`${PACKAGE_KM_MIN}至${PACKAGE_KM_MAX}；与月数至少填一项`} error={errors.interval_km}>
            <InputText {...form.text('interval_km')} inputMode="numeric" maxLength={6} />
          </Field>
          <Field id="pkg-interval_months" label="保养月数" hint={`${PACKAGE_MONTHS_MIN}至${PACKAGE_MONTHS_MAX}个月`} error={errors.interval_months}>
            <InputText {...form.text('interval_months')} inputMode="numeric" maxLength={2} />
          </Field>
        </div>
        <Field id="pkg-note" label="备注" hint={`最多${PACKAGE_NOTE_MAX}个字`} error={errors.note} wide>
          <InputTextarea {...form.text('note')} rows={2} maxLength={PACKAGE_NOTE_MAX} />
        </Field>
        <div className="mt-active">
          <Checkbox inputId="pkg-active" checked={values.active} onChange={(e) => set('active', !!e.checked)} />
          <label htmlFor="pkg-active">上架（买家在店铺的“保养套餐”中可以看到）</label>
        </div>
        <fieldset className="mt-lines" id="pkg-lines" tabIndex={-1} aria-describedby={errors.lines ? 'pkg-lines-error' : undefined}>
          <legend>套餐配件（{values.lines.length} / {PACKAGE_LINES_MAX}）</legend>
          {values.lines.length === 0 ? <p className="muted">还没有配件。在下面按OE号或名称查找本企业的库存，点“添加”。</p> : (
            <ol className="mt-line-list">
              {values.lines.map((l, i) => (
                <li key={l.stock_id}>
                  <span className="mt-line-text"><strong>{l.supplier_oe}</strong> {l.name}<small className="muted"> {l.brand} · 标准价 {l.price99 === null ? '—' : yuan(l.price99)} · 库存 {l.quantity}</small></span>
                  <label className="mt-qty">
                    <span>数量</span>
                    <InputText id={`pkg-lines-${i}-qty`} value={l.qty} onChange={(e) => setLine(i, e.target.value)} inputMode="numeric" maxLength={2}
                      invalid={!!errors[`lines.${i}.qty`]} aria-label={`${l.supplier_oe} 数量（1至${PACKAGE_QTY_MAX}）`} />
                  </label>
                  <Button type="button" icon="pi pi-times" text severity="danger" aria-label={`移除 ${l.supplier_oe}`} onClick={() => set('lines', values.lines.filter((_, n) => n !== i))} />
                  {errors[`lines.${i}.qty`] && <small className="field-error mt-line-error" role="alert">{errors[`lines.${i}.qty`]}</small>}
                </li>
              ))}
            </ol>
          )}
          {errors.lines && <small id="pkg-lines-error" className="field-error" role="alert">{errors.lines}</small>}
          {values.lines.length < PACKAGE_LINES_MAX && <LinePicker chosen={new Set(values.lines.map((l) => l.stock_id))} onPick={pick} />}
        </fieldset>
        {form.formError && <p role="alert" className="field-error">{form.formError}</p>}
      </form>
    </Dialog>
  );
}
