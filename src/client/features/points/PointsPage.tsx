/**
 * 积分 (docs/points.md): the company's balance, what expires at this year's end, the rules, the
 * points mall (search, 兑换 with the delivery address), the entries (each with the balance after
 * it) and the redemptions with their state. One page for the storefront (/points), the phone
 * (/ofo/points) and the back office's 财务 (/backend/accounting/points).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { PointsProduct, PointsRuleView } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { POINTS_REDEEM_QTY_MAX, POINTS_TX_TEXT, REDEMPTION_STATUS_TEXT } from '../../../shared/domain/points';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { addressListQuery } from '../address/queries';
import { pointsEntriesQuery, pointsMallQuery, pointsRedemptionsQuery, pointsSummaryQuery } from './queries';
import { useRedeemPoints } from './mutations';
import { mark, useLang, useT, type Lang } from '../../i18n/lang';
import { formatDate } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData, withNodes } from '../../i18n/with-data';
import './points.css';

const PAGE = 20;
type Tab = 'mall' | 'entries' | 'redemptions';
const TABS: Array<[Tab, string]> = [['mall', mark('积分商城')], ['entries', mark('积分明细')], ['redemptions', mark('兑换记录')]];
/** a moment: China's clock as the page always wrote it, Vietnamese by Intl (docs/i18n.md) */
const when = (lang: Lang, s: number) => (lang === 'vi' ? formatDate('vi', s, true) : formatChina(s, 'YYYY-MM-DD HH:mm'));

/** The platform's rule in the page's language: a category's name is data (docs/i18n.md). */
function RuleText({ r }: { r: PointsRuleView }) {
  const t = useT();
  if (!r.enabled) return <>{t('平台暂停了订单积分，已有积分仍可兑换。')}</>;
  const comma = t('，');
  const cats = r.categories.map((c, i) => (
    <span key={i}>{i > 0 && comma}{withData(t('{{category}}每100元{{n}}积分', { category: dataSlot(0), n: c.per_100_yuan }), [c.category])}</span>
  ));
  const caps = [r.order_cap > 0 ? t('每单最多{{n}}积分', { n: r.order_cap }) : '', r.month_cap > 0 ? t('每月最多{{n}}积分', { n: r.month_cap }) : ''].filter(Boolean).join(comma);
  return (
    <>
      {t('订单完成（已付款并确认收货）后，实付每100元得{{n}}积分', { n: r.per_100_yuan })}
      {cats.length > 0 && withNodes(t('（{{list}}）', { list: dataSlot(0) }), [<span key="c">{cats}</span>])}
      {caps && t('；{{caps}}', { caps })}
      {t('。退款扣回相应积分；当年获得的积分于12月31日24:00过期。')}
    </>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / PAGE));
  if (pages <= 1) return null;
  return (
    <div className="pts-pager">
      <Button type="button" size="small" outlined label={t('上一页')} disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span>{t('第 {{page}} / {{pages}} 页', { page, pages })}</span>
      <Button type="button" size="small" outlined label={t('下一页')} disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </div>
  );
}

type Redeemed = { name: string; qty: number; used: number; left: number; no: string };

