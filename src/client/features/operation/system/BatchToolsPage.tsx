/**
 * 批量工具 (/operation/system/batchtools, D11-06; docs/batch-jobs.md): start a batch job (重建搜索词,
 * 重算价格区间, 批量标签), watch its progress (read again every 2 s while one runs), cancel it, and
 * read its log. The server runs the jobs in the background, one of a kind at a time.
 */
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import type { AnswerOf, BatchJob, PayloadIn } from '../../../../shared/contracts';
import { BATCH_KINDS, BATCH_LABELS, BATCH_STATES, type BatchKind, type BatchLabel } from '../../../../shared/domain/batch-jobs';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { pagingOf, textsOf } from '../list-payload';
import { BATCH_FILTER_NAMES } from '../list-filters';
import { when } from '../format';
import { CompanyPicker, type PickedCompany } from '../CompanyPicker';
import { batchJobLogQuery, batchJobsQuery, sysKeys } from './queries';
import { useCancelBatchJob, useStartBatchJob } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opBatchJobs'> => {
  const t = textsOf(s, BATCH_FILTER_NAMES);
  return {
    ...pagingOf(s),
    job_kind: t.job_kind in BATCH_KINDS ? (t.job_kind as BatchKind) : '',
    state: t.state in BATCH_STATES ? (t.state as keyof typeof BATCH_STATES) : '',
  };
};

const scopeText = (j: BatchJob) => {
  const scope = j.company_id ? j.company_name : '全部库存';
  if (j.kind !== 'label') return scope;
  return `${j.on ? '加上' : '去掉'}“${BATCH_LABELS[j.label as BatchLabel]?.label ?? j.label}” · ${scope}${j.k ? ` · 含“${j.k}”` : ''}`;
};

