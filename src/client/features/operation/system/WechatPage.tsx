/**
 * 微信模板消息 (/operation/system/notice/wechat, D11-05; docs/wechat.md): per scene the official
 * account's template id, its keywords each filled from a text with placeholders, and 启用; below,
 * the send log with filters. The server checks the same rules and uses the saved template for the
 * next message of the scene.
 */
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { AnswerOf, PayloadIn, WechatMessage, WechatTemplate } from '../../../../shared/contracts';
import { WECHAT_FIELDS_MAX, WECHAT_SCENES, WECHAT_STATES, WECHAT_VALUE_MAX, type WechatSceneKey } from '../../../../shared/domain/wechat';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { pagingOf, textsOf } from '../list-payload';
import { WECHAT_FILTER_NAMES } from '../list-filters';
import { when } from '../format';
import { sysKeys, wechatMessagesQuery, wechatTemplatesQuery } from './queries';
import { useSaveWechatTemplate } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opWechatMessages'> => {
  const t = textsOf(s, WECHAT_FILTER_NAMES);
  return {
    ...t, ...pagingOf(s),
    scene: t.scene in WECHAT_SCENES ? (t.scene as WechatSceneKey) : '',
    state: t.state in WECHAT_STATES ? (t.state as keyof typeof WECHAT_STATES) : '',
  };
};

export function WechatPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const q = useQuery(wechatTemplatesQuery());
  return (
    <div className="op-detail">
      <section className="card" aria-label="微信模板">
        <h2 style={{ marginTop: 0 }}>微信模板消息</h2>
        <p className="muted">
          询价、报价和订单发货时，平台按这里的设置给已绑定微信的用户发送公众号模板消息；未绑定微信的用户记为“未发送”并写明原因。
          模板ID和字段名（如 first、keyword1、remark）取自公众号后台的模板；字段内容里花括号的占位符在发送时换成实际内容。未启用的场景不发送。
        </p>
        {q.isError ? <p role="alert">{errorText(q.error)}</p> : !q.data ? <p aria-busy="true">正在加载…</p>
          : q.data.map((t) => <TemplateEditor key={t.scene} template={t} />)}
      </section>
      <MessageLog search={search} onSearch={onSearch} />
    </div>
  );
}