function RedeemDialog({ product, balance, onHide, onDone }: { product: PointsProduct; balance: number; onHide: () => void; onDone: (done: Redeemed) => void }) {
  const t = useT();
  const addresses = useQuery(addressListQuery());
  const first = addresses.data?.find((a) => a.is_default) ?? addresses.data?.[0];
  const form = useForm({ qty: '1', contact_name: first?.contact_name ?? '', contact_phone: first?.contact_phone ?? '', address: first?.address ?? '' }, { idPrefix: 'redeem-' });
  const { values, errors } = form;
  // the address book may answer after the dialog opened: fill what is still empty once
  const [filled, setFilled] = useState(!!first);
  if (!filled && first) {
    setFilled(true);
    form.setValues((v) => ({ ...v, contact_name: v.contact_name || first.contact_name, contact_phone: v.contact_phone || first.contact_phone, address: v.address || first.address }));
  }
  const redeem = useRedeemPoints();
  const qty = /^\d{1,2}$/.test(values.qty.trim()) ? Number(values.qty.trim()) : 0;
  const need = qty * product.points;
  const submit = () => form.submit(redeem, { product_id: product.id, qty: values.qty.trim(), contact_name: values.contact_name, contact_phone: values.contact_phone, address: values.address },
    (a) => onDone({ name: a.redemption.product_name, qty: a.redemption.qty, used: a.redemption.points_total, left: a.balance, no: a.redemption.redemption_no }));
  return (
    <Dialog header={withData(t('兑换：{{name}}', { name: dataSlot(0) }), [product.name])} visible onHide={onHide} style={{ width: '30rem', maxWidth: '95vw' }}
      footer={<><Button type="button" label={t('取消')} outlined onClick={onHide} /><Button type="button" label={t('确认兑换（{{n}} 积分）', { n: need > 0 ? need : product.points })} loading={form.busy} onClick={() => void submit()} /></>}>
      <form className="pts-form" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <p className="pts-muted">{t('每件 {{points}} 积分，库存 {{stock}} 件；当前 {{balance}} 积分。', { points: product.points, stock: product.stock, balance })}</p>
        <Field id="redeem-qty" label={t('数量（1–{{max}}）', { max: Math.min(POINTS_REDEEM_QTY_MAX, Math.max(1, product.stock)) })} error={errors.qty} required>
          <InputText {...form.text('qty')} inputMode="numeric" />
        </Field>
        <Field id="redeem-contact_name" label={t('收货人')} error={errors.contact_name} required><InputText {...form.text('contact_name')} /></Field>
        <Field id="redeem-contact_phone" label={t('联系电话')} error={errors.contact_phone} required><InputText {...form.text('contact_phone')} inputMode="tel" /></Field>
        <Field id="redeem-address" label={t('收货地址')} error={errors.address} required><InputText {...form.text('address')} /></Field>
        {need > balance && <p className="pts-warn" role="status">{t('积分不足：需要 {{need}} 积分，当前 {{balance}} 积分', { need, balance })}</p>}
        {form.formError && <p className="field-error" role="alert"><Refusal text={form.formError} /></p>}
      </form>
    </Dialog>
  );
}

function Mall({ balance }: { balance: number }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [k, setK] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<PointsProduct | null>(null);
  const [done, setDone] = useState<Redeemed | null>(null);
  const q = useQuery(pointsMallQuery({ k, page_number: page, page_size: PAGE }));
  return (
    <section aria-label={t('积分商城')}>
      <form className="pts-search" role="search" onSubmit={(e) => { e.preventDefault(); setK(typed.trim()); setPage(1); }}>
        <InputText value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('搜索积分商品')} aria-label={t('搜索积分商品')} maxLength={60} />
        <Button type="submit" icon="pi pi-search" label={t('搜索')} />
      </form>
      {done && (
        <p className="pts-ok" role="status" data-testid="redeem-done">
          {withData(t('兑换成功：{{name}} × {{qty}}，用去 {{used}} 积分，剩余 {{left}} 积分。兑换单号 {{no}}，平台发货后可在“兑换记录”查看物流。', { name: dataSlot(0), qty: done.qty, used: done.used, left: done.left, no: done.no }), [done.name])}
        </p>
      )}
      {q.isPending ? <p aria-busy="true">{t('正在加载积分商品…')}</p>
        : q.isError ? <p role="alert"><Refusal text={errorText(q.error)} /></p>
        : q.data.data.length === 0 ? (
          <p className="pts-empty">{k ? withData(t('没有名称含“{{k}}”的积分商品，换个词试试。', { k: dataSlot(0) }), [k]) : t('积分商城还没有可兑换的商品，平台上架后会显示在这里；先攒积分吧。')}</p>
        ) : (
          <ul className="pts-grid">
            {q.data.data.map((p) => (
              <li key={p.id} className="pts-product" aria-label={p.name}>
                {p.image ? <img src={p.image} alt="" loading="lazy" /> : <div className="pts-noimg" aria-hidden="true"><i className="pi pi-gift" /></div>}
                <strong data-user-text>{p.name}</strong>
                {p.description && <small className="pts-muted" data-user-text>{p.description}</small>}
                <div className="pts-price"><b>{p.points}</b> {t('积分')} <span className="pts-muted">{t('库存 {{n}}', { n: p.stock })}</span></div>
                <Button type="button" size="small" label={p.stock === 0 ? t('已兑完') : p.points > balance ? t('积分不足') : t('兑换')} disabled={p.stock === 0 || p.points > balance}
                  onClick={() => { setDone(null); setChosen(p); }} aria-label={t('兑换 {{name}}', { name: p.name })} />
              </li>
            ))}
          </ul>
        )}
      {q.data && <Pager page={page} total={q.data.total} onPage={setPage} />}
      {chosen && <RedeemDialog product={chosen} balance={balance} onHide={() => setChosen(null)} onDone={(d) => { setChosen(null); setDone(d); }} />}
    </section>
  );
}

