import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { STOCK_FIELD_LABELS as L, stockCreatePayload, stockUpdatePayload, type SellerStockRow } from '../../../shared/contracts';
import { formatFen, PRICE_COLUMNS } from '../../../shared/domain/prices';
import { parseYuan, STOCK_PRICE_FIELDS } from '../../../shared/domain/stock';
import { yuanToFen } from '../../../shared/domain/money';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { countriesQuery, makesQuery, partBrandOptionsQuery, partTypesQuery, terminologyQuery } from './queries';
import { useCreateStock, useUpdateStock } from './mutations';
import { ScanButton } from '../scan/ScanButton';

type Values = Record<string, string | number | null>;

const TEXT_FIELDS: Array<[string, number, string?]> = [
  ['default_code', 30, '本公司的商品编码，导入时用它区分同一OE号的不同货'], ['supplier_code', 30], ['supplier_vehicle', 100, '如：途锐 2011-2018'],
  ['product_specification', 100], ['producing_area', 20], ['category_name', 20], ['uom_name', 10], ['note', 200],
];

const initialOf = (row: SellerStockRow | null): Values => ({
  supplier_oe: row?.supplier_oe ?? '', name: row?.name ?? '', part_brand_id: row?.part_brand_id ?? null, custom_brand_name: row?.custom_brand_name ?? '',
  quality_id: row?.quality_id ?? null, make_id: row?.make_id ?? null, terminology_id: row?.terminology_id ?? null, country_id: row?.country_id ?? null,
  factory_make_id: row?.factory_make_id ?? null,
  default_code: row?.default_code ?? '', supplier_code: row?.supplier_code ?? '', supplier_vehicle: row?.supplier_vehicle ?? '',
  product_specification: row?.product_specification ?? '', producing_area: row?.producing_area ?? '', category_name: row?.category_name ?? '',
  uom_name: row?.uom_name ?? '个', note: row?.note ?? '', sale_state: row?.sale_state ?? 'normal',
  vn_quantity: row ? String(row.vn_quantity) : '0',
  ...(row ? {} : { quantity: '0' }),
  ...Object.fromEntries(STOCK_PRICE_FIELDS.map((f) => [f, row ? (row[f] === null ? '' : f === 'vn_price' ? String(row[f]) : formatFen(row[f])) : ''])),
});

/**
 * 新增库存 / 编辑库存: every field of the stock row, checked with the server's own schema before
 * sending; a refusal shows under its field and nothing typed is lost. The quantity of an existing
 * row is changed in the list (set or adjust), not here; a locked row's prices are read-only.
 */
