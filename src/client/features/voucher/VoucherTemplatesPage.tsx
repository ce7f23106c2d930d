/**
 * The vouchers an issuer gives (docs/vouchers.md): the operator's pay/ticket (every voucher, the
 * platform's issued here; D05 writes, D05-01 reads) and a seller's 营销 · 优惠券 (its own, M13).
 * A declaration on the list block; 发放优惠券 in a dialog (amounts typed in yuan, fen on the wire);
 * 停止发放 per row (claimed vouchers stay usable until their date).
 */
import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import { VOUCHER_OP_CODES, voucherText, type VoucherTemplate } from '../../../shared/contracts/voucher';
import { formatChina } from '../../../shared/domain/china-time';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { voucherOffer } from '../../../shared/domain/vouchers';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { oneOf, pagingOf, text } from '../operation/list-payload';
import { CompanyPicker, type PickedCompany } from '../operation/CompanyPicker';
import { terminologyQuery } from '../stock/queries';
import { opVoucherTemplatesQuery, voucherTemplatesQuery } from './queries';
import { useOpVoucherCreate, useOpVoucherStop, useSellerVoucherCreate, useSellerVoucherStop } from './mutations';
import '../../ui/form/form.css';
import '../operation/operation.css';
import './voucher.css';

type Mode = 'operator' | 'seller';
const STATES = ['active', 'stopped'] as const;
const ISSUERS = ['platform', 'seller'] as const;
const when = (s: number) => formatChina(s, 'YYYY-MM-DD HH:mm');
/** A datetime-local value read as China time, and back (the wire carries unix seconds). */
const fromLocal = (s: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s) ? Math.floor(Date.parse(`${s}:00+08:00`) / 1000) : 0);
const toLocal = (seconds: number) => formatChina(seconds, 'YYYY-MM-DDTHH:mm');

const opPayload = (s: ListSearch): PayloadIn<'opVoucherTemplates'> => ({ issuer: oneOf(s, 'issuer', ISSUERS), state: oneOf(s, 'state', STATES), q: text(s, 'q'), ...pagingOf(s) });
const sellerPayload = (s: ListSearch): PayloadIn<'voucherTemplates'> => ({ state: oneOf(s, 'state', STATES), q: text(s, 'q'), ...pagingOf(s) });


