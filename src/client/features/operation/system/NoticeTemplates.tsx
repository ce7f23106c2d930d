/**
 * 短信模板 and 消息助手通知模板 (on /operation/system/notice, D11-02): the text of each scene the
 * platform sends by SMS or posts through the message assistant. An SMS must begin with its 【签名】;
 * every template keeps its required placeholders; the server checks the same rules and uses the
 * saved text for the next message of the scene.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import type { NoticeTemplate } from '../../../../shared/contracts';
import { NOTICE_BODY_MAX, templateProblem, type NoticeSceneKey } from '../../../../shared/domain/notice-templates';
import { errorText } from '../../../ui/form/form';
import { when } from '../format';
import { templatesQuery } from './queries';
import { useSaveNoticeTemplate } from './mutations';
import '../operation.css';

const CHANNELS = [
  { channel: 'sms', title: '短信模板', note: '须以【签名】开头；花括号里的占位符在发送时换成实际内容，带 * 的必须保留。保存后下一条短信即按新模板发送。' },
  { channel: 'im', title: '消息助手通知模板', note: '订单、报价、审核和会员事件由“消息助手”发给相关用户；占位符在发送时换成实际内容，带 * 的必须保留，空的可选内容（如原因）会连同它的说明一起省略。保存后下一条通知即按新模板发送。' },
] as const;

export function NoticeTemplates() {
  const q = useQuery(templatesQuery());
  return (
    <>
      {CHANNELS.map((c) => (
        <section className="card" key={c.channel} aria-label={c.title}>
          <h2 style={{ marginTop: 0 }}>{c.title}</h2>
          <p className="muted">{c.note}</p>
          {q.isError ? <p role="alert">{errorText(q.error)}</p> : !q.data ? <p aria-busy="true">正在加载…</p>
            : q.data.filter((t) => t.channel === c.channel).map((t) => <TemplateEditor key={t.scene} template={t} />)}
        </section>
      ))}
    </>
  );
}

function TemplateEditor({ template: t }: { template: NoticeTemplate }) {
  const saveTemplate = useSaveNoticeTemplate();
  const [body, setBody] = useState(t.body);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `tpl-${t.scene}`;
  const save = async () => {
    const problem = templateProblem(t.scene as NoticeSceneKey, body);
    if (problem) return setStatus({ kind: 'error', text: problem });
    setBusy(true);
    try {
      const saved = await saveTemplate.mutateAsync({ scene: t.scene as NoticeSceneKey, body });
      setBody(saved.body);
      setStatus({ kind: 'ok', text: t.channel === 'sms' ? '模板已保存，下一条短信按此发送' : '模板已保存，下一条通知按此发送' });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="op-param" data-testid="notice-template">
      <div>
        <label htmlFor={id}><strong>{t.label}</strong></label><br />
        <small className="muted">{Object.entries(t.placeholders).map(([k, label]) => `{${k}}${t.required.includes(k) ? '*' : ''} ${label}`).join('，')}</small>
        {t.updated_at > 0 && <><br /><small className="muted">更新于 {when(t.updated_at)}</small></>}
      </div>
      <div>
        <InputTextarea id={id} value={body} rows={3} autoResize maxLength={NOTICE_BODY_MAX + 20} aria-describedby={status?.kind === 'error' ? `${id}-error` : undefined}
          onChange={(e) => { setBody(e.target.value); setStatus(null); }} />
        <div className="op-actions">
          <small className="muted">{body.trim().length} / {NOTICE_BODY_MAX}</small>
          {body !== t.fallback && <button type="button" className="linklike" onClick={() => { setBody(t.fallback); setStatus(null); }}>恢复默认文字</button>}
        </div>
        {status && <p className={`op-status ${status.kind}`} id={status.kind === 'error' ? `${id}-error` : undefined} role={status.kind === 'ok' ? 'status' : 'alert'}>{status.text}</p>}
      </div>
      <Button type="button" label="保存" icon="pi pi-save" loading={busy} onClick={() => void save()} aria-label={`保存${t.label}`} />
    </div>
  );
}
