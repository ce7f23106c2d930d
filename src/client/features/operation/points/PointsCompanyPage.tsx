/**
 * 企业积分 (/operation/points/company, D10-01; docs/points.md): every company's points balance,
 * what it earned and spent, its entries, a manual adjustment with a reason (audited, never below
 * zero), and the earning rules (rate per 100 yuan, category rates, caps, the expiry notice's days).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, PayloadIn, PointsRuleView } from '../../../../shared/contracts';
import { formatChina } from '../../../../shared/domain/china-time';
import { POINTS_TX_TEXT } from '../../../../shared/domain/points';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { opPointsCompaniesQuery, opPointsEntriesQuery, opPointsKeys, opPointsRuleQuery } from './queries';
import { useAdjustPoints, useSavePointsRule } from './mutations';
import '../operation.css';

type Row = AnswerOf<'opPointsCompanies'>['data'][number];
const payloadOf = (s: ListSearch): PayloadIn<'opPointsCompanies'> => ({ k: text(s, 'k'), ...pagingOf(s) });

function AdjustDialog({ company, onHide, onDone }: { company: Row | null; onHide: () => void; onDone: (text: string) => void }) {
  const form = useForm({ company_id: company ? String(company.company_id) : '', points: '', reason: '' }, { idPrefix: 'adjust-' });
  const { values, errors } = form;
  const adjust = useAdjustPoints();
  const submit = () => form.submit(adjust, { company_id: values.company_id.trim(), points: values.points.trim(), reason: values.reason },
    (a) => onDone(`已调整企业 ${a.company_id} 的积分：${Number(values.points) > 0 ? '+' : ''}${values.points.trim()}，现有 ${a.balance} 积分`));
  return (
    <Dialog header={company ? `调整积分：${company.company_name}` : '调整积分'} visible onHide={onHide} style={{ width: '30rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="确认调整" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        {company
          ? <p>当前 {company.balance} 积分。扣减后不能为负。</p>
          : <Field id="adjust-company_id" label="企业ID" error={errors.company_id} required><InputText {...form.text('company_id')} inputMode="numeric" /></Field>}
        <Field id="adjust-points" label="调整积分" hint="正数增加，负数扣减" error={errors.points} required>
          <InputText {...form.text('points')} inputMode="numeric" />
        </Field>
        <Field id="adjust-reason" label="调整原因" hint="记入操作日志，企业的积分明细里也能看到" error={errors.reason} required>
          <InputTextarea id="adjust-reason" value={values.reason} rows={2} maxLength={200} onChange={(e) => form.set('reason', e.target.value)} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

const catsText = (r: PointsRuleView) => r.categories.map((c) => `${c.category}=${c.per_100_yuan}`).join('\n');
const catsOf = (typed: string) => typed.split(/\n+/).map((l) => l.trim()).filter(Boolean).map((l) => {
  const [category, rate] = l.split(/\s*[=＝:：]\s*/);
  return { category: category ?? '', per_100_yuan: (rate ?? '').trim() };
});

