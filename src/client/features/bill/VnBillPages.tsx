/**
 * 越南盾账单 · Sao kê ví VND (M11 /backend/overseas/bill and bill/{month}; docs/money.md#overseas-bills):
 * a Vietnamese company's monthly statements of its dong wallet in the page's language — the months
 * with opening, income, spending and closing; a month's totals per kind and every line with its
 * order number, and for an order payment or refund the rate and the yuan it was worth; XLSX. The
 * operator's statement of a company (/operation/foreign/bill/detail) is the same body.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Link } from '@tanstack/react-router';
import type { AnswerOf, VnBillLine, VnBillMonth, VnBillStatement } from '../../../shared/contracts';
import { dongText } from '../../../shared/domain/vn-mall';
import { ApiError, OfflineError } from '../../api/request';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import { ListRows } from '../../ui/list/ListRows';
import type { ListSearch } from '../../ui/list/list-search';
import { mark, useLang, useT, type Lang } from '../../i18n/lang';
import { formatDate, formatNumber, formatVnd, formatYuan } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { downloadVnBill, opVnBillQuery, vnBillMonthsQuery, vnBillQuery, type billKeys } from './queries';
import './bill.css';

/** the groups and kinds of a dong statement (VN_BILL_GROUPS of the contract), in the page's language */
const GROUP_LABELS: Record<string, string> = { recharge: mark('充值'), order_payment: mark('订单付款'), order_refund: mark('订单退款') };
const KIND_LABELS: Record<string, string> = { vnd_recharge: mark('充值'), vnd_order_payment: mark('订单付款'), vnd_order_refund: mark('订单退款') };
const OTHER = mark('其他');
const groupLabel = (group: string) => GROUP_LABELS[group] ?? OTHER;
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? OTHER;
const OFFLINE = mark('当前离线，联网后可查看账单');
const UNREADABLE = mark('账单暂时无法读取，请稍后再试');
const failure = (e: unknown) => (e instanceof OfflineError ? OFFLINE : e instanceof ApiError ? e.message : UNREADABLE);

const dong = (lang: Lang, n: number) => (lang === 'vi' ? formatVnd(n) : dongText(n));
const signedDong = (lang: Lang, n: number) => `${n > 0 ? '+' : ''}${dong(lang, n)}`;
const monthKey = (month: string) => Number(month.replace('-', ''));
/** dong per yuan, as the rate is written on the payment (in millionths) */
const rateText = (lang: Lang, micro: number) => (micro ? formatNumber(lang, micro / 1_000_000) : '—');

function useMonthName() {
  const t = useT();
  return (month: string) => t('{{year}}年{{month}}月', { year: month.slice(0, 4), month: Number(month.slice(5)) });
}

