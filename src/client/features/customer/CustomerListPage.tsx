/**
 * 客户 (/backend/customer/customer, M04, docs/customers.md): every company that ordered from the
 * seller or registered through its invitation, with orders, amount, latest order and what is
 * unpaid (fen, shown in yuan); per customer a level (which price column it is charged), a note and
 * tags. A declaration of the list block; the server holds every rule.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { endpoints, type CustomerRow, type PayloadIn } from '../../../shared/contracts';
import {
  CREDIT_DAYS_MAX, creditText, CUSTOMER_NOTE_MAX, CUSTOMER_PRICE_LEVEL_HINT, CUSTOMER_PRICE_LEVEL_SHORT, CUSTOMER_PRICE_LEVEL_TEXT, CUSTOMER_PRICE_LEVELS, CUSTOMER_TAG_MAX, type CustomerPriceLevel,
} from '../../../shared/domain/customer';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import '../stock/stock.css';
import './customer.css';
import { customerKeys, customerListQuery } from './queries';
import { useUpdateCustomer } from './mutations';
import { CUSTOMER_SORT_FIELDS } from './customer-filters';

const LEVEL_OPTIONS = CUSTOMER_PRICE_LEVELS.map((l) => ({ label: CUSTOMER_PRICE_LEVEL_TEXT[l], value: l }));
const area = (r: { province: string; city: string }) => (r.city && r.city !== r.province ? `${r.province} ${r.city}` : r.province);
const day = (seconds: number) => (seconds ? formatChina(seconds, 'YYYY-MM-DD') : '—');

export const customerPayload = (s: ListSearch): PayloadIn<'customerList'> => ({
  keyword: s.keyword === undefined ? '' : String(s.keyword),
  price_level: (CUSTOMER_PRICE_LEVELS as readonly string[]).includes(String(s.price_level)) ? s.price_level as CustomerPriceLevel : undefined,
  sort: (CUSTOMER_SORT_FIELDS as readonly string[]).includes(String(s.sort)) ? s.sort as (typeof CUSTOMER_SORT_FIELDS)[number] : undefined,
  order: s.order ?? 'desc',
  page_number: s.page ?? 1,
  page_size: s.size ?? 50,
});

export function CustomerListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [editing, setEditing] = useState<CustomerRow | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok'; text: string } | null>(null);

  const def: ListDef<CustomerRow, ReturnType<typeof customerKeys.customers>> = {
    title: '客户',
    filters: [
      { name: 'keyword', label: '企业名称 / 备注 / 标签', type: 'text', width: '13rem', primary: true },
      { name: 'price_level', label: '客户等级', type: 'select', options: LEVEL_OPTIONS },
    ],
    query: (s) => customerListQuery(customerPayload(s)),
    rowKey: (c) => c.company_id,
    rowLabel: (c) => c.company_name,
    defaultSort: { sort: 'last_order', order: 'desc' },
    columns: [
      {
        key: 'company', header: '客户', width: '12rem',
        cell: (c) => <div className="stock-key"><strong>{c.company_name}</strong><small className="muted">{area(c) || '—'}{c.phone ? ` · ${c.phone}` : ''}</small></div>,
      },
      { key: 'order_count', header: '订单数', width: '5rem', num: true, sort: 'order_count', cell: (c) => c.order_count },
      { key: 'amount_fen', header: '订单金额', width: '7rem', num: true, sort: 'amount_fen', cell: (c) => yuan(c.amount_fen) },
      { key: 'last_order', header: '最近下单', width: '6.5rem', sort: 'last_order', cell: (c) => day(c.last_order) },
      { key: 'outstanding_fen', header: '未付金额', width: '7rem', num: true, sort: 'outstanding_fen', priority: 2, cell: (c) => yuan(c.outstanding_fen) },
      {
        key: 'credit', header: '账期 · 逾期金额', width: '9rem',
        cell: (c) => (c.credit_days === 0 && c.credit_used_fen === 0 ? <span className="muted">—</span> : (
          <div className="credit-term" data-testid="customer-credit">
            {c.credit_days > 0 ? `${c.credit_days}天 · 额度 ${yuan(c.credit_limit_fen)}` : '未给账期'}
            <small className="muted" style={{ display: 'block' }}>已用 {yuan(c.credit_used_fen)}</small>
            {c.overdue_fen > 0 && <small className="credit-overdue" style={{ display: 'block' }} title="逾期金额：到期未付的账期订单" data-testid="customer-overdue">已逾期 {yuan(c.overdue_fen)}</small>}
          </div>
        )),
      },
      { key: 'price_level', header: '客户等级', width: '5rem', cell: (c) => <span className="customer-level" title={`${CUSTOMER_PRICE_LEVEL_TEXT[c.price_level]}：${CUSTOMER_PRICE_LEVEL_HINT[c.price_level]}`}>{CUSTOMER_PRICE_LEVEL_SHORT[c.price_level]}</span> },
      {
        key: 'tags', header: '标签 · 备注', width: '12rem', priority: 3,
        cell: (c) => (c.tags.length === 0 && !c.note ? '—' : (
          <div>
            {c.tags.length > 0 && <span className="customer-tags">{c.tags.map((t) => <span key={t} className="customer-tag">{t}</span>)}</span>}
            {c.note && <small className="customer-note muted" title={c.note}>{c.note}</small>}
          </div>
        )),
      },
      { key: 'invited', header: '受邀注册', width: '7rem', sort: 'invited', priority: 3, cell: (c) => (c.invited ? `${day(c.invited)}${c.invited_by_name ? ` · ${c.invited_by_name}` : ''}` : '—') },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (c) => <button type="button" className="linklike" onClick={() => setEditing(c)} aria-label={`设置 ${c.company_name}`}>设置等级/账期</button>,
      },
    ],
    empty: (filtered) => filtered
      ? '没有符合条件的客户，换个关键词或客户等级试试。'
      : '还没有客户。在“邀请客户”里生成邀请链接发给修理厂，对方注册后就会出现在这里；从您这里下过单的企业也会自动列出。',
  };

  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="customer-status">{status.text}</p>} />
      {editing && (
        <CustomerDialog customer={editing} onHide={() => setEditing(null)}
          onSaved={(c) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存：${c.company_name} · ${CUSTOMER_PRICE_LEVEL_TEXT[c.price_level]}${c.credit_days ? ` · 账期${c.credit_days}天，额度 ${yuan(c.credit_limit_fen)}` : ''}` }); }} />
      )}
    </>
  );
}

type CustomerForm = { price_level: CustomerPriceLevel; note: string; tags: string; credit_days: string; credit_limit: string };

const tagsOf = (typed: string) => typed.split(/[,，、\s]+/).map((t) => t.trim()).filter(Boolean);

function CustomerDialog({ customer, onHide, onSaved }: { customer: CustomerRow; onHide: () => void; onSaved: (c: CustomerRow) => void }) {
  const form = useForm<CustomerForm>({
    price_level: customer.price_level, note: customer.note, tags: customer.tags.join('，'),
    credit_days: customer.credit_days ? String(customer.credit_days) : '', credit_limit: customer.credit_days ? String(customer.credit_limit_fen / 100) : '',
  });
  const { values, set, errors } = form;
  const [busy, setBusy] = useState(false);
  const update = useUpdateCustomer();
  const submit = async () => {
    const days = values.credit_days.trim();
    const limitTyped = values.credit_limit.trim();
    const limit = limitTyped === '' ? null : yuanToFen(limitTyped);
    if (limitTyped !== '' && limit === null) {
      form.setErrors({ credit_limit_fen: creditText.limit });
      return;
    }
    if ((days === '') !== (limitTyped === '')) {
      form.setErrors({ [days === '' ? 'credit_days' : 'credit_limit_fen']: creditText.both });
      return;
    }
    const payload: PayloadIn<'customerUpdate'> = {
      company_id: customer.company_id, price_level: values.price_level, note: values.note, tags: tagsOf(values.tags),
      credit_days: days === '' ? null : (/^\d{1,3}$/.test(days) ? Number(days) : days), credit_limit_fen: limit,
    };
    if (!form.check(endpoints.customerUpdate.payload, payload)) return;
    setBusy(true);
    try {
      onSaved(await update.mutateAsync(payload));
    } catch (e) {
      form.refuse(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={`客户设置 · ${customer.company_name}`} visible modal onHide={onHide} style={{ width: 'min(32rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="customer-form" label="保存" icon="pi pi-check" loading={busy} /></>}>
      <form id="customer-form" className="customer-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field id="price_level" label="客户等级" required hint={`按此客户等级在购物车和下单时计价：${CUSTOMER_PRICE_LEVEL_HINT[values.price_level]}`} error={errors.price_level}>
          <Dropdown inputId="price_level" value={values.price_level} options={LEVEL_OPTIONS} onChange={(e) => set('price_level', e.value as CustomerPriceLevel)} />
        </Field>
        <Field id="tags" label="客户标签" hint={`用逗号或空格分开，最多${CUSTOMER_TAG_MAX}个`} error={errors.tags}>
          <InputText id="tags" value={values.tags} onChange={(e) => set('tags', e.target.value)} invalid={!!errors.tags} maxLength={120} />
        </Field>
        <Field id="credit_days" label="账期天数" hint={`1至${CREDIT_DAYS_MAX}天，从下单日（北京时间）起算；留空则不给账期`} error={errors.credit_days}>
          <InputText id="credit_days" value={values.credit_days} onChange={(e) => set('credit_days', e.target.value)} invalid={!!errors.credit_days} inputMode="numeric" maxLength={3} placeholder="如 30" />
        </Field>
        <Field id="credit_limit_fen" label="账期额度（元）" hint="该客户未付的账期订单合计不超过此额度；与账期天数同时填写" error={errors.credit_limit_fen}>
          <InputText id="credit_limit_fen" value={values.credit_limit} onChange={(e) => set('credit_limit', e.target.value)} invalid={!!errors.credit_limit_fen} inputMode="decimal" maxLength={13} placeholder="如 5000" />
        </Field>
        <Field id="note" label="备注" hint={`最多${CUSTOMER_NOTE_MAX}个字符`} error={errors.note}>
          <InputTextarea id="note" value={values.note} onChange={(e) => set('note', e.target.value)} rows={3} maxLength={CUSTOMER_NOTE_MAX} invalid={!!errors.note} />
        </Field>
        {form.formError && <p role="alert" className="field-error">{form.formError}</p>}
      </form>
    </Dialog>
  );
}
