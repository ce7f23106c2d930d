/**
 * 促销价 of the operator (/operation/pay/promotionPricing; D05 writes, D05-01 reads;
 * docs/money.md#promotion-prices): time-boxed lower prices of a paid service at some company
 * levels, a price per pack (typed in yuan, fen on the wire) or a percentage off, with optional
 * limits in all and per company. A declaration on the list block; create and edit in a dialog;
 * 启用 / 停用 per row; 使用记录 opens pay/promotionUse filtered by the promotion.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import {
  PAID_PROMOTION_STATES, PAID_SERVICE_NAMES, PAID_SERVICE_OP_CODES, PAID_SERVICES, PROMOTION_NAME_MAX, paidPromotionText,
  type PaidPromotion, type PaidPromotionState, type PaidService,
} from '../../../shared/contracts/paid-service';
import { formatChina } from '../../../shared/domain/china-time';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { oneOf, pagingOf, text } from '../operation/list-payload';
import { opProductsQuery, opPromotionsQuery, type serviceKeys } from './queries';
import { usePromotionEnable, usePromotionSave } from './mutations';
import '../../ui/form/form.css';
import '../operation/operation.css';
import './paid-service.css';

const STATES = Object.keys(PAID_PROMOTION_STATES) as PaidPromotionState[];
const payloadOf = (s: ListSearch): PayloadIn<'opPaidPromotions'> => ({
  service: oneOf(s, 'service', PAID_SERVICES), state: oneOf(s, 'state', STATES), q: text(s, 'q'), ...pagingOf(s),
});

/** 每包 ¥80.00 or 减 20%. */
export const promotionOffer = (p: Pick<PaidPromotion, 'kind' | 'value'>) => (p.kind === 'price' ? `每包 ${yuan(p.value)}` : `减 ${p.value}%`);
/** A datetime-local value read as China time, and back (the wire carries unix seconds). */
const fromLocal = (s: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s) ? Math.floor(Date.parse(`${s}:00+08:00`) / 1000) : 0);
const toLocal = (seconds: number) => formatChina(seconds, 'YYYY-MM-DDTHH:mm');
const when = (seconds: number) => formatChina(seconds, 'YYYY-MM-DD HH:mm');

type Status = { kind: 'ok' | 'error'; text: string } | null;

const StateTag = ({ state }: { state: PaidPromotionState }) =>
  <span className={`op-tag ${state === 'live' ? '' : state === 'upcoming' ? 'warn' : 'danger'}`}>{PAID_PROMOTION_STATES[state]}</span>;

