/**
 * 越南商城 (/vnmall; docs/overseas.md "The Vietnam mall"): a Vietnamese company's search, cart and
 * checkout in whole dong, in the reader's language (docs/i18n.md): the server's refusals, some
 * written Chinese and Vietnamese side by side for API callers, through <Refusal>. Only what sellers offered in the mall is found; prices
 * are at the day's rate, with a service charge per seller order and a delivery term chosen at
 * checkout. When the total changed since the page showed it (a new rate), the server refuses, the
 * page shows the new total and the buyer places the order only by confirming it.
 */
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ApiError } from '../../api/request';
import { errorText } from '../../ui/form/form';
import { Field } from '../../ui/form/Field';
import { DELIVERY_TERM_ZH, DELIVERY_TERMS, dongText, type DeliveryTerm } from '../../../shared/domain/vn-mall';
import { mark, useLang, useT, type Lang } from '../../i18n/lang';

type Translate = ReturnType<typeof useT>;
import { formatVnd } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { vnCartQuery, vnKeys, vnSearchQuery } from './queries';
import { useVnCartAdd, useVnCartQty, useVnCartRemove, useVnCheckout } from './mutations';
import type { VnOffer } from './types';
import { VnOrdersPanel } from './VnOrdersPanel';
import './vnmall.css';
import { TRANSLATION_MAX_IDS } from '../../../shared/contracts/translation';
import { useTranslations } from '../translation/queries';
import { TranslatedLine } from '../translation/TranslatedLine';

/** Whole dong as the reader writes them: `₫ 1.250.000` in Vietnamese, `₫1,250,000` in Chinese. */
const dong = (lang: Lang, n: number) => (lang === 'vi' ? formatVnd(n) : dongText(n));

/** A service-charge band as the server words it (domain/vn-mall.ts bandText), again in the reader's language. */
const BAND = /^₫([\d,]+) – (不限|₫[\d,]+)：(?:固定 ₫([\d,]+)|([\d.]+)%)$/;
const num = (s: string) => Number(s.replace(/[₫,]/g, ''));
const bandIn = (t: Translate, lang: Lang, text: string) => {
  const m = BAND.exec(text);
  if (lang === 'zh' || !m) return text;
  const max = m[2] === '不限' ? t('不限') : dong(lang, num(m[2]));
  const value = m[3] !== undefined ? t('固定 {{amount}}', { amount: dong(lang, num(m[3])) }) : `${m[4].replace('.', ',')}%`;
  return `${dong(lang, num(m[1]))} – ${max}: ${value}`;
};

type Note = { added: string; qty: number } | { refusal: string };

function ResultRow({ o, onAdded, names }: { o: VnOffer; onAdded: (note: Note) => void; names: ReadonlyMap<string, string> }) {
  const t = useT();
  const lang = useLang();
  const [qty, setQty] = useState('1');
  const add = useVnCartAdd();
  const put = async () => {
    const n = Number(qty);
    if (!/^\d{1,4}$/.test(qty) || n < 1) return onAdded({ refusal: t('数量须为1到9999之间的整数') });
    try {
      await add.mutateAsync({ stock_id: o.stock_id, qty: n });
      onAdded({ added: o.supplier_oe, qty: n });
    } catch (e) {
      onAdded({ refusal: errorText(e) });
    }
  };
  return (
    <tr>
      <td data-user-text><strong>{o.supplier_oe}</strong><div>{o.name}</div><TranslatedLine text={o.name} lines={names} /></td>
      <td data-user-text className="vn-hide-narrow">{o.brand_name || '—'}<div className="muted">{o.make_name}</div></td>
      <td data-user-text className="vn-hide-narrow">{o.seller_company_name}</td>
      <td className="num"><strong>{dong(lang, o.vn_price)}</strong></td>
      <td className="num">{o.vn_quantity}</td>
      <td className="vn-add">
        <InputText aria-label={t('数量 {{oe}}', { oe: o.supplier_oe })} value={qty} inputMode="numeric" onChange={(e) => setQty(e.target.value)} />
        <Button type="button" icon="pi pi-cart-plus" label={t('加入')} size="small" loading={add.isPending} onClick={() => void put()} aria-label={t('加入购物车 {{oe}}', { oe: o.supplier_oe })} />
      </td>
    </tr>
  );
}