export function VoucherTemplatesPage({ mode, search, onSearch }: { mode: Mode; search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = mode === 'seller' || hasAnyPermission(session.user?.permissions ?? [], VOUCHER_OP_CODES.write);
  const opStop = useOpVoucherStop();
  const sellerStop = useSellerVoucherStop();
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const stop = async (r: VoucherTemplate) => {
    try {
      const payload = { id: r.id };
      const idempotencyKey = crypto.randomUUID();
      if (mode === 'operator') await opStop.mutateAsync({ payload, idempotencyKey });
      else await sellerStop.mutateAsync({ payload, idempotencyKey });
      setStatus({ kind: 'ok', text: `已停止发放“${r.name}”，已领取的券在有效期内仍可使用` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const def: ListDef<VoucherTemplate, QueryKey, AnswerOf<'opVoucherTemplates'>> = {
    title: mode === 'operator' ? '优惠券' : '我的优惠券活动',
    filters: [
      { name: 'q', label: '券名称', type: 'text', width: '10rem', primary: true },
      ...(mode === 'operator' ? [{ name: 'issuer', label: '发放方', type: 'select' as const, options: [{ value: 'platform', label: '平台' }, { value: 'seller', label: '卖家' }] }] : []),
      { name: 'state', label: '状态', type: 'select', options: [{ value: 'active', label: '发放中' }, { value: 'stopped', label: '已停止' }] },
    ],
    // two calls with the same answer and different keys: typed as the list's one query
    query: (s) => (mode === 'operator' ? opVoucherTemplatesQuery(opPayload(s)) : voucherTemplatesQuery(sellerPayload(s))) as unknown as UseQueryOptions<AnswerOf<'opVoucherTemplates'>, Error, AnswerOf<'opVoucherTemplates'>, QueryKey>,
    rowKey: (r) => r.id,
    rowLabel: (r) => r.name,
    columns: [
      { key: 'name', header: '券', width: '9rem', cell: (r) => <strong>{r.name}</strong> },
      { key: 'offer', header: '优惠', width: '9rem', cell: (r) => voucherOffer(r) },
      ...(mode === 'operator' ? [{ key: 'issuer', header: '发放方', width: '8rem', priority: 2 as const, cell: (r: VoucherTemplate) => r.issuer_name }] : []),
      { key: 'scope', header: '适用范围', width: '10rem', priority: 3 as const, cell: (r) => [r.issuer_company_id === null ? (r.seller_names || '全部卖家') : '本店', r.category_names].filter(Boolean).join('；') },
      { key: 'window', header: '领取时间', width: '11rem', priority: 2 as const, cell: (r) => `${when(r.start_at)} 至 ${when(r.end_at)}` },
      { key: 'valid', header: '有效期', width: '6rem', priority: 3 as const, cell: (r) => (r.valid_days > 0 ? `领取后${r.valid_days}天` : '活动期内') },
      { key: 'claimed', header: '已领 / 总量', width: '6rem', num: true, cell: (r) => `${r.claimed} / ${r.total_count}` },
      { key: 'used', header: '已用（减免）', width: '7rem', num: true, priority: 2 as const, cell: (r) => `${r.used}（${yuan(r.used_fen)}）` },
      { key: 'state', header: '状态', width: '4.5rem', cell: (r) => <span className={`op-tag ${r.state_name === '领取中' ? '' : r.state_name === '未开始' ? 'warn' : 'danger'}`}>{r.state_name}</span> },
      {
        key: 'actions', actions: true, header: '操作', width: '8rem',
        cell: (r) => (
          <span className="op-row-actions">
            {canWrite && r.state === 'active' && <button type="button" className="linklike" onClick={() => void stop(r)} aria-label={`停止发放 ${r.name}`}>停止发放</button>}
            {mode === 'operator' && <Link to="/operation/pay/ticket/record" search={{ q: r.name }} aria-label={`${r.name}的记录`}>记录</Link>}
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的优惠券，换个条件试试。' : canWrite ? '还没有优惠券，点“发放优惠券”设置满减或折扣券，买家领取后结算时自动使用。' : '还没有优惠券。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
        toolbar={canWrite ? <Button label="发放优惠券" icon="pi pi-plus" onClick={() => setCreating(true)} /> : undefined} />
      {creating && <VoucherDialog mode={mode} onHide={() => setCreating(false)}
        onSaved={(r) => { setCreating(false); setStatus({ kind: 'ok', text: `已发放“${r.name}”（${voucherOffer(r)}，共${r.total_count}张，每家限领${r.per_company}张）` }); }} />}
    </>
  );
}

const KIND_OPTIONS = [{ label: '满减券', value: 'amount' }, { label: '折扣券', value: 'percent' }];
const VALID_OPTIONS = [{ label: '活动期内有效', value: 'window' }, { label: '领取后N天有效', value: 'days' }];

function VoucherDialog({ mode, onHide, onSaved }: { mode: Mode; onHide: () => void; onSaved: (r: VoucherTemplate) => void }) {
  const opCreate = useOpVoucherCreate();
  const sellerCreate = useSellerVoucherCreate();
  const terms = useQuery(terminologyQuery());
  const start = Math.floor(Date.now() / 1000 / 3600) * 3600;
  const form = useForm({
    name: '', kind: 'amount' as 'amount' | 'percent', amount: '', percent: '', cap: '', min_order: '',
    sellers: [] as PickedCompany[], category_ids: [] as number[], start_at: toLocal(start), end_at: toLocal(start + 30 * 86_400),
    valid: 'window' as 'window' | 'days', valid_days: '7', total_count: '100', per_company: '1',
  }, { idPrefix: 'voucher-' });
  const { values, set, errors } = form;
  const [picker, setPicker] = useState<PickedCompany | null>(null);
  const fen = (s: string) => (s.trim() === '' ? 0 : yuanToFen(s.trim()));
  const count = (s: string) => (/^\d{1,7}$/.test(s.trim()) ? Number(s.trim()) : -1);
  const submit = () => {
    const found: Record<string, string> = {};
    const amount = values.kind === 'amount' ? fen(values.amount) : 0;
    const cap = values.kind === 'percent' ? fen(values.cap) : 0;
    const minOrder = fen(values.min_order);
    if (values.name.trim() === '') found.name = voucherText.name;
    if (values.kind === 'amount' && (amount === null || amount < 1)) found.amount_fen = voucherText.amount;
    if (values.kind === 'percent' && !/^[1-9]\d?$/.test(values.percent.trim())) found.percent_off = voucherText.percent;
    if (values.kind === 'percent' && (cap === null || cap < 1)) found.cap_fen = voucherText.cap;
    if (minOrder === null) found.min_order_fen = '使用门槛应为金额，如 300 或 299.50';
    if (values.kind === 'amount' && amount !== null && minOrder !== null && minOrder <= amount) found.min_order_fen = voucherText.minOrder;
    const s = fromLocal(values.start_at);
    const e = fromLocal(values.end_at);
    if (!s) found.start_at = voucherText.startAt;
    if (!e) found.end_at = voucherText.endAt;
    else if (s && e <= s) found.end_at = voucherText.window;
    const days = values.valid === 'days' ? count(values.valid_days) : 0;
    if (values.valid === 'days' && (days < 1 || days > 365)) found.valid_days = voucherText.validDays;
    if (count(values.total_count) < 1) found.total_count = voucherText.total;
    if (count(values.per_company) < 1 || count(values.per_company) > 100) found.per_company = voucherText.perCompany;
    if (Object.keys(found).length > 0) return form.setErrors(found);
    const payload = {
      name: values.name.trim(), kind: values.kind, amount_fen: amount ?? 0, percent_off: values.kind === 'percent' ? Number(values.percent.trim()) : 0, cap_fen: cap ?? 0,
      min_order_fen: minOrder ?? 0, seller_ids: values.sellers.map((c) => c.id), category_ids: values.category_ids, start_at: s, end_at: e, valid_days: days,
      total_count: count(values.total_count), per_company: count(values.per_company),
    };
    return mode === 'operator' ? form.submit(opCreate, payload, onSaved) : form.submit(sellerCreate, payload, onSaved);
  };
  return (
    <Dialog header="发放优惠券" visible onHide={onHide} style={{ width: '42rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" text onClick={onHide} /><Button label="发放" icon="pi pi-check" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        {form.formError && <p className="op-status error" role="alert">{form.formError}</p>}
        <Field id={form.idOf('name')} label="券名称" required error={errors.name}>
          <InputText {...form.text('name')} maxLength={30} placeholder="如 开春满300减30" />
        </Field>
        <Field id={form.idOf('kind')} label="类型" required>
          <SelectButton id={form.idOf('kind')} value={values.kind} options={KIND_OPTIONS} allowEmpty={false} onChange={(ev) => set('kind', ev.value as 'amount' | 'percent')} />
        </Field>
        {values.kind === 'amount' ? (
          <Field id={form.idOf('amount_fen')} label="减免金额（元）" required error={errors.amount_fen}>
            <InputText id={form.idOf('amount_fen')} value={values.amount} inputMode="decimal" onChange={(ev) => set('amount', ev.target.value)} invalid={!!errors.amount_fen} />
          </Field>
        ) : (
          <>
            <Field id={form.idOf('percent_off')} label="减免百分比（%）" required hint="如 10 即九折" error={errors.percent_off}>
              <InputText id={form.idOf('percent_off')} value={values.percent} inputMode="numeric" onChange={(ev) => set('percent', ev.target.value)} invalid={!!errors.percent_off} />
            </Field>
            <Field id={form.idOf('cap_fen')} label="最多减免（元）" required error={errors.cap_fen}>
              <InputText id={form.idOf('cap_fen')} value={values.cap} inputMode="decimal" onChange={(ev) => set('cap', ev.target.value)} invalid={!!errors.cap_fen} />
            </Field>
          </>
        )}
        <Field id={form.idOf('min_order_fen')} label="使用门槛（元）" hint="一个卖家订单中适用配件满多少元可用；满减券须高于减免金额" error={errors.min_order_fen}>
          <InputText id={form.idOf('min_order_fen')} value={values.min_order} inputMode="decimal" onChange={(ev) => set('min_order', ev.target.value)} invalid={!!errors.min_order_fen} />
        </Field>
        {mode === 'operator' && (
          <Field id="voucher-seller-pick" label="适用卖家" hint="不选即全部卖家可用；平台券的减免由平台承担" error={errors.seller_ids}>
            <div className="voucher-sellers">
              <CompanyPicker inputId="voucher-seller-pick" value={picker} placeholder="输入卖家名称添加" onChange={(c) => {
                setPicker(null);
                if (c && !values.sellers.some((x) => x.id === c.id)) set('sellers', [...values.sellers, c]);
              }} />
              {values.sellers.map((c) => (
                <button key={c.id} type="button" className="linklike" onClick={() => set('sellers', values.sellers.filter((x) => x.id !== c.id))} aria-label={`移除 ${c.name}`}>{c.name} ✕</button>
              ))}
            </div>
          </Field>
        )}
        <Field id={form.idOf('category_ids')} label="适用配件分类" hint="不选即全部配件" error={errors.category_ids}>
          <MultiSelect inputId={form.idOf('category_ids')} value={values.category_ids} options={terms.data ?? []} optionLabel="name" optionValue="id" filter
            display="chip" placeholder="全部配件" maxSelectedLabels={4} onChange={(ev) => set('category_ids', ev.value as number[])} style={{ width: '100%' }} />
        </Field>
        <Field id={form.idOf('start_at')} label="开始领取" required error={errors.start_at}>
          <InputText id={form.idOf('start_at')} type="datetime-local" value={values.start_at} onChange={(ev) => set('start_at', ev.target.value)} invalid={!!errors.start_at} />
        </Field>
        <Field id={form.idOf('end_at')} label="结束" required hint="结束后不能再领取；“活动期内有效”的券也在此时过期" error={errors.end_at}>
          <InputText id={form.idOf('end_at')} type="datetime-local" value={values.end_at} onChange={(ev) => set('end_at', ev.target.value)} invalid={!!errors.end_at} />
        </Field>
        <Field id={form.idOf('valid_days')} label="有效期" error={errors.valid_days}>
          <div className="voucher-valid">
            <SelectButton value={values.valid} options={VALID_OPTIONS} allowEmpty={false} onChange={(ev) => set('valid', ev.value as 'window' | 'days')} />
            {values.valid === 'days' && <InputText id={form.idOf('valid_days')} value={values.valid_days} inputMode="numeric" style={{ width: '5rem' }} aria-label="领取后有效天数" onChange={(ev) => set('valid_days', ev.target.value)} invalid={!!errors.valid_days} />}
          </div>
        </Field>
        <Field id={form.idOf('total_count')} label="发放总量（张）" required error={errors.total_count}>
          <InputText id={form.idOf('total_count')} value={values.total_count} inputMode="numeric" onChange={(ev) => set('total_count', ev.target.value)} invalid={!!errors.total_count} />
        </Field>
        <Field id={form.idOf('per_company')} label="每家企业限领（张）" required error={errors.per_company}>
          <InputText id={form.idOf('per_company')} value={values.per_company} inputMode="numeric" onChange={(ev) => set('per_company', ev.target.value)} invalid={!!errors.per_company} />
        </Field>
      </div>
    </Dialog>
  );
}
