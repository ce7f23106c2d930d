/**
 * 商品 · 活动报名 (M03, docs/activities.md, "Applying"): the seller's applications with their
 * audit, sales and what went back; 报名活动 in a dialog: an activity not ended, one of the
 * company's rows on sale (found by OE number or name), an activity price below the row's everyday
 * price (typed in yuan, fen on the wire) and a quantity the row holds. A declaration on the list
 * block.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { ActivityItem, AnswerOf, PayloadIn } from '../../../shared/contracts';
import { ITEM_STATES, activityText } from '../../../shared/domain/activities';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { oneOf, pagingOf } from '../operation/list-payload';
import { activityKeys, activityApplicationsQuery, activityOpenQuery, activityStockQuery } from './queries';
import { useActivityApply } from './mutations';
import '../../ui/form/form.css';
import '../operation/operation.css';

const when = (s: number) => formatChina(s, 'MM-DD HH:mm');
const payloadOf = (s: ListSearch): PayloadIn<'activityApplications'> => ({ state: oneOf(s, 'state', ITEM_STATES), ...pagingOf(s) });

export function ActivityApplyPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [applying, setApplying] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const def: ListDef<ActivityItem, ReturnType<typeof activityKeys.applications>, AnswerOf<'activityApplications'>> = {
    title: '活动报名',
    filters: [
      { name: 'state', label: '状态', type: 'select', primary: true, options: [{ value: 'pending', label: '待审核' }, { value: 'approved', label: '已通过' }, { value: 'rejected', label: '已驳回' }, { value: 'expired', label: '未审核（已结束）' }] },
    ],
    query: (s) => activityApplicationsQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.supplier_oe,
    columns: [
      { key: 'part', header: '配件', width: '10rem', cell: (r) => <span><strong data-user-text>{r.supplier_oe}</strong> <span data-user-text>{r.name}</span></span> },
      { key: 'activity', header: '活动', width: '11rem', cell: (r) => `${r.activity_name}（${r.activity_phase_name}，${when(r.activity_start_at)} 至 ${when(r.activity_end_at)}）` },
      // a 满减 row sells at its own price, nothing reserved (docs/activities.md "满减")
      { key: 'price', header: '活动价 / 日常价', width: '9rem', num: true, cell: (r) => (r.activity_kind === 'seckill' ? <span><strong>{yuan(r.activity_price_fen)}</strong> / <s>{yuan(r.ordinary_fen)}</s></span> : <span>满减 / {yuan(r.ordinary_fen)}</span>) },
      { key: 'qty', header: '活动数量', width: '5rem', num: true, cell: (r) => (r.activity_kind === 'seckill' ? r.activity_qty : '—') },
      { key: 'sold', header: '已售 / 退回', width: '6rem', num: true, priority: 2, cell: (r) => (r.activity_kind === 'seckill' ? `${r.sold} / ${r.returned}` : '—') },
      { key: 'state', header: '状态', width: '8rem', cell: (r) => (
        <span><span className={`op-tag ${r.state === 'approved' ? '' : r.state === 'pending' ? 'warn' : 'danger'}`}>{r.state_name}</span>{r.reject_reason && <> {r.reject_reason}</>}</span>
      ) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的报名。' : '还没有报名。点“报名活动”，选一条在售库存，填写低于日常价的活动价和活动数量；审核通过后这些数量从库存中划出，活动结束时未售出的退回。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className="op-status ok" role="status" data-testid="op-status">{status}</p>}
        toolbar={<Button label="报名活动" icon="pi pi-plus" onClick={() => setApplying(true)} />} />
      {applying && <ApplyDialog onHide={() => setApplying(false)}
        onSaved={(r) => { setApplying(false); setStatus(r.activity_kind === 'seckill' ? `已报名“${r.activity_name}”：${r.supplier_oe} 活动价${yuan(r.activity_price_fen)}，${r.activity_qty}件，等待平台审核` : `已报名“${r.activity_name}”：${r.supplier_oe} 参加满减，等待平台审核`); }} />}
    </>
  );
}

function ApplyDialog({ onHide, onSaved }: { onHide: () => void; onSaved: (r: ActivityItem) => void }) {
  const apply = useActivityApply();
  const open = useQuery(activityOpenQuery());
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const rows = useQuery(activityStockQuery(q));
  const form = useForm({ activity_id: 0, stock_id: 0, activity_price_fen: '', activity_qty: '' }, { idPrefix: 'activity-apply-' });
  const { values, set, errors } = form;
  const row = rows.data?.data.find((r) => r.stock_id === values.stock_id);
  const chosen = open.data?.data.find((a) => a.id === values.activity_id);
  // a 满减 activity takes the row at its own price: no activity price or quantity
  const seckill = chosen?.kind !== 'full_reduction';
  const submit = () => {
    const fen = yuanToFen(values.activity_price_fen);
    const found: Record<string, string> = {};
    if (!values.activity_id) found.activity_id = activityText.activityId;
    if (!values.stock_id) found.stock_id = activityText.stockId;
    if (!seckill) {
      if (Object.keys(found).length > 0) return form.setErrors(found);
      return form.submit(apply, { activity_id: values.activity_id, stock_id: values.stock_id }, onSaved);
    }
    if (fen === null || fen < 1) found.activity_price_fen = activityText.activityPrice.replace('（以分为单位的整数）', '（元，如 45 或 44.50）');
    else if (row && fen >= row.ordinary_fen) found.activity_price_fen = activityText.priceNotBelow(yuan(row.ordinary_fen));
    if (!/^\d{1,5}$/.test(values.activity_qty.trim()) || Number(values.activity_qty) < 1) found.activity_qty = activityText.activityQty;
    else if (row && Number(values.activity_qty) > row.quantity) found.activity_qty = activityText.qtyOverStock(row.quantity);
    if (Object.keys(found).length > 0) return form.setErrors(found);
    return form.submit(apply, { activity_id: values.activity_id, stock_id: values.stock_id, activity_price_fen: fen!, activity_qty: Number(values.activity_qty) }, onSaved);
  };
  return (
    <Dialog header="报名活动" visible onHide={onHide} style={{ width: '36rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" text onClick={onHide} /><Button label="提交报名" icon="pi pi-check" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        {form.formError && <p className="op-status error" role="alert">{form.formError}</p>}
        <Field id={form.idOf('activity_id')} label="活动" required error={errors.activity_id}>
          <Dropdown inputId={form.idOf('activity_id')} value={values.activity_id || null} placeholder={open.data?.data.length === 0 ? '暂无可报名的活动' : '选择活动'}
            options={(open.data?.data ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.kind_name}，${a.phase_name}，${when(a.start_at)} 至 ${when(a.end_at)}，${a.kind === 'seckill' ? `每家限购${a.per_buyer}件` : a.tiers_text}）` }))}
            onChange={(ev) => set('activity_id', ev.value as number)} style={{ width: '100%' }} />
        </Field>
        <Field id={form.idOf('stock_q')} label="查找库存" hint="输入OE号或配件名称后回车">
          <InputText id={form.idOf('stock_q')} value={typed} onChange={(ev) => setTyped(ev.target.value)}
            onKeyDown={(ev) => { if (ev.key === 'Enter') setQ(typed.trim()); }} onBlur={() => setQ(typed.trim())} />
        </Field>
        <Field id={form.idOf('stock_id')} label="库存" required error={errors.stock_id}>
          <Dropdown inputId={form.idOf('stock_id')} value={values.stock_id || null} placeholder={rows.isFetching ? '查找中…' : rows.data?.data.length === 0 ? '没有找到在售、有价格的库存' : '选择库存'}
            options={(rows.data?.data ?? []).map((r) => ({ value: r.stock_id, label: `${r.supplier_oe} ${r.name} ${r.brand_name}（库存${r.quantity}，日常价${yuan(r.ordinary_fen)}）` }))}
            onChange={(ev) => set('stock_id', ev.value as number)} style={{ width: '100%' }} />
        </Field>
        {seckill && <>
        <Field id={form.idOf('activity_price_fen')} label="活动价（元）" required hint={row ? `须低于日常价${yuan(row.ordinary_fen)}` : '须低于这条库存的日常价'} error={errors.activity_price_fen}>
          <InputText id={form.idOf('activity_price_fen')} value={values.activity_price_fen} inputMode="decimal" onChange={(ev) => set('activity_price_fen', ev.target.value)} invalid={!!errors.activity_price_fen} />
        </Field>
        <Field id={form.idOf('activity_qty')} label="活动数量（件）" required hint={row ? `不超过当前库存${row.quantity}件；审核通过时从库存中划出` : '审核通过时从库存中划出'} error={errors.activity_qty}>
          <InputText id={form.idOf('activity_qty')} value={values.activity_qty} inputMode="numeric" onChange={(ev) => set('activity_qty', ev.target.value)} invalid={!!errors.activity_qty} />
        </Field>
        </>}
        {!seckill && <p className="muted">满减：这条库存按日常售价参加，不划出数量；买家同一订单中满减活动的配件合计满额即自动减免（{chosen?.tiers_text}）。</p>}
      </div>
    </Dialog>
  );
}
