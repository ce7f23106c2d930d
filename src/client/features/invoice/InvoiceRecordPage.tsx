/**
 * 开票记录 (/backend/accounting/invoiceHistory, /ofo/invoice/record) and 开票申请
 * (/backend/accounting/invoiceIssue): the requests of one side — 我申请的 (buyer) or 向我申请的
 * (seller) — by status and number, a declaration on the ListPage block; the chosen request's detail
 * below with the moves of the caller's side: the seller issues (number, date, amount, file) or
 * refuses with a reason, reverses an issued invoice with a red-letter one (红冲), the buyer withdraws or
 * resubmits after a refusal (docs/money.md#invoices).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { AnswerOf, InvoiceDetail, InvoiceRequest, PayloadIn } from '../../../shared/contracts';
import {
  INVOICE_REASON_MAX, INVOICE_REMARK_MAX, INVOICE_STATUS_TEXT, INVOICE_STATUSES, INVOICE_TITLE_KIND_TEXT, INVOICE_TYPE_LONG_TEXT, INVOICE_TYPE_TEXT,
  invoiceActions, type InvoiceStatus,
} from '../../../shared/domain/invoice';
import { chinaDay, formatChina } from '../../../shared/domain/china-time';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { Price } from '../currency/Price';
import { UploadButton } from '../upload/UploadButton';
import { invoiceDetailQuery, invoiceListQuery, invoiceTitlesQuery, type invoiceKeys } from './queries';
import { useInvoiceIssue, useInvoiceMove, useInvoiceResubmit, useInvoiceReverse } from './mutations';
import { useLang, useT, type Lang } from '../../i18n/lang';
import { formatDate } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withNodes } from '../../i18n/with-data';
import { titleOption, titleOptions, type TitleOption } from './title-option';
import './invoice.css';

export type InvoiceSide = 'buyer' | 'seller';
const when = (s: number, lang: Lang = 'zh') => (lang === 'vi' ? (s ? formatDate('vi', s, true) : '—') : formatChina(s, 'YYYY-MM-DD HH:mm') || '—');
const pick = <T extends string>(value: unknown, of: readonly T[]): T | '' => (of.includes(value as T) ? (value as T) : '');

export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const t = useT();
  return <span className={`iv-tag ${status}`}>{t(INVOICE_STATUS_TEXT[status])}</span>;
}

const payloadOf = (side: InvoiceSide, s: ListSearch): PayloadIn<'invoiceSearch'> => ({
  side, status: pick<InvoiceStatus>(s.status, INVOICE_STATUSES), no: typeof s.no === 'string' ? s.no : '', page_number: s.page ?? 1, page_size: s.size ?? 50,
});

/** 开票: the seller's form, the amount offered as what was asked (the server caps it at paid less refunds now). */
function IssueForm({ d }: { d: InvoiceDetail }) {
  const issue = useInvoiceIssue();
  const form = useForm({ invoice_number: '', invoice_date: chinaDay(new Date()), amount: (d.amount_fen / 100).toFixed(2), file_path: '' }, { idPrefix: `iv-issue-${d.request_no}-` });
  const { values: f, errors } = form;
  const send = () => {
    const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(f.amount.trim());
    if (!m) return form.setErrors({ amount_fen: '请填写开票金额（元，最多两位小数）' });
    const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    void form.submit(issue, { request_no: d.request_no, invoice_number: f.invoice_number, invoice_date: f.invoice_date, amount_fen: fen, file_path: f.file_path }, () => undefined);
  };
  return (
    <form className="iv-card" aria-label="开票" noValidate onSubmit={(e) => { e.preventDefault(); send(); }}>
      <h3>开票</h3>
      <div className="iv-form">
        <Field id={form.idOf('invoice_number')} label="发票号码" required error={errors.invoice_number} hint="8位或20位数字">
          <InputText {...form.text('invoice_number')} inputMode="numeric" maxLength={20} />
        </Field>
        <Field id={form.idOf('invoice_date')} label="开票日期" required error={errors.invoice_date}>
          <InputText {...form.text('invoice_date')} type="date" />
        </Field>
        <Field id={form.idOf('amount_fen')} label="开票金额（元）" required error={errors.amount_fen} hint={<>不超过 <Price fen={d.orders.reduce((s, o) => s + Math.min(o.invoiceable_fen, o.amount_fen), 0)} /></>}>
          <InputText id={form.idOf('amount_fen')} value={f.amount} inputMode="decimal" invalid={!!errors.amount_fen} onChange={(e) => form.set('amount', e.target.value)} />
        </Field>
        <Field id={form.idOf('file_path')} label="发票文件（PDF或图片）" required error={errors.file_path}>
          <span id={form.idOf('file_path')} tabIndex={-1} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <UploadButton accept="document" label={f.file_path ? '重新上传' : '上传发票'} onUploaded={(url) => form.set('file_path', url)} onProblem={(text) => form.setErrors({ file_path: text })} />
            {f.file_path && <a href={f.file_path} target="_blank" rel="noreferrer">已上传，查看</a>}
          </span>
        </Field>
      </div>
      {form.formError && <p className="iv-alert" role="alert">{form.formError}</p>}
      <div className="iv-actions"><Button type="submit" label="确认开票" loading={form.busy} /></div>
    </form>
  );
}

