/**
 * 分组详情 (/operation/company/group/edit?id=, D02-01; changes and notices D02-02): one group with
 * its companies — who a notice would reach in each (active users, owners), suspended ones marked.
 * An operator with D02-02 edits or deletes the group, adds companies through the company picker,
 * removes one, and sends 群发通知: the message assistant posts the text to the owners (or every
 * user) of each company still active, in one transaction; 群发记录 lists what was sent.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { endpoints, type OpGroupMember, type OpGroupRow } from '../../../../shared/contracts';
import { GROUP_AUDIENCES, GROUP_TEXT_MAX, OP_GROUP_CODES, type GroupAudience } from '../../../../shared/domain/operation';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { CompanyPicker, type PickedCompany } from '../CompanyPicker';
import { GroupDialog } from './GroupListPage';
import { companyGroupQuery } from './queries';
import { useAddCompaniesToGroup, useDeleteGroup, useRemoveCompaniesFromGroup, useSendGroupNotice } from './mutations';
import { when } from '../format';
import '../operation.css';

type Status = { kind: 'ok' | 'error'; text: string } | null;

export function GroupEditPage({ id }: { id: number }) {
  const { session } = useRouteContext({ from: '__root__' });
  const perms = session.user?.permissions ?? [];
  const canWrite = hasAnyPermission(perms, OP_GROUP_CODES.write);
  const canReadNotices = hasAnyPermission(perms, OP_GROUP_CODES.messages);
  const navigate = useNavigate();
  const q = useQuery(companyGroupQuery(id));
  const addToGroup = useAddCompaniesToGroup();
  const removeFromGroup = useRemoveCompaniesFromGroup();
  const deleteGroup = useDeleteGroup();
  const [status, setStatus] = useState<Status>(null);
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<PickedCompany | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [busy, setBusy] = useState(false);
  /** a change of the members: one call, its outcome in the status line */
  const change = async (run: () => Promise<string>) => {
    setBusy(true);
    try {
      setStatus({ kind: 'ok', text: await run() });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  // a failed refetch keeps the group: the notice being typed stays
  if (q.isError && !q.data) return <section className="card" role="alert"><p>{errorText(q.error)}</p><Link to="/operation/company/group">返回企业分组</Link></section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const { group: g, members } = q.data;
  const reachable = members.filter((m) => !m.suspended);

  const add = () => change(async () => {
    if (!picked) throw new Error('请先在输入框中选择要加入的企业');
    const r = await addToGroup.mutateAsync({ payload: { id: g.id, company_ids: [picked.id] }, idempotencyKey: crypto.randomUUID() });
    setPicked(null);
    setPickerKey((k) => k + 1);
    return r.added ? `${picked.name} 已加入分组` : `${picked.name} 已在这个分组中`;
  });
  const removeOne = (m: OpGroupMember) => change(async () => {
    await removeFromGroup.mutateAsync({ id: g.id, company_ids: [m.company_id] });
    return `${m.name} 已移出分组`;
  });
  const removeGroup = () => {
    if (!window.confirm(`删除分组“${g.name}”？其中的 ${g.member_count} 家企业不受影响，已群发的记录保留。`)) return;
    void change(async () => {
      await deleteGroup.mutateAsync(g.id);
      void navigate({ to: '/operation/company/group' });
      return `分组“${g.name}”已删除`;
    });
  };

  return (
    <div className="op-detail">
      <section className="card">
        <div className="op-detail-head">
          <h2>{g.name}</h2>
          <div className="op-actions">
            <Link to="/operation/company/group">返回企业分组</Link>
            <Link to="/operation/company/list" search={{ group_id: String(g.id) }}>在企业列表中查看</Link>
            {canReadNotices && <Link to="/operation/report/groupMessage" search={{ k: g.name }}>群发记录</Link>}
            {canWrite && <Button type="button" label="编辑" icon="pi pi-pencil" outlined onClick={() => setEditing(true)} />}
            {canWrite && <Button type="button" label="删除分组" icon="pi pi-trash" severity="danger" outlined disabled={busy} onClick={removeGroup} />}
          </div>
        </div>
        <p className="muted">{g.description || '（没有说明）'}</p>
        <p className="muted">企业 {g.member_count} 家{g.message_count ? ` · 已群发 ${g.message_count} 次，最近 ${when(g.last_message_at)}` : ''} · 最近修改 {when(g.updated_at)}</p>
        {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      </section>

      {canWrite && <SendForm key={g.id} group={g} reachable={reachable}
        onSent={(text) => setStatus({ kind: 'ok', text })} />}

      <section className="card" aria-labelledby="group-members-title">
        <h3 id="group-members-title" style={{ marginTop: 0 }}>分组中的企业（{members.length}）</h3>
        {canWrite && (
          <form className="op-actions group-add" onSubmit={(e) => { e.preventDefault(); void add(); }}>
            <label htmlFor="group-add">加入企业</label>
            <CompanyPicker key={pickerKey} inputId="group-add" value={picked} onChange={setPicked} />
            <Button type="submit" label="加入分组" icon="pi pi-plus" disabled={!picked || busy} />
            <small className="muted">一次加入多家：在<Link to="/operation/company/list">企业列表</Link>勾选后点“加入分组”。</small>
          </form>
        )}
        {members.length === 0 ? <p className="muted">这个分组还没有企业。{canWrite ? '在上面输入企业名称加入，或在企业列表勾选企业后点“加入分组”。' : ''}</p> : (
          <div className="op-table-wrap">
            <table className="op-table" data-testid="group-members">
              <thead><tr><th>企业</th><th>地区</th><th>等级</th><th>负责人 / 用户</th><th>加入</th>{canWrite && <th>操作</th>}</tr></thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.company_id}>
                    <td>
                      <Link to="/operation/company/detail" search={{ id: m.company_id }}>{m.name}</Link>
                      {m.is_seller && <small className="muted"> 卖家</small>}
                      {m.suspended && <span className="op-tag danger" style={{ marginLeft: '0.3rem' }}>已停用，不接收群发</span>}
                    </td>
                    <td>{[m.province, m.city].filter((x, i, a) => x && a.indexOf(x) === i).join(' ') || '—'}</td>
                    <td>{m.level_name}</td>
                    <td>{m.owners} / {m.users}</td>
                    <td>{when(m.added_at)}{m.added_by && <><br /><small className="muted">{m.added_by}</small></>}</td>
                    {canWrite && (
                      <td>
                        <Button type="button" label="移出" text severity="danger" size="small" disabled={busy}
                          aria-label={`移出 ${m.name}`} onClick={() => void removeOne(m)} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {editing && <GroupDialog group={g} onHide={() => setEditing(false)}
        onSaved={(saved) => { setEditing(false); setStatus({ kind: 'ok', text: `已保存分组“${saved.name}”` }); }} />}
    </div>
  );
}

const AUDIENCE_OPTIONS = Object.entries(GROUP_AUDIENCES).map(([value, label]) => ({ value, label }));

/** 群发通知: the text and who of each company reads it; one send id a form, so pressing twice sends once. */
function SendForm({ group, reachable, onSent }: { group: OpGroupRow; reachable: OpGroupMember[]; onSent: (text: string) => void }) {
  const form = useForm({ audience: 'owners' as GroupAudience, text: '' });
  const sendNotice = useSendGroupNotice();
  const { values, set, errors } = form;
  // one send id per notice: a new one (and an empty box) once it has gone, so the next text is a new send
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const reach = reachable.reduce((n, m) => n + (values.audience === 'owners' ? m.owners : m.users), 0);
  const send = () => {
    const payload = { group_id: group.id, client_id: clientId, ...values };
    if (!form.check(endpoints.opGroupMessageSend.payload, payload)) return;
    if (!window.confirm(`向“${group.name}”的 ${reachable.length} 家企业（${reach} 人）发送这条通知？发出后不能撤回。`)) return;
    void form.submit(sendNotice, payload,
      (r) => {
        set('text', '');
        setClientId(crypto.randomUUID());
        return onSent(r.replayed ? '这条通知已经发过，没有再次发送' : `通知已发出：${r.companies} 家企业、${r.users} 位用户会在聊天的“消息助手”中看到`);
      });
  };
  return (
    <section className="card" aria-labelledby="group-send-title">
      <h3 id="group-send-title" style={{ marginTop: 0 }}>群发通知</h3>
      <p className="muted" style={{ marginTop: 0 }}>由“消息助手”发到每家企业的聊天里（套用公告与短信模板中的“运营群发通知”）；已停用的企业不发送。分组名称不会发给企业。</p>
      <form className="op-form" onSubmit={(e) => { e.preventDefault(); send(); }}>
        <Field id="audience" label="接收人" hint={`按现在的成员，会发给 ${reachable.length} 家企业的 ${reach} 人`} error={errors.audience}>
          <SelectButton id="audience" value={values.audience} options={AUDIENCE_OPTIONS} allowEmpty={false} onChange={(e) => set('audience', e.value as GroupAudience)} />
        </Field>
        <div className="group-send-text">
          <Field id="text" label="通知内容" hint={`2–${GROUP_TEXT_MAX}个字符，已输入 ${values.text.trim().length} 个`} error={errors.text} required>
            <InputTextarea id="text" value={values.text} rows={4} maxLength={GROUP_TEXT_MAX} autoResize invalid={!!errors.text} style={{ width: '100%' }}
              onChange={(e) => set('text', e.target.value)} />
          </Field>
        </div>
        <div className="op-actions">
          <Button type="submit" label="发送通知" icon="pi pi-send" loading={form.busy} />
          {form.formError && <span className="field-error" role="alert">{form.formError}</span>}
        </div>
      </form>
    </section>
  );
}