function TemplateEditor({ template: t }: { template: WechatTemplate }) {
  const form = useForm({ wx_template_id: t.template_id, enabled: t.enabled, fields: t.fields.length ? t.fields : [{ key: 'first', value: '' }] }, { idPrefix: `wx-${t.scene}-` });
  const { values, set, errors } = form;
  const save = useSaveWechatTemplate();
  const [status, setStatus] = useState('');
  const setField = (i: number, part: 'key' | 'value', value: string) => {
    set('fields', values.fields.map((f, j) => (j === i ? { ...f, [part]: value } : f)));
    setStatus('');
  };
  const submit = () => form.submit(save, {
    scene: t.scene, wx_template_id: values.wx_template_id, enabled: values.enabled,
    // rows left wholly empty are dropped, not refused
    fields: values.fields.filter((f) => f.key.trim() || f.value.trim()),
  }, (saved) => setStatus(saved.enabled ? '已保存并启用，之后的消息按此发送' : '已保存（未启用，不发送）'));
  return (
    <form className="wx-template" aria-label={`${t.label}模板`} data-testid="wechat-template" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h3>{t.label} <small className="muted">{t.scene} · 发给{t.to}</small></h3>
      <div className="op-form">
        <Field id={form.idOf('wx_template_id')} label="模板ID" error={errors.wx_template_id} hint="公众号后台“模板消息”里的模板ID">
          <InputText {...form.text('wx_template_id')} maxLength={64} />
        </Field>
        <div className="field form-field">
          <span className="label-like">状态</span>
          <label className="wx-check">
            <Checkbox inputId={form.idOf('enabled')} checked={values.enabled} onChange={(e) => { set('enabled', !!e.checked); setStatus(''); }} /> 启用
          </label>
        </div>
      </div>
      <div id={form.idOf('fields')} tabIndex={-1}>
        {values.fields.map((f, i) => (
          <div className="wx-field-row" key={i}>
            <Field id={form.idOf(`fields.${i}.key`)} label={`字段名 ${i + 1}`} error={errors[`fields.${i}.key`]}>
              <InputText id={form.idOf(`fields.${i}.key`)} value={f.key} maxLength={32} invalid={!!errors[`fields.${i}.key`]} onChange={(e) => setField(i, 'key', e.target.value)} />
            </Field>
            <Field id={form.idOf(`fields.${i}.value`)} label="内容" error={errors[`fields.${i}.value`]}>
              <InputText id={form.idOf(`fields.${i}.value`)} value={f.value} maxLength={WECHAT_VALUE_MAX} invalid={!!errors[`fields.${i}.value`]} onChange={(e) => setField(i, 'value', e.target.value)} />
            </Field>
            <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={`删除字段 ${i + 1}`} onClick={() => set('fields', values.fields.filter((_, j) => j !== i))} />
          </div>
        ))}
        {errors.fields && <div className="field-error" role="alert">{errors.fields}</div>}
      </div>
      <p className="muted"><small>可用占位符：{Object.entries(t.placeholders).map(([k, label]) => `{${k}} ${label}`).join('，')}</small></p>
      <div className="op-actions">
        <Button type="button" label="添加字段" icon="pi pi-plus" outlined disabled={values.fields.length >= WECHAT_FIELDS_MAX}
          onClick={() => set('fields', [...values.fields, { key: `keyword${values.fields.length}`, value: '' }])} />
        <Button type="submit" label="保存" icon="pi pi-save" loading={form.busy} aria-label={`保存${t.label}模板`} />
        {t.updated_at > 0 && <small className="muted">{t.updated_by} 更新于 {when(t.updated_at)}</small>}
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
      {status && <p className="op-status ok" role="status">{status}</p>}
    </form>
  );
}

function MessageLog({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<WechatMessage, ReturnType<typeof sysKeys.wechatMessages>, AnswerOf<'opWechatMessages'>> = {
    title: '发送记录',
    filters: [
      { name: 'scene', label: '场景', type: 'select', options: Object.entries(WECHAT_SCENES).map(([value, s]) => ({ value, label: s.label })) },
      { name: 'state', label: '状态', type: 'select', options: Object.entries(WECHAT_STATES).map(([value, label]) => ({ value, label })) },
      { name: 'k', label: '用户名 / 单号 / openid', type: 'text', width: '12rem' },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
    ],
    query: (s) => wechatMessagesQuery(payloadOf(s)),
    rowKey: (m) => m.id,
    columns: [
      { key: 'at', header: '时间', width: '8.5rem', cell: (m) => when(m.created_at) },
      { key: 'scene', header: '场景', width: '6rem', cell: (m) => WECHAT_SCENES[m.scene].label },
      { key: 'to', header: '接收人', width: '9rem', cell: (m) => <span><span data-user-text>{m.display_name}</span> <small className="muted">{m.username} · <span data-user-text>{m.company_name}</span></small></span> },
      { key: 'ref', priority: 2, header: '单号', width: '10rem', cell: (m) => <code>{m.ref_no}</code> },
      {
        key: 'state', header: '状态', width: '8rem',
        cell: (m) => (
          <span>
            <span className={`op-tag${m.state === 'failed' ? ' danger' : m.state === 'skipped' ? ' muted' : ''}`}>{WECHAT_STATES[m.state]}</span>
            {m.reason && <><br /><small className="muted">{m.reason}</small></>}
          </span>
        ),
      },
      { key: 'content', priority: 3, header: '内容', width: '16rem', cell: (m) => Object.entries(m.data).map(([k, v]) => `${k}：${v}`).join('；') },
      { key: 'via', priority: 3, header: '发送方式', width: '6rem', cell: (m) => (m.provider === 'log' ? '日志（未接入公众号）' : m.provider || '—') },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的记录，换个条件试试。' : '还没有发送记录。启用上面的场景后，新的询价、报价和发货会在这里留下记录。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