/** 红冲: the seller reverses the issued invoice in full with a red-letter invoice (its number, date, file) and a reason. */
function ReverseForm({ d }: { d: InvoiceDetail }) {
  const reverse = useInvoiceReverse();
  const form = useForm({ red_number: '', red_date: chinaDay(new Date()), file_path: '', reason: '' }, { idPrefix: `iv-reverse-${d.request_no}-` });
  const { values: f, errors } = form;
  return (
    <form className="iv-card" aria-label="红冲" noValidate
      onSubmit={(e) => { e.preventDefault(); void form.submit(reverse, { request_no: d.request_no, ...f }, () => undefined); }}>
      <h3>红冲</h3>
      <p className="iv-muted">退货、退款或开票有误时，在税务系统开具红字发票后在此登记；原发票全额冲销，相关订单可按当前实付减退款重新申请开票。</p>
      <div className="iv-form">
        <Field id={form.idOf('red_number')} label="红字发票号码" required error={errors.red_number} hint="8位或20位数字">
          <InputText {...form.text('red_number')} inputMode="numeric" maxLength={20} />
        </Field>
        <Field id={form.idOf('red_date')} label="红字发票开票日期" required error={errors.red_date}>
          <InputText {...form.text('red_date')} type="date" />
        </Field>
        <Field id={form.idOf('reason')} label="红冲原因" required error={errors.reason} hint={`2到${INVOICE_REASON_MAX}个字`}>
          <InputText {...form.text('reason')} maxLength={INVOICE_REASON_MAX} />
        </Field>
        <Field id={form.idOf('file_path')} label="红字发票文件（PDF或图片）" required error={errors.file_path}>
          <span id={form.idOf('file_path')} tabIndex={-1} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <UploadButton accept="document" label={f.file_path ? '重新上传' : '上传红字发票'} onUploaded={(url) => form.set('file_path', url)} onProblem={(text) => form.setErrors({ file_path: text })} />
            {f.file_path && <a href={f.file_path} target="_blank" rel="noreferrer">已上传，查看</a>}
          </span>
        </Field>
      </div>
      {form.formError && <p className="iv-alert" role="alert">{form.formError}</p>}
      <div className="iv-actions"><Button type="submit" severity="danger" outlined label="确认红冲" loading={form.busy} /></div>
    </form>
  );
}

/** 重新提交: the buyer picks a title again (the refused one by default) and a remark. */
export function ResubmitForm({ d }: { d: InvoiceDetail }) {
  const t = useT();
  const titles = useQuery(invoiceTitlesQuery());
  const resubmit = useInvoiceResubmit();
  const form = useForm({ title_id: 0, remark: d.remark }, { idPrefix: `iv-resubmit-${d.request_no}-` });
  const { values: f, errors } = form;
  const titleId = f.title_id || titles.data?.find((x) => x.name === d.title_name)?.id || titles.data?.find((x) => x.is_default)?.id || 0;
  return (
    <form className="iv-card" aria-label={t('重新提交')} noValidate
      onSubmit={(e) => { e.preventDefault(); if (!titleId) { form.setErrors({ title_id: t('请先新增发票抬头') }); return; } void form.submit(resubmit, { request_no: d.request_no, title_id: titleId, remark: f.remark }, () => undefined); }}>
      <h3>{t('重新提交')}</h3>
      <div className="iv-form">
        <Field id={form.idOf('title_id')} label={t('发票抬头')} required error={errors.title_id}>
          <Dropdown inputId={form.idOf('title_id')} value={titleId || null} placeholder={t('请选择发票抬头')}
            options={titleOptions(t, titles.data ?? [])} itemTemplate={titleOption} valueTemplate={(o?: TitleOption) => (o ? titleOption(o) : t('请选择发票抬头'))}
            onChange={(e) => form.set('title_id', e.value as number)} />
        </Field>
        <Field id={form.idOf('remark')} label={t('备注')} error={errors.remark} hint={t('选填，最多{{n}}个字', { n: INVOICE_REMARK_MAX })}>
          <InputText {...form.text('remark')} maxLength={INVOICE_REMARK_MAX} />
        </Field>
      </div>
      {form.formError && <p className="iv-alert" role="alert"><Refusal text={form.formError} /></p>}
      <div className="iv-actions"><Button type="submit" label={t('重新提交')} loading={form.busy} /></div>
    </form>
  );
}