export function VnMallPage() {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [note, setNote] = useState<Note | null>(null);
  const search = useQuery(vnSearchQuery({ keyword, page_number: 1 }));
  // the names in the page's language, after the rows (docs/i18n.md, "Translated lines")
  const rows = search.data?.data ?? [];
  const names = useTranslations('vn_offer', rows.map((o) => o.stock_id), rows.map((o) => o.name));
  const cart = useQuery(vnCartQuery());
  const c = cart.data;
  return (
    <div className="vn-mall">
      <div className="vn-head">
        <h1>{t('越南商城')}</h1>
        <Link to="/vnwallet" data-testid="vn-wallet-link"><i className="pi pi-wallet" aria-hidden="true" /> {t('越南盾钱包')}</Link>
      </div>
      {c && (c.rate === null
        ? <p className="vn-rate missing" role="alert"><Refusal text={c.problem} /></p>
        : <p className="vn-rate" data-testid="vn-rate">{t('今日汇率（{{day}}）：1 CNY = {{rate}} VND', { day: c.day, rate: c.rate })}</p>)}
      {cart.isError && <p className="field-error" role="alert"><Refusal text={errorText(cart.error)} /></p>}
      <form className="vn-search" onSubmit={(e) => { e.preventDefault(); setKeyword(draft.trim()); }}>
        <InputText aria-label={t('OE号或名称')} placeholder={t('OE号或名称')} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" icon="pi pi-search" label={t('搜索')} />
      </form>
      {note && ('added' in note
        ? <p className="op-status ok" role="status" data-testid="vn-note">{t('已加入购物车：')}<span data-user-text>{note.added}</span> × {note.qty}</p>
        : <p className="op-status error" role="alert" data-testid="vn-note"><Refusal text={note.refusal} /></p>)}
      <div className="vn-mall-grid">
        <section aria-label={t('搜索结果')}>
          {keyword === '' && <p className="muted">{t('输入OE号或配件名称搜索越南商城的商品')}</p>}
          {search.isError && <p className="field-error" role="alert"><Refusal text={errorText(search.error)} /></p>}
          {search.data && search.data.data.length === 0 && <p className="muted" data-testid="vn-no-results">{t('越南商城没有找到“{{keyword}}”，换个OE号或名称试试', { keyword })}</p>}
          {search.data && search.data.data.length > 0 && (
            <div className="vn-table-wrap">
              <table className="vn-table" data-testid="vn-results">
                <thead><tr><th>{t('OE号 / 名称')}</th><th className="vn-hide-narrow">{t('品牌')}</th><th className="vn-hide-narrow">{t('卖家')}</th><th>{t('价格')}</th><th>{t('可售')}</th><th>{t('购买数量')}</th></tr></thead>
                <tbody>{search.data.data.map((o) => <ResultRow key={o.stock_id} o={o} names={names} onAdded={setNote} />)}</tbody>
              </table>
            </div>
          )}
        </section>
        <CartPanel />
      </div>
      <VnOrdersPanel />
    </div>
  );
}

