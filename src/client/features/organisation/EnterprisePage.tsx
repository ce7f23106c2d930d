/**
 * 企业信息 (/backend/settings/enterprise, M07): the company's name, short name, phone, area, address,
 * logo, and the main brands and makes buyers see on its card, shop and in search. Every user of the
 * company reads it; the owner or a holder of M07 saves it (the server decides: `editable`).
 */
import { useState, type FormEvent } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { AutoComplete } from 'primereact/autocomplete';
import { ACCOUNT_RULES } from '../../../shared/domain/account-rules';
import { MAIN_LIST_MAX } from '../../../shared/domain/organisation';
import { BUSINESS_TYPES, BUSINESS_TYPE_LABELS, type BusinessType } from '../../../shared/domain/company-type';
import { Dropdown } from 'primereact/dropdown';
import { endpoints, type Enterprise } from '../../../shared/contracts';
import { UploadButton } from '../upload/UploadButton';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import '../../ui/form/form.css';
import '../stock/stock.css';
import { enterpriseQuery, makesQuery, searchPartBrands } from './queries';
import { useUpdateEnterprise } from './mutations';
import './change-notice.css';
import { AutopartsCityCard } from './AutopartsCityCard';
import { REVIEWED_COMPANY_FIELDS, type ReviewedCompanyField } from '../../../shared/domain/operation';

/**
 * 资料变更审核中 / 资料变更未通过: the reviewed fields (企业资料变更审核) wait for the platform; the
 * form keeps showing the values in force, and this box the values that wait or were refused.
 */
function ChangeNotice({ enterprise }: { enterprise: Enterprise }) {
  const c = enterprise.change;
  if (!c) return enterprise.review_on ? <p className="hint">企业名称、简称、省市、地址的修改须经平台审核后生效，其他信息保存后立即生效。</p> : null;
  return (
    <div className={`change-notice ${c.state}`} role="note" data-testid="change-notice">
      <strong>{c.state === 'pending' ? '资料变更审核中' : '资料变更未通过'}</strong>
      {c.state === 'rejected' && <span>驳回原因：{c.reason}</span>}
      <ul>
        {Object.keys(c.new_value).map((k) => (
          <li key={k}>{REVIEWED_COMPANY_FIELDS[k as ReviewedCompanyField] ?? k}：{c.old_value[k] || '（空）'} → {c.new_value[k] || '（空）'}</li>
        ))}
      </ul>
      <small>{c.state === 'pending' ? '表单中是提交审核的内容，审核通过后生效；审核期间再次保存会替换待审核的内容，改回原值则撤回。' : '表单中是当前生效的资料，可修改后重新保存提交。'}</small>
    </div>
  );
}

interface Named { id: number; name: string }
interface Form extends Record<string, unknown> {
  name: string; short_name: string; phone: string; province: string; city: string; address: string; logo: string;
  brands: Named[]; make_ids: number[]; business_type: BusinessType;
}

/** The form shows what the company asked for: values waiting for review replace the ones in force. */
const toForm = (e: Enterprise): Form => ({
  name: e.name, short_name: e.short_name, phone: e.phone, province: e.province, city: e.city, address: e.address, logo: e.logo,
  brands: e.main_brands, make_ids: e.main_makes.map((m) => m.id), business_type: e.business_type,
  ...(e.change?.state === 'pending' ? e.change.new_value : {}),
});

export function EnterprisePage() {
  const { data } = useSuspenseQuery(enterpriseQuery());
  // a fresh form after each save, from what the server kept
  return (
    <>
      <EnterpriseForm key={JSON.stringify(data)} enterprise={data} />
      <AutopartsCityCard />
    </>
  );
}