/** One request: the title, the orders, the invoice when issued, the events, and the caller's moves. */
export function InvoiceDetailPanel({ no, resubmitLink }: { no: string; resubmitLink?: boolean }) {
  const t = useT();
  const lang = useLang();
  const q = useQuery(invoiceDetailQuery(no));
  const refuse = useInvoiceMove('invoiceRefuse');
  const withdraw = useInvoiceMove('invoiceWithdraw');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  if (q.isPending) return <p>{t('正在读取开票申请…')}</p>;
  if (q.isError) return <p className="iv-alert" role="alert"><Refusal text={errorText(q.error)} /></p>;
  const d = q.data;
  const moves = invoiceActions(d.status, d.side);
  const run = async (fn: () => Promise<unknown>) => {
    setProblem('');
    try { await fn(); } catch (e) { setProblem(errorText(e)); }
  };
  return (
    <section className="iv-card iv-detail" aria-label={t('开票申请 {{no}}', { no: d.request_no })}>
      <h3>{t('开票申请 {{no}}', { no: d.request_no })} <InvoiceStatusTag status={d.status} /></h3>
      <dl>
        <dt>{d.side === 'seller' ? t('买家') : t('卖家')}</dt><dd data-user-text>{d.side === 'seller' ? d.buyer_company_name : d.seller_company_name}</dd>
        <dt>{t('发票类型')}</dt><dd>{t(INVOICE_TYPE_LONG_TEXT[d.invoice_type])}</dd>
        <dt>{t('抬头')}</dt><dd><span data-user-text>{d.title_name}</span>（{t(INVOICE_TITLE_KIND_TEXT[d.title_kind])}）</dd>
        {d.tax_no && <><dt>{t('税号')}</dt><dd>{d.tax_no}</dd></>}
        {d.address && <><dt>{t('地址电话')}</dt><dd data-user-text>{d.address} {d.phone}</dd></>}
        {d.bank && <><dt>{t('开户行账号')}</dt><dd data-user-text>{d.bank} {d.account}</dd></>}
        <dt>{t('申请金额')}</dt><dd><Price fen={d.amount_fen} />{t('（{{n}} 个订单，实付减退款）', { n: d.order_count })}</dd>
        <dt>{t('订单')}</dt><dd>{d.orders.map((o) => <div key={o.order_no}>{o.order_no} · <Price fen={o.amount_fen} /></div>)}</dd>
        {d.remark && <><dt>{t('备注')}</dt><dd data-user-text>{d.remark}</dd></>}
        <dt>{t('申请时间')}</dt><dd>{when(d.created_at, lang)}</dd>
        {(d.status === 'issued' || d.status === 'reversed') && <>
          <dt>{t('发票号码')}</dt><dd>{d.invoice_number}</dd>
          <dt>{t('开票日期')}</dt><dd>{d.invoice_date}</dd>
          <dt>{t('开票金额')}</dt><dd><Price fen={d.issued_fen} /></dd>
          <dt>{t('发票文件')}</dt><dd className="iv-file"><a href={d.file_path} target="_blank" rel="noreferrer">{t('打开发票文件')}</a></dd>
        </>}
        {d.status === 'reversed' && <>
          <dt>{t('红字发票')}</dt><dd>{d.red_number}（{d.red_date}）</dd>
          <dt>{t('红冲原因')}</dt><dd data-user-text>{d.red_reason}</dd>
          <dt>{t('红字发票文件')}</dt><dd className="iv-file"><a href={d.red_file_path} target="_blank" rel="noreferrer">{t('打开红字发票文件')}</a></dd>
        </>}
        {d.refuse_reason && <><dt>{t('拒绝原因')}</dt><dd className="iv-alert" data-user-text>{d.refuse_reason}</dd></>}
        <dt>{t('记录')}</dt><dd>{d.events.map((e, i) => <div key={i}>{when(e.created_at, lang)} <span data-user-text>{e.company_name} {e.user_name}</span>：{INVOICE_STATUS_TEXT[e.to_status as InvoiceStatus] ? t(INVOICE_STATUS_TEXT[e.to_status as InvoiceStatus]) : e.to_status}{e.note && <>（<span data-user-text>{e.note}</span>）</>}</div>)}</dd>
      </dl>
      {problem && <p className="iv-alert" role="alert"><Refusal text={problem} /></p>}
      {moves.includes('issue') && <IssueForm d={d} />}
      {moves.includes('reverse') && <ReverseForm d={d} />}
      {moves.includes('refuse') && (
        <div className="iv-form" style={{ alignItems: 'end' }}>
          <Field id={`iv-refuse-${d.request_no}`} label="拒绝原因" hint={`2到${INVOICE_REASON_MAX}个字`}>
            <InputText id={`iv-refuse-${d.request_no}`} value={reason} maxLength={INVOICE_REASON_MAX} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <div><Button type="button" severity="danger" outlined label="拒绝开票" loading={refuse.isPending}
            onClick={() => { if (reason.trim().length < 2) setProblem(`请填写拒绝原因（2到${INVOICE_REASON_MAX}个字）`); else void run(() => refuse.mutateAsync({ request_no: d.request_no, reason })); }} /></div>
        </div>
      )}
      {moves.includes('withdraw') && (
        <div className="iv-actions"><Button type="button" outlined label={t('撤回申请')} loading={withdraw.isPending}
          onClick={() => { if (window.confirm(t('撤回这个开票申请？订单可以再次申请。'))) void run(() => withdraw.mutateAsync({ request_no: d.request_no })); }} /></div>
      )}
      {moves.includes('resubmit') && (resubmitLink
        ? <div className="iv-actions"><Link to="/backend/accounting/resubmit" search={{ open: d.request_no }}>{t('修改后重新提交')}</Link></div>
        : <ResubmitForm d={d} />)}
    </section>
  );
}

