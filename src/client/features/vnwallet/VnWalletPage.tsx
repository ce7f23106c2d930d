/**
 * 越南盾钱包 · Ví VND (/vnwallet; docs/money.md#money-in-dong): a Vietnamese company's dong wallet
 * in the buyer's language — the balance, 充值 in whole dong through the configured provider (the
 * sandbox), the outcome of a recharge the provider's page returned from, and the entries newest
 * first in pages. A Chinese company or a user who may not see the wallet reads the server's refusal
 * and a way back to the Vietnam mall.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { VND_RECHARGE_MAX, VND_RECHARGE_MIN, vnWalletText } from '../../../shared/contracts/vn-wallet';
import { dongText, parseDong } from '../../../shared/domain/vn-mall';
import { ApiError, OfflineError } from '../../api/request';
import { nav } from '../../api/navigation';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { mark, useLang, useT, type Lang } from '../../i18n/lang';
import { formatDate, formatVnd } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { checkoutDevice } from '../mobile/counterparts';
import { vnRechargeQuery, vnWalletEntriesQuery, vnWalletQuery } from './queries';
import { useVnWalletRecharge } from './mutations';
import '../../ui/form/form.css';
import './vnwallet.css';

const PAGE_SIZE = 50;
/** the transaction kinds a dong wallet shows (VND_ENTRY_KINDS of the contract), in the page's language */
const KIND_LABELS: Record<string, string> = { vnd_recharge: mark('充值'), vnd_order_payment: mark('订单付款'), vnd_order_refund: mark('订单退款') };
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? mark('其他');
const OFFLINE = mark('当前离线，联网后可查看钱包');
const UNREADABLE = mark('钱包暂时无法读取，请稍后再试');

const dong = (lang: Lang, n: number) => (lang === 'vi' ? formatVnd(n) : dongText(n));

function RechargeOutcome({ no }: { no: string }) {
  const t = useT();
  const lang = useLang();
  const q = useQuery(vnRechargeQuery(no));
  if (!q.data) return null;
  const r = q.data;
  const vars = { amount: dong(lang, r.amount_dong), no: r.recharge_no };
  const line = r.state === 'paid' ? t('充值成功：{{amount}} 已入账（充值单号 {{no}}）', vars)
    : r.state === 'cancelled' ? t('充值已取消：{{amount}} 未入账（充值单号 {{no}}）', vars)
      : t('充值尚未完成：{{amount}} 待支付（充值单号 {{no}}）', vars);
  return <div className={`vnw-outcome vnw-outcome-${r.state}`} role="status" data-testid="vn-recharge-outcome">{line}</div>;
}

function RechargeForm() {
  const t = useT();
  const lang = useLang();
  const write = useVnWalletRecharge();
  const form = useForm({ dong: '' });
  const send = () => {
    const amount = parseDong(form.values.dong);
    if (amount === null || amount < VND_RECHARGE_MIN || amount > VND_RECHARGE_MAX) {
      form.setErrors({ amount_dong: vnWalletText.amount });
      document.getElementById('amount_dong')?.focus();
      return;
    }
    void form.submit(write, { amount_dong: amount, device: checkoutDevice() }, (answer) => nav.assign(answer.checkout_url));
  };
  return (
    <form className="vnw-recharge" onSubmit={(e) => { e.preventDefault(); send(); }}>
      <Field id="amount_dong" label={t('充值金额（越南盾）')} required error={form.errors.amount_dong}
        hint={t('{{min}} 至 {{max}}，整数越南盾', { min: dong(lang, VND_RECHARGE_MIN), max: dong(lang, VND_RECHARGE_MAX) })}>
        <InputText id="amount_dong" inputMode="numeric" value={form.values.dong} onChange={(e) => form.set('dong', e.target.value)} placeholder="1.000.000" autoComplete="off" />
      </Field>
      {form.formError && <div className="form-error" role="alert"><Refusal text={form.formError} /></div>}
      <Button type="submit" label={t('充值')} icon="pi pi-wallet" loading={form.busy} disabled={form.busy} />
    </form>
  );
}

function Entries() {
  const t = useT();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const q = useQuery(vnWalletEntriesQuery({ page_number: page, page_size: PAGE_SIZE }));
  if (q.isError) return <p className="field-error" role="alert"><Refusal text={q.error instanceof ApiError ? q.error.message : UNREADABLE} /></p>;
  if (!q.data) return null;
  const { data, total } = q.data;
  if (total === 0) return <p className="muted" data-testid="vnw-empty">{t('还没有收支记录。充值到账后，每一笔都会列在这里。')}</p>;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <>
      <div className="vnw-table-wrap">
        <table className="vnw-table" data-testid="vnw-entries">
          <thead><tr><th>{t('时间')}</th><th>{t('类型')}</th><th className="vnw-hide-narrow">{t('单号')}</th><th className="num">{t('变动金额')}</th><th className="num">{t('余额')}</th></tr></thead>
          <tbody>
            {data.map((e) => (
              <tr key={e.id}>
                <td>{formatDate(lang, e.created_at, true)}</td>
                <td>{t(kindLabel(e.kind))}</td>
                <td className="vnw-hide-narrow" data-user-text>{e.reference}</td>
                <td className={`num ${e.amount_dong > 0 ? 'vnw-in' : 'vnw-out'}`}>{e.amount_dong > 0 ? '+' : ''}{dong(lang, e.amount_dong)}</td>
                <td className="num">{dong(lang, e.balance_after_dong)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="vnw-pager">
          <Button type="button" text label={t('上一页')} disabled={page <= 1} onClick={() => setPage(page - 1)} />
          <span>{t('第 {{page}} / {{pages}} 页', { page, pages })}</span>
          <Button type="button" text label={t('下一页')} disabled={page >= pages} onClick={() => setPage(page + 1)} />
        </div>
      )}
    </>
  );
}

export function VnWalletPage({ recharge }: { recharge?: string }) {
  const t = useT();
  const lang = useLang();
  const w = useQuery(vnWalletQuery());
  const failure = w.error instanceof OfflineError ? OFFLINE : w.error instanceof ApiError ? w.error.message : UNREADABLE;
  return (
    <div className="vnw">
      <h1>{t('越南盾钱包')}</h1>
      {w.isError && (
        <div className="vnw-refused" role="alert">
          <p><Refusal text={failure} /></p>
          <Link to="/vnmall">{t('返回越南商城')}</Link>
        </div>
      )}
      {w.data && (
        <>
          {recharge && <RechargeOutcome no={recharge} />}
          <div className="vnw-top">
            <section className="vnw-balance" aria-label={t('余额')}>
              <span className="muted" data-user-text>{w.data.company_name}</span>
              <span>{t('可用余额')}</span>
              <strong data-testid="vnw-balance">{dong(lang, w.data.balance_dong)}</strong>
              <Link to="/vnmall">{t('去越南商城')}</Link>
            </section>
            <section className="vnw-box" aria-label={t('充值')}>
              <h2>{t('充值')}</h2>
              {w.data.demo_payment && <p className="vnw-demo">{t('演示支付，不会真实扣款')}</p>}
              <RechargeForm />
            </section>
          </div>
          <h2>{t('收支明细')}</h2>
          <Entries />
        </>
      )}
    </div>
  );
}