function EnterpriseForm({ enterprise }: { enterprise: Enterprise }) {
  const f = useForm<Form>(toForm(enterprise));
  const { values: x, errors: err, set } = f;
  const updateEnterprise = useUpdateEnterprise();
  const makes = useQuery(makesQuery());
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [brandOptions, setBrandOptions] = useState<Named[]>([]);
  const ro = !enterprise.editable;

  const payload = () => ({
    name: x.name, short_name: x.short_name, phone: x.phone, province: x.province, city: x.city, address: x.address, logo: x.logo,
    main_brand_ids: x.brands.map((b) => b.id), main_make_ids: x.make_ids, business_type: x.business_type,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const body = payload();
    if (!f.check(endpoints.enterpriseUpdate.payload, body)) return;
    setBusy(true);
    try {
      await updateEnterprise.mutateAsync(body);
      setDone(true);
    } catch (error) {
      f.refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const searchBrands = async (keyword: string) => {
    try {
      const found = await searchPartBrands(keyword);
      setBrandOptions(found.data.filter((b) => !x.brands.some((p) => p.id === b.id)));
    } catch {
      setBrandOptions([]);
    }
  };

  const text = (id: keyof Form & string, props: Record<string, unknown> = {}) => (
    <InputText id={id} name={id} value={x[id] as string} disabled={ro} onChange={(e) => set(id, e.target.value)} invalid={!!err[id]} {...props} />
  );

  return (
    <div className="settings-page card enterprise-page">
      <form className="account-form" onSubmit={submit} noValidate aria-label="企业信息">
        <h2>企业信息</h2>
        <p className="hint">
          {enterprise.is_seller ? '卖家' : '买家'}企业 · 会员等级：{enterprise.level_name || '注册会员'}。
          {ro ? '企业信息由企业负责人或有“企业设置”权限的员工维护，您可以查看。' : '买家在店铺、名片和搜索结果中看到这些信息。'}
        </p>
        <ChangeNotice enterprise={enterprise} />
        <div className="settings-grid">
          <Field id="name" label="企业名称" hint={ACCOUNT_RULES.companyName} error={err.name} required>{text('name')}</Field>
          <Field id="short_name" label="企业简称" hint="2到20个字符" error={err.short_name} required>{text('short_name', { maxLength: 20 })}</Field>
          <Field id="phone" label="企业电话" hint={ACCOUNT_RULES.contactPhone} error={err.phone}>{text('phone', { type: 'tel' })}</Field>
          <Field id="province" label="省份" error={err.province}>{text('province', { maxLength: 20 })}</Field>
          <Field id="city" label="城市" error={err.city}>{text('city', { maxLength: 20 })}</Field>
          <Field id="address" label="详细地址" error={err.address}>{text('address', { maxLength: 100 })}</Field>
          <Field id="business_type" label="企业类型" hint="平台按企业类型统计，如维修厂采购报表" error={err.business_type}>
            <Dropdown inputId="business_type" value={x.business_type} disabled={ro} invalid={!!err.business_type}
              options={BUSINESS_TYPES.map((t) => ({ value: t, label: BUSINESS_TYPE_LABELS[t] }))} onChange={(e) => set('business_type', e.value as BusinessType)} />
          </Field>
        </div>
        <Field id="logo" label="企业标志" hint="JPG或PNG，显示在店铺和名片上" error={err.logo}>
          <div className="enterprise-logo" id="logo" tabIndex={-1}>
            {x.logo ? <img src={x.logo} alt="企业标志" /> : <span className="muted">未上传</span>}
            {!ro && <UploadButton label={x.logo ? '更换标志' : '上传标志'} onUploaded={(url) => set('logo', url)} onProblem={(t) => f.setErrors({ logo: t })} />}
            {!ro && x.logo && <Button type="button" text size="small" label="不使用标志" onClick={() => set('logo', '')} />}
          </div>
        </Field>
        <Field id="main_brand_ids" label="主营品牌" hint={`输入品牌名查找，最多${MAIN_LIST_MAX}个`} error={err.main_brand_ids}>
          <AutoComplete inputId="main_brand_ids" multiple value={x.brands} field="name" suggestions={brandOptions} disabled={ro}
            completeMethod={(e) => void searchBrands(e.query)} onChange={(e) => set('brands', (e.value ?? []) as Named[])}
            invalid={!!err.main_brand_ids} emptyMessage="没有找到这个品牌" className="enterprise-multi" />
        </Field>
        <Field id="main_make_ids" label="主营车型品牌" hint={`可多选，最多${MAIN_LIST_MAX}个`} error={err.main_make_ids}>
          <MultiSelect inputId="main_make_ids" value={x.make_ids} options={makes.data ?? []} optionLabel="name" optionValue="id" filter disabled={ro}
            display="chip" placeholder={makes.isLoading ? '正在加载车型品牌…' : '选择车型品牌'} onChange={(e) => set('make_ids', e.value as number[])}
            invalid={!!err.main_make_ids} emptyFilterMessage="没有这个车型品牌" className="enterprise-multi" />
        </Field>
        {f.formError && <p className="form-error" role="alert">{f.formError}</p>}
        {done && <p className="account-ok" role="status">{enterprise.change?.state === 'pending' ? '已保存；企业名称、简称、省市、地址的修改已提交平台审核' : '企业信息已保存'}</p>}
        {!ro && <Button type="submit" label="保存" loading={busy} />}
      </form>
    </div>
  );
}