function RuleDialog({ rule, onHide, onDone }: { rule: PointsRuleView; onHide: () => void; onDone: (text: string) => void }) {
  const form = useForm({
    enabled: rule.enabled, per_100_yuan: String(rule.per_100_yuan), order_cap: String(rule.order_cap), month_cap: String(rule.month_cap),
    notice_days: String(rule.notice_days), categories: catsText(rule),
  }, { idPrefix: 'rule-' });
  const { values, errors } = form;
  const save = useSavePointsRule();
  const submit = () => form.submit(save, {
    enabled: values.enabled, per_100_yuan: values.per_100_yuan.trim(), order_cap: values.order_cap.trim(), month_cap: values.month_cap.trim(),
    notice_days: values.notice_days.trim(), categories: catsOf(values.categories),
  }, () => onDone('积分规则已保存：之后完成的订单按新规则获得积分'));
  return (
    <Dialog header="积分规则" visible onHide={onHide} style={{ width: '34rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        <label className="op-product-enabled"><Checkbox inputId="rule-enabled" checked={values.enabled} onChange={(e) => form.set('enabled', e.checked === true)} /> 订单完成后发放积分</label>
        <Field id="rule-per_100_yuan" label="每100元积分" hint="实付每100元得到的积分" error={errors.per_100_yuan} required><InputText {...form.text('per_100_yuan')} inputMode="numeric" /></Field>
        <Field id="rule-categories" label="分类积分" hint="每行一个：配件分类=每100元积分，如 机油=300；不填则全部按上面的积分" error={errors.categories}>
          <InputTextarea id="rule-categories" value={values.categories} rows={3} onChange={(e) => form.set('categories', e.target.value)} />
        </Field>
        <Field id="rule-order_cap" label="每单上限（0 为不限）" error={errors.order_cap} required><InputText {...form.text('order_cap')} inputMode="numeric" /></Field>
        <Field id="rule-month_cap" label="每企业每月上限（0 为不限）" error={errors.month_cap} required><InputText {...form.text('month_cap')} inputMode="numeric" /></Field>
        <Field id="rule-notice_days" label="过期提醒提前天数" hint="当年积分于12月31日24:00过期；提前这些天由消息助手提醒" error={errors.notice_days} required>
          <InputText {...form.text('notice_days')} inputMode="numeric" />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

function EntriesDialog({ company, onHide }: { company: Row; onHide: () => void }) {
  const q = useQuery(opPointsEntriesQuery({ company_id: company.company_id, page_size: 50 }));
  return (
    <Dialog header={`积分明细：${company.company_name}`} visible onHide={onHide} style={{ width: '44rem', maxWidth: '95vw' }}>
      {q.isPending ? <p aria-busy="true">正在加载…</p> : q.isError ? <p role="alert">{errorText(q.error)}</p> : q.data.data.length === 0 ? <p>还没有积分明细。</p> : (
        <table className="op-table">
          <thead><tr><th>时间</th><th>类型</th><th>积分</th><th>余额</th><th>说明</th></tr></thead>
          <tbody>
            {q.data.data.map((e) => (
              <tr key={e.id}>
                <td>{formatChina(e.created_at, 'YYYY-MM-DD HH:mm')}</td><td>{POINTS_TX_TEXT[e.kind]}</td>
                <td>{e.points > 0 ? `+${e.points}` : e.points}</td><td>{e.balance_after}</td><td>{[e.reference, e.note].filter(Boolean).join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {q.data && q.data.total > 50 && <p className="muted">显示最近 50 条，共 {q.data.total} 条</p>}
    </Dialog>
  );
}

export function PointsCompanyPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const rule = useQuery(opPointsRuleQuery());
  const [adjusting, setAdjusting] = useState<Row | 'new' | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [ruleOpen, setRuleOpen] = useState(false);
  const [status, setStatus] = useState('');
  const r = rule.data;
  const def: ListDef<Row, ReturnType<typeof opPointsKeys.companies>, AnswerOf<'opPointsCompanies'>> = {
    title: '企业积分',
    filters: [{ name: 'k', label: '企业名称或ID', type: 'text', width: '12rem', primary: true }],
    query: (s) => opPointsCompaniesQuery(payloadOf(s)),
    rowKey: (c) => c.company_id,
    rowLabel: (c) => c.company_name,
    columns: [
      { key: 'name', header: '企业', width: '12rem', cell: (c) => <strong>{c.company_name}</strong> },
      { key: 'id', header: '企业ID', width: '5rem', num: true, cell: (c) => c.company_id },
      { key: 'balance', header: '积分余额', width: '6rem', num: true, cell: (c) => c.balance },
      { key: 'earned', header: '累计获得', width: '6rem', num: true, priority: 2, cell: (c) => c.earned_total },
      { key: 'spent', header: '累计使用', width: '6rem', num: true, priority: 2, cell: (c) => c.spent_total },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (c) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setViewing(c)} aria-label={`明细 ${c.company_name}`}>明细</button>
            <button type="button" className="linklike" onClick={() => setAdjusting(c)} aria-label={`调整 ${c.company_name}`}>调整</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的企业，换个名称或ID试试。' : '还没有企业获得积分。订单完成后买家企业按积分规则获得积分；也可以点“调整积分”手工发放。'),
  };
  return (
    <>
      {r && (
        <p className="op-status" data-testid="points-rule">
          积分规则：{r.enabled ? `实付每100元 ${r.per_100_yuan} 积分` : '已暂停发放'}
          {r.categories.length > 0 && `，${r.categories.map((c) => `${c.category} ${c.per_100_yuan}`).join('、')}`}
          {r.order_cap > 0 && `，每单最多 ${r.order_cap}`}{r.month_cap > 0 && `，每月最多 ${r.month_cap}`}；年底过期，提前 {r.notice_days} 天提醒
        </p>
      )}
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<>
          <Button label="调整积分" icon="pi pi-plus-circle" onClick={() => setAdjusting('new')} />
          <Button label="积分规则" icon="pi pi-sliders-h" outlined disabled={!r} onClick={() => setRuleOpen(true)} />
        </>}
        status={status && <p className="op-status ok" role="status" data-testid="op-status">{status}</p>} />
      {adjusting && <AdjustDialog company={adjusting === 'new' ? null : adjusting} onHide={() => setAdjusting(null)} onDone={(t) => { setAdjusting(null); setStatus(t); }} />}
      {viewing && <EntriesDialog company={viewing} onHide={() => setViewing(null)} />}
      {ruleOpen && r && <RuleDialog rule={r} onHide={() => setRuleOpen(false)} onDone={(t) => { setRuleOpen(false); setStatus(t); }} />}
    </>
  );
}