export function StockFormDialog({ row, onHide, onSaved }: { row: SellerStockRow | null; onHide: () => void; onSaved: (row: SellerStockRow, created: boolean) => void }) {
  const form = useForm<Values>(initialOf(row));
  const { values, set, errors } = form;
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const createStock = useCreateStock();
  const updateStock = useUpdateStock();
  const brands = useQuery(partBrandOptionsQuery());
  const types = useQuery(partTypesQuery());
  const makes = useQuery(makesQuery());
  const groups = useQuery(terminologyQuery());
  const countries = useQuery(countriesQuery());
  const schema = row ? stockUpdatePayload : stockCreatePayload;

  const submit = async () => {
    // prices are typed in yuan and sent in fen (docs/api.md, "Money"); a price that is no amount is said under its field
    const typed = Object.fromEntries(PRICE_COLUMNS.map((f) => [f, String(values[f] ?? '').trim()]));
    const bad = Object.fromEntries(PRICE_COLUMNS.flatMap((f) => {
      const r = typed[f] === '' ? null : parseYuan(typed[f], L[f]);
      return r && !r.ok ? [[f, r.message]] : [];
    }));
    const payload = { ...values, ...Object.fromEntries(PRICE_COLUMNS.map((f) => [f, typed[f] === '' ? null : yuanToFen(typed[f].replace(/^[¥￥]/, ''))])) };
    if (!form.check(schema, payload) || Object.keys(bad).length > 0) {
      if (Object.keys(bad).length > 0) form.setErrors((old) => ({ ...old, ...bad }));
      return;
    }
    setBusy(true);
    try {
      const saved = row
        ? await updateStock.mutateAsync({ id: row.id, payload: payload as never })
        : await createStock.mutateAsync({ payload: payload as never, idempotencyKey: key.current });
      onSaved(saved, !row);
    } catch (e) {
      form.refuse(e);
    } finally {
      setBusy(false);
    }
  };

  const text = (name: string, max: number, hint?: string, required?: boolean) => (
    <Field key={name} id={name} label={L[name as keyof typeof L]} hint={hint} error={errors[name]} required={required}>
      {name === 'supplier_oe' ? (
        // warehouse staff read the OE number off the part's label
        <span className="scan-field">
          <InputText id={name} name={name} value={String(values[name] ?? '')} maxLength={max} onChange={(e) => set(name, e.target.value)} invalid={!!errors[name]} />
          <ScanButton onScan={(oe) => set(name, oe)} />
        </span>
      ) : (
        <InputText id={name} name={name} value={String(values[name] ?? '')} maxLength={max} onChange={(e) => set(name, e.target.value)} invalid={!!errors[name]} />
      )}
    </Field>
  );
  const select = (name: string, options: Array<{ label: string; value: number }>, required?: boolean, hint?: string) => (
    <Field key={name} id={name} label={L[name as keyof typeof L]} error={errors[name]} required={required} hint={hint}>
      <Dropdown inputId={name} value={values[name]} options={options} showClear={!required} filter={options.length > 12} placeholder="请选择"
        onChange={(e) => set(name, (e.value as number | undefined) ?? null)} invalid={!!errors[name]} />
    </Field>
  );

  return (
    <Dialog header={row ? `编辑库存 · ${row.supplier_oe}` : '新增库存'} visible onHide={onHide} style={{ width: 'min(60rem, 96vw)' }} modal
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="stock-form" label="保存" icon="pi pi-check" loading={busy} /></>}>
      <form id="stock-form" className="stock-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {text('supplier_oe', 40, '字母和数字，至少5位；空格和横线会自动去掉', true)}
        {text('name', 50, undefined, true)}
        {select('part_brand_id', (brands.data?.data ?? []).map((b) => ({ label: b.name, value: b.id })), false, '选择品牌，或在下一格填写自有品牌')}
        {text('custom_brand_name', 30)}
        {select('quality_id', (types.data ?? []).map((t) => ({ label: t.name, value: t.id })), true)}
        {select('make_id', (makes.data ?? []).map((m) => ({ label: `${m.initial} ${m.name}`, value: m.id })))}
        {select('terminology_id', (groups.data ?? []).map((g) => ({ label: g.name, value: g.id })))}
        {select('country_id', (countries.data?.data ?? []).map((c) => ({ label: c.name, value: c.id })))}
        {TEXT_FIELDS.map(([name, max, hint]) => text(name, max, hint))}
        {!row && text('quantity', 8, '之后在列表中直接修改或按 +N/-N 调整', true)}
        {text('vn_quantity', 8)}
        <p className="stock-form-prices">价格（元，最多两位小数；越南价为越南盾整数；不填表示不设此价）{row?.price_lock && '：价格已锁定，解锁后才能修改'}</p>
        {STOCK_PRICE_FIELDS.map((f) => (
          <Field key={f} id={f} label={L[f]} error={errors[f]}>
            <InputText id={f} name={f} value={String(values[f] ?? '')} inputMode={f === 'vn_price' ? 'numeric' : 'decimal'} maxLength={13}
              disabled={row?.price_lock} onChange={(e) => set(f, e.target.value)} invalid={!!errors[f]} />
          </Field>
        ))}
        {form.formError && <p role="alert" className="field-error" style={{ gridColumn: '1 / -1' }}>{form.formError}</p>}
      </form>
    </Dialog>
  );
}