function Entries() {
  const t = useT();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const q = useQuery(pointsEntriesQuery({ page_number: page, page_size: PAGE }));
  if (q.isPending) return <p aria-busy="true">{t('正在加载积分明细…')}</p>;
  if (q.isError) return <p role="alert"><Refusal text={errorText(q.error)} /></p>;
  if (q.data.data.length === 0) {
    return <p className="pts-empty">{t('还没有积分明细。订单完成（已付款并确认收货）后按平台规则获得积分。')}<Link to="/search">{t('去搜索配件')}</Link></p>;
  }
  return (
    <section aria-label={t('积分明细')}>
      <ul className="pts-entries">
        {q.data.data.map((e) => (
          <li key={e.id}>
            <div>
              <strong>{t(POINTS_TX_TEXT[e.kind])}</strong>
              <small className="pts-muted">{when(lang, e.created_at)}{e.reference ? ` · ${e.reference}` : ''}</small>
              {e.note && <small className="pts-muted" data-user-text>{e.note}</small>}
            </div>
            <div className="pts-amount">
              <b className={e.points > 0 ? 'plus' : 'minus'}>{e.points > 0 ? `+${e.points}` : e.points}</b>
              <small className="pts-muted">{t('余 {{n}}', { n: e.balance_after })}</small>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} total={q.data.total} onPage={setPage} />
    </section>
  );
}

function Redemptions() {
  const t = useT();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const q = useQuery(pointsRedemptionsQuery({ page_number: page, page_size: PAGE }));
  if (q.isPending) return <p aria-busy="true">{t('正在加载兑换记录…')}</p>;
  if (q.isError) return <p role="alert"><Refusal text={errorText(q.error)} /></p>;
  if (q.data.data.length === 0) return <p className="pts-empty">{t('还没有兑换记录。在“积分商城”挑选商品，用积分兑换。')}</p>;
  return (
    <section aria-label={t('兑换记录')}>
      <ul className="pts-entries">
        {q.data.data.map((r) => (
          <li key={r.redemption_no}>
            <div>
              <strong><span data-user-text>{r.product_name}</span> × {r.qty}</strong>
              <small className="pts-muted">{r.redemption_no} · {when(lang, r.created_at)}</small>
              <small className="pts-muted">
                {r.status === 'shipped' ? withData(t('已发货：{{carrier}} {{no}}', { carrier: dataSlot(0), no: dataSlot(1) }), [r.logistics_company, r.logistics_no])
                  : r.status === 'cancelled' ? withData(t('已取消：{{reason}}，积分已退回', { reason: dataSlot(0) }), [r.cancel_reason])
                  : withData(t('待发货，寄往 {{name}} {{address}}', { name: dataSlot(0), address: dataSlot(1) }), [r.contact_name, r.address])}
              </small>
            </div>
            <div className="pts-amount">
              <b>{r.points_total}</b>
              <span className={`pts-state ${r.status}`}>{t(REDEMPTION_STATUS_TEXT[r.status])}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} total={q.data.total} onPage={setPage} />
    </section>
  );
}

export function PointsPage({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const lang = useLang();
  const summary = useQuery(pointsSummaryQuery());
  const [tab, setTab] = useState<Tab>('mall');
  const s = summary.data;
  return (
    <div className={`pts-page${compact ? ' pts-compact' : ' card'}`}>
      {!compact && <h2>{t('我的积分')}</h2>}
      {summary.isPending ? <p aria-busy="true">{t('正在加载积分…')}</p>
        : summary.isError ? <p role="alert"><Refusal text={errorText(summary.error)} /></p>
        : s && (
          <section className="pts-head" aria-label={t('积分概况')}>
            <div className="pts-balance"><small>{t('当前积分')}</small><b data-testid="points-balance">{s.balance}</b></div>
            <div className="pts-facts">
              {s.expiring > 0
                ? <p className="pts-warn">{t('{{n}} 积分将于 {{day}} 24:00 过期，请及时兑换', { n: s.expiring, day: lang === 'vi' ? formatDate('vi', s.expires_at - 1) : formatChina(s.expires_at - 1, 'YYYY-MM-DD') })}</p>
                : <p className="pts-muted">{t('暂无将过期的积分')}</p>}
              <p className="pts-muted">{t('累计获得 {{earned}} · 累计使用 {{spent}}', { earned: s.earned_total, spent: s.spent_total })}</p>
              <p className="pts-rule"><RuleText r={s.rule} /></p>
            </div>
          </section>
        )}
      <nav className="pts-tabs" aria-label={t('积分')}>
        {TABS.map(([key, label]) => (
          <button key={key} type="button" className={tab === key ? 'active' : ''} aria-pressed={tab === key} onClick={() => setTab(key)}>{t(label)}</button>
        ))}
      </nav>
      {tab === 'mall' ? <Mall balance={s?.balance ?? 0} /> : tab === 'entries' ? <Entries /> : <Redemptions />}
    </div>
  );
}
