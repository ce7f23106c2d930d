/**
 * 运营 · 活动列表 (docs/activities.md): every activity by phase, with its applications and sales;
 * 创建活动 and 编辑 in a dialog (times in China time, the window and the limit only before it
 * starts), 结束活动 per row (the unsold reserves go back to the rows). A declaration on the list
 * block.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { Activity, AnswerOf, PayloadIn } from '../../../shared/contracts';
import { ACTIVITY_DESCRIPTION_MAX, ACTIVITY_KIND_NAMES, ACTIVITY_NAME_MAX, activityText, activityUnit } from '../../../shared/domain/activities';
import { formatChina } from '../../../shared/domain/china-time';
import { FULL_REDUCTION_TIERS_MAX, fullReductionText } from '../../../shared/domain/full-reduction';
import { yuanToFen } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { oneOf, pagingOf, text } from '../operation/list-payload';
import { activityKeys, opActivityListQuery } from './queries';
import { useOpActivityCreate, useOpActivityEnd, useOpActivityUpdate } from './mutations';
import '../../ui/form/form.css';
import '../operation/operation.css';
import './activity.css';

const PHASES = ['upcoming', 'running', 'ended'] as const;
const when = (s: number) => formatChina(s, 'YYYY-MM-DD HH:mm');
/** A datetime-local value read as China time, and back (the wire carries unix seconds). */
const fromLocal = (s: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s) ? Math.floor(Date.parse(`${s}:00+08:00`) / 1000) : 0);
const toLocal = (seconds: number) => formatChina(seconds, 'YYYY-MM-DDTHH:mm');
const payloadOf = (s: ListSearch): PayloadIn<'opActivityList'> => ({ phase: oneOf(s, 'phase', PHASES), q: text(s, 'q'), ...pagingOf(s) });

export function OpActivitiesPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const end = useOpActivityEnd();
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [ending, setEnding] = useState<Activity | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const endNow = async (a: Activity) => {
    try {
      const r = await end.mutateAsync({ payload: { id: a.id }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已结束“${r.name}”，未售出的活动库存已退回各条库存` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setEnding(null);
    }
  };
  const def: ListDef<Activity, ReturnType<typeof activityKeys.opList>, AnswerOf<'opActivityList'>> = {
    title: '活动列表',
    filters: [
      { name: 'q', label: '活动名称', type: 'text', width: '10rem', primary: true },
      { name: 'phase', label: '阶段', type: 'select', options: [{ value: 'upcoming', label: '未开始' }, { value: 'running', label: '进行中' }, { value: 'ended', label: '已结束' }] },
    ],
    query: (s) => opActivityListQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.name,
    columns: [
      { key: 'name', header: '活动', width: '10rem', cell: (r) => <strong>{r.name}</strong> },
      { key: 'kind', header: '类型', width: '8rem', cell: (r) => (r.kind === 'full_reduction' ? <>{r.kind_name}<small className="muted" style={{ display: 'block' }}>{r.tiers_text}</small></> : r.kind_name) },
      { key: 'window', header: '活动时间', width: '12rem', priority: 2, cell: (r) => `${when(r.start_at)} 至 ${when(r.end_at)}` },
      { key: 'per_buyer', header: '每家限购', width: '5rem', num: true, priority: 3, cell: (r) => (r.kind !== 'full_reduction' ? `${r.per_buyer}${activityUnit(r.kind)}` : '—') },
      { key: 'items', header: '待审核 / 已通过', width: '7rem', num: true, cell: (r) => `${r.pending} / ${r.approved}` },
      { key: 'sold', header: '已售 / 活动库存', width: '7rem', num: true, priority: 2, cell: (r) => (r.kind !== 'full_reduction' ? `${r.sold} / ${r.reserved}${activityUnit(r.kind)}` : '—') },
      { key: 'phase', header: '阶段', width: '4.5rem', cell: (r) => <span className={`op-tag ${r.phase === 'running' ? '' : r.phase === 'upcoming' ? 'warn' : 'danger'}`}>{r.phase_name}</span> },
      {
        key: 'actions', actions: true, header: '操作', width: '10rem',
        cell: (r) => (
          <span className="op-row-actions">
            {r.phase !== 'ended' && <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`编辑 ${r.name}`}>编辑</button>}
            {r.pending > 0 && <Link to="/operation/activity/audit" search={{ activity_id: String(r.id) }} aria-label={`审核 ${r.name} 的报名`}>审核</Link>}
            {r.phase !== 'ended' && <button type="button" className="linklike danger" onClick={() => setEnding(r)} aria-label={`结束 ${r.name}`}>结束活动</button>}
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的活动，换个条件试试。' : '还没有活动，点“创建活动”设置秒杀或满减的时间和规则，卖家随后即可报名。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
        toolbar={<Button label="创建活动" icon="pi pi-plus" onClick={() => setEditing('new')} />} />
      {editing && <ActivityDialog activity={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(r) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存“${r.name}”（${when(r.start_at)} 至 ${when(r.end_at)}，${r.kind !== 'full_reduction' ? `每家限购${r.per_buyer}${activityUnit(r.kind)}` : r.tiers_text}）` }); }} />}
      {ending && (
        <Dialog header="结束活动" visible onHide={() => setEnding(null)} style={{ width: '28rem', maxWidth: '95vw' }}
          footer={<><Button label="取消" text onClick={() => setEnding(null)} /><Button label="结束活动" severity="danger" loading={end.isPending} onClick={() => void endNow(ending)} /></>}>
          <p>现在结束“{ending.name}”？买家将不能再购买，未售出的活动库存退回各条库存，未审核的报名将关闭。</p>
        </Dialog>
      )}
    </>
  );
}

