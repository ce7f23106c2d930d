/**
 * 营销 · 促销计划 (M13, docs/promotions.md): the seller's promotion plans. A declaration on the list
 * block; 新建 and 编辑 in a dialog (amounts typed in yuan, fen on the wire); 启用, 暂停 and 结束 per
 * row. Buyers see the plan's price in search (the original struck through) and pay it in the cart.
 */
import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import { promoText, type PromoPlan } from '../../../shared/contracts/promo-plan';
import { formatChina } from '../../../shared/domain/china-time';
import { CUSTOMER_PRICE_LEVELS, CUSTOMER_PRICE_LEVEL_SHORT, type CustomerPriceLevel } from '../../../shared/domain/customer';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { PROMO_STATES, promoOffer, type PromoAction, type PromoBuyers, type PromoKind, type PromoScope } from '../../../shared/domain/promo-plans';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { oneOf, pagingOf, text } from '../operation/list-payload';
import { terminologyQuery } from '../stock/queries';
import { customerListQuery } from '../customer/queries';
import { PartBrandPicker } from '../search/PartBrandPicker';
import { promoPlansQuery } from './queries';
import { usePromoPlanCreate, usePromoPlanState, usePromoPlanUpdate } from './mutations';
import '../../ui/form/form.css';
import '../operation/operation.css';
import './promo-plan.css';

const when = (s: number) => formatChina(s, 'YYYY-MM-DD HH:mm');
/** A datetime-local value read as China time, and back (the wire carries unix seconds). */
const fromLocal = (s: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s) ? Math.floor(Date.parse(`${s}:00+08:00`) / 1000) : 0);
const toLocal = (seconds: number) => formatChina(seconds, 'YYYY-MM-DDTHH:mm');

const payloadOf = (s: ListSearch): PayloadIn<'promoPlans'> => ({ state: oneOf(s, 'state', PROMO_STATES), q: text(s, 'q'), ...pagingOf(s) });

const STATE_LABELS = [{ value: 'draft', label: '草稿' }, { value: 'active', label: '已启用' }, { value: 'paused', label: '已暂停' }, { value: 'ended', label: '已结束' }];
const ACTION_TEXT: Record<PromoAction, string> = { activate: '启用', pause: '暂停', end: '结束' };

const scopeText = (r: PromoPlan) => (r.scope === 'all' ? '全部库存' : r.scope === 'brands' ? `品牌：${r.part_brand_names}` : `分类：${r.category_names}`);
const buyersText = (r: PromoPlan) => (r.buyers === 'all' ? '全部买家'
  : r.buyers === 'levels' ? `客户等级：${r.price_levels.map((l) => CUSTOMER_PRICE_LEVEL_SHORT[l]).join('、')}` : `指定客户：${r.customer_names}`);
const offerText = (r: PromoPlan) => `${promoOffer(r)}${r.min_price_fen > 0 ? `，不低于${yuan(r.min_price_fen)}` : ''}`;

