/**
 * 历史结算 (/operation/encouragement/history, D10-06; docs/bonus.md): the settled months, each
 * seller's figures as they were settled and the bonus paid into its wallet; 结算 of an ended
 * month (the sweep does it from the month's 8th day on; a seller's month is settled once).
 */
import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { formatChina } from '../../../../shared/domain/china-time';
import { bandText, rateText } from '../../../../shared/domain/bonus';
import { yuan } from '../../../../shared/domain/money';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { OP_BONUS_CODES } from '../../../../shared/domain/bonus-codes';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { pagingOf, text } from '../list-payload';
import { opBonusHistoryQuery, opBonusKeys } from './queries';
import { useSettleBonus } from './mutations';
import '../operation.css';

type Answer = AnswerOf<'opBonusHistory'>;
type Row = Answer['data'][number];
const payloadOf = (s: ListSearch): PayloadIn<'opBonusHistory'> => ({ month: text(s, 'month'), k: text(s, 'k'), ...pagingOf(s) });

/** The month before this China month, as the settle form's first guess. */
const lastMonth = () => {
  const d = new Date(Date.now() + 8 * 3600_000);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

function SettleDialog({ onHide, onDone }: { onHide: () => void; onDone: (text: string, month: string) => void }) {
  const form = useForm({ month: lastMonth() }, { idPrefix: 'settle-' });
  const settle = useSettleBonus();
  const submit = () => void form.submit(settle, { month: form.values.month.trim() }, (a) => onDone(
    a.settled > 0
      ? `${a.month} 已结算 ${a.settled} 家卖家，奖励共 ${yuan(a.paid_fen)} 已记入卖家钱包`
      : `${a.month} 没有新的卖家需要结算${a.already > 0 ? `（已结算 ${a.already} 家，不会重复发放）` : ''}`, a.month));
  return (
    <Dialog header="结算业绩奖励" visible onHide={onHide} style={{ width: '28rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="确认结算" loading={form.busy} onClick={submit} /></>}>
      <div className="op-form">
        <p>按该月生效的规则记下各卖家的业绩与奖励，奖励记入卖家钱包。每个卖家每月只结算一次；结算后的数字不再改变。</p>
        <Field id="settle-month" label="结算月份" hint="YYYY-MM，只能结算已经结束的月份" error={form.errors.month} required>
          <InputText {...form.text('month')} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

export function BonusHistoryPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [settling, setSettling] = useState(false);
  // 结算 is D05-03's (the server refuses the others); D05-01 only reads
  const { session } = useRouteContext({ from: '__root__' });
  const canSettle = hasAnyPermission(session.user?.permissions ?? [], OP_BONUS_CODES.manage);
  const [status, setStatus] = useState('');
  const def: ListDef<Row, ReturnType<typeof opBonusKeys.history>, Answer> = {
    title: '历史结算',
    filters: [
      { name: 'month', label: '月份（YYYY-MM）', type: 'text', width: '8rem' },
      { name: 'k', label: '企业名称或ID', type: 'text', width: '12rem', primary: true },
    ],
    query: (s) => opBonusHistoryQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => `${r.month} ${r.company_name}`,
    columns: [
      { key: 'name', header: '卖家', width: '13rem', cell: (r) => <strong>{r.company_name}</strong> },
      { key: 'month', header: '月份', width: '6rem', cell: (r) => r.month },
      { key: 'sales', header: '业绩销售额', width: '9rem', num: true, cell: (r) => yuan(r.sales_fen) },
      { key: 'band', header: '档位', width: '6rem', cell: (r) => `第${r.band}档 ${rateText(r.rate_bp)}` },
      { key: 'bonus', header: '奖励', width: '8rem', num: true, cell: (r) => yuan(r.bonus_fen) },
      { key: 'orders', header: '订单数', width: '5rem', num: true, priority: 2, cell: (r) => r.order_count },
      { key: 'rule', header: '当月规则', width: '18rem', priority: 3, cell: (r) => r.bands.map(bandText).join('；') },
      { key: 'by', header: '结算人', width: '6rem', priority: 2, cell: (r) => r.settled_by_name || '系统（每月自动）' },
      { key: 'at', header: '结算时间', width: '9rem', priority: 2, cell: (r) => formatChina(r.settled_at, 'YYYY-MM-DD HH:mm') },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的结算记录，换个月份或企业试试。' : '还没有结算过的月份。每月8日起系统自动结算上月；也可以点“结算”手动结算已结束的月份。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={canSettle && <Button label="结算" icon="pi pi-check-square" onClick={() => setSettling(true)} />}
        status={status && <p className="op-status ok" role="status" data-testid="op-status">{status}</p>} />
      {settling && <SettleDialog onHide={() => setSettling(false)} onDone={(t, month) => { setSettling(false); setStatus(t); onSearch({ ...search, month, page: 1 }); }} />}
    </>
  );
}
