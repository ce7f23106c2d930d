/**
 * 奖励设置 (/operation/encouragement/setting, D10-04; docs/bonus.md): the rule sets of the
 * performance bonus, each in force from its month until the next; a new one or a change for this
 * month or later, bands typed one a line (bands-text.ts). Bands that overlap or leave a gap are
 * refused with the band named, by the page and by the server.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { BonusRuleView } from '../../../../shared/contracts';
import { formatChina } from '../../../../shared/domain/china-time';
import { bandText } from '../../../../shared/domain/bonus';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { opBonusKeys, opBonusRulesQuery, type BonusRulesList } from './queries';
import { useSaveBonusRule } from './mutations';
import { bandsToText, textToBands } from './bands-text';
import '../operation.css';

type Row = BonusRuleView & { id: number };
type Answer = BonusRulesList;

const EXAMPLE = '0-50000 0%\n50000-200000 1%\n200000- 1.5%';

function RuleDialog({ rule, month, onHide, onDone }: { rule: Row | null; month: string; onHide: () => void; onDone: (text: string) => void }) {
  const form = useForm({ effective_month: rule?.effective_month ?? month, bands: rule ? bandsToText(rule.bands) : EXAMPLE }, { idPrefix: 'bonus-' });
  const { values, errors } = form;
  const save = useSaveBonusRule();
  const submit = () => {
    const typed = textToBands(values.bands);
    if ('error' in typed) {
      form.setErrors({ bands: typed.error });
      return;
    }
    void form.submit(save, { effective_month: values.effective_month.trim(), bands: typed.bands },
      (a) => onDone(`奖励规则已保存：${a.effective_month} 起按新档位计算`));
  };
  return (
    <Dialog header={rule ? `修改奖励规则：${rule.effective_month} 起` : '新增奖励规则'} visible onHide={onHide} style={{ width: '34rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={submit} /></>}>
      <div className="op-form">
        <Field id="bonus-effective_month" label="生效月份" hint="YYYY-MM，不早于本月；到下一条规则的月份为止" error={errors.effective_month} required>
          <InputText {...form.text('effective_month')} disabled={!!rule} placeholder={month} />
        </Field>
        <Field id="bonus-bands" label="奖励档位" error={errors.bands} required
          hint="每行一档：下限-上限 比例%（元）；从0起，首尾相接，最后一档不填上限。卖家当月参与业绩的商品销售额达到哪一档，全月销售额按该档比例计奖">
          <InputTextarea id="bonus-bands" value={values.bands} rows={5} aria-invalid={!!errors.bands || undefined}
            aria-describedby={errors.bands ? 'bonus-bands-error' : undefined} onChange={(e) => form.set('bands', e.target.value)} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

export function BonusSettingPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [status, setStatus] = useState('');
  // the same query as the list's (one request): this month and the rule in force
  const rules = useQuery(opBonusRulesQuery());
  const now = { month: rules.data?.current_month ?? '', inForce: rules.data?.in_force ?? '' };
  const stateOf = (r: Row) => (r.effective_month === now.inForce ? '当前生效' : r.effective_month > now.month ? '待生效' : '已结束');
  const def: ListDef<Row, ReturnType<typeof opBonusKeys.rules>, Answer> = {
    title: '奖励设置',
    filters: [],
    query: () => opBonusRulesQuery(),
    rowKey: (r) => r.id,
    rowLabel: (r) => `${r.effective_month} 起`,
    columns: [
      { key: 'month', header: '生效月份', width: '7rem', cell: (r) => <strong>{r.effective_month} 起</strong> },
      { key: 'state', header: '状态', width: '6rem', cell: (r) => (stateOf(r) === '已结束' ? <span className="muted">已结束</span> : <span className={stateOf(r) === '待生效' ? 'op-tag warn' : 'op-tag'}>{stateOf(r)}</span>) },
      { key: 'bands', header: '奖励档位', width: '22rem', cell: (r) => <span>{r.bands.map((b, i) => <span key={i} style={{ display: 'block' }}>第{i + 1}档 {bandText(b)}</span>)}</span> },
      { key: 'by', header: '修改人', width: '6rem', priority: 2, cell: (r) => r.updated_by_name },
      { key: 'at', header: '修改时间', width: '9rem', priority: 2, cell: (r) => formatChina(r.updated_at, 'YYYY-MM-DD HH:mm') },
      {
        key: 'actions', actions: true, header: '操作', width: '5rem',
        cell: (r) => (r.effective_month >= now.month && now.month
          ? <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`修改 ${r.effective_month}`}>修改</button>
          : <span className="muted">—</span>),
      },
    ],
    empty: () => '还没有奖励规则。点“新增奖励规则”设置档位：卖家每月参与业绩的商品（库存的业绩设置）销售额达到的档位决定奖励比例。',
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增奖励规则" icon="pi pi-plus" onClick={() => setEditing('new')} disabled={!now.month} />}
        status={status && <p className="op-status ok" role="status" data-testid="op-status">{status}</p>} />
      {editing && <RuleDialog rule={editing === 'new' ? null : editing} month={now.month} onHide={() => setEditing(null)} onDone={(t) => { setEditing(null); setStatus(t); }} />}
    </>
  );
}
