/**
 * 开放平台控制台 (/open/controlPanel; docs/open-platform.md, "Keys and signing"): the company's API
 * keys. The owner or an M07 holder creates a key (name, scopes the company's level allows, IP
 * allow-list, expiry), sees its secret once with a copy button, rotates it (the old secret signs
 * 24 hours more) and revokes it. Anyone else is told who may manage keys.
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { OPEN_KEY_STATES, OPEN_ROTATION_GRACE_HOURS, OPEN_SCOPE_LABELS, type OpenKey, type OpenScope } from '../../../shared/contracts';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { openKeysQuery } from './queries';
import { useOpenKeyCreate, useOpenKeyRevoke, useOpenKeyRotate } from './mutations';
import { OpenNav } from './OpenNav';
import { ErpChoice } from '../erp/ErpChoice';
import './open.css';

const when = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '—');

/** The secret, once: copy it now, it is never shown again. */
function SecretDialog({ shown, onHide }: { shown: { keyId: string; secret: string; rotated: boolean }; onHide: () => void }) {
  const [copied, setCopied] = useState('');
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`已复制${what}`);
    } catch {
      setCopied('无法自动复制，请选中后手动复制');
    }
  };
  return (
    <Dialog header={shown.rotated ? '新的密钥（Secret）' : '密钥已创建'} visible onHide={onHide} style={{ width: '36rem', maxWidth: '95vw' }} closable={false}
      footer={<Button label="我已保存，关闭" onClick={onHide} data-testid="open-secret-close" />}>
      <p className="open-warning" role="alert">
        Secret 只显示这一次，关闭后无法再查看。请立即复制并妥善保存（不要写进前端代码或发给他人）；遗失后只能轮换或新建密钥。
        {shown.rotated && ` 旧的 Secret 在 ${OPEN_ROTATION_GRACE_HOURS} 小时内仍可签名，请在此期间更新 ERP 中的配置。`}
      </p>
      <dl className="open-secret">
        <dt>Key ID（open-key）</dt>
        <dd><code data-testid="open-key-id">{shown.keyId}</code> <Button type="button" label="复制" size="small" text onClick={() => void copy(shown.keyId, ' Key ID')} /></dd>
        <dt>Secret</dt>
        <dd><code data-testid="open-secret">{shown.secret}</code> <Button type="button" label="复制" size="small" onClick={() => void copy(shown.secret, ' Secret')} aria-label="复制 Secret" /></dd>
      </dl>
      {copied && <p className="open-copied" role="status">{copied}</p>}
    </Dialog>
  );
}