export function InvoiceRecordPage({ side, search, onSearch, selected, onSelect, mobile = false }: {
  side: InvoiceSide; search: ListSearch; onSearch: (s: ListSearch) => void; selected?: string; onSelect: (no: string | undefined) => void; mobile?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const counterpart = side === 'seller' ? t('买家') : t('卖家');
  const def: ListDef<InvoiceRequest, ReturnType<typeof invoiceKeys.list>, AnswerOf<'invoiceSearch'>> = {
    title: side === 'seller' ? t('开票申请') : t('开票记录'),
    filters: [
      { name: 'status', label: t('状态'), type: 'select', options: INVOICE_STATUSES.map((value) => ({ value, label: t(INVOICE_STATUS_TEXT[value]) })), primary: true },
      { name: 'no', label: t('申请单号 / 发票号码'), type: 'text', width: '13rem' },
    ],
    query: (s) => invoiceListQuery(payloadOf(side, s)),
    rowKey: (r) => Number(r.request_no.slice(-12)),
    rowLabel: (r) => r.request_no,
    columns: [
      { key: 'no', header: t('申请单号'), width: '11rem', cell: (r) => <button type="button" className="iv-linkbtn" aria-label={t('查看开票申请 {{no}}', { no: r.request_no })} onClick={() => onSelect(r.request_no)}>{r.request_no}</button> },
      { key: 'status', header: t('状态'), width: '5rem', cell: (r) => <InvoiceStatusTag status={r.status} /> },
      { key: 'party', priority: 2, header: counterpart, width: '11rem', cell: (r) => <span data-user-text>{side === 'seller' ? r.buyer_company_name : r.seller_company_name}</span> },
      { key: 'title', priority: 2, header: t('抬头'), width: '11rem', cell: (r) => <><span data-user-text>{r.title_name}</span>（{t(INVOICE_TYPE_TEXT[r.invoice_type])}）</> },
      { key: 'amount', header: t('金额'), width: '6rem', num: true, cell: (r) => <Price fen={r.status === 'issued' ? r.issued_fen : r.amount_fen} /> },
      { key: 'invoice', priority: 3, header: t('发票号码'), width: '10rem', cell: (r) => r.invoice_number || '—' },
      { key: 'at', priority: 3, header: t('申请时间'), width: '8.5rem', cell: (r) => when(r.created_at, lang) },
    ],
    empty: (filtered) => (filtered ? t('没有符合条件的开票申请，换个条件试试。')
      : side === 'seller' ? t('还没有买家申请开票。买家对已付款并收货的订单申请后，这里会列出，并通过消息助手通知您。')
      : withNodes(t('还没有申请过开票。去{{apply}}，选择已完成的订单和发票抬头即可。', { apply: dataSlot(0) }), [<Link key="a" to={mobile ? '/ofo/invoice' : '/backend/accounting/invoice'}>{t('申请开票')}</Link>])),
  };
  return (
    <div className="iv-page">
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={side === 'buyer' ? <Link to={mobile ? '/ofo/invoice' : '/backend/accounting/invoice'}>{t('申请开票')}</Link> : undefined} />
      {selected && <InvoiceDetailPanel key={selected} no={selected} resubmitLink={!mobile} />}
    </div>
  );
}
