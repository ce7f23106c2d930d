/**
 * 企业详情 (/operation/company/detail?id=, D02-01; changes D02-02): the company's data (editable),
 * its level and expiry, 停用 / 恢复, its users, stock, orders and membership history (purchases and
 * operator changes, from the audit log).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import type { AnswerOf } from '../../../../shared/contracts';
import { OP_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission, HEAD_COMPANY_ID } from '../../../../shared/domain/permissions';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { companyQuery } from '../queries';
import { dayOf, when } from '../format';
import { StateTag } from './CompanyListPage';
import { SuspendDialog } from '../SuspendDialog';
import { useRestoreCompanies, useSetCompanyLevel, useUpdateCompany } from './mutations';
import '../operation.css';

type Detail = AnswerOf<'opCompanyDetail'>;
type Status = { kind: 'ok' | 'error'; text: string } | null;

export function CompanyDetailPage({ id }: { id: number }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_CODES.companyWrite);
  const q = useQuery(companyQuery(id));
  const restoreCompanies = useRestoreCompanies();
  const [status, setStatus] = useState<Status>(null);
  const [suspending, setSuspending] = useState(false);

  if (q.isError) return <section className="card" role="alert"><p>{errorText(q.error)}</p><Link to="/operation/company/list">返回企业列表</Link></section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const d = q.data;
  const c = d.company;

  const restore = async () => {
    if (!window.confirm(`恢复 ${c.name}？其用户可重新登录，停用前在售的库存重新上架。`)) return;
    try {
      await restoreCompanies.mutateAsync([c.id]);
      setStatus({ kind: 'ok', text: '已恢复' });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  return (
    <div className="op-detail">
      <section className="card">
        <div className="op-detail-head">
          <h2>{c.name} <StateTag suspended={c.suspended} /></h2>
          <div className="op-actions">
            <Link to="/operation/company/list">返回企业列表</Link>
            {canWrite && c.id !== HEAD_COMPANY_ID && (c.suspended
              ? <Button label="恢复" icon="pi pi-replay" outlined onClick={() => void restore()} />
              : <Button label="停用" icon="pi pi-ban" severity="danger" outlined onClick={() => setSuspending(true)} />)}
          </div>
        </div>
        {c.suspended && <p className="op-status error">停用原因：{c.suspend_reason}</p>}
        {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
        <dl className="op-kv">
          <div><dt>企业ID</dt><dd>{c.id}</dd></div>
          <div><dt>类型</dt><dd>{c.is_seller ? '卖家' : '买家'}</dd></div>
          <div><dt>会员等级</dt><dd>{c.level_name}（到期 {dayOf(c.level_end) || '不限'}）</dd></div>
          <div><dt>注册时间</dt><dd>{when(c.created)}</dd></div>
          <div><dt>在售库存</dt><dd data-testid="stock-on">{d.stock.on.toLocaleString('zh-CN')} 条</dd></div>
          <div><dt>已下架</dt><dd>{d.stock.off.toLocaleString('zh-CN')} 条{d.stock.suspended > 0 && `（停用暂下架 ${d.stock.suspended} 条）`}</dd></div>
          <div><dt>销售订单</dt><dd>{d.orders.sales}</dd></div>
          <div><dt>采购订单</dt><dd>{d.orders.purchases}</dd></div>
          <div data-testid="relation-head"><dt>总公司</dt><dd>{d.relation.head
            ? <Link to="/operation/company/detail" search={{ id: d.relation.head.id }}>{d.relation.head.name}</Link> : '—'}</dd></div>
          <div data-testid="relation-branches"><dt>分公司</dt><dd>{d.relation.branches.length === 0 ? '—' : d.relation.branches.map((b, i) => (
            <span key={b.id}>{i > 0 && '、'}<Link to="/operation/company/detail" search={{ id: b.id }}>{b.name}</Link></span>
          ))}</dd></div>
        </dl>
      </section>
      {canWrite ? <ProfileForm key={`p${c.id}`} detail={d} onSaved={(t) => setStatus({ kind: 'ok', text: t })} /> : null}
      {canWrite && c.id !== HEAD_COMPANY_ID ? <LevelForm key={`l${c.id}-${c.level_id}-${c.level_end}`} detail={d} onSaved={(t) => setStatus({ kind: 'ok', text: t })} /> : null}
      <section className="card">
        <h3 style={{ marginTop: 0 }}>用户（{d.users.length}）</h3>
        <div className="op-table-wrap">
          <table className="op-table">
            <thead><tr><th>用户名</th><th>姓名</th><th>手机号</th><th>状态</th><th>在线会话</th><th>最近登录</th></tr></thead>
            <tbody>
              {d.users.map((u) => (
                <tr key={u.id}>
                  <td>{u.username}{u.is_owner && <small className="muted"> 负责人</small>}</td>
                  <td>{u.display_name}</td><td>{u.mobile || '—'}</td>
                  <td>{u.active ? '启用' : <span className="op-tag danger">禁用</span>}</td>
                  <td>{u.sessions}</td><td>{when(u.last_login)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Link to="/operation/users" search={{ company_id: String(c.id) }}>在用户管理中查看</Link>
      </section>
      <section className="card">
        <h3 style={{ marginTop: 0 }}>会员记录</h3>
        {d.membership.length === 0 ? <p className="muted">没有购买或调整记录。</p> : (
          <div className="op-table-wrap">
            <table className="op-table" data-testid="membership">
              <thead><tr><th>时间</th><th>来源</th><th>内容</th><th>操作人</th></tr></thead>
              <tbody>
                {d.membership.map((m, i) => (
                  <tr key={i}><td>{when(m.at)}</td><td>{m.kind === 'purchase' ? '购买' : '运营调整'}</td><td>{m.text}</td><td>{m.by}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {suspending && (
        <SuspendDialog companies={[{ id: c.id, name: c.name }]} onHide={() => setSuspending(false)}
          onDone={() => { setSuspending(false); setStatus({ kind: 'ok', text: '已停用：其用户已下线，库存已从搜索中下架' }); }} />
      )}
    </div>
  );
}

function ProfileForm({ detail, onSaved }: { detail: Detail; onSaved: (text: string) => void }) {
  const c = detail.company;
  const form = useForm({ name: c.name, short_name: c.short_name, phone: c.phone, province: c.province, city: c.city, address: c.address });
  const updateCompany = useUpdateCompany();
  const { values, set, errors } = form;
  const submit = () => form.submit(updateCompany, { id: c.id, ...values }, () => onSaved('企业资料已保存'));
  const input = (k: keyof typeof values, label: string, required = false) => (
    <Field id={k} label={label} error={errors[k]} required={required}>
      <InputText id={k} value={values[k]} onChange={(e) => set(k, e.target.value)} maxLength={100} />
    </Field>
  );
  return (
    <section className="card">
      <h3 style={{ marginTop: 0 }}>企业资料</h3>
      <form className="op-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {input('name', '企业名称', true)}{input('short_name', '企业简称', true)}{input('phone', '联系电话')}
        {input('province', '省份')}{input('city', '城市')}{input('address', '详细地址')}
        <div className="op-actions">
          <Button type="submit" label="保存资料" icon="pi pi-check" loading={form.busy} />
          {form.formError && <span className="field-error" role="alert">{form.formError}</span>}
        </div>
      </form>
    </section>
  );
}

function LevelForm({ detail, onSaved }: { detail: Detail; onSaved: (text: string) => void }) {
  const c = detail.company;
  const [levelId, setLevelId] = useState(c.level_id);
  const [end, setEnd] = useState(dayOf(c.level_end));
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const setCompanyLevel = useSetCompanyLevel();
  const level = detail.levels.find((l) => l.id === levelId);
  const needsEnd = level ? level.level_type === 'paid' || level.is_trial : false;
  const submit = async () => {
    if (needsEnd && !end) return setError({ field: 'level_end', text: '付费或试用等级须设置到期日' });
    setBusy(true);
    try {
      await setCompanyLevel.mutateAsync({ id: c.id, level_id: levelId, level_end: needsEnd ? end : '' });
      setError(null);
      onSaved(`会员等级已设为 ${level?.name ?? ''}${needsEnd ? `，到期 ${end}` : ''}`);
    } catch (e) {
      setError({ field: 'level', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card">
      <h3 style={{ marginTop: 0 }}>会员等级</h3>
      <form className="op-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field id="level_id" label="等级">
          <Dropdown inputId="level_id" value={levelId} options={detail.levels.map((l) => ({ label: l.name, value: l.id }))} onChange={(e) => { setLevelId(e.value as number); setError(null); }} />
        </Field>
        <Field id="level_end" label="到期日（含当天）" hint={needsEnd ? '付费和试用等级必填' : '免费等级不设到期日'} error={error?.field === 'level_end' ? error.text : undefined}>
          <InputText id="level_end" type="date" value={needsEnd ? end : ''} disabled={!needsEnd} onChange={(e) => { setEnd(e.target.value); setError(null); }} />
        </Field>
        <div className="op-actions">
          <Button type="submit" label="设置等级" icon="pi pi-check" loading={busy} />
          {error && error.field !== 'level_end' && <span className="field-error" role="alert">{error.text}</span>}
        </div>
      </form>
    </section>
  );
}