function ActivityDialog({ activity, onHide, onSaved }: { activity: Activity | null; onHide: () => void; onSaved: (r: Activity) => void }) {
  const create = useOpActivityCreate();
  const update = useOpActivityUpdate();
  const start = Math.ceil(Date.now() / 1000 / 3600) * 3600;
  const started = activity !== null && activity.phase !== 'upcoming';
  const tierRows = Array.from({ length: FULL_REDUCTION_TIERS_MAX }, (_, n) => activity?.tiers[n]);
  const form = useForm({
    name: activity?.name ?? '', description: activity?.description ?? '', kind: activity?.kind ?? 'seckill',
    start_at: toLocal(activity?.start_at ?? start), end_at: toLocal(activity?.end_at ?? start + 2 * 3600), per_buyer: String(activity?.per_buyer ?? 2),
    // 满减档位 in yuan, as typed; empty rows are left out
    thresholds: tierRows.map((x) => (x ? String(x.threshold_fen / 100) : '')), reductions: tierRows.map((x) => (x ? String(x.reduce_fen / 100) : '')),
  }, { idPrefix: 'activity-' });
  const { values, set, errors } = form;
  const submit = () => {
    const found: Record<string, string> = {};
    const s = fromLocal(values.start_at);
    const e = fromLocal(values.end_at);
    if (!s) found.start_at = activityText.startAt;
    if (!e) found.end_at = activityText.endAt;
    else if (s && e <= s) found.end_at = activityText.window;
    // 秒杀 and 组合套装 have a per-company limit (pieces, bundles); 满减 its tiers
    const seckill = values.kind !== 'full_reduction';
    if (seckill && (!/^\d{1,4}$/.test(values.per_buyer.trim()) || Number(values.per_buyer) < 1)) found.per_buyer = activityText.perBuyer;
    const tiers = values.thresholds.flatMap((x, n) => (x.trim() === '' && values.reductions[n].trim() === '' ? [] : [{ threshold_fen: yuanToFen(x) ?? -1, reduce_fen: yuanToFen(values.reductions[n]) ?? -1 }]));
    if (!seckill && (tiers.length === 0 || tiers.some((x) => x.threshold_fen < 1 || x.reduce_fen < 1))) found.tiers = fullReductionText.tiers;
    if (Object.keys(found).length > 0) return form.setErrors(found);
    const payload = {
      name: values.name.trim(), kind: values.kind, description: values.description.trim(), start_at: s, end_at: e,
      ...(seckill ? { per_buyer: Number(values.per_buyer) } : { tiers }),
    };
    return activity ? form.submit(update, { id: activity.id, ...payload }, onSaved) : form.submit(create, payload, onSaved);
  };
  return (
    <Dialog header={activity ? '编辑活动' : '创建活动'} visible onHide={onHide} style={{ width: '36rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" text onClick={onHide} /><Button label="保存" icon="pi pi-check" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        {form.formError && <p className="op-status error" role="alert">{form.formError}</p>}
        <Field id={form.idOf('name')} label="活动名称" required error={errors.name}>
          <InputText {...form.text('name')} maxLength={ACTIVITY_NAME_MAX} placeholder="如 周末刹车片秒杀" />
        </Field>
        <Field id={form.idOf('kind')} label="类型" hint={activity ? '类型不能修改' : '秒杀：卖家报名活动价和数量；满减：卖家报名的配件在同一卖家订单中满额减免；组合套装：卖家把2到5种配件组成套装，以低于日常价合计的套装价整套出售'}>
          <span id={form.idOf('kind')} className="op-row-actions" role="radiogroup" aria-label="类型">
            {(['seckill', 'full_reduction', 'bundle'] as const).map((k) => (
              <label key={k} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.3rem' }}>
                <input type="radio" name="activity-kind" value={k} checked={values.kind === k} disabled={activity !== null} onChange={() => set('kind', k)} />{ACTIVITY_KIND_NAMES[k]}
              </label>
            ))}
          </span>
        </Field>
        <Field id={form.idOf('description')} label="活动说明" error={errors.description}>
          <InputTextarea id={form.idOf('description')} value={values.description} rows={2} maxLength={ACTIVITY_DESCRIPTION_MAX} onChange={(ev) => set('description', ev.target.value)} />
        </Field>
        <Field id={form.idOf('start_at')} label="开始时间" required hint={started ? '活动已开始，时间和限购不能再改' : undefined} error={errors.start_at}>
          <InputText id={form.idOf('start_at')} type="datetime-local" value={values.start_at} disabled={started} onChange={(ev) => set('start_at', ev.target.value)} invalid={!!errors.start_at} />
        </Field>
        <Field id={form.idOf('end_at')} label="结束时间" required hint="最长31天；结束后未售出的活动库存自动退回" error={errors.end_at}>
          <InputText id={form.idOf('end_at')} type="datetime-local" value={values.end_at} disabled={started} onChange={(ev) => set('end_at', ev.target.value)} invalid={!!errors.end_at} />
        </Field>
        {values.kind !== 'full_reduction' ? (
          <Field id={form.idOf('per_buyer')} label={values.kind === 'bundle' ? '每家企业限购（套）' : '每家企业限购（件）'} required hint={values.kind === 'bundle' ? '每个套装，一家企业最多买这么多套' : '每个活动商品，一家企业最多买这么多'} error={errors.per_buyer}>
            <InputText id={form.idOf('per_buyer')} value={values.per_buyer} inputMode="numeric" disabled={started} onChange={(ev) => set('per_buyer', ev.target.value)} invalid={!!errors.per_buyer} />
          </Field>
        ) : (
          <Field id={form.idOf('tiers')} label="满减档位（元）" required hint="同一卖家订单中活动配件满X元减Y元，取达到的最高一档（不累加）；门槛和减免逐档递增，减免小于门槛" error={errors.tiers}>
            <div id={form.idOf('tiers')} className="tier-rows">
              {values.thresholds.map((x, n) => (
                <span key={n} className="tier-row">
                  满 <InputText value={x} inputMode="decimal" disabled={started} aria-label={`第${n + 1}档门槛（元）`} onChange={(ev) => set('thresholds', values.thresholds.map((y, m) => (m === n ? ev.target.value : y)))} invalid={!!errors.tiers} />
                  元减 <InputText value={values.reductions[n]} inputMode="decimal" disabled={started} aria-label={`第${n + 1}档减免（元）`} onChange={(ev) => set('reductions', values.reductions.map((y, m) => (m === n ? ev.target.value : y)))} invalid={!!errors.tiers} /> 元
                </span>
              ))}
            </div>
          </Field>
        )}
      </div>
    </Dialog>
  );
}