export function PromoPlansPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const move = usePromoPlanState();
  const [editing, setEditing] = useState<PromoPlan | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const act = async (r: PromoPlan, action: PromoAction) => {
    try {
      await move.mutateAsync({ payload: { id: r.id, action }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已${ACTION_TEXT[action]}“${r.name}”` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const def: ListDef<PromoPlan, QueryKey, AnswerOf<'promoPlans'>> = {
    title: '促销计划',
    filters: [
      { name: 'q', label: '计划名称', type: 'text', width: '10rem', primary: true },
      { name: 'state', label: '状态', type: 'select', options: STATE_LABELS },
    ],
    query: (s) => promoPlansQuery(payloadOf(s)) as unknown as UseQueryOptions<AnswerOf<'promoPlans'>, Error, AnswerOf<'promoPlans'>, QueryKey>,
    rowKey: (r) => r.id,
    rowLabel: (r) => r.name,
    columns: [
      { key: 'name', header: '计划', width: '9rem', cell: (r) => <strong data-user-text>{r.name}</strong> },
      { key: 'offer', header: '优惠', width: '9rem', cell: offerText },
      { key: 'scope', header: '适用配件', width: '10rem', priority: 2, cell: (r) => <span data-user-text>{scopeText(r)}</span> },
      { key: 'buyers', header: '适用买家', width: '10rem', priority: 2, cell: (r) => <span data-user-text>{buyersText(r)}</span> },
      { key: 'window', header: '活动时间', width: '11rem', priority: 2, cell: (r) => `${when(r.start_at)} 至 ${when(r.end_at)}` },
      { key: 'sold', header: '成交（让利）', width: '7rem', num: true, priority: 3, cell: (r) => `${r.lines}笔（${yuan(r.saved_fen)}）` },
      { key: 'state', header: '状态', width: '4.5rem', cell: (r) => <span className={`op-tag ${r.state_name === '进行中' ? '' : r.state_name === '已结束' ? 'danger' : 'warn'}`}>{r.state_name}</span> },
      {
        key: 'actions', actions: true, header: '操作', width: '10rem',
        cell: (r) => (
          <span className="op-row-actions">
            {r.state !== 'ended' && <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`编辑 ${r.name}`}>编辑</button>}
            {(r.state === 'draft' || r.state === 'paused') && <button type="button" className="linklike" onClick={() => void act(r, 'activate')} aria-label={`启用 ${r.name}`}>启用</button>}
            {r.state === 'active' && <button type="button" className="linklike" onClick={() => void act(r, 'pause')} aria-label={`暂停 ${r.name}`}>暂停</button>}
            {r.state !== 'ended' && <button type="button" className="linklike" onClick={() => void act(r, 'end')} aria-label={`结束 ${r.name}`}>结束</button>}
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的促销计划，换个条件试试。' : '还没有促销计划，点“新建促销计划”为客户设置折扣，买家搜索和购物车中会看到促销价。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
        toolbar={<Button label="新建促销计划" icon="pi pi-plus" onClick={() => setEditing('new')} />} />
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(r) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存“${r.name}”（${offerText(r)}，${r.state_name}）` }); }} />}
    </>
  );
}

const KIND_OPTIONS = [{ label: '打折', value: 'percent' }, { label: '每件减价', value: 'amount' }];
const SCOPE_OPTIONS = [{ label: '全部库存', value: 'all' }, { label: '指定品牌', value: 'brands' }, { label: '指定配件分类', value: 'categories' }];
const BUYERS_OPTIONS = [{ label: '全部买家', value: 'all' }, { label: '指定客户等级', value: 'levels' }, { label: '指定客户', value: 'customers' }];
const LEVEL_OPTIONS = CUSTOMER_PRICE_LEVELS.map((l) => ({ value: l, label: CUSTOMER_PRICE_LEVEL_SHORT[l] }));

interface Named { id: number; name: string }
/** a plan's ids with their names (both listed in id order by the server) */
const named = (ids: number[], names: string): Named[] => {
  const list = names.split('、');
  return ids.map((id, i) => ({ id, name: list[i] ?? String(id) }));
};

