import { useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { credentialsSchema } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { signIn } from './actions';
import { useT } from '../../i18n/lang';

/**
 * 登录, a form of the form kit (docs/architecture.md, "Forms"): the sign-in's own schema before
 * sending, each message under its field (用户名或密码错误 under 密码), what was typed kept. The
 * sign-in itself is session/actions.ts's (two calls and a page change), not a form write; the
 * password is never kept beyond the page.
 */
function LoginForm({ loginPath, title, redirect }: { loginPath: string; title: string; redirect?: string }) {
  const t = useT();
  const form = useForm({ username: '', password: '' }, { offline: t('网络不可用，请联网后再登录') });
  const { values, errors } = form;
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const credentials = { username: values.username.trim(), password: values.password };
    if (!form.check(credentialsSchema, credentials)) return;
    setBusy(true);
    try {
      await signIn(loginPath, credentials.username, credentials.password, redirect);
    } catch (err) {
      // what the user typed stays in the form
      form.refuse(err);
      setBusy(false);
    }
  };

  return (
    <form className="login-box card" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
      <h2>{t(title)}</h2>
      <Field id="username" label={t(msg.username)} error={errors.username}>
        <InputText {...form.text('username')} autoComplete="username" autoFocus />
      </Field>
      <Field id="password" label={t(msg.password)} error={errors.password}>
        <Password inputId="password" name="password" autoComplete="current-password" value={values.password} onChange={(e) => form.set('password', e.target.value)} feedback={false} toggleMask
          invalid={!!errors.password} aria-invalid={!!errors.password || undefined} aria-describedby={errors.password ? 'password-error' : undefined}
          inputStyle={{ width: '100%' }} style={{ width: '100%' }} />
      </Field>
      {form.formError && <p className="form-error" role="alert">{form.formError}</p>}
      <Button type="submit" label={t(msg.login)} loading={busy} style={{ width: '100%' }} />
      {loginPath === '/login' && (
        <div className="account-links" style={{ display: 'flex', justifyContent: 'space-between', marginTop: '0.8rem', fontSize: '0.65rem' }}>
          <a href="/login/password/reset">{t(msg.forgotPassword)}</a>
          <a href="/login/register">{t(msg.register)}</a>
        </div>
      )}
    </form>
  );
}

/** The page of /login, /operation/login and /im/login (their route options: ./login-route.ts). */
export function LoginPage({ loginPath, title }: { loginPath: string; title: string }) {
  const redirect = new URLSearchParams(location.search).get('redirect') ?? undefined;
  return <LoginForm loginPath={loginPath} title={title} redirect={redirect} />;
}
