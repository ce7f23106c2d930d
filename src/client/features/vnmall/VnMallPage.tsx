/**
 * 越南商城 · Vietnam Mall (/vnmall; docs/overseas.md "The Vietnam mall"): a Vietnamese company's
 * search, cart and checkout in whole dong. Only what sellers offered in the mall is found; prices
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
import { DELIVERY_TERM_LABEL, DELIVERY_TERMS, dongText, type DeliveryTerm } from '../../../shared/domain/vn-mall';
import { vnCartQuery, vnKeys, vnSearchQuery } from './queries';
import { useVnCartAdd, useVnCartQty, useVnCartRemove, useVnCheckout } from './mutations';
import type { VnOffer } from './types';
import { VnOrdersPanel } from './VnOrdersPanel';
import './vnmall.css';
import { TRANSLATION_MAX_IDS } from '../../../shared/contracts/translation';
import { useTranslations } from '../translation/queries';
import { TranslatedLine } from '../translation/TranslatedLine';

function ResultRow({ o, onAdded, names }: { o: VnOffer; onAdded: (text: string, ok: boolean) => void; names: ReadonlyMap<string, string> }) {
  const [qty, setQty] = useState('1');
  const add = useVnCartAdd();
  const put = async () => {
    const n = Number(qty);
    if (!/^\d{1,4}$/.test(qty) || n < 1) return onAdded('数量须为1到9999之间的整数 · Số lượng từ 1 đến 9999', false);
    try {
      await add.mutateAsync({ stock_id: o.stock_id, qty: n });
      onAdded(`已加入购物车 · Đã thêm vào giỏ: ${o.supplier_oe} × ${n}`, true);
    } catch (e) {
      onAdded(errorText(e), false);
    }
  };
  return (
    <tr>
      <td data-user-text><strong>{o.supplier_oe}</strong><div>{o.name}</div><TranslatedLine text={o.name} lines={names} /></td>
      <td data-user-text className="vn-hide-narrow">{o.brand_name || '—'}<div className="muted">{o.make_name}</div></td>
      <td data-user-text className="vn-hide-narrow">{o.seller_company_name}</td>
      <td className="num"><strong>{dongText(o.vn_price)}</strong></td>
      <td className="num">{o.vn_quantity}</td>
      <td className="vn-add">
        <InputText aria-label={`数量 · Số lượng ${o.supplier_oe}`} value={qty} inputMode="numeric" onChange={(e) => setQty(e.target.value)} />
        <Button type="button" icon="pi pi-cart-plus" label="加入 · Thêm" size="small" loading={add.isPending} onClick={() => void put()} aria-label={`加入购物车 ${o.supplier_oe}`} />
      </td>
    </tr>
  );
}

export function VnMallPage() {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const search = useQuery(vnSearchQuery({ keyword, page_number: 1 }));
  // the names in the page's language, after the rows (docs/i18n.md, "Translated lines")
  const rows = search.data?.data ?? [];
  const names = useTranslations('vn_offer', rows.map((o) => o.stock_id), rows.map((o) => o.name));
  const cart = useQuery(vnCartQuery());
  const c = cart.data;
  return (
    <div className="vn-mall">
      <div className="vn-head">
        <h1>越南商城 · Vietnam Mall</h1>
        <Link to="/vnwallet" data-testid="vn-wallet-link"><i className="pi pi-wallet" aria-hidden="true" /> 越南盾钱包 · Ví VND</Link>
      </div>
      {c && (c.rate === null
        ? <p className="vn-rate missing" role="alert">{c.problem}</p>
        : <p className="vn-rate" data-testid="vn-rate">今日汇率 · Tỷ giá hôm nay ({c.day})：1 CNY = {c.rate} VND</p>)}
      {cart.isError && <p className="field-error" role="alert">{errorText(cart.error)}</p>}
      <form className="vn-search" onSubmit={(e) => { e.preventDefault(); setKeyword(draft.trim()); }}>
        <InputText aria-label="OE号或名称 · Mã OE hoặc tên" placeholder="OE号或名称 · Mã OE hoặc tên" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" icon="pi pi-search" label="搜索 · Tìm" />
      </form>
      {note && <p className={`op-status ${note.ok ? 'ok' : 'error'}`} role={note.ok ? 'status' : 'alert'} data-testid="vn-note">{note.text}</p>}
      <div className="vn-mall-grid">
        <section aria-label="搜索结果 · Kết quả">
          {keyword === '' && <p className="muted">输入OE号或配件名称搜索越南商城的商品 · Nhập mã OE hoặc tên phụ tùng để tìm.</p>}
          {search.isError && <p className="field-error" role="alert">{errorText(search.error)}</p>}
          {search.data && search.data.data.length === 0 && <p className="muted" data-testid="vn-no-results">越南商城没有找到“{keyword}”，换个OE号或名称试试 · Không tìm thấy, hãy thử mã khác.</p>}
          {search.data && search.data.data.length > 0 && (
            <div className="vn-table-wrap">
              <table className="vn-table" data-testid="vn-results">
                <thead><tr><th>OE号 / 名称 · Mã / Tên</th><th className="vn-hide-narrow">品牌 · Hiệu</th><th className="vn-hide-narrow">卖家 · Người bán</th><th>价格 · Giá</th><th>可售 · Còn</th><th>购买 · Mua</th></tr></thead>
                <tbody>{search.data.data.map((o) => <ResultRow key={o.stock_id} o={o} names={names} onAdded={(text, ok) => setNote({ text, ok })} />)}</tbody>
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
  const [placed, setPlaced] = useState('');
  const key = useRef(crypto.randomUUID());
  const c = cart.data;
  // the lines' names under them in the reader's language (docs/i18n.md, "Translated lines"), at most one call's ids
  const cartLines = (c?.groups ?? []).flatMap((g) => g.lines).slice(0, TRANSLATION_MAX_IDS);
  const names = useTranslations('vn_offer', cartLines.map((l) => l.stock_id), cartLines.map((l) => l.name));
  if (!c) return <aside className="vn-cart" aria-label="购物车 · Giỏ hàng"><h2>购物车 · Giỏ hàng</h2></aside>;
  const lines = c.groups.flatMap((g) => g.lines);
  const blocked = lines.some((l) => l.problem) || c.rate === null;

  const place = async () => {
    const e: Record<string, string> = {};
    if (!term) e.delivery_term = '请选择交货方式 · Vui lòng chọn phương thức giao hàng';
    if (!name.trim()) e.contact_name = '请填写收货人 · Nhập người nhận';
    if (!phone.trim()) e.contact_phone = '请填写联系电话 · Nhập số điện thoại';
    if (address.trim().length < 5) e.address = '收货地址须为5到100个字符 · Địa chỉ 5–100 ký tự';
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      const r = await checkout.mutateAsync({
        payload: { expected_total_dong: c.total_dong, delivery_term: term as DeliveryTerm, contact_name: name, contact_phone: phone, address },
        idempotencyKey: key.current,
      });
      key.current = crypto.randomUUID();
      setChanged('');
      setPlaced(`已下单 · Đã đặt hàng：${r.orders.map((o) => o.order_no).join('、')}，应付 · Tổng ${dongText(r.total_dong)}`);
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
    <aside className="vn-cart" aria-label="购物车 · Giỏ hàng" data-testid="vn-cart">
      <h2>购物车 · Giỏ hàng</h2>
      {placed && <p className="op-status ok" role="status" data-testid="vn-placed">{placed}</p>}
      {lines.length === 0 && !placed && <p className="muted">购物车是空的：搜索商品后点“加入” · Giỏ hàng trống: tìm sản phẩm rồi bấm “Thêm”.</p>}
      {c.groups.map((g) => (
        <div key={g.seller_company_id} className="vn-cart-group">
          <h3 data-user-text>{g.seller_company_name}</h3>
          {g.lines.map((l) => (
            <div key={l.id} className="vn-cart-line">
              <div data-user-text><strong>{l.supplier_oe}</strong> {l.name}<TranslatedLine text={l.name} lines={names} />{l.problem && <div className="vn-problem">{l.problem}</div>}</div>
              <div className="vn-cart-qty">
                <InputText aria-label={`数量 · Số lượng ${l.supplier_oe}`} defaultValue={String(l.qty)} inputMode="numeric"
                  onBlur={(e) => { const n = Number(e.target.value); if (Number.isInteger(n) && n >= 1 && n !== l.qty) setQty.mutate({ id: l.id, qty: n }); }} />
                <span className="num">{l.vn_price === null ? '—' : dongText(l.amount_dong)}</span>
                <button type="button" className="linklike" aria-label={`删除 · Xóa ${l.supplier_oe}`} onClick={() => remove.mutate([l.id])}>删除 · Xóa</button>
              </div>
            </div>
          ))}
          <div className="vn-cart-sum">
            <span>货款 · Tiền hàng {dongText(g.goods_dong)}</span>
            <span>服务费 · Phí dịch vụ {dongText(g.service_dong)}{g.service_rule && <small className="muted">（{g.service_rule}）</small>}</span>
          </div>
        </div>
      ))}
      {lines.length > 0 && (
        <>
          <p className="vn-total">应付总额 · Tổng thanh toán <strong data-testid="vn-total">{dongText(c.total_dong)}</strong></p>
          {changed && <p className="vn-changed" role="alert" data-testid="vn-changed">{changed}</p>}
          <div className="vn-checkout">
            <div className="field form-field" role="radiogroup" aria-label="交货方式 · Phương thức giao hàng">
              <label>交货方式 · Giao hàng</label>
              {DELIVERY_TERMS.map((t) => (
                <label key={t} className="vn-term"><input type="radio" name="vn-term" checked={term === t} onChange={() => setTerm(t)} /> {DELIVERY_TERM_LABEL[t]}</label>
              ))}
              {errors.delivery_term && <div className="field-error" role="alert">{errors.delivery_term}</div>}
            </div>
            <Field id="vn-name" label="收货人 · Người nhận" required error={errors.contact_name}>
              <InputText id="vn-name" value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field id="vn-phone" label="联系电话 · Điện thoại" required error={errors.contact_phone}>
              <InputText id="vn-phone" value={phone} inputMode="tel" onChange={(e) => setPhone(e.target.value)} />
            </Field>
            <Field id="vn-address" label="收货地址 · Địa chỉ" required error={errors.address}>
              <InputText id="vn-address" value={address} onChange={(e) => setAddress(e.target.value)} />
            </Field>
            {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
            <Button type="button" icon="pi pi-check" disabled={blocked} loading={checkout.isPending} onClick={() => void place()}
              label={changed ? `确认新总额并下单 · Xác nhận ${dongText(c.total_dong)}` : `下单 · Đặt hàng ${dongText(c.total_dong)}`} />
          </div>
        </>
      )}
    </aside>
  );
}
