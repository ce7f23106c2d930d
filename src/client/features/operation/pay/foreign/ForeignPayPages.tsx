/**
 * 海外账户 (/operation/pay/foreignAccount) and 海外充值 (/operation/pay/foreignRecharge), D05-05 or
 * the pay readers (D05, D05-01); docs/money.md#money-in-dong. Read only: every Vietnamese company's
 * dong wallet with its entries, and the dong recharges with their states, filters and XLSX.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import type { AnswerOf, OpForeignAccountRow, OpForeignRechargeRow, PayloadIn } from '../../../../../shared/contracts';
import { VND_ENTRY_KINDS, VND_RECHARGE_STATES } from '../../../../../shared/contracts/vn-wallet';
import { dongText } from '../../../../../shared/domain/vn-mall';
import { formatChina } from '../../../../../shared/domain/china-time';
import { ListPage, type ListDef } from '../../../../ui/list/ListPage';
import type { ListSearch } from '../../../../ui/list/list-search';
import { oneOf, pagingOf, textsOf } from '../../list-payload';
import { downloadXlsx } from '../../export';
import { opForeignAccountsQuery, opForeignEntriesQuery, opForeignRechargesQuery, type opForeignPayKeys } from './queries';
import '../../operation.css';

const at = (s: number) => (s ? formatChina(s, 'YYYY-MM-DD HH:mm') : '—');
const kindText = (k: string) => (VND_ENTRY_KINDS as Record<string, string>)[k] ?? k;
const ENTRY_PAGE = 50;

function EntriesDialog({ row, onHide }: { row: OpForeignAccountRow; onHide: () => void }) {
  const [page, setPage] = useState(1);
  const q = useQuery({ ...opForeignEntriesQuery({ company_id: row.company_id, page_number: page, page_size: ENTRY_PAGE }), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / ENTRY_PAGE));
  return (
    <Dialog header={`收支明细：${row.company_name}`} visible onHide={onHide} style={{ width: '46rem', maxWidth: '95vw' }}>
      {q.data && q.data.total === 0 && <p className="muted">这家企业的越南盾钱包还没有收支记录；充值到账后会列在这里。</p>}
      {q.data && q.data.total > 0 && (
        <div className="op-table-wrap">
          <table className="op-table" data-testid="foreign-entries">
            <thead><tr><th>时间</th><th>类型</th><th>单号</th><th className="num">金额</th><th className="num">余额</th></tr></thead>
            <tbody>
              {q.data.data.map((e) => (
                <tr key={e.id}><td>{at(e.created_at)}</td><td>{kindText(e.kind)}</td><td>{e.reference}</td>
                  <td className="num">{e.amount_dong > 0 ? '+' : ''}{dongText(e.amount_dong)}</td><td className="num">{dongText(e.balance_after_dong)}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className="op-pager">
          <Button type="button" text label="上一页" disabled={page <= 1} onClick={() => setPage(page - 1)} />
          <span>第 {page} / {pages} 页</span>
          <Button type="button" text label="下一页" disabled={page >= pages} onClick={() => setPage(page + 1)} />
        </div>
      )}
    </Dialog>
  );
}

const accountsPayload = (s: ListSearch): PayloadIn<'opForeignAccounts'> => ({ ...textsOf(s, ['q']), ...pagingOf(s) });

export function ForeignAccountPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const totals = useQuery({ ...opForeignAccountsQuery(accountsPayload(search)), placeholderData: keepPreviousData }).data;
  const [open, setOpen] = useState<OpForeignAccountRow | null>(null);
  const def: ListDef<OpForeignAccountRow, ReturnType<typeof opForeignPayKeys.accounts>, AnswerOf<'opForeignAccounts'>> = {
    title: '海外账户',
    filters: [{ name: 'q', label: '企业', type: 'text', width: '14rem' }],
    query: (s) => opForeignAccountsQuery(accountsPayload(s)),
    rowKey: (r) => r.company_id,
    columns: [
      { key: 'company', header: '企业', width: '16rem', cell: (r) => r.company_name },
      { key: 'province', priority: 2, header: '省/市', width: '10rem', cell: (r) => r.province || '—' },
      { key: 'balance', header: '越南盾余额', width: '9rem', num: true, cell: (r) => dongText(r.balance_dong) },
      { key: 'recharged', priority: 2, header: '已充值合计', width: '9rem', num: true, cell: (r) => dongText(r.recharged_dong) },
      { key: 'last', priority: 3, header: '最近变动', width: '9rem', cell: (r) => at(r.last_entry_at) },
      {
        key: 'actions', actions: true, header: '操作', width: '5rem',
        cell: (r) => <button type="button" className="linklike" onClick={() => setOpen(r)} aria-label={`明细 ${r.company_name}`}>明细</button>,
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的越南企业，换个名称试试。' : '还没有越南企业；越南企业注册并通过审核后会列在这里。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<span className="muted" data-testid="foreign-account-sum">{totals ? `越南盾余额合计 ${dongText(totals.balance_total_dong)}` : ''}</span>} />
      {open && <EntriesDialog row={open} onHide={() => setOpen(null)} />}
    </>
  );
}

const STATES = Object.keys(VND_RECHARGE_STATES) as Array<keyof typeof VND_RECHARGE_STATES>;
const rechargesPayload = (s: ListSearch): PayloadIn<'opForeignRecharges'> => ({ ...textsOf(s, ['company', 'no']), state: oneOf(s, 'state', STATES), ...pagingOf(s) });

export function ForeignRechargePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const paid = useQuery({ ...opForeignRechargesQuery(rechargesPayload(search)), placeholderData: keepPreviousData }).data?.paid_dong ?? null;
  const def: ListDef<OpForeignRechargeRow, ReturnType<typeof opForeignPayKeys.recharges>, AnswerOf<'opForeignRecharges'>> = {
    title: '海外充值',
    filters: [
      { name: 'company', label: '企业', type: 'text', width: '12rem' },
      { name: 'state', label: '状态', type: 'select', options: STATES.map((value) => ({ value, label: VND_RECHARGE_STATES[value] })) },
      { name: 'no', label: '充值单号', type: 'text', more: true, width: '12rem' },
    ],
    query: (s) => opForeignRechargesQuery(rechargesPayload(s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'no', header: '充值单号', width: '13rem', cell: (r) => r.recharge_no },
      { key: 'company', header: '企业', width: '14rem', cell: (r) => r.company_name },
      { key: 'amount', header: '金额', width: '9rem', num: true, cell: (r) => dongText(r.amount_dong) },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => VND_RECHARGE_STATES[r.state] },
      { key: 'created', priority: 2, header: '下单时间', width: '9rem', cell: (r) => at(r.created_at) },
      { key: 'paid', priority: 2, header: '支付时间', width: '9rem', cell: (r) => at(r.paid_at) },
      { key: 'user', priority: 3, header: '充值人', width: '7rem', cell: (r) => r.username },
      { key: 'provider', priority: 3, header: '渠道', width: '5rem', cell: (r) => r.provider || '—' },
      { key: 'trade', priority: 3, header: '交易号', width: '13rem', cell: (r) => r.trade_no || '—' },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的充值单，换个条件试试。' : '还没有越南盾充值；越南企业在越南盾钱包充值后会列在这里。'),
    exportXlsx: (s) => downloadXlsx('opForeignRecharges', rechargesPayload(s), '海外充值'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      toolbar={<span className="muted" data-testid="foreign-recharge-sum">{paid === null ? '' : `已支付合计 ${dongText(paid)}`}</span>} />
  );
}
