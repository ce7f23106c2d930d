import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import * as v from 'valibot';
import { checkoutPayload, type CartGroup } from '../../../shared/contracts';
import { PRODUCT_SOURCE_ON_SALE } from '../../../shared/domain/cart';
import { ORDER_REMARK_MAX } from '../../../shared/domain/orders';
import { chargedColumnLabel } from '../../../shared/domain/prices';
import { ApiError, OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { cartKeys, cartListQuery, typeOfKind, type CartKind } from '../cart/queries';
import { clearDraft, loadDraft, saveDraft, type CheckoutDraft } from './checkout-draft';
import { useCheckoutWrite } from './mutations';
import { AddressBookPicker } from './AddressBookPicker';
import { FreeDeliveryLine } from './FreeDeliveryLine';
import { CreditChoice } from '../customer/CreditChoice';
import { LineChangeNotice, PRICE_NOT_ACCEPTED, useLineChanges } from './LineChangeNotice';
import { useCheckoutVouchers, VoucherChoice } from '../voucher/VoucherChoice';
import { FullReductionLine, reductionOf, reductionTotal } from '../cart/FullReductionLine';
import { useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import '../../ui/form/form.css';
import '../cart/cart.css';
import './orders.css';

type FieldName = 'contact_name' | 'contact_phone' | 'address';
const FIELDS: string[] = ['contact_name', 'contact_phone', 'address'];

/** The first problem of a field, with the server's own rule (the same schema). */
const fieldError = (name: FieldName, value: string) => {
  const r = v.safeParse(checkoutPayload.entries[name], value);
  return r.success ? '' : r.issues[0].message;
};

/** Only what is ticked and on sale goes into the orders, grouped by seller as in the cart. */
const chosenGroups = (groups: CartGroup[]) =>
  groups.map((g) => ({ ...g, items: g.items.filter((i) => i.checked && i.productSource === PRODUCT_SOURCE_ON_SALE) })).filter((g) => g.items.length > 0);

/** The sellers whose remark is sent (not empty), in payload order: a refused remark's index is its place here. */
const remarkSellers = (groups: CartGroup[], draft: CheckoutDraft) => groups.map((g) => g.companyId).filter((id) => (draft.remarks[id] ?? '').trim() !== '');

/**
 * 确认订单 (/cart/order/create): the ticked lines per seller with the server's prices, the delivery
 * contact and address, a remark per seller, and 提交订单. A form of the form kit (docs/architecture.md,
 * "Forms"): checked with the call's schema before sending, a refusal under its field. Everything
 * typed is kept in the tab's draft (sessionStorage, checkout-draft.ts) with its Idempotency-Key,
 * through refusals and reloads; one order per seller is placed.
 */
export function CheckoutPage({ kind = 'stock' }: { kind?: CartKind }) {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const q = useQuery(cartListQuery(typeOfKind(kind)));
  const queryClient = useQueryClient();
  const checkoutWrite = useCheckoutWrite();
  const navigate = useNavigate();
  const form = useForm<CheckoutDraft>(() => loadDraft(user.uuid), {
    idPrefix: 'checkout-', offline: t('当前离线，订单未提交；填写的内容已保存，联网后再点提交订单'),
  });
  const { values: draft, setValues: setDraft, errors, setErrors } = form;
  /** the sellers whose order goes on 账期 (docs/customers.md "Credit terms") */
  const [credit, setCredit] = useState<number[]>([]);

  useEffect(() => saveDraft(user.uuid, draft), [user.uuid, draft]);
  const shownLines = useMemo(() => (q.data ? chosenGroups(q.data.groups).flatMap((g) => g.items) : undefined), [q.data]);
  const watch = useLineChanges(draft, setDraft, shownLines);
  // vouchers: the best per seller order, or the buyer's choice (docs/vouchers.md)
  const shownIds = useMemo(() => (shownLines ?? []).map((i) => i.id), [shownLines]);
  const vouchers = useCheckoutVouchers(shownIds, typeOfKind(kind));

  const pickAddress = useCallback((a: { contact_name: string; contact_phone: string; address: string }) => {
    setDraft((d) => ({ ...d, contact_name: a.contact_name, contact_phone: a.contact_phone, address: a.address }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !FIELDS.includes(k))));
  }, [setDraft, setErrors]);

  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载…')}</div>;
  if (q.isError) return <div className="card" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可以结算') : <Refusal text={q.error.message} />}</div>;
  const groups = chosenGroups(q.data.groups);
  if (groups.length === 0) {
    return (
      <section className="card cart-empty" aria-label={t('确认订单')}>
        <i className="pi pi-shopping-cart" />
        <p>{t('购物车中没有勾选的可购买配件')}</p>
        <Link to="/cart" search={{ kind }}>{t('返回购物车')}</Link>
      </section>
    );
  }
  const lines = groups.flatMap((g) => g.items);
  const goods = lines.reduce((s, i) => s + i.amount, 0);
  // 满减 per seller order first, then vouchers on what is left (docs/activities.md "满减")
  const reduced = reductionTotal(groups);
  const total = goods - reduced - vouchers.discountTotal;
  const sent = remarkSellers(groups, draft);
  /** the remark's field name: its place among the sent remarks, as the schema and the server name it */
  const remarkField = (companyId: number) => (sent.includes(companyId) ? `remarks.${sent.indexOf(companyId)}.remark` : `remark-${companyId}`);

  const submit = async () => {
    if (watch.priceChanged) {
      setErrors({});
      form.setFormError(t(PRICE_NOT_ACCEPTED));
      return;
    }
    await form.submit(checkoutWrite, {
      cart_ids: lines.map((i) => i.id), expected_total_fen: total, type_code: typeOfKind(kind),
      contact_name: draft.contact_name, contact_phone: draft.contact_phone, address: draft.address,
      remarks: sent.map((id) => ({ company_id: id, remark: draft.remarks[id] ?? '' })),
      credit_sellers: credit.filter((id) => groups.some((g) => g.companyId === id)),
      vouchers: vouchers.payload,
    }, async (answer) => {
      clearDraft(user.uuid);
      await navigate({ to: '/cart/order/complete', search: { checkout: answer.checkout_no } });
    }, {
      key: draft.key,
      refused: (e) => {
        // prices, stock or the ticks changed: show the cart as it is now
        if (!(e instanceof OfflineError) && !(e instanceof ApiError && e.field && FIELDS.includes(e.field))) {
          void queryClient.invalidateQueries({ queryKey: cartKeys.all() });
          vouchers.refetch();
        }
      },
    });
  };

  /** a field says what is wrong as soon as it is left, with the same rule */
  const blurred = (f: FieldName) => () => {
    const text = fieldError(f, draft[f]);
    setErrors((x) => {
      const { [f]: _was, ...rest } = x;
      return text ? { ...rest, [f]: text } : rest;
    });
  };

  return (
    <form className="checkout-page" aria-label={t('确认订单')} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <section className="card">
        <h2 className="orders-title">{t('收货信息')}</h2>
        <AddressBookPicker current={draft} onPick={pickAddress} />
        <div className="checkout-form">
          <Field id={form.idOf('contact_name')} label={t('收货人')} required error={errors.contact_name}>
            <InputText {...form.text('contact_name')} maxLength={40} onBlur={blurred('contact_name')} />
          </Field>
          <Field id={form.idOf('contact_phone')} label={t('联系电话')} required hint={t('11位手机号或带区号的座机，如 020-12345678')} error={errors.contact_phone}>
            <InputText {...form.text('contact_phone')} maxLength={20} inputMode="tel" onBlur={blurred('contact_phone')} />
          </Field>
          <Field id={form.idOf('address')} label={t('收货地址')} required hint={t('省、市、区县和详细地址')} error={errors.address}>
            <InputText {...form.text('address')} maxLength={220} onBlur={blurred('address')} />
          </Field>
        </div>
      </section>

      {groups.map((g) => (
        <section key={g.companyId} className="card" aria-label={t('卖家 {{companyName}}', { companyName: g.companyName })} data-testid="checkout-group">
          <div className="cart-group-head">
            <strong data-user-text>{g.companyName}</strong>
            <span className="muted">{t('发货地：')}<span data-user-text>{g.deliveryArea || '—'}</span></span>
            <span className="muted" style={{ marginLeft: 'auto' }}>{t('本单小计')} <Price fen={g.items.reduce((s, i) => s + i.amount, 0) - reductionOf(g) - vouchers.discountOf(g.companyId)} /></span>
          </div>
          <div className="table-scroll">
            <table className="cart-lines">
            <thead>
              <tr><th>{t('配件')}</th><th style={{ width: '10rem' }}>{t('品牌 / 品质')}</th><th className="num" style={{ width: '9rem' }}>{t('单价')}</th><th className="num" style={{ width: '5rem' }}>{t('数量')}</th><th style={{ width: '5rem' }}>{t('含税')}</th><th className="num" style={{ width: '8rem' }}>{t('金额')}</th></tr>
            </thead>
            <tbody>
              {g.items.map((i) => (
                <tr key={i.id} data-testid="checkout-line">
                  <td className="cart-part"><span data-user-text>{i.supplierOe} {i.name}</span><small>{t('库存')} {i.stockQty} <span data-user-text>{i.uomName}</span></small></td>
                  <td data-testid="line-brand"><span data-user-text>{i.brandName || '—'}</span><small className="muted" style={{ display: 'block' }}>{i.isOriginal ? <Tag value={t('原厂件')} severity="success" /> : <span data-user-text>{i.qualityName}</span>}</small></td>
                  <td className="num">{i.price !== null && <Price fen={i.price} />}{i.priceColumn && <small className="muted" style={{ display: 'block' }}>{t(chargedColumnLabel(i.priceColumn))}</small>}</td>
                  <td className="num">{i.qty}</td>
                  <td>{i.isIncludeTaxProduct ? t('含税') : t('不含税')}</td>
                  <td className="num"><Price fen={i.amount} /></td>
                </tr>
              ))}
            </tbody>
            </table>
          </div>
          <FullReductionLine group={g} />
          <FreeDeliveryLine address={draft.address} amountFen={g.items.reduce((s, i) => s + i.amount, 0) - reductionOf(g) - vouchers.discountOf(g.companyId)} />
          <VoucherChoice group={vouchers.groupOf(g.companyId)} sellerName={g.companyName} vouchers={vouchers} />
          <CreditChoice sellerId={g.companyId} amountFen={g.items.reduce((s, i) => s + i.amount, 0) - reductionOf(g)} checked={credit.includes(g.companyId)}
            onChange={(on) => setCredit((c) => (on ? [...c, g.companyId] : c.filter((x) => x !== g.companyId)))} />
          <div className="checkout-remark">
            <Field id={form.idOf(remarkField(g.companyId))} label={t('买家留言')} error={errors[remarkField(g.companyId)]}>
              <InputTextarea id={form.idOf(remarkField(g.companyId))} rows={1} autoResize value={draft.remarks[g.companyId] ?? ''} maxLength={ORDER_REMARK_MAX + 20} placeholder={t('选填，给 {{companyName}} 的说明（最多{{ORDER_REMARK_MAX}}字）', { companyName: g.companyName, ORDER_REMARK_MAX })}
                aria-label={t('给 {{companyName}} 的留言', { companyName: g.companyName })} invalid={!!errors[remarkField(g.companyId)]}
                onChange={(e) => form.set('remarks', { ...draft.remarks, [g.companyId]: e.target.value })} />
            </Field>
          </div>
        </section>
      ))}

      <LineChangeNotice className="card checkout-changes" changes={watch.changes} onAccept={() => { watch.accept(); form.setFormError(''); }} />
      <section className="card cart-summary" aria-label={t('提交订单')}>
        {form.formError && <span className="checkout-failure" role="alert"><Refusal text={form.formError} /></span>}
        {errors.credit_sellers && <span className="checkout-failure" role="alert"><Refusal text={errors.credit_sellers} /></span>}
        <Link to="/cart" search={{ kind }}>{t('返回购物车修改')}</Link>
        <span>{t('共 {{sellers}} 个卖家、{{parts}} 种配件，将生成 {{orders}} 个订单', { sellers: groups.length, parts: lines.length, orders: groups.length })}</span>
        {reduced > 0 && vouchers.discountTotal === 0 && <span>{t('商品金额')} <Price fen={goods} /></span>}
        {reduced > 0 && <span>{t('满减')} <span className="full-reduction-off" data-testid="checkout-reduction">−<Price fen={reduced} /></span></span>}
        {vouchers.discountTotal > 0 && <span>{t('商品金额')} <Price fen={goods} />{t('，优惠券')} <span className="voucher-off" data-testid="checkout-voucher-total">−<Price fen={vouchers.discountTotal} /></span></span>}
        <span>{t('应付总额：')}<span data-testid="checkout-total"><Price fen={total} /></span></span>
        <Button type="submit" label={t('提交订单')} icon="pi pi-check" loading={form.busy} disabled={!vouchers.ready} />
      </section>
    </form>
  );
}
