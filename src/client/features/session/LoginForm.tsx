import { useState, type FormEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { msg } from '../../../shared/messages';
import { signIn } from './actions';
import { ApiError, OfflineError } from '../../api/request';

function LoginForm({ loginPath, title, redirect }: { loginPath: string; title: string; redirect?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim()) return setError('请输入用户名');
    if (!password) return setError('请输入密码');
    setBusy(true);
    setError('');
    try {
      await signIn(loginPath, username.trim(), password, redirect);
    } catch (err) {
      // what the user typed stays in the form
      setError(err instanceof OfflineError ? '网络不可用，请联网后再登录' : err instanceof ApiError ? err.message : msg.serverError);
      setBusy(false);
    }
  };

  return (
    <form className="login-box card" onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <div className="field">
        <label htmlFor="username">{msg.username}</label>
        <InputText id="username" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
      </div>
      <div className="field">
        <label htmlFor="password">{msg.password}</label>
        <Password inputId="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask inputStyle={{ width: '100%' }} style={{ width: '100%' }} />
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      <Button type="submit" label={msg.login} loading={busy} style={{ width: '100%' }} />
      {loginPath === '/login' && (
        <div className="account-links" style={{ display: 'flex', justifyContent: 'space-between', marginTop: '0.8rem', fontSize: '0.65rem' }}>
          <a href="/login/password/reset">{msg.forgotPassword}</a>
          <a href="/login/register">{msg.register}</a>
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