export function BatchToolsPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const cancelJob = useCancelBatchJob();
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [logOf, setLogOf] = useState<BatchJob | null>(null);
  const cancel = async (j: BatchJob) => {
    try {
      const r = await cancelJob.mutateAsync(j.id);
      setStatus({ kind: 'ok', text: `已取消任务 ${r.id}：处理了 ${r.done} / ${r.total} 行` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const def: ListDef<BatchJob, ReturnType<typeof sysKeys.batchJobList>, AnswerOf<'opBatchJobs'>> = {
    title: '批量任务',
    filters: [
      { name: 'job_kind', label: '类型', type: 'select', options: Object.entries(BATCH_KINDS).map(([value, k]) => ({ value, label: k.label })) },
      { name: 'state', label: '状态', type: 'select', options: Object.entries(BATCH_STATES).map(([value, label]) => ({ value, label })) },
    ],
    query: (s) => batchJobsQuery(payloadOf(s)),
    rowKey: (j) => j.id,
    columns: [
      { key: 'kind', header: '任务', width: '8rem', cell: (j) => <span><strong>{BATCH_KINDS[j.kind].label}</strong> <small className="muted">#{j.id}</small></span> },
      { key: 'scope', priority: 2, header: '范围', width: '12rem', cell: (j) => <span data-user-text>{scopeText(j)}</span> },
      {
        key: 'progress', header: '进度', width: '11rem',
        cell: (j) => (
          <div>
            <ProgressBar value={j.total ? Math.floor((j.done / j.total) * 100) : 100} showValue={false} style={{ height: '0.5rem' }} aria-label={`进度 ${j.done} / ${j.total}`} />
            <small data-testid="batch-progress">{j.done} / {j.total} 行 · {BATCH_KINDS[j.kind].changed} {j.changed}</small>
          </div>
        ),
      },
      { key: 'state', header: '状态', width: '5rem', cell: (j) => <span className={`op-tag${j.state === 'failed' ? ' danger' : ''}`}>{BATCH_STATES[j.state]}</span> },
      { key: 'who', priority: 3, header: '开始', width: '8.5rem', cell: (j) => <span>{when(j.created_at)}<br /><small className="muted">{j.started_name}</small></span> },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (j) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setLogOf(j)} aria-label={`任务 ${j.id} 的日志`}>日志</button>
            {j.state === 'running' && <button type="button" className="linklike danger" onClick={() => void cancel(j)} aria-label={`取消任务 ${j.id}`}>取消</button>}
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的任务，换个条件试试。' : '还没有批量任务。在上面选好类型和范围，点“开始”。'),
  };
  return (
    <div className="op-detail">
      <StartForm onStarted={(j) => setStatus({ kind: 'ok', text: `已开始任务 ${j.id}：${BATCH_KINDS[j.kind].label}，共 ${j.total} 行` })} />
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {logOf && <LogDialog job={logOf} onHide={() => setLogOf(null)} />}
    </div>
  );
}

function StartForm({ onStarted }: { onStarted: (j: BatchJob) => void }) {
  const form = useForm({ job_kind: 'reindex' as BatchKind, label_text: '' as '' | BatchLabel, on: 'true', filter_k: '' }, { idPrefix: 'batch-' });
  const { values, set, errors } = form;
  const [company, setCompany] = useState<PickedCompany | null>(null);
  const start = useStartBatchJob();
  const kind = values.job_kind;
  const submit = () => form.submit(start, {
    job_kind: kind, company_id: kind === 'prices' ? 0 : company?.id ?? 0,
    label_text: kind === 'label' ? values.label_text : '', on: values.on === 'true', filter_k: kind === 'label' ? values.filter_k : '',
  }, onStarted);
  return (
    <section className="card" aria-label="开始批量任务">
      <h2 style={{ marginTop: 0 }}>批量工具</h2>
      <p className="muted">{BATCH_KINDS[kind].what}。任务在后台分批进行，可随时取消（已处理的不回退）；服务重启后从上一批接着做。同一类型同时只能有一个任务。</p>
      <form className="op-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field id={form.idOf('job_kind')} label="任务类型" required error={errors.job_kind}>
          <Dropdown inputId={form.idOf('job_kind')} value={kind} options={Object.entries(BATCH_KINDS).map(([value, k]) => ({ value, label: k.label }))}
            onChange={(e) => set('job_kind', e.value as BatchKind)} />
        </Field>
        {kind !== 'prices' && (
          <Field id={form.idOf('company_id')} label="企业" hint="留空为全部库存" error={errors.company_id}>
            <CompanyPicker inputId={form.idOf('company_id')} value={company} onChange={setCompany} invalid={!!errors.company_id} />
          </Field>
        )}
        {kind === 'label' && (
          <>
            <Field id={form.idOf('label_text')} label="标签" required error={errors.label_text}>
              <Dropdown inputId={form.idOf('label_text')} value={values.label_text} placeholder="请选择" invalid={!!errors.label_text}
                options={Object.entries(BATCH_LABELS).map(([value, l]) => ({ value, label: l.label }))} onChange={(e) => set('label_text', e.value as BatchLabel)} />
            </Field>
            <Field id={form.idOf('on')} label="加上或去掉">
              <Dropdown inputId={form.idOf('on')} value={values.on} options={[{ value: 'true', label: '加上标签' }, { value: 'false', label: '去掉标签' }]}
                onChange={(e) => set('on', e.value as string)} />
            </Field>
            <Field id={form.idOf('filter_k')} label="名称或OE号含" hint="留空为范围内全部库存" error={errors.filter_k}>
              <InputText {...form.text('filter_k')} maxLength={40} />
            </Field>
          </>
        )}
        <div className="form-field">
          <Button type="submit" label="开始" icon="pi pi-play" loading={form.busy} />
        </div>
      </form>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </section>
  );
}

function LogDialog({ job, onHide }: { job: BatchJob; onHide: () => void }) {
  const q = useQuery(batchJobLogQuery(job.id, job.state === 'running'));
  return (
    <Dialog header={`任务 ${job.id} 的日志：${BATCH_KINDS[job.kind].label}`} visible onHide={onHide} style={{ width: '40rem', maxWidth: '95vw' }}>
      {q.isError ? <p role="alert">{errorText(q.error)}</p> : !q.data ? <p aria-busy="true">正在加载…</p> : (
        <ol className="batch-log" data-testid="batch-log">
          {q.data.map((l, i) => <li key={i}><small className="muted">{when(l.at)}</small> {l.text}</li>)}
        </ol>
      )}
    </Dialog>
  );
}
