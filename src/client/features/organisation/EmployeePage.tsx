/**
 * 员工 (/backend/organization/employee, M06): the company's staff as a declaration of the list
 * block, with add and edit (name, mobile, the codes the caller may grant), disable / enable and a
 * new password. The server decides everything (limits, the owner, codes); the page shows its words.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import dayjs from 'dayjs';
import * as v from 'valibot';
import { endpoints, type AnswerOf, type Employee, type PayloadIn } from '../../../shared/contracts';
import { PERMISSION_LABELS } from '../../../shared/domain/permissions';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import '../stock/stock.css';
import { employeeListQuery, enterpriseKeys } from './queries';
import { useCreateEmployee, useResetEmployeePassword, useSetEmployeeActive, useUpdateEmployee } from './mutations';


const payloadOf = (s: ListSearch): PayloadIn<'employeeList'> => ({
  keyword: s.keyword === undefined ? '' : String(s.keyword),
  active: s.active === 'true' || s.active === 'false' ? s.active : '',
  page_number: s.page ?? 1,
  page_size: s.size ?? 50,
});

const codeText = (codes: readonly string[]) => codes.map((c) => PERMISSION_LABELS[c] ?? c).join('、') || '无';

export function EmployeePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const current = useQuery(employeeListQuery(payloadOf(search)));
  const [editing, setEditing] = useState<Employee | 'new' | null>(null);
  const [password, setPassword] = useState<Employee | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const setEmployeeActive = useSetEmployeeActive();

  const setActive = async (e: Employee, active: boolean) => {
    if (!active && !window.confirm(`停用 ${e.display_name}（${e.username}）？停用后该员工立即被登出，不能再登录。`)) return;
    try {
      await setEmployeeActive.mutateAsync({ id: e.id, active });
      setStatus({ kind: 'ok', text: `${active ? '已启用' : '已停用'}：${e.display_name}` });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    }
  };

  const def: ListDef<Employee, ReturnType<typeof enterpriseKeys.employeeList>, AnswerOf<'employeeList'>> = {
    title: '员工',
    filters: [
      { name: 'keyword', label: '用户名 / 姓名 / 手机号', type: 'text', width: '13rem' },
      { name: 'active', label: '状态', type: 'select', options: [{ label: '启用', value: 'true' }, { label: '停用', value: 'false' }] },
    ],
    query: (s) => employeeListQuery(payloadOf(s)),
    rowKey: (e) => e.id,
    columns: [
      { key: 'username', header: '用户名', width: '8rem', cell: (e) => <div className="stock-key"><strong>{e.username}</strong>{e.is_owner && <small className="muted">企业负责人</small>}</div> },
      { key: 'name', priority: 2, header: '姓名', width: '6rem', cell: (e) => e.display_name },
      { key: 'mobile', priority: 3, header: '手机号', width: '7rem', cell: (e) => e.mobile || '—' },
      { key: 'codes', priority: 3, header: '权限', cell: (e) => <span className="employee-codes" title={codeText(e.permissions)}>{e.is_owner ? '全部' : codeText(e.permissions)}</span> },
      { key: 'active', header: '状态', width: '4rem', cell: (e) => (e.active ? '启用' : <span className="stock-locked">停用</span>) },
      { key: 'login', priority: 3, header: '最近登录', width: '8rem', cell: (e) => (e.last_login ? dayjs.unix(e.last_login).format('YYYY-MM-DD HH:mm') : '从未登录') },
      {
        key: 'actions', actions: true, header: '操作', width: '10rem',
        cell: (e) => e.is_owner ? <span className="muted">—</span> : (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(e)} aria-label={`编辑 ${e.username}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void setActive(e, !e.active)} aria-label={`${e.active ? '停用' : '启用'} ${e.username}`}>{e.active ? '停用' : '启用'}</button>
            <button type="button" className="linklike" onClick={() => setPassword(e)} aria-label={`重置密码 ${e.username}`}>重置密码</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => filtered ? '没有符合条件的员工，换个关键词试试。' : '还没有员工。点右上角“添加员工”，为仓库、销售同事各开一个账号。',
  };

  const counts = current.data;
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<>
          {counts && <span className="muted employee-limit" data-testid="employee-limit">员工 {counts.have} / {counts.limit} 人</span>}
          <Button type="button" label="添加员工" icon="pi pi-user-plus" onClick={() => setEditing('new')} />
        </>}
        status={status && <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="employee-status">{status.text}</p>} />
      {editing && counts && (
        <EmployeeDialog employee={editing === 'new' ? null : editing} grantable={counts.grantable} onHide={() => setEditing(null)}
          onSaved={(e, created) => { setEditing(null); setStatus({ kind: 'ok', text: `${created ? '已添加' : '已保存'}：${e.display_name}（${e.username}）` }); }} />
      )}
      {password && (
        <PasswordDialog employee={password} onHide={() => setPassword(null)}
          onSaved={() => { setStatus({ kind: 'ok', text: `已为 ${password.display_name} 设置新密码，该员工需用新密码重新登录` }); setPassword(null); }} />
      )}
    </>
  );
}

function EmployeeDialog({ employee, grantable, onHide, onSaved }: { employee: Employee | null; grantable: string[]; onHide: () => void; onSaved: (e: Employee, created: boolean) => void }) {
  const form = useForm<{ username: string; display_name: string; mobile: string; password: string; permissions: string[] }>({
    username: employee?.username ?? '', display_name: employee?.display_name ?? '', mobile: employee?.mobile ?? '', password: '', permissions: employee?.permissions ?? [],
  });
  const { values, set, errors } = form;
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const createEmployee = useCreateEmployee();
  const updateEmployee = useUpdateEmployee();
  const codes = [...new Set([...grantable, ...values.permissions])];
  const submit = async () => {
    const payload = employee
      ? { id: employee.id, display_name: values.display_name, mobile: values.mobile, permissions: values.permissions }
      : values;
    if (!form.check((employee ? endpoints.employeeUpdate.payload : endpoints.employeeCreate.payload) as v.GenericSchema, payload)) return;
    setBusy(true);
    try {
      const saved = employee
        ? await updateEmployee.mutateAsync(payload as PayloadIn<'employeeUpdate'>)
        : await createEmployee.mutateAsync({ payload: payload as PayloadIn<'employeeCreate'>, idempotencyKey: key.current });
      onSaved(saved, !employee);
    } catch (e) {
      form.refuse(e, 'permissions');
    } finally {
      setBusy(false);
    }
  };
  const toggle = (c: string) => set('permissions', values.permissions.includes(c) ? values.permissions.filter((x) => x !== c) : [...values.permissions, c]);
  return (
    <Dialog header={employee ? `编辑员工 · ${employee.username}` : '添加员工'} visible modal onHide={onHide} style={{ width: 'min(44rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="employee-form" label="保存" icon="pi pi-check" loading={busy} /></>}>
      <form id="employee-form" className="stock-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {!employee && (
          <Field id="username" label="用户名" required hint="4到20位字母、数字或下划线，以字母开头" error={errors.username}>
            <InputText id="username" value={values.username} maxLength={20} autoComplete="off" onChange={(e) => set('username', e.target.value)} invalid={!!errors.username} />
          </Field>
        )}
        <Field id="display_name" label="姓名" required error={errors.display_name}>
          <InputText id="display_name" value={values.display_name} maxLength={20} onChange={(e) => set('display_name', e.target.value)} invalid={!!errors.display_name} />
        </Field>
        <Field id="mobile" label="手机号" required error={errors.mobile}>
          <InputText id="mobile" value={values.mobile} maxLength={11} inputMode="numeric" onChange={(e) => set('mobile', e.target.value)} invalid={!!errors.mobile} />
        </Field>
        {!employee && (
          <Field id="password" label="登录密码" required hint="8到32位，含字母和数字，不能与用户名相同" error={errors.password}>
            <Password inputId="password" value={values.password} feedback={false} toggleMask autoComplete="new-password" onChange={(e) => set('password', e.target.value)} invalid={!!errors.password} />
          </Field>
        )}
        <fieldset className="employee-perms" id="permissions" tabIndex={-1} aria-describedby={errors.permissions ? 'permissions-error' : undefined}>
          <legend>权限（只能分配您可以分配的权限）</legend>
          {codes.map((c) => (
            <label key={c}>
              <input type="checkbox" checked={values.permissions.includes(c)} disabled={!grantable.includes(c)} onChange={() => toggle(c)} />
              {PERMISSION_LABELS[c] ?? c} <small className="muted">{c}</small>
            </label>
          ))}
          {errors.permissions && <div className="field-error" role="alert" id="permissions-error">{errors.permissions}</div>}
        </fieldset>
        {form.formError && <p role="alert" className="field-error" style={{ gridColumn: '1 / -1' }}>{form.formError}</p>}
      </form>
    </Dialog>
  );
}

function PasswordDialog({ employee, onHide, onSaved }: { employee: Employee; onHide: () => void; onSaved: () => void }) {
  const form = useForm({ password: '' });
  const [busy, setBusy] = useState(false);
  const resetPassword = useResetEmployeePassword();
  const submit = async () => {
    const payload = { id: employee.id, password: form.values.password };
    if (!form.check(endpoints.employeeResetPassword.payload as v.GenericSchema, payload)) return;
    setBusy(true);
    try {
      await resetPassword.mutateAsync(payload);
      onSaved();
    } catch (e) {
      form.refuse(e, 'password');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={`重置密码 · ${employee.display_name}`} visible modal onHide={onHide} style={{ width: 'min(28rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="password-form" label="保存" loading={busy} /></>}>
      <form id="password-form" className="stock-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field id="password" label="新密码" required hint="8到32位，含字母和数字；保存后该员工会被登出" error={form.errors.password}>
          <Password inputId="password" value={form.values.password} feedback={false} toggleMask autoComplete="new-password" onChange={(e) => form.set('password', e.target.value)} invalid={!!form.errors.password} />
        </Field>
      </form>
    </Dialog>
  );
}