/** The company's months, newest first (a declaration on the ListPage block). */
export function VnBillListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const t = useT();
  const lang = useLang();
  const monthName = useMonthName();
  const def: ListDef<VnBillMonth, ReturnType<typeof billKeys.vnMonths>, AnswerOf<'vnBillMonths'>> = {
    title: t('越南盾账单'),
    filters: [],
    query: (s) => vnBillMonthsQuery({ page_number: s.page ?? 1, page_size: s.size ?? 50 }),
    rowKey: (r) => monthKey(r.month),
    rowLabel: (r) => monthName(r.month),
    columns: [
      { key: 'month', header: t('月份'), width: '8rem', cell: (r) => <Link to="/backend/overseas/bill/$month" params={{ month: r.month }}>{monthName(r.month)}</Link> },
      { key: 'opening', header: t('期初余额'), width: '9rem', num: true, priority: 2, cell: (r) => dong(lang, r.opening_dong) },
      { key: 'in', header: t('收入'), width: '9rem', num: true, priority: 3, cell: (r) => <span className="bill-in">{signedDong(lang, r.in_dong)}</span> },
      { key: 'out', header: t('支出'), width: '9rem', num: true, priority: 3, cell: (r) => <span className="bill-out">{dong(lang, r.out_dong)}</span> },
      { key: 'closing', header: t('期末余额'), width: '9rem', num: true, cell: (r) => dong(lang, r.closing_dong) },
      { key: 'count', header: t('笔数'), width: '5rem', num: true, priority: 3, cell: (r) => formatNumber(lang, r.count) },
      {
        key: 'act', header: t('操作'), width: '5rem', actions: true,
        cell: (r) => <Link to="/backend/overseas/bill/$month" params={{ month: r.month }} aria-label={t('查看{{month}}账单', { month: monthName(r.month) })}>{t('查看')}</Link>,
      },
    ],
    empty: () => t('还没有账单。越南盾钱包充值或付款后，每个月的账单会列在这里。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} toolbar={<span className="muted">{t('按中国时间的自然月，与越南盾钱包收支明细一致')}</span>} />;
}

function Download({ s, operator }: { s: VnBillStatement; operator: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      await downloadVnBill(s, operator);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bill-downloads">
      <Button type="button" size="small" outlined icon="pi pi-file-excel" label={t('下载XLSX')} loading={busy} disabled={busy} onClick={() => void run()} />
      {error && <span className="list-error" role="alert"><Refusal text={error} /></span>}
    </div>
  );
}

function VnStatementBody({ s, operator, back }: { s: VnBillStatement; operator: boolean; back: React.ReactNode }) {
  const t = useT();
  const lang = useLang();
  const monthName = useMonthName();
  return (
    <div className="bill-page">
      <section className="card bill-card" aria-label={t('账单汇总')}>
        <div className="bill-head">
          <h2>{t('{{month}}账单', { month: monthName(s.month) })} <small className="muted" data-user-text>{s.company_name}</small></h2>
          {back}
        </div>
        <dl className="bill-balances">
          <div><dt>{t('期初余额')}</dt><dd data-testid="vn-bill-opening">{dong(lang, s.opening_dong)}</dd></div>
          <div><dt>{t('本月收入')}</dt><dd className="bill-in">{signedDong(lang, s.in_dong)}</dd></div>
          <div><dt>{t('本月支出')}</dt><dd className="bill-out">{dong(lang, s.out_dong)}</dd></div>
          <div><dt>{t('期末余额')}</dt><dd data-testid="vn-bill-closing">{dong(lang, s.closing_dong)}</dd></div>
        </dl>
        <p className="muted bill-note">{t('期末余额 = 期初余额 + 本月收支，等于月末越南盾钱包余额。订单付款和退款按当时的汇率折合人民币。')}</p>
        <table className="bill-groups">
          <thead><tr><th scope="col">{t('类型')}</th><th scope="col">{t('收入')}</th><th scope="col">{t('支出')}</th><th scope="col">{t('笔数')}</th></tr></thead>
          <tbody>
            {s.groups.map((g) => (
              <tr key={g.group} className={g.count === 0 ? 'muted' : undefined}>
                <th scope="row">{t(groupLabel(g.group))}</th><td>{dong(lang, g.in_dong)}</td><td>{dong(lang, g.out_dong)}</td><td>{formatNumber(lang, g.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Download s={s} operator={operator} />
      </section>
      <section className="card list-page" aria-label={t('账单明细')}>
        <div className="list-head"><h2>{t('账单明细')}</h2><span className="muted">{t('共 {{n}} 笔', { n: s.lines.length })}</span></div>
        <ListRows<VnBillLine>
          title={t('账单明细')}
          rows={s.lines}
          rowKey={(l) => l.transaction_id}
          columns={[
            { key: 'at', header: t('时间'), width: '9rem', cell: (l) => formatDate(lang, l.created_at, true) },
            { key: 'kind', header: t('类型'), width: '8rem', cell: (l) => t(kindLabel(l.kind)) },
            { key: 'amount', header: t('变动金额'), width: '9rem', num: true, cell: (l) => <span className={l.amount_dong > 0 ? 'bill-in' : 'bill-out'}>{signedDong(lang, l.amount_dong)}</span> },
            { key: 'balance', header: t('余额'), width: '9rem', num: true, priority: 2, cell: (l) => dong(lang, l.balance_after_dong) },
            { key: 'ref', header: t('单号'), width: '12rem', priority: 2, cell: (l) => <span data-user-text>{l.reference || '—'}</span> },
            { key: 'rate', header: t('汇率'), width: '6rem', num: true, priority: 3, cell: (l) => rateText(lang, l.rate_micro) },
            { key: 'yuan', header: t('折合人民币'), width: '8rem', num: true, priority: 3, cell: (l) => (l.rate_micro ? formatYuan(lang, l.fx_fen) : '—') },
          ]}
          status={{ busy: false, empty: s.lines.length === 0 ? t('本月越南盾钱包没有收支。') : null }}
        />
      </section>
    </div>
  );
}

/** The company's own dong statement of a month. */
export function VnBillDetailPage({ month }: { month: string }) {
  const t = useT();
  const q = useQuery(vnBillQuery(month));
  const back = <Link to="/backend/overseas/bill" className="bill-back"><i className="pi pi-arrow-left" /> {t('账单列表')}</Link>;
  if (q.isPending) return <section className="card" aria-busy="true">{t('正在加载账单…')}</section>;
  if (q.isError) return <section className="card" role="alert"><Refusal text={failure(q.error)} /> {back}</section>;
  return <VnStatementBody s={q.data} operator={false} back={back} />;
}

/** A Vietnamese company's dong statement for the operator (海外账单's 明细与下载). */
export function OpVnBillDetailPage({ companyId, month }: { companyId: number; month: string }) {
  const q = useQuery(opVnBillQuery(companyId, month));
  const back = <Link to="/operation/foreign/bill" search={{ month }} className="bill-back"><i className="pi pi-arrow-left" /> 海外账单</Link>;
  if (q.isPending) return <section className="card" aria-busy="true">正在加载账单…</section>;
  if (q.isError) return <section className="card" role="alert">{failure(q.error)} {back}</section>;
  return <VnStatementBody s={q.data} operator back={back} />;
}
