/**
 * 购买服务 (/backend/accounting/service, M09; docs/money.md#paid-services): what the company has
 * (employee seats, stock queries, VIN decodes, today's quotes), the packs its level may buy with their prices,
 * 购买 from the wallet or through the payment provider (its page returns here with ?purchase=SV…),
 * the service agreement to accept first once the platform published one, and the purchases (a
 * declaration on the ListPage block).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { AnswerOf, PaidServicePurchase } from '../../../shared/contracts';
import { PACKS_MAX, PAID_SERVICE_METHODS, PAID_SERVICE_NAMES, PAID_SERVICE_STATES, PAID_SERVICE_UNITS, paidServiceText } from '../../../shared/contracts/paid-service';
import { formatChina } from '../../../shared/domain/china-time';
import { ApiError, OfflineError } from '../../api/request';
import { nav } from '../../api/navigation';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { catalogueQuery, purchasesQuery, type serviceKeys } from './queries';
import { useAgreementAccept, useServiceBuy } from './mutations';
import { checkoutDevice } from '../mobile/counterparts';
import { yuan } from '../../../shared/domain/money';
import '../../ui/form/form.css';
import './paid-service.css';

type Catalogue = AnswerOf<'paidServiceCatalogue'>;
const failure = (e: unknown) => (e instanceof OfflineError ? '当前离线，联网后可购买服务' : e instanceof ApiError ? e.message : '暂时无法读取，请稍后再试');

function Agreement({ c }: { c: Catalogue }) {
  const write = useAgreementAccept();
  const form = useForm({ version: c.agreement?.version ?? 0 }, { idPrefix: 'agreement-' });
  if (!c.agreement) return null;
  const a = c.agreement;
  if (c.agreement_accepted) return <p className="muted">贵公司已同意《{a.title}》第 {a.version} 版。</p>;
  return (
    <section className="card service-agreement" aria-label="服务协议">
      <h2>{a.title} <small className="muted">第 {a.version} 版 · {formatChina(a.published_at, 'YYYY-MM-DD')} 发布</small></h2>
      <div className="service-agreement-body" tabIndex={0}>{a.body}</div>
      <p>充值和购买服务前，请阅读并同意本协议。</p>
      <Button type="button" label="我已阅读并同意" loading={form.busy} onClick={() => void form.submit(write, { version: a.version }, () => form.setFormError(''))} />
      {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
    </section>
  );
}

type Product = Catalogue['products'][number];

/** The price of a pack: while a promotion applies, the list price struck through and the promotional one (docs/money.md#promotion-prices). */
function PackPrice({ p }: { p: Product }) {
  if (!p.promotion) return <>{yuan(p.price_fen)}/包</>;
  return (
    <>
      <s className="service-list-price" aria-label={`原价 ${yuan(p.list_price_fen)}`}>{yuan(p.list_price_fen)}</s>{' '}
      <strong className="service-promo-price" aria-label={`促销价 ${yuan(p.price_fen)}`}>{yuan(p.price_fen)}</strong>/包
    </>
  );
}

function Pack({ c, product }: { c: Catalogue; product: Product }) {
  const { service, pack_size, price_fen } = product;
  const write = useServiceBuy();
  const form = useForm({ packs: '1' }, { idPrefix: `buy-${service}-` });
  const [done, setDone] = useState('');
  const packs = /^\d{1,3}$/.test(form.values.packs) ? Number(form.values.packs) : 0;
  const amount = packs * price_fen;
  const blocked = c.agreement !== null && !c.agreement_accepted;
  const buy = (method: 'wallet' | 'provider') => {
    setDone('');
    if (packs < 1 || packs > PACKS_MAX) {
      form.setErrors({ packs: paidServiceText.packs });
      return;
    }
    if (method === 'wallet' && !window.confirm(`从钱包余额支付 ${yuan(amount)}，购买${PAID_SERVICE_NAMES[service]} ${pack_size * packs}${PAID_SERVICE_UNITS[service]}？`)) return;
    void form.submit(write, { service, packs, amount_fen: amount, method, device: checkoutDevice() }, (r) => {
      if (r.checkout_url) nav.assign(r.checkout_url);
      else setDone(`已购买：${PAID_SERVICE_NAMES[service]} ${pack_size * packs}${PAID_SERVICE_UNITS[service]}（${r.purchase_no}），已立即生效`);
    });
  };
  const id = `buy-${service}-packs`;
  return (
    <article className="card service-pack" aria-label={PAID_SERVICE_NAMES[service]}>
      <h3>{PAID_SERVICE_NAMES[service]}</h3>
      <p>每包 {pack_size}{PAID_SERVICE_UNITS[service]}，<PackPrice p={product} /></p>
      {product.promotion && <p className="service-promo">限时促销“{product.promotion.name}”，{formatChina(product.promotion.end_at, 'YYYY-MM-DD HH:mm')} 结束</p>}
      <form onSubmit={(e) => { e.preventDefault(); buy('wallet'); }}>
        <Field id={id} label="购买包数" error={form.errors.packs} hint={`1 至 ${PACKS_MAX} 包；合计 ${yuan(amount)}`}>
          <InputText id={id} inputMode="numeric" value={form.values.packs} onChange={(e) => form.set('packs', e.target.value)} autoComplete="off" />
        </Field>
        <div className="service-pack-buttons">
          <Button type="submit" icon="pi pi-wallet" label="钱包余额支付" loading={form.busy} disabled={form.busy || blocked || amount > c.wallet_available_fen}
            aria-label={`用钱包余额购买${PAID_SERVICE_NAMES[service]}`} />
          <Button type="button" outlined icon="pi pi-credit-card" label="在线支付" disabled={form.busy || blocked} onClick={() => buy('provider')}
            aria-label={`在线支付购买${PAID_SERVICE_NAMES[service]}`} />
        </div>
        {amount > c.wallet_available_fen && <p className="muted">可用余额 {yuan(c.wallet_available_fen)} 不足，请先<Link to="/backend/accounting/wallet">充值</Link>或在线支付</p>}
        {(form.formError || form.errors.amount_fen || form.errors.service) && <div className="form-error" role="alert">{form.formError || form.errors.amount_fen || form.errors.service}</div>}
        {done && <p className="service-ok" role="status">{done}</p>}
      </form>
    </article>
  );
}