export function OpPromotionPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], PAID_SERVICE_OP_CODES.write);
  const enable = usePromotionEnable();
  const [editing, setEditing] = useState<PaidPromotion | 'new' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const toggle = async (r: PaidPromotion) => {
    try {
      await enable.mutateAsync({ payload: { id: r.id, enabled: !r.enabled }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已${r.enabled ? '停用' : '启用'}促销“${r.name}”` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const def: ListDef<PaidPromotion, ReturnType<typeof serviceKeys.opPromotions>, AnswerOf<'opPaidPromotions'>> = {
    title: '促销价',
    filters: [
      { name: 'q', label: '促销名称', type: 'text', width: '10rem', primary: true },
      { name: 'service', label: '服务', type: 'select', options: PAID_SERVICES.map((value) => ({ value, label: PAID_SERVICE_NAMES[value] })) },
      { name: 'state', label: '状态', type: 'select', options: STATES.map((value) => ({ value, label: PAID_PROMOTION_STATES[value] })) },
    ],
    query: (s) => opPromotionsQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.name,
    columns: [
      { key: 'name', header: '促销', width: '9rem', cell: (r) => <strong>{r.name}</strong> },
      { key: 'service', header: '服务', width: '7rem', priority: 2, cell: (r) => PAID_SERVICE_NAMES[r.service] },
      { key: 'offer', header: '优惠', width: '7rem', cell: (r) => promotionOffer(r) },
      { key: 'levels', header: '会员等级', width: '8rem', priority: 3, cell: (r) => r.level_names },
      { key: 'window', header: '时间', width: '11rem', priority: 2, cell: (r) => `${when(r.start_at)} 至 ${when(r.end_at)}` },
      { key: 'used', header: '已用 / 总次数', width: '6rem', num: true, priority: 2, cell: (r) => `${r.used} / ${r.max_uses || '不限'}` },
      { key: 'per', header: '每家企业', width: '5rem', num: true, priority: 3, cell: (r) => (r.per_company ? `${r.per_company} 次` : '不限') },
      { key: 'saved', header: '已支付（优惠）', width: '8rem', num: true, priority: 3, cell: (r) => `${r.paid_uses} 单（${yuan(r.saved_fen)}）` },
      { key: 'state', header: '状态', width: '4.5rem', cell: (r) => <StateTag state={r.state} /> },
      {
        key: 'actions', actions: true, header: '操作', width: canWrite ? '9rem' : '5rem',
        cell: (r) => (
          <span className="op-row-actions promo-row-actions">
            {canWrite && <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`编辑 ${r.name}`}>编辑</button>}
            {canWrite && <button type="button" className="linklike" onClick={() => void toggle(r)} aria-label={`${r.enabled ? '停用' : '启用'} ${r.name}`}>{r.enabled ? '停用' : '启用'}</button>}
            <Link to="/operation/pay/promotionUse" search={{ promotion_id: String(r.id) }} aria-label={`${r.name}的使用记录`}>使用记录</Link>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的促销，换个条件试试。' : canWrite ? '还没有促销价，点“新建促销”为付费服务设一个限时价格。' : '还没有促销价。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
        toolbar={canWrite ? <Button label="新建促销" icon="pi pi-plus" onClick={() => setEditing('new')} /> : undefined} />
      {editing && <PromotionDialog row={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(r) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存促销“${r.name}”（${PAID_SERVICE_NAMES[r.service]}，${promotionOffer(r)}，${when(r.start_at)} 至 ${when(r.end_at)}）` }); }} />}
    </>
  );
}

const KIND_OPTIONS = [{ label: '促销价', value: 'price' }, { label: '折扣', value: 'percent' }];

