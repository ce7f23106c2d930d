import { useCallback } from 'react';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { PRODUCT_SOURCE_ON_SALE } from '../../../shared/domain/cart';
import { chargedColumnLabel } from '../../../shared/domain/prices';
import { SPOT_CONFIRM_MINUTES } from '../../../shared/domain/spot';
import { OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { cartKeys, cartListQuery } from '../cart/queries';
import { loadDraft } from './checkout-draft';
import { useSpotCreateWrite } from './mutations';
import { AddressBookPicker } from './AddressBookPicker';
import { useT } from '../../i18n/lang';
import '../../ui/form/form.css';
import '../cart/cart.css';
import './orders.css';

type Contact = { contact_name: string; contact_phone: string; address: string };

/**
 * 现货下单 (/cart/order/spotCreate, docs/spot-goods.md): the cart lines of the address (`ids`), the
 * delivery contact and address, and 提交现货订单. The server places one spot order per seller if
 * every line is 现货 with enough pieces, and refuses in Chinese otherwise; the seller then has
 * SPOT_CONFIRM_MINUTES to confirm or the order is cancelled by itself. Works on a phone as it is.
 */
export function SpotCheckoutPage({ ids }: { ids: number[] }) {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const q = useQuery(cartListQuery('配件产品'));
  const queryClient = useQueryClient();
  const write = useSpotCreateWrite();
  const navigate = useNavigate();
  const form = useForm<Contact>(() => {
    const d = loadDraft(user.uuid);
    return { contact_name: d.contact_name, contact_phone: d.contact_phone, address: d.address };
  }, { idPrefix: 'spot-', offline: t('当前离线，现货订单未提交，联网后再点提交') });
  const { values, setValues, errors } = form;
  const pickAddress = useCallback((a: Contact) => setValues({ contact_name: a.contact_name, contact_phone: a.contact_phone, address: a.address }), [setValues]);

  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载…')}</div>;
  if (q.isError) return <div className="card" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可以现货下单') : q.error.message}</div>;
  const groups = q.data.groups.map((g) => ({ ...g, items: g.items.filter((i) => ids.includes(i.id)) })).filter((g) => g.items.length > 0);
  const lines = groups.flatMap((g) => g.items);
  if (lines.length === 0) {
    return (
      <section className="card cart-empty" aria-label={t('现货下单')}>
        <p>{t('没有要现货下单的配件。在“现货”搜索结果中点“现货下单”，或返回购物车。')}</p>
        <Link to="/ofo/spotGoods">{t('去找现货')}</Link> · <Link to="/cart">{t('返回购物车')}</Link>
      </section>
    );
  }
  const total = lines.reduce((s, i) => s + i.amount, 0);
  const submit = () => form.submit(write, {
    cart_ids: lines.map((i) => i.id), expected_total_fen: total, ...values, remarks: [],
  }, async (answer) => {
    await navigate({ to: '/cart/order/complete', search: { checkout: answer.checkout_no } });
  }, { refused: (e) => { if (!(e instanceof OfflineError)) void queryClient.invalidateQueries({ queryKey: cartKeys.all() }); } });

  return (
    <form className="checkout-page spot-checkout" aria-label={t('现货下单')} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <section className="card spot-promise" aria-label={t('现货订单说明')}>
        <strong>{t('现货订单')}</strong>
        <span>{t('卖家须在')}{SPOT_CONFIRM_MINUTES}{t('分钟内确认，超时未确认订单自动取消并退回库存；截单前下单今日发，之后明日发。')}</span>
      </section>
      <section className="card">
        <h2 className="orders-title">{t('收货信息')}</h2>
        <AddressBookPicker current={values} onPick={pickAddress} />
        <div className="checkout-form">
          <Field id={form.idOf('contact_name')} label={t('收货人')} required error={errors.contact_name}>
            <InputText {...form.text('contact_name')} maxLength={40} />
          </Field>
          <Field id={form.idOf('contact_phone')} label={t('联系电话')} required hint={t('11位手机号或带区号的座机')} error={errors.contact_phone}>
            <InputText {...form.text('contact_phone')} maxLength={20} inputMode="tel" />
          </Field>
          <Field id={form.idOf('address')} label={t('收货地址')} required hint={t('省、市、区县和详细地址')} error={errors.address}>
            <InputText {...form.text('address')} maxLength={220} />
          </Field>
        </div>
      </section>
      {groups.map((g) => (
        <section key={g.companyId} className="card" aria-label={t('卖家 {{companyName}}', { companyName: g.companyName })}>
          <div className="cart-group-head"><strong>{g.companyName}</strong><span className="muted">{t('发货地：')}{g.deliveryArea || '—'}</span></div>
          <ul className="spot-lines">
            {g.items.map((i) => (
              <li key={i.id} data-testid="spot-line">
                <span className="spot-line-part">{i.supplierOe} {i.name}<small className="muted">{i.brandName} {t('· 库存')} {i.stockQty} {i.uomName}</small></span>
                <span className="num">{i.price !== null && <Price fen={i.price} />}{i.priceColumn && <small className="muted"> {t(chargedColumnLabel(i.priceColumn))}</small>}</span>
                <span className="num">× {i.qty}</span>
                <span className="num"><Price fen={i.amount} /></span>
                {i.productSource !== PRODUCT_SOURCE_ON_SALE && <small className="field-error">{i.unavailableReason}</small>}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="card cart-summary" aria-label={t('提交现货订单')}>
        {form.formError && <span className="checkout-failure" role="alert">{form.formError}</span>}
        <Link to="/cart">{t('数量请在购物车中修改')}</Link>
        <span>{t('应付总额：')}<span data-testid="spot-total"><Price fen={total} /></span></span>
        <Button type="submit" label={t('提交现货订单')} icon="pi pi-bolt" loading={form.busy} />
      </section>
    </form>
  );
}
