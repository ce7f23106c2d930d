/**
 * 优惠码 (/operation/pay/promotionCode; D05-01 reads, D05-02 issues and stops): codes that take a
 * percentage or an amount off a membership package between two days, with how often each was
 * used and what the paid uses were given. A declaration on the list block; issue and edit in a
 * dialog; 停用 / 启用 per row or in bulk. The rules are in shared/domain/promotion.ts.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import dayjs from 'dayjs';
import { type AnswerOf, type OpPromotionRow, type PayloadIn } from '../../../../shared/contracts';
import { OP_CATALOGUE_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { PERCENT_MAX, PROMOTION_STATES, promotionOffer, promotionText, type PromotionState } from '../../../../shared/domain/promotion';
import { parseYuan } from '../../../../shared/domain/stock';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { levelsQuery } from '../system/queries';
import { yuan } from '../format';
import { promotionListQuery, type opPayKeys } from './queries';
import { useSavePromotion, useSetPromotionActive } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opPromotionList'> => ({
  q: text(s, 'q'), state: oneOf(s, 'state', Object.keys(PROMOTION_STATES) as PromotionState[]), ...pagingOf(s),
});

type Status = { kind: 'ok' | 'error'; text: string } | null;

const StateTag = ({ state }: { state: PromotionState }) =>
  <span className={`op-tag ${state === 'active' ? '' : state === 'upcoming' ? 'warn' : 'danger'}`}>{PROMOTION_STATES[state]}</span>;

export function PromotionCodePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_CATALOGUE_CODES.promotion);
  const setPromotionActive = useSetPromotionActive();
  const [editing, setEditing] = useState<OpPromotionRow | 'new' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const setActive = async (ids: number[], active: boolean) => {
    const r = await setPromotionActive.mutateAsync({ ids, active });
    setStatus({ kind: 'ok', text: `已${active ? '启用' : '停用'} ${r.changed} 个优惠码` });
  };
  const toggle = async (id: number, active: boolean) => {
    try {
      await setActive([id], active);
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const bulk: BulkAction[] = [
    { label: '停用', icon: 'pi pi-ban', danger: true, confirm: (n) => `停用选中的 ${n} 个优惠码？之后不能再用于新订单，已下单的优惠不变。`, run: (ids) => setActive(ids, false) },
    { label: '启用', icon: 'pi pi-check', run: (ids) => setActive(ids, true) },
  ];
  const def: ListDef<OpPromotionRow, ReturnType<typeof opPayKeys.promotionList>, AnswerOf<'opPromotionList'>> = {
    title: '优惠码',
    filters: [
      { name: 'q', label: '优惠码 / 名称', type: 'text', width: '12rem' },
      { name: 'state', label: '状态', type: 'select', options: Object.entries(PROMOTION_STATES).map(([value, label]) => ({ value, label })) },
    ],
    query: (s) => promotionListQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.code,
    bulkActions: canWrite ? bulk : undefined,
    columns: [
      { key: 'code', header: '优惠码', width: '8rem', cell: (r) => <strong>{r.code}</strong> },
      { key: 'name', priority: 2, header: '名称', width: '8rem', cell: (r) => r.name },
      { key: 'offer', header: '优惠', width: '6rem', cell: (r) => promotionOffer(r) },
      { key: 'level', priority: 3, header: '适用套餐', width: '6rem', cell: (r) => r.level_name || '全部套餐' },
      { key: 'days', priority: 3, header: '有效期', width: '11rem', cell: (r) => `${r.start_day} 至 ${r.end_day}` },
      { key: 'uses', priority: 2, header: '已用 / 总次数', width: '6rem', num: true, cell: (r) => `${r.uses} / ${r.max_uses || '不限'}` },
      { key: 'paid', priority: 3, header: '已支付（优惠）', width: '8rem', num: true, cell: (r) => `${r.paid_uses} 单（${yuan(r.paid_discount_fen)}）` },
      { key: 'state', header: '状态', width: '4.5rem', cell: (r) => <StateTag state={r.state} /> },
      ...(canWrite ? [{
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (r: OpPromotionRow) => (
          <span className="op-row-actions">
            <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`编辑 ${r.code}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void toggle(r.id, !r.active)} aria-label={`${r.active ? '停用' : '启用'} ${r.code}`}>{r.active ? '停用' : '启用'}</button>
          </span>
        ),
      }] : []),
    ],
    empty: (filtered) => (filtered ? '没有符合条件的优惠码，换个条件试试。' : canWrite ? '还没有优惠码，点“发放优惠码”新建一个。' : '还没有优惠码。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
        toolbar={canWrite ? <Button label="发放优惠码" icon="pi pi-plus" onClick={() => setEditing('new')} /> : undefined} />
      {editing && <PromotionDialog row={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(r) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存优惠码 ${r.code}（${promotionOffer(r)}，${r.start_day} 至 ${r.end_day}）` }); }} />}
    </>
  );
}

const KIND_OPTIONS = [{ label: '按比例减', value: 'percent' }, { label: '减固定金额', value: 'amount' }];

function PromotionDialog({ row, onHide, onSaved }: { row: OpPromotionRow | null; onHide: () => void; onSaved: (r: OpPromotionRow) => void }) {
  const levels = useQuery(levelsQuery());
  const packages = (levels.data ?? []).filter((l) => l.price_fen !== null && !l.platform);
  const form = useForm({
    code: row?.code ?? '', name: row?.name ?? '', kind: row?.kind ?? 'percent',
    value: row ? (row.kind === 'percent' ? String(row.value) : (row.value / 100).toFixed(2)) : '',
    level_id: row?.level_id ?? 0,
    start_day: row?.start_day ?? dayjs().format('YYYY-MM-DD'), end_day: row?.end_day ?? dayjs().add(30, 'day').format('YYYY-MM-DD'),
    max_uses: row && row.max_uses ? String(row.max_uses) : '',
  });
  const { values, set, errors } = form;
  const savePromotion = useSavePromotion();
  const save = () => {
    // a percent as typed; an amount typed in yuan and sent in whole fen (docs/api.md, "Money")
    const typed = values.value.trim();
    if (values.kind === 'percent' && !/^\d{1,2}$/.test(typed)) return form.setErrors({ value: promotionText.percentRange });
    const amount = values.kind === 'amount' ? parseYuan(typed, '优惠金额') : null;
    if (amount && !amount.ok) return form.setErrors({ value: amount.message });
    return form.submit(savePromotion, { id: row?.id ?? 0, ...values, value: amount ? amount.value : Number(typed) }, onSaved);
  };
  return (
    <Dialog header={row ? `编辑优惠码 ${row.code}` : '发放优惠码'} visible onHide={onHide} style={{ width: '40rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void save()} /></>}>
      <div className="op-form">
        <Field id="code" label="优惠码" hint={row ? '发放后不能修改；要换码请停用后另发' : '4 到 20 位字母或数字，会员输入时不区分大小写'} error={errors.code} required>
          <InputText id="code" value={values.code} maxLength={20} disabled={row !== null} autoCapitalize="characters" onChange={(e) => set('code', e.target.value.toUpperCase())} />
        </Field>
        <Field id="name" label="名称" hint="运营内部看的说明，如“双十一会员立减”" error={errors.name} required>
          <InputText id="name" value={values.name} maxLength={40} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="kind" label="优惠方式" error={errors.kind} required>
          <SelectButton id="kind" value={values.kind} options={KIND_OPTIONS} allowEmpty={false} onChange={(e) => set('kind', e.value)} />
        </Field>
        <Field id="value" label={values.kind === 'percent' ? '减免比例（%）' : '减免金额（元）'}
          hint={values.kind === 'percent' ? `1 到 ${PERCENT_MAX} 的整数；实付至少 1 元` : '最多两位小数；超过套餐价时实付 1 元'} error={errors.value} required>
          <InputText id="value" inputMode="decimal" value={values.value} onChange={(e) => set('value', e.target.value)} />
        </Field>
        <Field id="level_id" label="适用套餐" error={errors.level_id}>
          <Dropdown inputId="level_id" value={values.level_id} onChange={(e) => set('level_id', e.value as number)}
            options={[{ label: '全部套餐', value: 0 }, ...packages.map((l) => ({ label: l.name, value: l.id }))]} />
        </Field>
        <Field id="start_day" label="开始日期" error={errors.start_day} required>
          <InputText id="start_day" type="date" value={values.start_day} onChange={(e) => set('start_day', e.target.value)} />
        </Field>
        <Field id="end_day" label="结束日期" hint="当天 24 点前可用" error={errors.end_day} required>
          <InputText id="end_day" type="date" value={values.end_day} onChange={(e) => set('end_day', e.target.value)} />
        </Field>
        <Field id="max_uses" label="总次数" hint={row ? `已使用 ${row.uses} 次；不限则留空` : '所有企业合计可用的次数；不限则留空。每家企业只能用一次'} error={errors.max_uses}>
          <InputText id="max_uses" inputMode="numeric" value={values.max_uses} onChange={(e) => set('max_uses', e.target.value)} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
