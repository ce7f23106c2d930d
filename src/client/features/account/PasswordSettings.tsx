import { useState, type FormEvent } from 'react';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { ACCOUNT_RULES, passwordChangeSchema } from '../../../shared/domain/account-rules';
import { msg } from '../../../shared/messages';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import '../../ui/form/form.css';
import { useChangePassword } from './mutations';
import { useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';

const passwordProps = { feedback: false, toggleMask: true, inputStyle: { width: '100%' }, style: { width: '100%' } } as const;

/** /backend/settings/password and the phone's /im/password: this session stays signed in, the user's others end. In the page's language (docs/i18n.md). */
export function PasswordSettings() {
  const t = useT();
  const f = useForm({ old_password: '', password: '', password2: '' });
  const [busy, setBusy] = useState(false);
  const changePassword = useChangePassword();
  const [done, setDone] = useState(false);
  const { values: x, errors: err, set } = f;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    if (!f.check(passwordChangeSchema)) return;
    setBusy(true);
    try {
      await changePassword.mutateAsync(x);
      setDone(true);
      set('old_password', '');
      set('password', '');
      set('password2', '');
    } catch (error) {
      f.refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const invalid = (k: string) => (err[k] ? 'p-invalid' : undefined);

  return (
    <div className="settings-page card">
      <form className="account-form" onSubmit={submit} noValidate aria-label={t(msg.passwordTitle)} style={{ maxWidth: '26rem' }}>
        <h2>{t(msg.passwordTitle)}</h2>
        <Field id="old_password" label={t('原密码')} error={err.old_password} required>
          <Password inputId="old_password" name="old_password" value={x.old_password} onChange={(e) => set('old_password', e.target.value)} className={invalid('old_password')} autoComplete="current-password" {...passwordProps} />
        </Field>
        <Field id="password" label={t('新密码')} hint={t(ACCOUNT_RULES.password)} error={err.password} required>
          <Password inputId="password" name="password" value={x.password} onChange={(e) => set('password', e.target.value)} className={invalid('password')} autoComplete="new-password" {...passwordProps} />
        </Field>
        <Field id="password2" label={t('确认新密码')} error={err.password2} required>
          <Password inputId="password2" name="password2" value={x.password2} onChange={(e) => set('password2', e.target.value)} className={invalid('password2')} autoComplete="new-password" {...passwordProps} />
        </Field>
        {f.formError && <p className="form-error" role="alert"><Refusal text={f.formError} /></p>}
        {done && <p className="account-ok" role="status">{t(msg.passwordChanged)}</p>}
        <Button type="submit" label={t(msg.save)} loading={busy} />
      </form>
    </div>
  );
}
