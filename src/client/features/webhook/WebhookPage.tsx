/**
 * 开放平台 → Webhook (/open/controlPanel/webhook; docs/open-platform.md, "Webhooks"): the
 * company's endpoints (add, edit, enable or disable, delete), the signing secret shown once after
 * adding, and the delivery log with each delivery's attempts and 重新发送.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import dayjs from 'dayjs';
import type { WebhookDelivery, WebhookEndpoint } from '../../../shared/contracts';
import {
  STOCK_THRESHOLD_DEFAULT, WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_KEYS, WEBHOOK_EVENTS, webhookText, webhookUrlProblem,
  type WebhookDeliveryState, type WebhookEvent,
} from '../../../shared/domain/webhook';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { webhookAttemptsQuery, webhookDeliveriesQuery, webhookEndpointsQuery } from './queries';
import { OpenNav } from '../open/OpenNav';
import { useWebhookAdd, useWebhookEnable, useWebhookRemove, useWebhookResend, useWebhookUpdate } from './mutations';
import '../../ui/form/form.css';
import './webhook.css';

const when = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '');
type Status = { ok: boolean; text: string } | null;

function EndpointForm({ editing, onSaved }: { editing: WebhookEndpoint | null; onSaved: (secret: string | null) => void }) {
  const add = useWebhookAdd();
  const update = useWebhookUpdate();
  const form = useForm({
    url: editing?.url ?? '', events: (editing?.events ?? ['order.created']) as WebhookEvent[], stock_threshold: String(editing?.stock_threshold ?? STOCK_THRESHOLD_DEFAULT),
  }, { idPrefix: 'wh-' });
  const { values, set, errors } = form;
  const toggle = (e: WebhookEvent, on: boolean) => set('events', on ? [...values.events, e] : values.events.filter((x) => x !== e));
  const send = () => {
    // the server also resolves the host and refuses inner addresses; loopback http is for development only
    const url = values.url.trim();
    const problem = webhookUrlProblem(url, /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url));
    if (problem || values.events.length === 0) {
      form.setErrors({ ...(problem ? { url: problem } : {}), ...(values.events.length ? {} : { events: webhookText.events }) });
      return;
    }
    const threshold = Number(values.stock_threshold);
    if (!Number.isInteger(threshold) || threshold < 1 || threshold > 1_000_000) {
      form.setErrors({ stock_threshold: webhookText.stockThreshold });
      return;
    }
    const payload = { url, events: values.events, stock_threshold: threshold };
    if (editing) void form.submit(update, { id: editing.id, ...payload }, () => onSaved(null));
    else void form.submit(add, payload, (r) => onSaved(r.secret));
  };
  return (
    <form className="webhook-form" onSubmit={(e) => { e.preventDefault(); send(); }} aria-label={editing ? '修改回调地址' : '添加回调地址'}>
      <Field id="wh-url" label="回调地址" required error={errors.url} hint="https:// 开头；不能指向内网或本机地址">
        <InputText id="wh-url" value={values.url} maxLength={500} placeholder="https://erp.example.com/qipei/webhook" inputMode="url" autoComplete="off"
          onChange={(e) => set('url', e.target.value)} />
      </Field>
      <Field id="wh-events" label="订阅事件" required error={errors.events}>
        <div id="wh-events" className="webhook-events" role="group" aria-label="订阅事件">
          {WEBHOOK_EVENT_KEYS.map((e) => (
            <label key={e} className="webhook-event">
              <Checkbox inputId={`wh-ev-${e}`} checked={values.events.includes(e)} onChange={(c) => toggle(e, !!c.checked)} />
              <span>{WEBHOOK_EVENTS[e]} <code>{e}</code></span>
            </label>
          ))}
        </div>
      </Field>
      {values.events.includes('stock.low') && (
        <Field id="wh-stock_threshold" label="库存阈值" required error={errors.stock_threshold} hint="某条库存的数量从不低于阈值降到阈值以下时通知一次">
          <InputText id="wh-stock_threshold" inputMode="numeric" value={values.stock_threshold} onChange={(e) => set('stock_threshold', e.target.value)} />
        </Field>
      )}
      {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
      <Button type="submit" label={editing ? '保存' : '添加'} icon="pi pi-check" loading={form.busy} disabled={form.busy} />
    </form>
  );
}

function Attempts({ id }: { id: number }) {
  const q = useQuery(webhookAttemptsQuery(id));
  if (q.isError) return <p role="alert">{errorText(q.error)}</p>;
  if (!q.data) return <p className="muted">读取中…</p>;
  if (q.data.length === 0) return <p className="muted">还没有尝试发送。</p>;
  return (
    <ol className="webhook-attempts" aria-label="尝试记录">
      {q.data.map((a, i) => (
        <li key={i}>
          <span>{when(a.at)}</span>
          <span className={a.status_code >= 200 && a.status_code < 300 ? 'webhook-ok' : 'webhook-bad'}>{a.status_code ? `HTTP ${a.status_code}` : '无答复'}</span>
          <span>{a.duration_ms} ms</span>
          {a.error && <span className="webhook-error">{a.error}</span>}
        </li>
      ))}
    </ol>
  );
}

function DeliveryRow({ d, onStatus }: { d: WebhookDelivery; onStatus: (s: Status) => void }) {
  const [open, setOpen] = useState(false);
  const resend = useWebhookResend();
  const again = async () => {
    try {
      const r = await resend.mutateAsync(d.id);
      onStatus({ ok: true, text: `已重新发送，新的投递编号 ${r.delivery_id}` });
    } catch (e) {
      onStatus({ ok: false, text: errorText(e) });
    }
  };
  return (
    <li className="webhook-delivery" data-testid="webhook-delivery">
      <div className="webhook-delivery-head">
        <strong>{WEBHOOK_EVENTS[d.event]}</strong> <code>{d.event}</code>
        <span className={`webhook-tag webhook-tag-${d.state}`}>{WEBHOOK_DELIVERY_STATES[d.state]}</span>
      </div>
      <div className="muted webhook-wrap">{when(d.created_at)} · {d.url}</div>
      <div className="muted webhook-wrap">
        投递编号 {d.delivery_id} · 尝试 {d.attempts} 次{d.last_status ? ` · 最后 HTTP ${d.last_status}` : ''}{d.attempts ? ` · ${d.last_duration_ms} ms` : ''}
        {d.state === 'pending' && d.next_at ? ` · 下次 ${when(d.next_at)}` : ''}{d.resend_of ? ' · 重新发送' : ''}
      </div>
      {d.last_error && <div className="webhook-error">{d.last_error}</div>}
      <div className="webhook-actions">
        <Button type="button" size="small" text label={open ? '收起尝试记录' : '尝试记录'} onClick={() => setOpen(!open)} aria-expanded={open} />
        <Button type="button" size="small" outlined label="重新发送" icon="pi pi-replay" loading={resend.isPending} onClick={() => void again()} />
      </div>
      {open && <Attempts id={d.id} />}
    </li>
  );
}

const STATE_FILTER = [{ value: 'all', label: '全部状态' }, ...Object.entries(WEBHOOK_DELIVERY_STATES).map(([value, label]) => ({ value, label }))];
const PAGE = 20;

function DeliveryLog({ endpoints, onStatus }: { endpoints: WebhookEndpoint[]; onStatus: (s: Status) => void }) {
  const [state, setState] = useState<WebhookDeliveryState | ''>('');
  const [endpoint, setEndpoint] = useState<number | ''>('');
  const [page, setPage] = useState(1);
  const q = useQuery(webhookDeliveriesQuery({ state, endpoint_id: endpoint, page_number: page, page_size: PAGE }));
  const rows = q.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE));
  return (
    <section className="webhook-log" aria-labelledby="webhook-log-title">
      <div className="webhook-subhead">
        <h3 id="webhook-log-title">投递记录</h3>
        <div className="webhook-filters">
          <Dropdown aria-label="回调地址" value={endpoint === '' ? 'all' : endpoint}
            options={[{ value: 'all', label: '全部回调地址' }, ...endpoints.map((e) => ({ value: e.id, label: e.url }))]}
            onChange={(e) => { setEndpoint(e.value === 'all' ? '' : (e.value as number)); setPage(1); }} />
          <Dropdown aria-label="投递状态" value={state || 'all'} options={STATE_FILTER}
            onChange={(e) => { setState(e.value === 'all' ? '' : (e.value as WebhookDeliveryState)); setPage(1); }} />
        </div>
      </div>
      {q.isError && <p role="alert">{errorText(q.error)}</p>}
      {q.isSuccess && rows.length === 0 && (
        <p className="muted">{state || endpoint ? '没有符合条件的投递。' : '还没有投递。订阅的事件发生后（如新订单），这里会列出每次投递及其结果。'}</p>
      )}
      <ul className="webhook-rows">{rows.map((d) => <DeliveryRow key={d.id} d={d} onStatus={onStatus} />)}</ul>
      {pages > 1 && (
        <div className="webhook-pager">
          <Button type="button" size="small" text label="上一页" disabled={page <= 1} onClick={() => setPage(page - 1)} />
          <span>第 {page} / {pages} 页，共 {q.data?.total} 条</span>
          <Button type="button" size="small" text label="下一页" disabled={page >= pages} onClick={() => setPage(page + 1)} />
        </div>
      )}
    </section>
  );
}

export function WebhookPage() {
  const q = useQuery(webhookEndpointsQuery());
  const enable = useWebhookEnable();
  const remove = useWebhookRemove();
  const [status, setStatus] = useState<Status>(null);
  const [dialog, setDialog] = useState<{ editing: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const list = q.data ?? [];
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      setStatus({ ok: true, text: ok });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  const drop = (e: WebhookEndpoint) => {
    if (!window.confirm(`删除回调地址 ${e.url}？它的投递记录一并删除，尚未送达的投递不再发送。`)) return;
    void act(() => remove.mutateAsync(e.id), `已删除 ${e.url}`);
  };
  return (
    <div className="webhook-page">
      <OpenNav at="webhook" />
      <h2 className="webhook-title">Webhook 回调</h2>
      <p className="muted">
        订阅的事件发生后，平台向您的地址 POST JSON <code>{'{id, event, created_at, company_id, data}'}</code>，请求头带
        <code>X-Qipei-Event</code>、<code>X-Qipei-Delivery</code>（投递编号，请据此去重）、<code>X-Qipei-Timestamp</code> 和
        <code>X-Qipei-Signature</code>（以签名密钥对“时间戳.请求体”做 HMAC-SHA256）。答复 2xx 即送达；否则 24 小时内按退避重试。
      </p>
      {q.isError && <p role="alert">{errorText(q.error)}</p>}
      {status && <p role={status.ok ? 'status' : 'alert'} className={status.ok ? 'webhook-ok' : 'webhook-bad'}>{status.text}</p>}
      <section aria-labelledby="webhook-endpoints-title">
        <div className="webhook-subhead">
          <h3 id="webhook-endpoints-title">回调地址</h3>
          <Button type="button" label="添加回调地址" icon="pi pi-plus" onClick={() => setDialog({ editing: null })} />
        </div>
        {q.isSuccess && list.length === 0 && (
          <p className="muted" data-testid="webhook-empty">还没有回调地址。点击“添加回调地址”，填写接收通知的 https 网址并选择要订阅的事件。</p>
        )}
        <ul className="webhook-rows" data-testid="webhook-endpoints">
          {list.map((e) => (
            <li key={e.id} className="webhook-endpoint">
              <div className="webhook-delivery-head">
                <strong className="webhook-wrap">{e.url}</strong>
                <span className={`webhook-tag webhook-tag-${e.enabled ? 'done' : 'failed'}`}>{e.enabled ? '启用' : '已停用'}</span>
              </div>
              <div className="webhook-tags">{e.events.map((ev) => <span key={ev} className="webhook-chip">{WEBHOOK_EVENTS[ev]}</span>)}</div>
              <div className="muted">
                密钥尾号 {e.secret_hint} · 添加于 {when(e.created_at)}{e.events.includes('stock.low') ? ` · 库存阈值 ${e.stock_threshold}` : ''}
                {e.failing_since ? ` · 自 ${when(e.failing_since)} 起投递失败` : ''}
              </div>
              {e.disabled_reason && <div className="webhook-error">{e.disabled_reason}</div>}
              <div className="webhook-actions">
                <Button type="button" size="small" outlined label="编辑" icon="pi pi-pencil" onClick={() => setDialog({ editing: e })} />
                <Button type="button" size="small" outlined label={e.enabled ? '停用' : '启用'} icon={e.enabled ? 'pi pi-pause' : 'pi pi-play'}
                  onClick={() => void act(() => enable.mutateAsync({ id: e.id, enabled: !e.enabled }), `${e.enabled ? '已停用' : '已启用'} ${e.url}`)} />
                <Button type="button" size="small" outlined severity="danger" label="删除" icon="pi pi-trash" onClick={() => drop(e)} />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <DeliveryLog endpoints={list} onStatus={setStatus} />
      <Dialog header={dialog?.editing ? '修改回调地址' : '添加回调地址'} visible={!!dialog} onHide={() => setDialog(null)} className="webhook-dialog" modal>
        {dialog && (
          <EndpointForm editing={dialog.editing} onSaved={(s) => {
            setDialog(null);
            if (s) setSecret(s);
            else setStatus({ ok: true, text: '已保存' });
          }} />
        )}
      </Dialog>
      <Dialog header="签名密钥（只显示这一次）" visible={!!secret} onHide={() => setSecret(null)} className="webhook-dialog" modal>
        <p>请立即复制并保存到您的接收服务中，用于校验 <code>X-Qipei-Signature</code>。关闭后无法再次查看。</p>
        <pre className="webhook-secret" data-testid="webhook-secret">{secret}</pre>
        <div className="webhook-actions">
          <Button type="button" label="复制" icon="pi pi-copy" onClick={() => void navigator.clipboard?.writeText(secret ?? '').then(() => setStatus({ ok: true, text: '密钥已复制' }), () => undefined)} />
          <Button type="button" outlined label="我已保存" onClick={() => setSecret(null)} />
        </div>
      </Dialog>
    </div>
  );
}