function PlanDialog({ plan, onHide, onSaved }: { plan: PromoPlan | null; onHide: () => void; onSaved: (r: PromoPlan) => void }) {
  const create = usePromoPlanCreate();
  const update = usePromoPlanUpdate();
  const terms = useQuery(terminologyQuery());
  const start = Math.floor(Date.now() / 1000 / 3600) * 3600;
  const form = useForm(() => ({
    name: plan?.name ?? '', kind: (plan?.kind ?? 'percent') as PromoKind, percent: plan && plan.kind === 'percent' ? String(plan.percent_off) : '',
    off: plan && plan.kind === 'amount' ? (plan.off_fen / 100).toFixed(2) : '', min_price: plan && plan.min_price_fen > 0 ? (plan.min_price_fen / 100).toFixed(2) : '',
    scope: (plan?.scope ?? 'all') as PromoScope, brands: plan ? named(plan.part_brand_ids, plan.part_brand_names) : [], category_ids: plan?.category_ids ?? [],
    buyers: (plan?.buyers ?? 'all') as PromoBuyers, price_levels: (plan?.price_levels ?? []) as CustomerPriceLevel[],
    customers: plan ? named(plan.customer_ids, plan.customer_names) : [],
    start_at: toLocal(plan?.start_at ?? start), end_at: toLocal(plan?.end_at ?? start + 30 * 86_400),
  }), { idPrefix: 'promo-' });
  const { values, set, errors } = form;
  const [picking, setPicking] = useState(false);
  const customers = useQuery({ ...customerListQuery({ page_size: 50 }), enabled: values.buyers === 'customers' });
  const customerOptions = [...values.customers, ...(customers.data?.data ?? []).map((c) => ({ id: c.company_id, name: c.company_name })).filter((c) => !values.customers.some((x) => x.id === c.id))];
  const fen = (s: string) => (s.trim() === '' ? 0 : yuanToFen(s.trim()));
  const submit = (state: 'draft' | 'active') => {
    const found: Record<string, string> = {};
    const off = values.kind === 'amount' ? fen(values.off) : 0;
    const minPrice = fen(values.min_price);
    if (values.name.trim() === '') found.name = promoText.name;
    if (values.kind === 'percent' && !/^[1-9]\d?$/.test(values.percent.trim())) found.percent_off = promoText.percent;
    if (values.kind === 'amount' && (off === null || off < 1)) found.off_fen = promoText.offFen;
    if (minPrice === null) found.min_price_fen = promoText.minPrice;
    if (values.scope === 'brands' && values.brands.length === 0) found.part_brand_ids = promoText.brandIds;
    if (values.scope === 'categories' && values.category_ids.length === 0) found.category_ids = promoText.categoryIds;
    if (values.buyers === 'levels' && values.price_levels.length === 0) found.price_levels = promoText.levels;
    if (values.buyers === 'customers' && values.customers.length === 0) found.customer_ids = promoText.customerIds;
    const s = fromLocal(values.start_at);
    const e = fromLocal(values.end_at);
    if (!s) found.start_at = promoText.startAt;
    if (!e) found.end_at = promoText.endAt;
    else if (s && e <= s) found.end_at = promoText.window;
    else if (e * 1000 <= Date.now()) found.end_at = promoText.ended;
    if (Object.keys(found).length > 0) return form.setErrors(found);
    const fields = {
      name: values.name.trim(), kind: values.kind, percent_off: values.kind === 'percent' ? Number(values.percent.trim()) : 0, off_fen: off ?? 0, min_price_fen: minPrice ?? 0,
      scope: values.scope, part_brand_ids: values.scope === 'brands' ? values.brands.map((b) => b.id) : [], category_ids: values.scope === 'categories' ? values.category_ids : [],
      buyers: values.buyers, price_levels: values.buyers === 'levels' ? values.price_levels : [], customer_ids: values.buyers === 'customers' ? values.customers.map((c) => c.id) : [],
      start_at: s, end_at: e,
    };
    return plan ? form.submit(update, { id: plan.id, ...fields }, onSaved) : form.submit(create, { ...fields, state }, onSaved);
  };
  return (
    <Dialog header={plan ? '编辑促销计划' : '新建促销计划'} visible onHide={onHide} style={{ width: '44rem', maxWidth: '95vw' }}
      footer={(
        <>
          <Button label="取消" text onClick={onHide} />
          {!plan && <Button label="存为草稿" outlined loading={form.busy} onClick={() => void submit('draft')} />}
          <Button label={plan ? '保存' : '保存并启用'} icon="pi pi-check" loading={form.busy} onClick={() => void submit('active')} />
        </>
      )}>
      <div className="op-form">
        {form.formError && <p className="op-status error" role="alert">{form.formError}</p>}
        <Field id={form.idOf('name')} label="计划名称" required error={errors.name}>
          <InputText {...form.text('name')} maxLength={30} placeholder="如 春季刹车片九折" />
        </Field>
        <Field id={form.idOf('kind')} label="优惠方式" required>
          <SelectButton id={form.idOf('kind')} value={values.kind} options={KIND_OPTIONS} allowEmpty={false} onChange={(ev) => set('kind', ev.value as PromoKind)} />
        </Field>
        {values.kind === 'percent' ? (
          <Field id={form.idOf('percent_off')} label="减免百分比（%）" required hint="1到99，如 10 即九折" error={errors.percent_off}>
            <InputText id={form.idOf('percent_off')} value={values.percent} inputMode="numeric" onChange={(ev) => set('percent', ev.target.value)} invalid={!!errors.percent_off} />
          </Field>
        ) : (
          <Field id={form.idOf('off_fen')} label="每件减免（元）" required error={errors.off_fen}>
            <InputText id={form.idOf('off_fen')} value={values.off} inputMode="decimal" onChange={(ev) => set('off', ev.target.value)} invalid={!!errors.off_fen} />
          </Field>
        )}
        <Field id={form.idOf('min_price_fen')} label="最低促销价（元）" hint="促销后单价不低于此价；不填则不限（最低0.01元）" error={errors.min_price_fen}>
          <InputText id={form.idOf('min_price_fen')} value={values.min_price} inputMode="decimal" onChange={(ev) => set('min_price', ev.target.value)} invalid={!!errors.min_price_fen} />
        </Field>
        <Field id={form.idOf('scope')} label="适用配件" required>
          <SelectButton id={form.idOf('scope')} value={values.scope} options={SCOPE_OPTIONS} allowEmpty={false} onChange={(ev) => set('scope', ev.value as PromoScope)} />
        </Field>
        {values.scope === 'brands' && (
          <Field id={form.idOf('part_brand_ids')} label="适用品牌" required error={errors.part_brand_ids}>
            <div className="promo-chips">
              {values.brands.map((b) => (
                <button key={b.id} type="button" className="linklike" onClick={() => set('brands', values.brands.filter((x) => x.id !== b.id))} aria-label={`移除 ${b.name}`}>{b.name} ✕</button>
              ))}
              <Button id={form.idOf('part_brand_ids')} type="button" label="添加品牌" icon="pi pi-plus" text size="small" onClick={() => setPicking(true)} />
            </div>
          </Field>
        )}
        {values.scope === 'categories' && (
          <Field id={form.idOf('category_ids')} label="适用配件分类" required error={errors.category_ids}>
            <MultiSelect inputId={form.idOf('category_ids')} value={values.category_ids} options={terms.data ?? []} optionLabel="name" optionValue="id" filter
              display="chip" placeholder="选择配件分类" maxSelectedLabels={4} onChange={(ev) => set('category_ids', ev.value as number[])} style={{ width: '100%' }} invalid={!!errors.category_ids} />
          </Field>
        )}
        <Field id={form.idOf('buyers')} label="适用买家" required>
          <SelectButton id={form.idOf('buyers')} value={values.buyers} options={BUYERS_OPTIONS} allowEmpty={false} onChange={(ev) => set('buyers', ev.value as PromoBuyers)} />
        </Field>
        {values.buyers === 'levels' && (
          <Field id={form.idOf('price_levels')} label="客户等级" required hint="在“客户”页为客户设置的等级；未设置的客户按“默认”" error={errors.price_levels}>
            <MultiSelect inputId={form.idOf('price_levels')} value={values.price_levels} options={LEVEL_OPTIONS} optionLabel="label" optionValue="value"
              display="chip" placeholder="选择客户等级" onChange={(ev) => set('price_levels', ev.value as CustomerPriceLevel[])} style={{ width: '100%' }} invalid={!!errors.price_levels} />
          </Field>
        )}
        {values.buyers === 'customers' && (
          <Field id={form.idOf('customer_ids')} label="适用客户" required hint={customers.isError ? errorText(customers.error) : '从本企业的客户中选择'} error={errors.customer_ids}>
            <MultiSelect inputId={form.idOf('customer_ids')} value={values.customers.map((c) => c.id)} options={customerOptions} optionLabel="name" optionValue="id" filter
              display="chip" placeholder="选择客户" onChange={(ev) => set('customers', customerOptions.filter((c) => (ev.value as number[]).includes(c.id)))} style={{ width: '100%' }} invalid={!!errors.customer_ids} />
          </Field>
        )}
        <Field id={form.idOf('start_at')} label="开始时间" required error={errors.start_at}>
          <InputText id={form.idOf('start_at')} type="datetime-local" value={values.start_at} onChange={(ev) => set('start_at', ev.target.value)} invalid={!!errors.start_at} />
        </Field>
        <Field id={form.idOf('end_at')} label="结束时间" required hint="到时自动结束；同一配件有多个计划时，买家得到最低的价格，不叠加" error={errors.end_at}>
          <InputText id={form.idOf('end_at')} type="datetime-local" value={values.end_at} onChange={(ev) => set('end_at', ev.target.value)} invalid={!!errors.end_at} />
        </Field>
      </div>
      <PartBrandPicker visible={picking} onHide={() => setPicking(false)}
        onPick={(b) => { setPicking(false); if (!values.brands.some((x) => x.id === b.id)) set('brands', [...values.brands, b]); }} />
    </Dialog>
  );
}