function CreateDialog({ allowed, onHide, onCreated }: { allowed: OpenScope[]; onHide: () => void; onCreated: (keyId: string, secret: string) => void }) {
  const write = useOpenKeyCreate();
  const form = useForm({ name: '', scopes: [] as OpenScope[], ip_allow: '', expires: '' }, { idPrefix: 'open-' });
  const toggle = (s: OpenScope) => form.set('scopes', form.values.scopes.includes(s) ? form.values.scopes.filter((x) => x !== s) : [...form.values.scopes, s]);
  const save = () => form.submit(write, {
    name: form.values.name.trim(),
    scopes: form.values.scopes,
    ip_allow: form.values.ip_allow.split(/[\s,，]+/).map((s) => s.trim()).filter(Boolean),
    expires_at: form.values.expires ? dayjs(form.values.expires).endOf('day').unix() : 0,
  }, (a) => onCreated(a.key.key_id, a.secret));
  return (
    <Dialog header="新建接口密钥" visible onHide={onHide} style={{ width: '34rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="创建" loading={form.busy} onClick={() => void save()} data-testid="open-create-save" /></>}>
      <div className="open-form">
        <Field id="open-name" label="密钥名称" required error={form.errors.name} hint="如“用友 ERP 正式环境”，1–40 个字符">
          <InputText {...form.text('name')} maxLength={40} style={{ width: '100%' }} />
        </Field>
        <Field id="open-scopes" label="接口权限" required error={form.errors.scopes} hint="只能选择本公司会员等级允许的权限">
          <div id="open-scopes" className="open-scopes" role="group" aria-label="接口权限" tabIndex={-1}>
            {allowed.map((s) => (
              <label key={s} className="open-scope">
                <input type="checkbox" checked={form.values.scopes.includes(s)} onChange={() => toggle(s)} />
                <span>{OPEN_SCOPE_LABELS[s]} <code>{s}</code></span>
              </label>
            ))}
          </div>
        </Field>
        <Field id="open-ip_allow" label="IP 白名单" error={form.errors.ip_allow} hint="每行一个 IP 或 CIDR 网段（如 203.0.113.7、203.0.113.0/24），不填则不限来源">
          <InputTextarea {...form.text('ip_allow')} rows={3} autoResize style={{ width: '100%' }} />
        </Field>
        <Field id="open-expires_at" label="到期日期" error={form.errors.expires_at} hint="不填则长期有效">
          <input id="open-expires_at" type="date" className="p-inputtext" value={form.values.expires} min={dayjs().add(1, 'day').format('YYYY-MM-DD')}
            onChange={(e) => form.set('expires', e.target.value)} />
        </Field>
        {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
      </div>
    </Dialog>
  );
}

export function ControlPanelPage() {
  const keys = useQuery(openKeysQuery());
  const rotate = useOpenKeyRotate();
  const revoke = useOpenKeyRevoke();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ keyId: string; secret: string; rotated: boolean } | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const doRotate = async (k: OpenKey) => {
    if (!window.confirm(`轮换密钥“${k.name}”？将生成新的 Secret；旧的 Secret 在 ${OPEN_ROTATION_GRACE_HOURS} 小时内仍可使用。`)) return;
    try {
      const a = await rotate.mutateAsync(k.key_id);
      setShown({ keyId: a.key.key_id, secret: a.secret, rotated: true });
      setStatus(null);
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  const doRevoke = async (k: OpenKey) => {
    if (!window.confirm(`作废密钥“${k.name}”？作废后立即失效、不可恢复，使用它的 ERP 将无法再调用接口。`)) return;
    try {
      await revoke.mutateAsync(k.key_id);
      setStatus({ ok: true, text: `已作废密钥“${k.name}”` });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };

  const data = keys.data;
  return (
    <div className="open-console">
      <OpenNav at="keys" />
      {keys.isPending && <p className="open-muted">正在加载…</p>}
      {keys.isError && (
        <div className="open-notice" role="alert" data-testid="open-denied">
          <p>{errorText(keys.error)}</p>
          <p className="open-muted">接口对接说明见 <a href="/open">开放平台文档</a>。</p>
        </div>
      )}
      {data && (
        <>
          <div className="open-toolbar">
            <p className="open-muted">
              会员等级：{data.level_name || '—'}；可授予的接口权限：{data.allowed_scopes.length ? data.allowed_scopes.map((s) => OPEN_SCOPE_LABELS[s]).join('、') : '无（升级会员后可使用开放接口）'}
            </p>
            <Button label="新建密钥" icon="pi pi-plus" onClick={() => setCreating(true)} disabled={data.allowed_scopes.length === 0} data-testid="open-create" />
          </div>
          {status && <p className={`open-status ${status.ok ? 'ok' : 'error'}`} role={status.ok ? 'status' : 'alert'}>{status.text}</p>}
          {data.keys.length === 0 ? (
            <p className="open-empty">还没有接口密钥。点“新建密钥”创建一个，把 Key ID 和 Secret 填进 ERP，按 <a href="/open">文档</a> 签名调用。</p>
          ) : (
            <table className="open-keys" data-testid="open-keys">
              <thead><tr><th>名称</th><th>Key ID</th><th>接口权限</th><th>IP 白名单</th><th>状态</th><th>到期</th><th>最后调用</th><th>操作</th></tr></thead>
              <tbody>
                {data.keys.map((k) => (
                  <tr key={k.key_id}>
                    <td data-label="名称">{k.name}<div className="open-muted">{k.created_by} {when(k.created_at)}</div></td>
                    <td data-label="Key ID"><code>{k.key_id}</code></td>
                    <td data-label="接口权限">{k.scopes.map((s) => OPEN_SCOPE_LABELS[s]).join('、')}</td>
                    <td data-label="IP 白名单">{k.ip_allow.length ? k.ip_allow.join('、') : '不限'}</td>
                    <td data-label="状态">
                      <span className={`open-tag ${k.state}`}>{OPEN_KEY_STATES[k.state]}</span>
                      {k.previous_valid_until > 0 && <div className="open-muted">旧 Secret 有效至 {when(k.previous_valid_until)}</div>}
                    </td>
                    <td data-label="到期">{k.expires_at ? when(k.expires_at) : '长期'}</td>
                    <td data-label="最后调用">{when(k.last_call_at)}</td>
                    <td data-label="操作" className="open-actions">
                      {k.state === 'active' ? (
                        <>
                          <button type="button" className="linklike" onClick={() => void doRotate(k)} aria-label={`轮换 ${k.name}`}>轮换</button>
                          <button type="button" className="linklike danger" onClick={() => void doRevoke(k)} aria-label={`作废 ${k.name}`}>作废</button>
                        </>
                      ) : '—'}
                      <a href={`/open/controlPanel/log?key_id=${k.key_id}`}>记录</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {/* the company's ERP product (features/erp; docs/open-platform.md, "ERP and the operator's pages") */}
      <ErpChoice />
      {creating && data && (
        <CreateDialog allowed={data.allowed_scopes} onHide={() => setCreating(false)}
          onCreated={(keyId, secret) => { setCreating(false); setShown({ keyId, secret, rotated: false }); }} />
      )}
      {shown && <SecretDialog shown={shown} onHide={() => setShown(null)} />}
    </div>
  );
}
