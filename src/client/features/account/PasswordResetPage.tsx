import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { ACCOUNT_RULES, passwordResetSchema } from '../../../shared/domain/account-rules';
import { msg } from '../../../shared/messages';
import { Field } from '../../ui/form/Field';
import { SmsCodeButton } from './SmsCodeButton';
import { useForm } from '../../ui/form/form';
import { useResetPassword } from './mutations';
import '../../ui/form/form.css';

const passwordProps = { feedback: false, toggleMask: true, inputStyle: { width: '100%' }, style: { width: '100%' } } as const;

/** /login/password/reset: a new password by SMS code; every session of the user ends. */
export function PasswordResetPage() {
  const f = useForm({ mobile: '', sms_code: '', password: '', password2: '' });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [done, setDone] = useState(false);
  const { values: x, errors: err, set } = f;
  const navigate = useNavigate();
  const resetPassword = useResetPassword();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.check(passwordResetSchema)) return;
    setBusy(true);
    try {
      await resetPassword.mutateAsync(x);
      setDone(true);
    } catch (error) {
      f.refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const invalid = (k: string) => (err[k] ? 'p-invalid' : undefined);

  if (done) {
    return (
      <div className="account-box card" role="status">
        <h2>{msg.resetTitle}</h2>
        <p className="account-ok">{msg.resetDone}</p>
        <Button label={msg.login} style={{ width: '100%' }} onClick={() => void navigate({ to: '/login' })} />
      </div>
    );
  }

  return (
    <form className="account-box account-form card" onSubmit={submit} noValidate aria-label={msg.resetTitle}>
      <h2>{msg.resetTitle}</h2>
      <Field id="mobile" label="注册手机号" hint="注册时填写的手机号" error={err.mobile} required>
        <InputText id="mobile" name="mobile" type="tel" inputMode="numeric" maxLength={11} value={x.mobile} onChange={(e) => set('mobile', e.target.value)} className={invalid('mobile')} autoComplete="tel" autoFocus />
      </Field>
      <Field id="sms_code" label="短信验证码" hint={ACCOUNT_RULES.smsCode} error={err.sms_code} required>
        <div className="code-row">
          <InputText id="sms_code" name="sms_code" inputMode="numeric" maxLength={6} value={x.sms_code} onChange={(e) => set('sms_code', e.target.value)} className={invalid('sms_code')} autoComplete="one-time-code" />
          <SmsCodeButton mobile={x.mobile} purpose="reset" onSent={() => { setSent(true); f.setErrors({}); }} onError={(e) => f.refuse(e, 'mobile')} />
        </div>
        {sent && !err.sms_code && <div className="account-sms-sent">{msg.smsSent}</div>}
      </Field>
      <Field id="password" label="新密码" hint={ACCOUNT_RULES.password} error={err.password} required>
        <Password inputId="password" name="password" value={x.password} onChange={(e) => set('password', e.target.value)} className={invalid('password')} autoComplete="new-password" {...passwordProps} />
      </Field>
      <Field id="password2" label="确认新密码" error={err.password2} required>
        <Password inputId="password2" name="password2" value={x.password2} onChange={(e) => set('password2', e.target.value)} className={invalid('password2')} autoComplete="new-password" {...passwordProps} />
      </Field>
      {f.formError && <p className="form-error" role="alert">{f.formError}</p>}
      <Button type="submit" label={msg.resetSubmit} loading={busy} style={{ width: '100%' }} />
      <p className="hint" style={{ fontSize: '0.55rem', color: '#6b7280' }}>重设后，该账号在所有设备上的登录都会退出。</p>
      <div className="account-links">
        <Link to="/login">返回登录</Link>
        <a href="/login/register">{msg.register}</a>
      </div>
    </form>
  );
}
