/**
 * 商品 · 活动报名 (M03, docs/activities.md, "Applying"): the seller's applications with their
 * audit, sales and what went back; 报名活动 in a dialog: an activity not ended, one of the
 * company's rows on sale (found by OE number or name), an activity price below the row's everyday
 * price (typed in yuan, fen on the wire) and a quantity the row holds. A 组合套装 activity asks
 * for 2–5 rows with their pieces per bundle, a bundle price below their everyday sum and the
 * bundles reserved (docs/activities.md "组合套装"). A declaration on the list block.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { ActivityItem, AnswerOf, PayloadIn } from '../../../shared/contracts';
import { ITEM_STATES, activityText, activityUnit } from '../../../shared/domain/activities';
import { BUNDLE_LINES_MAX, bundleOrdinaryFen, bundleRefusal, bundleText } from '../../../shared/domain/bundles';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { oneOf, pagingOf } from '../operation/list-payload';
import { activityKeys, activityApplicationsQuery, activityOpenQuery, activityStockQuery } from './queries';
import { useActivityApply, useActivityApplyBundle } from './mutations';
import { BundleParts } from './BundleParts';
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
      { key: 'part', header: '配件', width: '10rem', cell: (r) => (r.lines.length > 0 ? <BundleParts item={r} /> : <span><strong data-user-text>{r.supplier_oe}</strong> <span data-user-text>{r.name}</span></span>) },
      { key: 'activity', header: '活动', width: '11rem', cell: (r) => `${r.activity_name}（${r.activity_phase_name}，${when(r.activity_start_at)} 至 ${when(r.activity_end_at)}）` },
      // a 满减 row sells at its own price, nothing reserved (docs/activities.md "满减")
      { key: 'price', header: '活动价 / 日常价', width: '9rem', num: true, cell: (r) => (r.activity_kind !== 'full_reduction' ? <span><strong>{yuan(r.activity_price_fen)}</strong> / <s>{yuan(r.ordinary_fen)}</s></span> : <span>满减 / {yuan(r.ordinary_fen)}</span>) },
      { key: 'qty', header: '活动数量', width: '5rem', num: true, cell: (r) => (r.activity_kind === 'seckill' ? r.activity_qty : r.activity_kind === 'bundle' ? `${r.activity_qty}套` : '—') },
      { key: 'sold', header: '已售 / 退回', width: '6rem', num: true, priority: 2, cell: (r) => (r.activity_kind !== 'full_reduction' ? `${r.sold} / ${r.returned}` : '—') },
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
        onSaved={(r) => { setApplying(false); setStatus(r.activity_kind === 'bundle' ? `已报名“${r.activity_name}”：${r.lines.length}种配件组合套装，套装价${yuan(r.activity_price_fen)}，${r.activity_qty}套，等待平台审核` : r.activity_kind === 'seckill' ? `已报名“${r.activity_name}”：${r.supplier_oe} 活动价${yuan(r.activity_price_fen)}，${r.activity_qty}件，等待平台审核` : `已报名“${r.activity_name}”：${r.supplier_oe} 参加满减，等待平台审核`); }} />}
    </>
  );
}

type StockOption = AnswerOf<'activityStockOptions'>['data'][number];

function ApplyDialog({ onHide, onSaved }: { onHide: () => void; onSaved: (r: ActivityItem) => void }) {
  const apply = useActivityApply();
  const applyBundle = useActivityApplyBundle();
  // the rows chosen for a bundle stay known when the search changes
  const [picked, setPicked] = useState<Record<number, StockOption>>({});
  const open = useQuery(activityOpenQuery());
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const rows = useQuery(activityStockQuery(q));
  const form = useForm({
    activity_id: 0, stock_id: 0, activity_price_fen: '', activity_qty: '',
    lines: [{ stock_id: 0, qty: '1' }, { stock_id: 0, qty: '1' }], bundle_price_fen: '', bundle_qty: '',
  }, { idPrefix: 'activity-apply-' });
  const { values, set, errors } = form;
  const row = rows.data?.data.find((r) => r.stock_id === values.stock_id);
  const chosen = open.data?.data.find((a) => a.id === values.activity_id);
  // a 满减 activity takes the row at its own price: no activity price or quantity; a 组合套装 its rows
  const bundle = chosen?.kind === 'bundle';
  const seckill = chosen?.kind !== 'full_reduction' && !bundle;
  const options = [...(rows.data?.data ?? []), ...Object.values(picked).filter((p) => !rows.data?.data.some((r) => r.stock_id === p.stock_id))];
  const chosenLines = values.lines.filter((l) => l.stock_id > 0);
  const bundleRows = chosenLines.map((l) => {
    const o = picked[l.stock_id];
    return { stockId: l.stock_id, supplierOe: o?.supplier_oe ?? '', qty: /^\d{1,3}$/.test(l.qty.trim()) ? Number(l.qty) : 0, quantity: o?.quantity ?? 0, on: true, prices: { price99: o?.ordinary_fen ?? null } };
  });
  const everyday = bundleRows.every((r) => r.qty > 0) ? bundleOrdinaryFen(bundleRows) : null;
  const setLine = (n: number, line: { stock_id: number; qty: string }) => set('lines', values.lines.map((l, m) => (m === n ? line : l)));
  const submitBundle = () => {
    const fen = yuanToFen(values.bundle_price_fen);
    const bundles = /^\d{1,5}$/.test(values.bundle_qty.trim()) ? Number(values.bundle_qty) : 0;
    const bad = bundleRefusal(bundleRows, fen ?? 0, bundles);
    if (bad) return form.setErrors({ [bad.field]: bad.field === 'bundle_price_fen' && bad.text === bundleText.price ? '请填写套装价（元，如 450 或 449.50）' : bad.text });
    return form.submit(applyBundle, {
      activity_id: values.activity_id, lines: chosenLines.map((l) => ({ stock_id: l.stock_id, qty: Number(l.qty) })), bundle_price_fen: fen!, bundle_qty: bundles,
    }, onSaved);
  };
  const submit = () => {
    if (bundle) return submitBundle();
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
      <div className={bundle ? 'op-form bundle-form' : 'op-form'}>
        {form.formError && <p className="op-status error" role="alert">{form.formError}</p>}
        <Field id={form.idOf('activity_id')} label="活动" required error={errors.activity_id}>
          <Dropdown inputId={form.idOf('activity_id')} value={values.activity_id || null} placeholder={open.data?.data.length === 0 ? '暂无可报名的活动' : '选择活动'}
            options={(open.data?.data ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.kind_name}，${a.phase_name}，${when(a.start_at)} 至 ${when(a.end_at)}，${a.kind === 'full_reduction' ? a.tiers_text : `每家限购${a.per_buyer}${activityUnit(a.kind)}`}）` }))}
            onChange={(ev) => set('activity_id', ev.value as number)} style={{ width: '100%' }} />
        </Field>
        <Field id={form.idOf('stock_q')} label="查找库存" hint="输入OE号或配件名称后回车">
          <InputText id={form.idOf('stock_q')} value={typed} onChange={(ev) => setTyped(ev.target.value)}
            onKeyDown={(ev) => { if (ev.key === 'Enter') setQ(typed.trim()); }} onBlur={() => setQ(typed.trim())} />
        </Field>
        {!bundle && <Field id={form.idOf('stock_id')} label="库存" required error={errors.stock_id}>
          <Dropdown inputId={form.idOf('stock_id')} value={values.stock_id || null} placeholder={rows.isFetching ? '查找中…' : rows.data?.data.length === 0 ? '没有找到在售、有价格的库存' : '选择库存'}
            options={(rows.data?.data ?? []).map((r) => ({ value: r.stock_id, label: `${r.supplier_oe} ${r.name} ${r.brand_name}（库存${r.quantity}，日常价${yuan(r.ordinary_fen)}）` }))}
            onChange={(ev) => set('stock_id', ev.value as number)} style={{ width: '100%' }} />
        </Field>}
        {seckill && <>
        <Field id={form.idOf('activity_price_fen')} label="活动价（元）" required hint={row ? `须低于日常价${yuan(row.ordinary_fen)}` : '须低于这条库存的日常价'} error={errors.activity_price_fen}>
          <InputText id={form.idOf('activity_price_fen')} value={values.activity_price_fen} inputMode="decimal" onChange={(ev) => set('activity_price_fen', ev.target.value)} invalid={!!errors.activity_price_fen} />
        </Field>
        <Field id={form.idOf('activity_qty')} label="活动数量（件）" required hint={row ? `不超过当前库存${row.quantity}件；审核通过时从库存中划出` : '审核通过时从库存中划出'} error={errors.activity_qty}>
          <InputText id={form.idOf('activity_qty')} value={values.activity_qty} inputMode="numeric" onChange={(ev) => set('activity_qty', ev.target.value)} invalid={!!errors.activity_qty} />
        </Field>
        </>}
        {bundle && <>
        <Field id={form.idOf('lines')} label="套装配件" wide required hint={`先在上面查找库存，再为每种配件选择库存和每套件数（2到${BUNDLE_LINES_MAX}种）`} error={errors.lines}>
          <div id={form.idOf('lines')} className="bundle-lines">
            {values.lines.map((l, n) => (
              <span key={n} className="bundle-line">
                <Dropdown inputId={form.idOf(`lines.${n}.stock_id`)} value={l.stock_id || null} aria-label={`第${n + 1}种配件`}
                  placeholder={rows.isFetching ? '查找中…' : '选择库存'} style={{ flex: '1 1 8rem', minWidth: 0 }}
                  options={options.map((r) => ({ value: r.stock_id, label: `${r.supplier_oe} ${r.name}（库存${r.quantity}，日常价${yuan(r.ordinary_fen)}）` }))}
                  onChange={(ev) => {
                    const o = options.find((r) => r.stock_id === ev.value);
                    if (o) setPicked((p) => ({ ...p, [o.stock_id]: o }));
                    setLine(n, { ...l, stock_id: ev.value as number });
                  }} />
                ×<InputText id={form.idOf(`lines.${n}.qty`)} value={l.qty} inputMode="numeric" aria-label={`第${n + 1}种配件每套件数`} style={{ width: '4rem' }}
                  onChange={(ev) => setLine(n, { ...l, qty: ev.target.value })} invalid={!!errors[`lines.${n}.qty`]} />件
                {values.lines.length > 2 && <Button type="button" icon="pi pi-times" text aria-label={`去掉第${n + 1}种配件`} onClick={() => set('lines', values.lines.filter((_, m) => m !== n))} />}
              </span>
            ))}
            {values.lines.length < BUNDLE_LINES_MAX && <Button type="button" label="添加配件" icon="pi pi-plus" text size="small" onClick={() => set('lines', [...values.lines, { stock_id: 0, qty: '1' }])} />}
          </div>
        </Field>
        <Field id={form.idOf('bundle_price_fen')} label="套装价（元）" required hint={everyday !== null && chosenLines.length > 0 ? `须低于日常价合计${yuan(everyday)}` : '须低于各配件日常价×件数之和'} error={errors.bundle_price_fen}>
          <InputText {...form.text('bundle_price_fen')} inputMode="decimal" />
        </Field>
        <Field id={form.idOf('bundle_qty')} label="套装数量（套）" required hint="审核通过时，每种配件按 件数×套数 从库存中划出" error={errors.bundle_qty}>
          <InputText {...form.text('bundle_qty')} inputMode="numeric" />
        </Field>
        </>}
        {!seckill && !bundle && <p className="muted">满减：这条库存按日常售价参加，不划出数量；买家同一订单中满减活动的配件合计满额即自动减免（{chosen?.tiers_text}）。</p>}
      </div>
    </Dialog>
  );
}
