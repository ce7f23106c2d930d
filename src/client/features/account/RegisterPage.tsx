import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Checkbox } from 'primereact/checkbox';
import { Button } from 'primereact/button';
import { ACCOUNT_RULES, registerSchema } from '../../../shared/domain/account-rules';
import type { BusinessType } from '../../../shared/domain/company-type';
import { msg } from '../../../shared/messages';
import { startSession } from '../session/actions';
import { Field } from '../../ui/form/Field';
import { SmsCodeButton } from './SmsCodeButton';
import { useForm } from '../../ui/form/form';
import '../../ui/form/form.css';
import { useRegister } from './mutations';
import { invitationPeekQuery } from '../customer/queries';
import { ApiError } from '../../api/request';
import { errorText } from '../../ui/form/form';
import './register-invite.css';
import { BusinessTypeField } from './BusinessTypeField';

const passwordProps = { feedback: false, toggleMask: true, inputStyle: { width: '100%' }, style: { width: '100%' } } as const;

/**
 * /login/register: a new buyer company and its owner, signed in on success. Opened from a seller's
 * invitation link (`invite`), the page names the seller and registers the company as its customer;
 * a code that cannot be used says why and the shop may register without it (docs/customers.md).
 */
export function RegisterPage({ invite }: { invite?: string }) {
  const f = useForm({ company_name: '', business_type: '' as BusinessType | '', contact_name: '', username: '', mobile: '', sms_code: '', password: '', password2: '', agree: false });
  const [busy, setBusy] = useState(false);
  const register = useRegister();
  const [sent, setSent] = useState(false);
  const { values: x, errors: err, set } = f;
  const [dropped, setDropped] = useState(false);
  const [inviteError, setInviteError] = useState('');
  const code = !dropped && invite ? invite : '';
  const peek = useQuery({ ...invitationPeekQuery(code), enabled: code !== '' });
  const inviteProblem = inviteError || (peek.isError ? errorText(peek.error) : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.check(registerSchema)) return;
    setBusy(true);
    try {
      const tokens = await register.mutateAsync({ ...x, business_type: x.business_type as BusinessType, agree: true, invite_code: code });
      await startSession(tokens, '/');
    } catch (error) {
      // every value typed stays in the form; a dead invitation is said beside the invitation
      if (error instanceof ApiError && error.field === 'invite_code') setInviteError(error.message);
      else f.refuse(error);
      setBusy(false);
    }
  };

  const invalid = (k: string) => (err[k] ? 'p-invalid' : undefined);

  return (
    <form className="account-box account-form card" onSubmit={submit} noValidate aria-label={msg.registerTitle}>
      <h2>{msg.registerTitle} · 新建买家企业</h2>
      {code !== '' && (inviteProblem ? (
        <div className="register-invite bad" role="alert" data-testid="register-invite">
          {inviteProblem}
          <Button type="button" size="small" text label="不用邀请码，直接注册" onClick={() => { setDropped(true); setInviteError(''); }} />
        </div>
      ) : peek.data ? (
        <div className="register-invite ok" data-testid="register-invite">
          <i className="pi pi-user-plus" aria-hidden="true" /> 「{peek.data.seller_company_name}」邀请您注册，注册后您将成为它的客户
        </div>
      ) : null)}
      <Field id="company_name" label="企业名称" hint={ACCOUNT_RULES.companyName} error={err.company_name} required>
        <InputText id="company_name" name="company_name" value={x.company_name} onChange={(e) => set('company_name', e.target.value)} className={invalid('company_name')} autoComplete="organization" autoFocus />
      </Field>
      <BusinessTypeField legend="企业类型" value={x.business_type} error={err.business_type} onChange={(k) => set('business_type', k)} />
      <Field id="contact_name" label="联系人姓名" hint={ACCOUNT_RULES.contactName} error={err.contact_name} required>
        <InputText id="contact_name" name="contact_name" value={x.contact_name} onChange={(e) => set('contact_name', e.target.value)} className={invalid('contact_name')} autoComplete="name" />
      </Field>
      <Field id="username" label={msg.username} hint={ACCOUNT_RULES.username} error={err.username} required>
        <InputText id="username" name="username" value={x.username} onChange={(e) => set('username', e.target.value)} className={invalid('username')} autoComplete="username" />
      </Field>
      <Field id="mobile" label="手机号" hint={ACCOUNT_RULES.mobile} error={err.mobile} required>
        <InputText id="mobile" name="mobile" type="tel" inputMode="numeric" maxLength={11} value={x.mobile} onChange={(e) => set('mobile', e.target.value)} className={invalid('mobile')} autoComplete="tel" />
      </Field>
      <Field id="sms_code" label="短信验证码" hint={ACCOUNT_RULES.smsCode} error={err.sms_code} required>
        <div className="code-row">
          <InputText id="sms_code" name="sms_code" inputMode="numeric" maxLength={6} value={x.sms_code} onChange={(e) => set('sms_code', e.target.value)} className={invalid('sms_code')} autoComplete="one-time-code" />
          <SmsCodeButton mobile={x.mobile} purpose="register" onSent={() => { setSent(true); f.setErrors({}); }} onError={(e) => f.refuse(e, 'mobile')} />
        </div>
        {sent && !err.sms_code && <div className="account-sms-sent">{msg.smsSent}</div>}
      </Field>
      <Field id="password" label={msg.password} hint={ACCOUNT_RULES.password} error={err.password} required>
        <Password inputId="password" name="password" value={x.password} onChange={(e) => set('password', e.target.value)} className={invalid('password')} autoComplete="new-password" {...passwordProps} />
      </Field>
      <Field id="password2" label="确认密码" error={err.password2} required>
        <Password inputId="password2" name="password2" value={x.password2} onChange={(e) => set('password2', e.target.value)} className={invalid('password2')} autoComplete="new-password" {...passwordProps} />
      </Field>
      <div className="field">
        <div className="agree">
          <Checkbox inputId="agree" name="agree" checked={x.agree} onChange={(e) => set('agree', !!e.checked)} className={invalid('agree')} />
          <label htmlFor="agree">我已阅读并同意</label>
          <a href="/protocol" target="_blank" rel="noopener">《汽配汇用户协议》</a>
        </div>
        {err.agree && <div className="field-error" role="alert">{err.agree}</div>}
      </div>
      {f.formError && <p className="form-error" role="alert">{f.formError}</p>}
      <Button type="submit" label={msg.registerSubmit} loading={busy} style={{ width: '100%' }} />
      <div className="account-links">
        <Link to="/login">{msg.haveAccount}</Link>
        <span>注册后为注册会员（免费），可随时升级为正式会员</span>
        <Link to="/login/register/vn">越南企业注册 · Đăng ký doanh nghiệp Việt Nam</Link>
      </div>
    </form>
  );
}
