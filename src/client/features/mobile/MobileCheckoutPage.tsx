import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import * as v from 'valibot';
import { checkoutPayload, orderText, type Address, type CartGroup } from '../../../shared/contracts';
import { PRODUCT_SOURCE_ON_SALE } from '../../../shared/domain/cart';
import { ORDER_REMARK_MAX } from '../../../shared/domain/orders';
import { ApiError, OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { cartKeys, cartListQuery } from '../cart/queries';
import { loadDraft, saveDraft, type CheckoutDraft } from '../orders/checkout-draft';
import { useSubmitCheckout } from '../orders/mutations';
import { addressListQuery } from '../address/queries';
import { LineChangeNotice, PRICE_NOT_ACCEPTED, useLineChanges } from '../orders/LineChangeNotice';
import { MobilePage } from './MobilePage';
import { useCheckoutVouchers, VoucherChoice } from '../voucher/VoucherChoice';
import { FullReductionLine, reductionOf, reductionTotal } from '../cart/FullReductionLine';
import { mark, useLang, useT } from '../../i18n/lang';
import { formatNumber } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';

type FieldName = 'contact_name' | 'contact_phone' | 'address';
const FIELDS: FieldName[] = ['contact_name', 'contact_phone', 'address'];
const LABEL: Record<FieldName, string> = { contact_name: mark('收货人'), contact_phone: mark('联系电话'), address: mark('收货地址') };
const fieldError = (name: FieldName, value: string) => {
  const r = v.safeParse(checkoutPayload.entries[name], value);
  return r.success ? '' : r.issues[0].message;
};
const chosenGroups = (groups: CartGroup[]) =>
  groups.map((g) => ({ ...g, items: g.items.filter((i) => i.checked && i.productSource === PRODUCT_SOURCE_ON_SALE) })).filter((g) => g.items.length > 0);
const same = (a: Address, d: CheckoutDraft) => a.contact_name === d.contact_name.trim() && a.contact_phone === d.contact_phone.trim() && a.address === d.address.trim();

/**
 * 确认订单 (/ofo/createOrder): the ticked lines per seller at the server's prices, the delivery
 * address picked from the company's address book (the default one to start with; a new one can be
 * typed), a remark per seller and 提交订单. The same draft, Idempotency-Key and checks as the
 * desktop checkout: a price that changed since the cart was read refuses the order and says so.
 */
export function MobileCheckoutPage() {
  const t = useT();
  const lang = useLang();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const q = useQuery(cartListQuery());
  const book = useQuery(addressListQuery());
  const queryClient = useQueryClient();
  const submitCheckoutNow = useSubmitCheckout();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CheckoutDraft>(() => loadDraft(user.uuid));
  const [typing, setTyping] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => saveDraft(user.uuid, draft), [user.uuid, draft]);
  const shownLines = useMemo(() => (q.data ? chosenGroups(q.data.groups).flatMap((g) => g.items) : undefined), [q.data]);
  const watch = useLineChanges(draft, setDraft, shownLines);
  // vouchers: the best per seller order, or the buyer's choice (docs/vouchers.md)
  const shownIds = useMemo(() => (shownLines ?? []).map((i) => i.id), [shownLines]);
  const vouchers = useCheckoutVouchers(shownIds, '配件产品');
  // an empty form starts from the default address
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || !book.data) return;
    filled.current = true;
    if (draft.contact_name || draft.contact_phone || draft.address) return;
    const d = book.data.find((a) => a.is_default) ?? book.data[0];
    if (d) setDraft((x) => ({ ...x, contact_name: d.contact_name, contact_phone: d.contact_phone, address: d.address }));
    else setTyping(true);
  }, [book.data, draft]);

  if (q.isPending) return <MobilePage title={t('确认订单')} back="/ofo/cart"><div className="m-card" aria-busy="true">{t('正在加载…')}</div></MobilePage>;
  if (q.isError) return <MobilePage title={t('确认订单')} back="/ofo/cart"><p className="m-alert" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可以结算') : <Refusal text={q.error.message} />}</p></MobilePage>;
  const groups = chosenGroups(q.data.groups);
  if (groups.length === 0) {
    return (
      <MobilePage title={t('确认订单')} back="/ofo/cart">
        <div className="m-card m-empty"><i className="pi pi-shopping-cart" />{t('购物车中没有勾选的可购买配件')}<br /><Link to="/ofo/cart" className="m-link">{t('返回购物车')}</Link></div>
      </MobilePage>
    );
  }
  const lines = groups.flatMap((g) => g.items);
  // 满减 per seller order first, then vouchers on what is left (docs/activities.md "满减")
  const total = lines.reduce((s, i) => s + i.amount, 0) - reductionTotal(groups) - vouchers.discountTotal;
  const saved = book.data ?? [];
  const picked = saved.find((a) => same(a, draft));
  const showForm = typing || (!picked && saved.length === 0) || (!picked && !!(draft.contact_name || draft.address));

  const pick = (a: Address) => {
    setTyping(false);
    setErrors({});
    setDraft((d) => ({ ...d, contact_name: a.contact_name, contact_phone: a.contact_phone, address: a.address }));
  };
  const set = (name: FieldName, value: string) => {
    setDraft((d) => ({ ...d, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: fieldError(name, value) }));
  };

  const submit = async () => {
    const found: typeof errors = {};
    for (const f of FIELDS) {
      const e = fieldError(f, draft[f]);
      if (e) found[f] = e;
    }
    setErrors(found);
    setFailure('');
    if (watch.priceChanged) {
      setFailure(PRICE_NOT_ACCEPTED);
      return;
    }
    const longRemark = groups.find((g) => (draft.remarks[g.companyId] ?? '').length > ORDER_REMARK_MAX);
    if (longRemark) return setFailure(`${longRemark.companyName}：${orderText.remark}`);
    if (Object.keys(found).length > 0) {
      setTyping(true);
      return;
    }
    setBusy(true);
    try {
      const answer = await submitCheckoutNow.mutateAsync({
        userUuid: user.uuid, draft, lineIds: lines.map((i) => i.id), totalFen: total, typeCode: '配件产品', sellerIds: groups.map((g) => g.companyId),
        vouchers: vouchers.payload,
      });
      await navigate({ to: '/ofo/purchase/order', search: { no: answer.checkout_no } });
    } catch (e) {
      if (e instanceof OfflineError) setFailure(t('当前离线，订单未提交；填写的内容已保存，联网后再点提交订单'));
      else if (e instanceof ApiError && e.field && (FIELDS as string[]).includes(e.field)) {
        setTyping(true);
        setErrors({ [e.field]: e.message });
      } else {
        setFailure(e instanceof Error ? e.message : String(e));
        // prices, stock or the ticks changed: the page shows the cart as it is now before another try
        void queryClient.invalidateQueries({ queryKey: cartKeys.all() });
        vouchers.refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <MobilePage title={t('确认订单')} back="/ofo/cart">
      <section className="m-card" aria-label={t('收货地址')}>
        <div className="m-spread"><h2 style={{ margin: 0 }}>{t('收货地址')}</h2><Link to="/ofo/address" className="m-link">{t('管理地址')}</Link></div>
        {saved.map((a) => (
          <label key={a.id} className="m-address" data-testid="checkout-address">
            <input type="radio" name="address" checked={!typing && picked?.id === a.id} onChange={() => pick(a)} aria-label={`${a.contact_name} ${a.address}`} />
            <span className="m-address-text"><span data-user-text><strong>{a.contact_name}</strong> {a.contact_phone}</span>{a.is_default && <span className="m-tag">{t('默认')}</span>}<br /><span className="m-muted" data-user-text>{a.address}</span></span>
          </label>
        ))}
        {saved.length > 0 && (
          <label className="m-address">
            <input type="radio" name="address" checked={showForm && !(!typing && picked)} onChange={() => { setTyping(true); setDraft((d) => ({ ...d, contact_name: '', contact_phone: '', address: '' })); }} aria-label={t('填写新地址')} />
            <span>{t('填写新地址')}</span>
          </label>
        )}
        {showForm && FIELDS.map((f) => (
          <div key={f} className="m-field">
            <label htmlFor={`m-checkout-${f}`}>{t(LABEL[f])}</label>
            <InputText id={`m-checkout-${f}`} name={f} value={draft[f]} inputMode={f === 'contact_phone' ? 'tel' : undefined} maxLength={f === 'address' ? 220 : f === 'contact_phone' ? 20 : 40}
              invalid={!!errors[f]} aria-invalid={!!errors[f]} onChange={(e) => set(f, e.target.value)} onBlur={() => setErrors((x) => ({ ...x, [f]: fieldError(f, draft[f]) }))} />
            {errors[f] && <span className="m-field-error" role="alert"><Refusal text={errors[f]} /></span>}
          </div>
        ))}
      </section>
      {groups.map((g) => (
        <section key={g.companyId} className="m-card" aria-label={t('卖家 {{name}}', { name: g.companyName })} data-testid="checkout-group">
          <div className="m-spread"><strong data-user-text>{g.companyName}</strong><span className="m-muted">{t('小计')} <Price fen={g.items.reduce((s, i) => s + i.amount, 0) - reductionOf(g) - vouchers.discountOf(g.companyId)} /></span></div>
          {g.items.map((i) => (
            <div key={i.id} className="m-spread" data-testid="checkout-line" style={{ padding: '6px 0', borderTop: '1px solid #f1f5f9' }}>
              <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}><span data-user-text>{i.supplierOe} {i.name}</span><br /><small className="m-muted">{i.price !== null && <Price fen={i.price} />} × {formatNumber(lang, i.qty)} · {i.isIncludeTaxProduct ? t('含税') : t('不含税')}</small></span>
              <Price fen={i.amount} />
            </div>
          ))}
          <FullReductionLine group={g} />
          <VoucherChoice group={vouchers.groupOf(g.companyId)} sellerName={g.companyName} vouchers={vouchers} />
          <InputTextarea rows={1} autoResize value={draft.remarks[g.companyId] ?? ''} maxLength={ORDER_REMARK_MAX + 20} placeholder={t('买家留言（选填）')} aria-label={t('给 {{name}} 的留言', { name: g.companyName })} style={{ width: '100%' }}
            onChange={(e) => setDraft((d) => ({ ...d, remarks: { ...d.remarks, [g.companyId]: e.target.value } }))} />
        </section>
      ))}
      <p className="m-muted" style={{ margin: 0 }}>{t('共 {{sellers}} 个卖家、{{parts}} 种配件，将生成 {{orders}} 个订单。卖家确认后按约定线下付款。', { sellers: groups.length, parts: lines.length, orders: groups.length })}</p>
      <LineChangeNotice className="m-card checkout-changes" changes={watch.changes} onAccept={() => { watch.accept(); setFailure(''); }} />
      {failure && <p className="m-alert" role="alert"><Refusal text={failure} /></p>}
      <div className="m-checkout-bar">
        <span className="m-total">{t('应付')} <span className="m-price" data-testid="checkout-total"><Price fen={total} /></span></span>
        <Button type="button" label={t('提交订单')} icon="pi pi-check" loading={busy} disabled={!vouchers.ready} onClick={() => void submit()} />
      </div>
    </MobilePage>
  );
}
