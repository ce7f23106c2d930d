/**
 * 商圈详情 (/operation/company/trade/edit?id=, D02-01; changes D02-02): one trade circle with its
 * owner, members and waiting requests. An operator with D02-02 renames it or edits its
 * description, removes a member (or withdraws a request) with a reason, or dissolves the circle
 * with a reason; the message assistant tells the owner company (and a removed company) why.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf } from '../../../../shared/contracts';
import { OP_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { circleQuery } from './queries';
import { useDissolveCircle, useRemoveCircleMember, useUpdateCircle } from './mutations';
import { ReasonDialog } from '../ReasonDialog';
import { when } from '../format';
import '../operation.css';

type Status = { kind: 'ok' | 'error'; text: string } | null;
type Member = AnswerOf<'opCircleDetail'>['members'][number];
type Removing = { member: Member; pending: boolean };

export function CircleEditPage({ id }: { id: number }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_CODES.companyWrite);
  const q = useQuery(circleQuery(id));
  const removeMember = useRemoveCircleMember();
  const dissolve = useDissolveCircle();
  const [status, setStatus] = useState<Status>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [dissolving, setDissolving] = useState(false);
  const [dissolved, setDissolved] = useState<string | null>(null);

  if (dissolved) {
    return (
      <section className="card" role="status">
        <p>商圈“{dissolved}”已解散，已通过消息助手通知圈主企业，并记入操作日志。</p>
        <Link to="/operation/company/trade">返回商圈管理</Link>
      </section>
    );
  }
  if (q.isError) return <section className="card" role="alert"><p>{errorText(q.error)}</p><Link to="/operation/company/trade">返回商圈管理</Link></section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const { circle: c, members, pending } = q.data;

  const memberRows = (list: Member[], isPending: boolean) => (
    <div className="op-table-wrap">
      <table className="op-table" data-testid={isPending ? 'circle-pending' : 'circle-members'}>
        <thead><tr><th>企业</th><th>地区</th><th>{isPending ? '申请时间' : '加入时间'}</th>{canWrite && <th>操作</th>}</tr></thead>
        <tbody>
          {list.map((m) => (
            <tr key={m.company_id}>
              <td>
                <Link to="/operation/company/detail" search={{ id: m.company_id }}>{m.name}</Link>
                {m.company_id === c.owner.id && <span className="op-tag" style={{ marginLeft: '0.3rem' }}>圈主</span>}
                {m.is_seller && <small className="muted"> 卖家</small>}
              </td>
              <td>{[m.province, m.city].filter((x, i, a) => x && a.indexOf(x) === i).join(' ') || '—'}</td>
              <td>{when(isPending ? m.requested_at : m.decided_at || m.requested_at)}</td>
              {canWrite && (
                <td>
                  {m.company_id !== c.owner.id && (
                    <Button type="button" label={isPending ? '撤销申请' : '移出'} text severity="danger" size="small"
                      aria-label={`${isPending ? '撤销申请' : '移出'} ${m.name}`} onClick={() => { setStatus(null); setRemoving({ member: m, pending: isPending }); }} />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <div className="op-detail">
      <section className="card">
        <div className="op-detail-head">
          <h2>{c.name}{c.is_internal && <span className="op-tag" style={{ marginLeft: '0.4rem' }}>内部商圈</span>}</h2>
          <div className="op-actions">
            <Link to="/operation/company/trade">返回商圈管理</Link>
            {canWrite && <Button type="button" label="解散商圈" icon="pi pi-ban" severity="danger" outlined onClick={() => { setStatus(null); setDissolving(true); }} />}
          </div>
        </div>
        <p className="muted">
          圈主企业：<Link to="/operation/company/detail" search={{ id: c.owner.id }}>{c.owner.name}</Link>
          {c.area ? ` · 区域：${c.area}` : ''} · 创建于 {when(c.created_at)} · 成员 {c.member_count} 家{c.pending_count ? ` · 待审核 ${c.pending_count} 家` : ''}
        </p>
        {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
        {canWrite ? <EditForm key={`${c.name}\n${c.description}`} id={c.id} name={c.name} description={c.description} onSaved={(text) => setStatus({ kind: 'ok', text })} />
          : <p>{c.description || <span className="muted">（没有简介）</span>}</p>}
      </section>
      <section className="card" aria-labelledby="circle-members-title">
        <h3 id="circle-members-title" style={{ marginTop: 0 }}>成员（{members.length}）</h3>
        {members.length === 0 ? <p className="muted">这个商圈还没有成员。</p> : memberRows(members, false)}
      </section>
      <section className="card" aria-labelledby="circle-pending-title">
        <h3 id="circle-pending-title" style={{ marginTop: 0 }}>待审核的入圈申请（{pending.length}）</h3>
        {pending.length === 0 ? <p className="muted">没有待审核的申请；申请由圈主企业在前台审核。</p> : memberRows(pending, true)}
      </section>
      {removing && (
        <ReasonDialog id="circle-remove-reason" header={removing.pending ? `撤销 ${removing.member.name} 的入圈申请` : `把 ${removing.member.name} 移出商圈`}
          action={removing.pending ? '撤销' : '移出'} confirmLabel={removing.pending ? '撤销申请' : '移出'}
          intro={`原因会通过消息助手告诉圈主企业 ${c.owner.name} 和 ${removing.member.name}，并记入操作日志。`}
          submit={async (reason, key) => {
            await removeMember.mutateAsync({ payload: { circle_id: c.id, company_id: removing.member.company_id, reason }, idempotencyKey: key });
            return 1;
          }}
          onHide={() => setRemoving(null)}
          onDone={() => {
            setStatus({ kind: 'ok', text: `${removing.member.name} ${removing.pending ? '的入圈申请已撤销' : '已移出商圈'}，已通知圈主企业和该企业` });
            setRemoving(null);
          }} />
      )}
      {dissolving && (
        <ReasonDialog id="circle-dissolve-reason" header={`解散商圈“${c.name}”`} action="解散" confirmLabel="解散商圈"
          intro={`解散后商圈和它的 ${c.member_count} 家成员关系一并删除，圈内搜索不再包含它，不能恢复。原因会通过消息助手告诉圈主企业 ${c.owner.name}。`}
          submit={async (reason, key) => (await dissolve.mutateAsync({ payload: { id: c.id, reason }, idempotencyKey: key })).members}
          onHide={() => setDissolving(false)}
          onDone={() => {
            setDissolving(false);
            setDissolved(c.name);
          }} />
      )}
    </div>
  );
}

/** 名称 and 简介 as a form of the form kit (docs/architecture.md, "Forms"): the call's schema, a refusal under its field. */
function EditForm({ id, name: name0, description: description0, onSaved }: { id: number; name: string; description: string; onSaved: (text: string) => void }) {
  const form = useForm({ name: name0, description: description0 }, { idPrefix: 'circle-' });
  const { values, errors } = form;
  const updateCircle = useUpdateCircle();
  const dirty = values.name.trim() !== name0 || values.description.trim() !== description0;
  const save = () => form.submit(updateCircle, { id, ...values }, (r) => onSaved(`已保存“${r.name}”，已通知圈主企业`));
  return (
    <form className="op-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Field id={form.idOf('name')} label="商圈名称" error={errors.name} hint="2–30个字符，不能与其他商圈相同" required>
        <InputText {...form.text('name')} maxLength={30} />
      </Field>
      <Field id={form.idOf('description')} label="商圈简介" error={errors.description} hint="最多300个字符">
        <InputTextarea {...form.text('description')} rows={3} maxLength={300} autoResize />
      </Field>
      <div className="op-actions">
        <Button type="submit" label="保存" loading={form.busy} disabled={!dirty} />
        {form.formError && <span className="field-error" role="alert">{form.formError}</span>}
      </div>
    </form>
  );
}