function CartPanel() {
  const t = useT();
  const lang = useLang();
  const queryClient = useQueryClient();
  const cart = useQuery(vnCartQuery());
  const setQty = useVnCartQty();
  const remove = useVnCartRemove();
  const checkout = useVnCheckout();
  const [term, setTerm] = useState<DeliveryTerm | ''>('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState('');
  const [placed, setPlaced] = useState<{ nos: string[]; total: number } | null>(null);
  const key = useRef(crypto.randomUUID());
  const c = cart.data;
  // the lines' names under them in the reader's language (docs/i18n.md, "Translated lines"), at most one call's ids
  const cartLines = (c?.groups ?? []).flatMap((g) => g.lines).slice(0, TRANSLATION_MAX_IDS);
  const names = useTranslations('vn_offer', cartLines.map((l) => l.stock_id), cartLines.map((l) => l.name));
  if (!c) return <aside className="vn-cart" aria-label={t('购物车')}><h2>{t('购物车')}</h2></aside>;
  const lines = c.groups.flatMap((g) => g.lines);
  // a field's refusal goes once the buyer changes it
  const clear = (field: string) => setErrors((e) => (field in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e));
  const blocked = lines.some((l) => l.problem) || c.rate === null;

  const place = async () => {
    const e: Record<string, string> = {};
    // the page's own checks as Chinese texts, shown like the server's refusals (through <Refusal>)
    if (!term) e.delivery_term = mark('请选择交货方式');
    if (!name.trim()) e.contact_name = mark('请填写收货人');
    if (!phone.trim()) e.contact_phone = mark('请填写联系电话');
    if (address.trim().length < 5) e.address = mark('收货地址须为5到100个字符');
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      const r = await checkout.mutateAsync({
        payload: { expected_total_dong: c.total_dong, delivery_term: term as DeliveryTerm, contact_name: name, contact_phone: phone, address },
        idempotencyKey: key.current,
      });
      key.current = crypto.randomUUID();
      setChanged('');
      setPlaced({ nos: r.orders.map((o) => o.order_no), total: r.total_dong });
    } catch (err) {
      if (err instanceof ApiError && err.field === 'expected_total_dong') {
        // the rate or a price changed: read the cart again, show the new total, and wait for the buyer's confirmation
        setChanged(errorText(err));
        await queryClient.invalidateQueries({ queryKey: vnKeys.cart() });
        return;
      }
      setErrors({ [err instanceof ApiError && err.field ? err.field : 'form']: errorText(err) });
    }
  };

  return (
    <aside className="vn-cart" aria-label={t('购物车')} data-testid="vn-cart">
      <h2>{t('购物车')}</h2>
      {placed && <p className="op-status ok" role="status" data-testid="vn-placed">{t('已下单：{{orders}}，应付 {{total}}', { orders: placed.nos.join(lang === 'vi' ? ', ' : '、'), total: dong(lang, placed.total) })}</p>}
      {lines.length === 0 && !placed && <p className="muted">{t('购物车是空的：搜索商品后点“加入”')}</p>}
      {c.groups.map((g) => (
        <div key={g.seller_company_id} className="vn-cart-group">
          <h3 data-user-text>{g.seller_company_name}</h3>
          {g.lines.map((l) => (
            <div key={l.id} className="vn-cart-line">
              <div><div data-user-text><strong>{l.supplier_oe}</strong> {l.name}<TranslatedLine text={l.name} lines={names} /></div>{l.problem && <div className="vn-problem"><Refusal text={l.problem} /></div>}</div>
              <div className="vn-cart-qty">
                <InputText aria-label={t('数量 {{oe}}', { oe: l.supplier_oe })} defaultValue={String(l.qty)} inputMode="numeric"
                  onBlur={(e) => { const n = Number(e.target.value); if (Number.isInteger(n) && n >= 1 && n !== l.qty) setQty.mutate({ id: l.id, qty: n }); }} />
                <span className="num">{l.vn_price === null ? '—' : dong(lang, l.amount_dong)}</span>
                <button type="button" className="linklike" aria-label={t('删除 {{oe}}', { oe: l.supplier_oe })} onClick={() => remove.mutate([l.id])}>{t('删除')}</button>
              </div>
            </div>
          ))}
          <div className="vn-cart-sum">
            <span>{t('货款')} {dong(lang, g.goods_dong)}</span>
            <span>{t('服务费')} {dong(lang, g.service_dong)}{g.service_rule && <small className="muted"> ({bandIn(t, lang, g.service_rule)})</small>}</span>
          </div>
        </div>
      ))}
      {lines.length > 0 && (
        <>
          <p className="vn-total">{t('应付总额')} <strong data-testid="vn-total">{dong(lang, c.total_dong)}</strong></p>
          {changed && <p className="vn-changed" role="alert" data-testid="vn-changed"><Refusal text={changed} /></p>}
          <div className="vn-checkout">
            <div className="field form-field" role="radiogroup" aria-label={t('交货方式')}>
              <label>{t('交货方式')}</label>
              {DELIVERY_TERMS.map((d) => (
                // i18n-dynamic: DELIVERY_TERM_ZH
                <label key={d} className="vn-term"><input type="radio" name="vn-term" checked={term === d} onChange={() => { setTerm(d); clear('delivery_term'); }} /> {t(DELIVERY_TERM_ZH[d])}</label>
              ))}
              {errors.delivery_term && <div className="field-error" role="alert"><Refusal text={errors.delivery_term} /></div>}
            </div>
            <Field id="vn-name" label={t('收货人')} required error={errors.contact_name}>
              <InputText id="vn-name" value={name} onChange={(e) => { setName(e.target.value); clear('contact_name'); }} />
            </Field>
            <Field id="vn-phone" label={t('联系电话')} required error={errors.contact_phone}>
              <InputText id="vn-phone" value={phone} inputMode="tel" onChange={(e) => { setPhone(e.target.value); clear('contact_phone'); }} />
            </Field>
            <Field id="vn-address" label={t('收货地址')} required error={errors.address}>
              <InputText id="vn-address" value={address} onChange={(e) => { setAddress(e.target.value); clear('address'); }} />
            </Field>
            {errors.form && <p className="field-error" role="alert"><Refusal text={errors.form} /></p>}
            <Button type="button" icon="pi pi-check" disabled={blocked} loading={checkout.isPending} onClick={() => void place()}
              label={changed ? t('确认新总额并下单 {{total}}', { total: dong(lang, c.total_dong) }) : t('下单 {{total}}', { total: dong(lang, c.total_dong) })} />
          </div>
        </>
      )}
    </aside>
  );
}
