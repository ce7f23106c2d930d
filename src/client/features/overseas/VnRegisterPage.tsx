import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { overseasRegisterSchema, vnMobileSchema } from '../../../shared/contracts/overseas';
import { ACCOUNT_RULES } from '../../../shared/domain/account-rules';
import { OVERSEAS_RULES } from '../../../shared/domain/overseas';
import type { BusinessType } from '../../../shared/domain/company-type';
import { msg } from '../../../shared/messages';
import { useLang, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import { startSession } from '../session/actions';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import '../../ui/form/form.css';
import { SmsCodeButton } from '../account/SmsCodeButton';
import { BusinessTypeField } from '../account/BusinessTypeField';
import { useRegisterVn } from './mutations';
import { provinceOptions } from './provinces';

const passwordProps = { feedback: false, toggleMask: true, inputStyle: { width: '100%' }, style: { width: '100%' } } as const;

/**
 * /login/register/vn: a company registered in Vietnam and its owner (docs/overseas.md). The page
 * speaks the reader's language (docs/i18n.md): a guest who never chose one reads Vietnamese here
 * (lang.ts guestLang), the refusals too, the server's side-by-side ones by their Chinese side
 * (refusals.ts REGISTRATION_REFUSALS). The new account signs in at once and lands on its
 * registration's state: it buys after an operator's approval. 企业类型
 * (docs/reports.md#company-types) is asked as on the Chinese registration.
 */
export function VnRegisterPage() {
  const t = useT();
  const lang = useLang();
  const f = useForm({
    company_name: '', business_type: '' as BusinessType | '', province: '', tax_code: '', address: '', contact_name: '', username: '', mobile: '', sms_code: '', password: '', password2: '', agree: false,
  });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const register = useRegisterVn();
  const { values: x, errors: err, set } = f;
  const invalid = (k: string) => (err[k] ? 'p-invalid' : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.check(overseasRegisterSchema)) return;
    setBusy(true);
    try {
      const tokens = await register.mutateAsync({ ...x, business_type: x.business_type as BusinessType, province: x.province as 'HN', agree: true });
      await startSession(tokens, '/apply/vn');
    } catch (error) {
      f.refuse(error);
      setBusy(false);
    }
  };

  return (
    <form className="account-box account-form card" onSubmit={submit} noValidate aria-label={t('越南企业注册')}>
      <h2>{t('越南企业注册')}</h2>
      <p className="muted">{t('注册后由平台审核，审核通过即可在越南商城采购')}</p>
      <Field id="company_name" label={t('企业名称')} hint={t(OVERSEAS_RULES.companyName)} error={err.company_name} required>
        <InputText id="company_name" value={x.company_name} onChange={(e) => set('company_name', e.target.value)} className={invalid('company_name')} autoComplete="organization" autoFocus />
      </Field>
      <BusinessTypeField legend={t('企业类型')} value={x.business_type} error={err.business_type} onChange={(k) => set('business_type', k)} />
      <Field id="province" label={t('所在省/市')} hint={t(OVERSEAS_RULES.province)} error={err.province} required>
        <Dropdown inputId="province" value={x.province || null} options={provinceOptions(lang)} onChange={(e) => set('province', String(e.value ?? ''))}
          placeholder={t('请选择')} filter className={invalid('province')} style={{ width: '100%' }} />
      </Field>
      <Field id="tax_code" label={t('税号')} hint={t(OVERSEAS_RULES.taxCode)} error={err.tax_code} required>
        <InputText id="tax_code" inputMode="numeric" maxLength={14} value={x.tax_code} onChange={(e) => set('tax_code', e.target.value)} className={invalid('tax_code')} />
      </Field>
      <Field id="address" label={t('详细地址')} hint={t(OVERSEAS_RULES.address)} error={err.address} required>
        <InputText id="address" value={x.address} onChange={(e) => set('address', e.target.value)} className={invalid('address')} autoComplete="street-address" />
      </Field>
      <Field id="contact_name" label={t('联系人姓名')} hint={t(ACCOUNT_RULES.contactName)} error={err.contact_name} required>
        <InputText id="contact_name" value={x.contact_name} onChange={(e) => set('contact_name', e.target.value)} className={invalid('contact_name')} autoComplete="name" />
      </Field>
      <Field id="username" label={t(msg.username)} hint={t(ACCOUNT_RULES.username)} error={err.username} required>
        <InputText id="username" value={x.username} onChange={(e) => set('username', e.target.value)} className={invalid('username')} autoComplete="username" />
      </Field>
      <Field id="mobile" label={t('越南手机号')} hint={t(OVERSEAS_RULES.mobile)} error={err.mobile} required>
        <InputText id="mobile" type="tel" value={x.mobile} onChange={(e) => set('mobile', e.target.value)} className={invalid('mobile')} autoComplete="tel" />
      </Field>
      <Field id="sms_code" label={t('短信验证码')} hint={t(ACCOUNT_RULES.smsCode)} error={err.sms_code} required>
        <div className="code-row">
          <InputText id="sms_code" inputMode="numeric" maxLength={6} value={x.sms_code} onChange={(e) => set('sms_code', e.target.value)} className={invalid('sms_code')} autoComplete="one-time-code" />
          <SmsCodeButton mobile={x.mobile} purpose="register" rule={vnMobileSchema} onSent={() => { setSent(true); f.setErrors({}); }} onError={(e) => f.refuse(e, 'mobile')} />
        </div>
        {sent && !err.sms_code && <div className="account-sms-sent">{t(msg.smsSent)}</div>}
      </Field>
      <Field id="password" label={t(msg.password)} hint={t(ACCOUNT_RULES.password)} error={err.password} required>
        <Password inputId="password" value={x.password} onChange={(e) => set('password', e.target.value)} className={invalid('password')} autoComplete="new-password" {...passwordProps} />
      </Field>
      <Field id="password2" label={t('确认密码')} error={err.password2} required>
        <Password inputId="password2" value={x.password2} onChange={(e) => set('password2', e.target.value)} className={invalid('password2')} autoComplete="new-password" {...passwordProps} />
      </Field>
      <div className="field">
        <div className="agree">
          <Checkbox inputId="agree" checked={x.agree} onChange={(e) => set('agree', !!e.checked)} className={invalid('agree')} />
          <label htmlFor="agree">{t('我已阅读并同意')}</label>
          <a href="/protocol" target="_blank" rel="noopener">{t('《汽配汇用户协议》')}</a>
        </div>
        {err.agree && <div className="field-error" role="alert" id="agree-error"><Refusal text={err.agree} /></div>}
      </div>
      {f.formError && <p className="form-error" role="alert"><Refusal text={f.formError} /></p>}
      <Button type="submit" label={t('提交注册')} loading={busy} style={{ width: '100%' }} />
      <div className="account-links">
        <Link to="/login">{t(msg.haveAccount)}</Link>
        <Link to="/login/register">{t('中国企业注册')}</Link>
      </div>
    </form>
  );
}