export function ServicePage({ search, onSearch, purchase }: { search: ListSearch; onSearch: (s: ListSearch) => void; purchase?: string }) {
  const q = useQuery(catalogueQuery());
  if (q.isPending) return <section className="card" aria-busy="true">正在加载…</section>;
  if (q.isError) return <section className="card" role="alert">{failure(q.error)}</section>;
  const c = q.data;
  const s = c.standing;
  const def: ListDef<PaidServicePurchase, ReturnType<typeof serviceKeys.purchases>, AnswerOf<'paidServicePurchases'>> = {
    title: '购买记录',
    filters: [],
    query: (x) => purchasesQuery({ page_number: x.page ?? 1, page_size: x.size ?? 50 }),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.purchase_no,
    columns: [
      { key: 'at', header: '时间', width: '9rem', cell: (r) => formatChina(r.created_at, 'YYYY-MM-DD HH:mm') },
      { key: 'service', header: '服务', width: '7rem', cell: (r) => PAID_SERVICE_NAMES[r.service] },
      { key: 'units', header: '数量', width: '5rem', num: true, cell: (r) => `${r.units}${PAID_SERVICE_UNITS[r.service]}` },
      { key: 'amount', header: '金额', width: '7rem', num: true, cell: (r) => yuan(r.amount_fen) },
      { key: 'method', header: '支付方式', width: '6rem', priority: 2, cell: (r) => PAID_SERVICE_METHODS[r.method] },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => PAID_SERVICE_STATES[r.state] },
      { key: 'no', header: '单号', width: '12rem', priority: 3, cell: (r) => r.purchase_no },
    ],
    empty: () => '还没有购买记录。在上方选择服务包购买后，会列在这里。',
  };
  return (
    <div className="service-page">
      <section className="card" aria-label="我的额度">
        <h2>购买服务 <small className="muted">{c.company_name} · {c.level_name}</small></h2>
        {purchase && <div className="service-outcome" role="status">购买单 {purchase}：支付完成后额度立即生效，见下方购买记录的状态。</div>}
        <dl className="service-standing">
          <div><dt>员工</dt><dd>{s.user.have} / {s.user.limit} 人<small className="muted">（等级 {s.user.level_limit} + 已购 {s.user.bought}）</small></dd></div>
          <div><dt>今日库存查询</dt><dd>{s.stock.per_day < 0 ? '不限' : `${s.stock.used_today} / ${s.stock.per_day} 次`}<small className="muted">（已购剩余 {s.stock.remaining} 次）</small></dd></div>
          <div><dt>今日报价</dt><dd>{s.quote.per_day === null ? `已报 ${s.quote.used_today} 次，不限` : `已报 ${s.quote.used_today} 次，免费剩余 ${s.quote.free_left ?? 0} / ${s.quote.per_day} 次`}<small className="muted">（已购剩余 {s.quote.remaining} 次）</small></dd></div>
          <div><dt>平台质保</dt><dd>{s.warranty.active ? `质保中，至 ${formatChina(s.warranty.until, 'YYYY-MM-DD')}` : s.warranty.until > 0 ? `已于 ${formatChina(s.warranty.until, 'YYYY-MM-DD')} 到期` : '未购买'}{s.warranty.months > 0 && <small className="muted">（买家收货后 {s.warranty.months} 个月内可就质量问题申请售后）</small>}</dd></div>
          <div><dt>VIN 解析</dt><dd>{s.vin.unlimited ? '会员期内不限' : `剩余 ${s.vin.available} 次`}<small className="muted">（累计 {s.vin.bought} 次）</small></dd></div>
          <div><dt>钱包可用余额</dt><dd>{yuan(c.wallet_available_fen)}</dd></div>
        </dl>
        <p className="muted">员工名额购买后长期有效；库存查询次数在每日免费次数用完后按次使用，不过期；VIN 解析次数计入已购次数；报价包在每日免费报价次数用完后按次使用，不过期；平台质保按月购买，从现在或未到期的结束日起延长，质保期内您的商品和店铺带“质保”标记。会员套餐请到<Link to="/pay/package">会员中心</Link>购买。</p>
        {c.demo_payment && <div className="muted">演示支付，不会真实扣款</div>}
      </section>
      <Agreement c={c} />
      <div className="service-packs">
        {c.products.length === 0
          ? <section className="card"><p>您的会员等级暂无可购买的服务包。升级会员等级可获得更多额度，请到<Link to="/pay/package">会员中心</Link>查看套餐。</p></section>
          : c.products.map((p) => <Pack key={p.service} c={c} product={p} />)}
      </div>
      <ListPage def={def} search={search} onSearch={onSearch} />
    </div>
  );
}