function PromotionDialog({ row, onHide, onSaved }: { row: PaidPromotion | null; onHide: () => void; onSaved: (r: PaidPromotion) => void }) {
  const products = useQuery(opProductsQuery());
  const save = usePromotionSave();
  const startAt = row?.start_at ?? Math.floor(Date.now() / 1000 / 3600) * 3600;
  const form = useForm({
    name: row?.name ?? '', service: (row?.service ?? 'user') as PaidService, level_ids: row?.level_ids ?? ([] as number[]), kind: row?.kind ?? 'price',
    value: row ? (row.kind === 'price' ? (row.value / 100).toFixed(2) : String(row.value)) : '',
    start_at: toLocal(startAt), end_at: toLocal(row?.end_at ?? startAt + 7 * 86_400),
    max_uses: row?.max_uses ? String(row.max_uses) : '', per_company: row?.per_company ? String(row.per_company) : '', enabled: row?.enabled ?? true,
  }, { idPrefix: 'promo-' });
  const { values, set, errors } = form;
  // the levels that have a pack of this service, with its list price
  const levels = (products.data?.data ?? []).filter((p) => p.service === values.service && p.configured);
  const toggleLevel = (id: number, on: boolean) => set('level_ids', on ? [...values.level_ids, id] : values.level_ids.filter((x) => x !== id));
  const submit = () => {
    const found: Record<string, string> = {};
    const typed = values.value.trim();
    const fen = values.kind === 'price' ? yuanToFen(typed) : null;
    if (values.name.trim() === '') found.name = paidPromotionText.name;
    if (values.level_ids.length === 0) found.level_ids = paidPromotionText.levelIds;
    if (values.kind === 'price' && (fen === null || fen < 1)) found.value = paidPromotionText.priceYuan;
    if (values.kind === 'percent' && !/^[1-9]\d?$/.test(typed)) found.value = paidPromotionText.percent;
    const start = fromLocal(values.start_at);
    const end = fromLocal(values.end_at);
    if (!start) found.start_at = paidPromotionText.startAt;
    if (!end) found.end_at = paidPromotionText.endAt;
    else if (start && end <= start) found.end_at = paidPromotionText.window;
    const count = (s: string) => (s.trim() === '' ? 0 : /^\d{1,7}$/.test(s.trim()) ? Number(s.trim()) : -1);
    if (count(values.max_uses) < 0) found.max_uses = paidPromotionText.maxUses;
    if (count(values.per_company) < 0) found.per_company = paidPromotionText.perCompany;
    if (Object.keys(found).length > 0) return form.setErrors(found);
    return form.submit(save, {
      id: row?.id ?? 0, name: values.name.trim(), service: values.service, level_ids: values.level_ids, kind: values.kind,
      value: values.kind === 'price' ? fen! : Number(typed), start_at: start, end_at: end,
      max_uses: count(values.max_uses), per_company: count(values.per_company), enabled: values.enabled,
    }, onSaved);
  };
  return (
    <Dialog header={row ? `编辑促销“${row.name}”` : '新建促销'} visible onHide={onHide} style={{ width: '42rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        <Field id="promo-name" label="促销名称" hint="买家在购买页看到，如“开年特惠”" error={errors.name} required>
          <InputText id="promo-name" value={values.name} maxLength={PROMOTION_NAME_MAX} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="promo-service" label="服务" error={errors.service} required>
          <Dropdown inputId="promo-service" value={values.service} options={PAID_SERVICES.map((value) => ({ value, label: PAID_SERVICE_NAMES[value] }))}
            onChange={(e) => { set('service', e.value as PaidService); set('level_ids', []); }} />
        </Field>
        <Field id="promo-level_ids" label="会员等级" hint="只列出已在“付费服务”中设置了该服务价格的等级" error={errors.level_ids} required>
          <div id="promo-level_ids" className="promo-levels" role="group" aria-label="会员等级">
            {products.isPending ? '正在加载…' : levels.length === 0 ? <span className="muted">还没有等级设置了该服务的价格</span> : levels.map((l) => (
              <label key={l.level_id} className="promo-level">
                <Checkbox inputId={`promo-level-${l.level_id}`} checked={values.level_ids.includes(l.level_id)} onChange={(e) => toggleLevel(l.level_id, e.checked === true)} />
                {l.level_name}<small className="muted">（原价 {yuan(l.price_fen)}/包）</small>
              </label>
            ))}
          </div>
        </Field>
        <Field id="promo-kind" label="优惠方式" error={errors.kind} required>
          <SelectButton id="promo-kind" value={values.kind} options={KIND_OPTIONS} allowEmpty={false} onChange={(e) => set('kind', e.value)} />
        </Field>
        <Field id="promo-value" label={values.kind === 'price' ? '促销价（元/包）' : '减免比例（%）'}
          hint={values.kind === 'price' ? '须低于所选每个等级的原价，最多两位小数' : '1 到 99 的整数，按原价减免后向下取整到分'} error={errors.value} required>
          <InputText id="promo-value" inputMode="decimal" value={values.value} onChange={(e) => set('value', e.target.value)} />
        </Field>
        <Field id="promo-start_at" label="开始时间" hint="北京时间" error={errors.start_at} required>
          <InputText id="promo-start_at" type="datetime-local" value={values.start_at} onChange={(e) => set('start_at', e.target.value)} />
        </Field>
        <Field id="promo-end_at" label="结束时间" hint="同一服务和等级的启用促销时间不能重叠" error={errors.end_at} required>
          <InputText id="promo-end_at" type="datetime-local" value={values.end_at} onChange={(e) => set('end_at', e.target.value)} />
        </Field>
        <Field id="promo-max_uses" label="总次数" hint={row ? `已使用 ${row.used} 次；不限则留空` : '所有企业合计可按促销价购买的次数；不限则留空'} error={errors.max_uses}>
          <InputText id="promo-max_uses" inputMode="numeric" value={values.max_uses} onChange={(e) => set('max_uses', e.target.value)} />
        </Field>
        <Field id="promo-per_company" label="每家企业次数" hint="每家企业可按促销价购买的次数；不限则留空" error={errors.per_company}>
          <InputText id="promo-per_company" inputMode="numeric" value={values.per_company} onChange={(e) => set('per_company', e.target.value)} />
        </Field>
        <label className="promo-level">
          <Checkbox inputId="promo-enabled" checked={values.enabled} onChange={(e) => set('enabled', e.checked === true)} /> 启用
        </label>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
