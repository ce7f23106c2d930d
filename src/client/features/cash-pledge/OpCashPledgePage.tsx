/**
 * 保证金 of the operator (/operation/pay/cashpledge, D05; docs/money.md#cash-pledges): the amount
 * each company level asks of its sellers; every seller's pledge (asked, held, due) by name and
 * state, with the whole pay group's actions on a row: 扣除 on an after-sale decision (to the buyer's
 * wallet or the platform, with a reason; the seller is told), 退还 when the seller leaves, and 记录.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, CashPledgeEvent, OpCashPledgeRow, PayloadIn } from '../../../shared/contracts';
import {
  CASH_PLEDGE_ACTIONS, CASH_PLEDGE_BENEFICIARIES, CASH_PLEDGE_MAX_FEN, CASH_PLEDGE_OP_CODES, CASH_PLEDGE_REASON_MAX, CASH_PLEDGE_STATES, cashPledgeText,
} from '../../../shared/contracts/cash-pledge';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { formatChina } from '../../../shared/domain/china-time';
import { ApiError, OfflineError } from '../../api/request';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import { ListRows } from '../../ui/list/ListRows';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { oneOf, pagingOf, text } from '../operation/list-payload';
import { downloadXlsx } from '../operation/export';
import { opLevelsQuery, opPledgeEventsQuery, opPledgeListQuery, type pledgeKeys } from './queries';
import { usePledgeDeduct, usePledgeLevelSave, usePledgeReturn } from './mutations';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import '../../ui/form/form.css';
import './cash-pledge.css';

const STATES = Object.keys(CASH_PLEDGE_STATES) as Array<keyof typeof CASH_PLEDGE_STATES>;
const failure = (e: unknown) => (e instanceof OfflineError ? '当前离线，联网后再试' : e instanceof ApiError ? e.message : '暂时无法读取，请稍后再试');
const payloadOf = (s: ListSearch): PayloadIn<'opCashPledgeList'> => ({ company: text(s, 'company'), state: oneOf(s, 'state', STATES), ...pagingOf(s) });
type Status = { kind: 'ok' | 'err'; text: string } | null;

function LevelRow({ level, mayWrite, onSaved }: { level: { level_id: number; level_name: string; amount_fen: number }; mayWrite: boolean; onSaved: (text: string) => void }) {
  const write = usePledgeLevelSave();
  const form = useForm({ yuan: (level.amount_fen / 100).toFixed(2) }, { idPrefix: `level-${level.level_id}-` });
  const save = () => {
    const fen = yuanToFen(form.values.yuan);
    if (fen === null || fen > CASH_PLEDGE_MAX_FEN) {
      form.setErrors({ amount_fen: cashPledgeText.levelAmount });
      return;
    }
    void form.submit(write, { level_id: level.level_id, amount_fen: fen }, (r) => onSaved(`已保存：${r.level_name}的保证金为 ${yuan(r.amount_fen)}`));
  };
  const id = `level-${level.level_id}-amount_fen`;
  return (
    <tr>
      <th scope="row">{level.level_name}</th>
      <td>
        {mayWrite ? (
          <form className="pledge-level-form" onSubmit={(e) => { e.preventDefault(); save(); }}>
            <Field id={id} label={`${level.level_name}保证金（元）`} error={form.errors.amount_fen || form.formError}>
              <InputText id={id} inputMode="decimal" value={form.values.yuan} onChange={(e) => form.set('yuan', e.target.value)} autoComplete="off" />
            </Field>
            <Button type="submit" size="small" label="保存" loading={form.busy} disabled={form.busy} aria-label={`保存${level.level_name}的保证金`} />
          </form>
        ) : yuan(level.amount_fen)}
      </td>
    </tr>
  );
}

function Levels({ mayWrite }: { mayWrite: boolean }) {
  const q = useQuery(opLevelsQuery());
  const [status, setStatus] = useState('');
  return (
    <section className="card" aria-label="各等级保证金">
      <h2>各会员等级的保证金</h2>
      <p className="muted">卖家按其会员等级缴纳；0 表示无需缴纳。调高后，已缴不足的卖家显示待缴。</p>
      {q.isPending ? <p aria-busy="true">正在加载…</p> : q.isError ? <p role="alert">{failure(q.error)}</p> : (
        <table className="pledge-levels">
          <thead><tr><th scope="col">会员等级</th><th scope="col">保证金</th></tr></thead>
          <tbody>{q.data.data.map((l) => <LevelRow key={l.level_id} level={l} mayWrite={mayWrite} onSaved={setStatus} />)}</tbody>
        </table>
      )}
      {status && <p className="pledge-status-ok" role="status">{status}</p>}
    </section>
  );
}

function DeductDialog({ row, onHide, onDone }: { row: OpCashPledgeRow; onHide: () => void; onDone: (text: string) => void }) {
  const write = usePledgeDeduct();
  const form = useForm({ as_no: '', yuan: '', beneficiary: 'buyer' as 'buyer' | 'platform', reason: '' }, { idPrefix: 'deduct-' });
  const save = () => {
    const fen = yuanToFen(form.values.yuan);
    if (fen === null || fen < 1) {
      form.setErrors({ amount_fen: cashPledgeText.deductAmount });
      document.getElementById('deduct-amount_fen')?.focus();
      return;
    }
    void form.submit(write, { as_no: form.values.as_no, amount_fen: fen, beneficiary: form.values.beneficiary, reason: form.values.reason },
      (r) => onDone(`已从${row.company_name}的保证金扣除 ${yuan(r.event.amount_fen)}（${CASH_PLEDGE_BENEFICIARIES[form.values.beneficiary]}），剩余 ${yuan(r.held_fen)}，已通知卖家`));
  };
  return (
    <Dialog header={`扣除保证金：${row.company_name}`} visible onHide={onHide} style={{ width: '34rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="确认扣除" severity="danger" loading={form.busy} onClick={save} /></>}>
      <form className="op-form" onSubmit={(e) => { e.preventDefault(); save(); }}>
        <p className="muted">已缴 {yuan(row.held_fen)}。按售后纠纷的裁决扣除，卖家会收到通知。</p>
        <Field id="deduct-as_no" label="售后单号" required error={form.errors.as_no} hint="该卖家订单的售后单，如 AS2026…">
          <InputText id="deduct-as_no" value={form.values.as_no} onChange={(e) => form.set('as_no', e.target.value)} autoComplete="off" />
        </Field>
        <Field id="deduct-amount_fen" label="扣除金额（元）" required error={form.errors.amount_fen} hint={`不超过已缴 ${yuan(row.held_fen)}`}>
          <InputText id="deduct-amount_fen" inputMode="decimal" value={form.values.yuan} onChange={(e) => form.set('yuan', e.target.value)} autoComplete="off" />
        </Field>
        <Field id="deduct-beneficiary" label="去向" required error={form.errors.beneficiary}>
          <Dropdown inputId="deduct-beneficiary" value={form.values.beneficiary} onChange={(e) => form.set('beneficiary', e.value as 'buyer' | 'platform')}
            options={Object.entries(CASH_PLEDGE_BENEFICIARIES).map(([value, label]) => ({ value, label: value === 'buyer' ? `${label}（买家钱包）` : label }))} />
        </Field>
        <Field id="deduct-reason" label="原因" required error={form.errors.reason} hint={`会发给卖家，最多 ${CASH_PLEDGE_REASON_MAX} 字`}>
          <InputTextarea id="deduct-reason" rows={3} value={form.values.reason} onChange={(e) => form.set('reason', e.target.value)} maxLength={CASH_PLEDGE_REASON_MAX} />
        </Field>
        {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
      </form>
    </Dialog>
  );
}

function ReturnDialog({ row, onHide, onDone }: { row: OpCashPledgeRow; onHide: () => void; onDone: (text: string) => void }) {
  const write = usePledgeReturn();
  const form = useForm({ reason: '' }, { idPrefix: 'return-' });
  const save = () => void form.submit(write, { company_id: row.company_id, reason: form.values.reason },
    (r) => onDone(`已将${row.company_name}的保证金 ${yuan(r.event.amount_fen)} 退还到其钱包，已通知卖家`));
  return (
    <Dialog header={`退还保证金：${row.company_name}`} visible onHide={onHide} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label={`退还 ${yuan(row.held_fen)}`} loading={form.busy} onClick={save} /></>}>
      <form className="op-form" onSubmit={(e) => { e.preventDefault(); save(); }}>
        <p className="muted">卖家退出平台时，已缴的全部保证金 {yuan(row.held_fen)} 退还到其钱包可用余额。</p>
        <Field id="return-reason" label="原因" required error={form.errors.reason} hint={`会发给卖家，最多 ${CASH_PLEDGE_REASON_MAX} 字`}>
          <InputTextarea id="return-reason" rows={3} value={form.values.reason} onChange={(e) => form.set('reason', e.target.value)} maxLength={CASH_PLEDGE_REASON_MAX} />
        </Field>
        {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
      </form>
    </Dialog>
  );
}

function EventsDialog({ row, onHide }: { row: OpCashPledgeRow; onHide: () => void }) {
  const q = useQuery({ ...opPledgeEventsQuery({ company_id: row.company_id, page_size: 200 }), placeholderData: keepPreviousData });
  return (
    <Dialog header={`保证金记录：${row.company_name}`} visible onHide={onHide} style={{ width: '48rem', maxWidth: '95vw' }}>
      {q.isError ? <p role="alert">{failure(q.error)}</p> : (
        <ListRows<CashPledgeEvent> title="保证金记录" rows={q.data?.data ?? []} rowKey={(r) => r.id}
          columns={[
            { key: 'at', header: '时间', width: '9rem', cell: (r) => formatChina(r.created_at, 'YYYY-MM-DD HH:mm') },
            { key: 'action', header: '类型', width: '4rem', cell: (r) => CASH_PLEDGE_ACTIONS[r.action] },
            { key: 'amount', header: '金额', width: '7rem', num: true, cell: (r) => `${r.action === 'pay' ? '+' : '−'}${yuan(r.amount_fen)}` },
            { key: 'ref', header: '单号', width: '12rem', priority: 2, cell: (r) => r.reference || '—' },
            { key: 'reason', header: '原因', width: '12rem', priority: 2, cell: (r) => [r.beneficiary ? CASH_PLEDGE_BENEFICIARIES[r.beneficiary] : '', r.reason].filter(Boolean).join('：') || '—' },
          ]}
          status={{ busy: q.isPending, empty: q.data?.data.length === 0 ? '还没有记录。' : null }} />
      )}
    </Dialog>
  );
}

export function OpCashPledgePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const mayWrite = hasAnyPermission(session.user?.permissions ?? [], CASH_PLEDGE_OP_CODES.write);
  const [open, setOpen] = useState<{ row: OpCashPledgeRow; what: 'deduct' | 'return' | 'events' } | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const held = useQuery({ ...opPledgeListQuery(payloadOf(search)), placeholderData: keepPreviousData }).data?.held_fen ?? null;
  const done = (t: string) => { setOpen(null); setStatus({ kind: 'ok', text: t }); };
  const def: ListDef<OpCashPledgeRow, ReturnType<typeof pledgeKeys.opList>, AnswerOf<'opCashPledgeList'>> = {
    title: '卖家保证金',
    filters: [
      { name: 'company', label: '企业', type: 'text', width: '12rem', primary: true },
      { name: 'state', label: '状态', type: 'select', options: STATES.map((value) => ({ value, label: CASH_PLEDGE_STATES[value] })) },
    ],
    query: (s) => opPledgeListQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    rowLabel: (r) => r.company_name,
    columns: [
      { key: 'company', header: '企业', width: '13rem', cell: (r) => r.company_name },
      { key: 'level', header: '等级', width: '6rem', priority: 3, cell: (r) => r.level_name },
      { key: 'required', header: '应缴', width: '7rem', num: true, priority: 2, cell: (r) => yuan(r.required_fen) },
      { key: 'held', header: '已缴', width: '7rem', num: true, cell: (r) => yuan(r.held_fen) },
      { key: 'due', header: '待缴', width: '7rem', num: true, priority: 2, cell: (r) => yuan(r.due_fen) },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => <span className={`op-tag ${r.state === 'due' ? 'danger' : ''}`}>{CASH_PLEDGE_STATES[r.state]}</span> },
      {
        key: 'act', header: '操作', width: '9rem', actions: true,
        cell: (r) => (
          <span className="pledge-actions">
            {mayWrite && r.held_fen > 0 && <button type="button" className="linklike pledge-danger" aria-label={`扣除${r.company_name}的保证金`} onClick={() => setOpen({ row: r, what: 'deduct' })}>扣除</button>}
            {mayWrite && r.held_fen > 0 && <button type="button" className="linklike" aria-label={`退还${r.company_name}的保证金`} onClick={() => setOpen({ row: r, what: 'return' })}>退还</button>}
            <button type="button" className="linklike" aria-label={`${r.company_name}的保证金记录`} onClick={() => setOpen({ row: r, what: 'events' })}>记录</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的卖家，换个条件试试。' : '还没有卖家。企业通过卖家入驻审核后会列在这里。'),
    exportXlsx: (s) => downloadXlsx('opCashPledgeList', payloadOf(s), '保证金'),
  };
  return (
    <div className="pledge-page">
      <Levels mayWrite={mayWrite} />
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<span className="muted" data-testid="pledge-sum">{held === null ? '' : `已缴合计 ${yuan(held)}`}</span>}
        status={status && <span className={status.kind === 'ok' ? 'pledge-status-ok' : 'pledge-status-err'} role="status">{status.text}</span>} />
      {open?.what === 'deduct' && <DeductDialog row={open.row} onHide={() => setOpen(null)} onDone={done} />}
      {open?.what === 'return' && <ReturnDialog row={open.row} onHide={() => setOpen(null)} onDone={done} />}
      {open?.what === 'events' && <EventsDialog row={open.row} onHide={() => setOpen(null)} />}
    </div>
  );
}
