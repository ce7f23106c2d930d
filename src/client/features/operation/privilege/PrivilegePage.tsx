/**
 * 权限 (D07-01): 角色 (/operation/privilege/group) are named groups of D codes; 员工授权
 * (/operation/privilege/list) gives head-company staff their roles. A change applies on the staff
 * member's next request; the server refuses one that would leave nobody able to manage roles.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { OperatorRole } from '../../../../shared/contracts';
import { OPERATOR_CODES } from '../../../../shared/domain/permissions';
import { OPERATOR_GROUP_LABELS, operatorCodeLabel } from '../../../../shared/domain/operation';
import { errorText } from '../../../ui/form/form';
import { rolesQuery } from './queries';
import { useAssignRoles, useDeleteRole, useSaveRole } from './mutations';
import '../operation.css';

const GROUPS = Object.keys(OPERATOR_GROUP_LABELS);

export function PrivilegePage({ view }: { view: 'roles' | 'staff' }) {
  const q = useQuery(rolesQuery());
  const [editing, setEditing] = useState<OperatorRole | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const deleteRole = useDeleteRole();
  const assignRoles = useAssignRoles();
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const { roles, staff } = q.data;
  const show = (kind: 'ok' | 'error', text: string) => setStatus({ kind, text });

  const remove = async (r: OperatorRole) => {
    if (!window.confirm(`删除角色“${r.name}”？其 ${r.members.length} 名成员将失去这些权限。`)) return;
    try {
      await deleteRole.mutateAsync(r.id);
      show('ok', `已删除角色：${r.name}`);
    } catch (e) {
      show('error', errorText(e));
    }
  };
  const assign = async (userId: number, roleIds: number[], username: string) => {
    try {
      const r = await assignRoles.mutateAsync({ user_id: userId, role_ids: roleIds });
      show('ok', `已保存 ${username} 的角色（${r.codes.length} 项权限），下一次操作起生效`);
    } catch (e) {
      show('error', errorText(e));
    }
  };
  const statusLine = status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>;

  if (view === 'staff') {
    return (
      <section className="card">
        <h2 style={{ marginTop: 0 }}>员工授权</h2>
        <p className="muted">平台运营公司的员工及其角色；勾选后立即保存，员工的下一次操作起生效。</p>
        {statusLine}
        <div className="op-table-wrap">
          <table className="op-table">
            <thead><tr><th>员工</th><th>状态</th>{roles.map((r) => <th key={r.id}>{r.name}</th>)}</tr></thead>
            <tbody>
              {staff.map((u) => (
                <tr key={u.id}>
                  <td><strong>{u.username}</strong> <small className="muted">{u.display_name}</small></td>
                  <td>{u.active ? '启用' : '禁用'}</td>
                  {roles.map((r) => {
                    const has = u.role_ids.includes(r.id);
                    return (
                      <td key={r.id}>
                        <input type="checkbox" style={{ width: 22, height: 22 }} aria-label={`${u.username} ${r.name}`} checked={has}
                          onChange={() => void assign(u.id, has ? u.role_ids.filter((id) => id !== r.id) : [...u.role_ids, r.id], u.username)} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    );
  }

  return (
    <section className="card">
      <div className="op-detail-head">
        <h2>角色</h2>
        <Button label="新增角色" icon="pi pi-plus" onClick={() => setEditing('new')} />
      </div>
      <p className="muted">角色是一组运营权限；员工的运营权限是其所有角色权限的合集。</p>
      {statusLine}
      <div className="op-table-wrap">
        <table className="op-table">
          <thead><tr><th>角色</th><th>权限</th><th>成员</th><th>操作</th></tr></thead>
          <tbody>
            {roles.map((r) => (
              <tr key={r.id} data-testid="role-row">
                <td><strong>{r.name}</strong><br /><small className="muted">{r.note}</small></td>
                <td style={{ maxWidth: '22rem' }}>{r.codes.length >= OPERATOR_CODES.length ? '全部运营权限' : r.codes.map(operatorCodeLabel).join('、')}</td>
                <td>{r.members.map((m) => m.username).join('、') || '—'}</td>
                <td><span className="op-actions">
                  <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`编辑 ${r.name}`}>编辑</button>
                  <button type="button" className="linklike" onClick={() => void remove(r)} aria-label={`删除 ${r.name}`}>删除</button>
                </span></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <RoleDialog role={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(r) => { setEditing(null); show('ok', `已保存角色：${r.name}`); }} />}
    </section>
  );
}

function RoleDialog({ role, onHide, onSaved }: { role: OperatorRole | null; onHide: () => void; onSaved: (r: OperatorRole) => void }) {
  const [name, setName] = useState(role?.name ?? '');
  const [note, setNote] = useState(role?.note ?? '');
  const [codes, setCodes] = useState<string[]>(role?.codes ?? []);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const saveRole = useSaveRole();
  const toggle = (c: string) => setCodes((old) => (old.includes(c) ? old.filter((x) => x !== c) : [...old, c]));
  const save = async () => {
    if (!name.trim()) return setError('请填写角色名称');
    if (codes.length === 0) return setError('请至少选择一项权限');
    setBusy(true);
    try {
      onSaved(await saveRole.mutateAsync({ payload: { id: role?.id ?? 0, name: name.trim(), note: note.trim(), codes }, idempotencyKey: key.current }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={role ? `编辑角色：${role.name}` : '新增角色'} visible onHide={onHide} style={{ width: '46rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存角色" loading={busy} onClick={() => void save()} /></>}>
      <div className="op-form">
        <div className="field"><label htmlFor="role-name">角色名称</label><InputText id="role-name" value={name} maxLength={20} onChange={(e) => { setName(e.target.value); setError(''); }} /></div>
        <div className="field"><label htmlFor="role-note">说明</label><InputText id="role-note" value={note} maxLength={100} onChange={(e) => setNote(e.target.value)} /></div>
      </div>
      {GROUPS.map((g) => (
        <fieldset key={g} style={{ border: 0, padding: '0.3rem 0', margin: 0 }}>
          <legend><strong>{OPERATOR_GROUP_LABELS[g]}</strong></legend>
          <div className="op-actions">
            {OPERATOR_CODES.filter((c) => c.startsWith(g)).map((c) => (
              <label key={c} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.3rem', minHeight: 40 }}>
                <input type="checkbox" style={{ width: 20, height: 20 }} checked={codes.includes(c)} onChange={() => toggle(c)} />
                {c === g ? '全部' : operatorCodeLabel(c).split(' · ')[1]}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {error && <div className="field-error" role="alert">{error}</div>}
    </Dialog>
  );
}
