/**
 * /backend/quote/{id}: one enquiry sent to the seller's company. Each line has its quote form:
 * price (Enter sends; empty says 请输入报价 and the focus stays there), brand, quality, quantity,
 * delivery days, validity; or 无货 (stored as −1, read 暂无报价). A press twice or an answer lost
 * on the way stores one quote (Idempotency-Key per form until it is saved). The seller sees its own
 * answers only; quoting again replaces an answer the buyer has not taken.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { EnquiryDetail, Quote } from '../../../shared/contracts';
import { parseQuotePrice, QUOTE_FATE_TEXT, QUOTE_VALID_DAYS, quotedText, quotePriceText } from '../../../shared/domain/enquiry';
import { ApiError, OfflineError } from '../../api/request';
import { errorText } from '../../ui/form/form';
import { myProductByOeQuery, oeQuoteHistoryQuery, quoteRulesQuery, sellerEnquiryQuery } from './queries';
import { useSubmitQuote } from './mutations';
import { stateSeverity } from './EnquiryDetailPage';
import './enquiry.css';
import '../search/search-extras.css';
import { QuoteHistoryButton } from './QuoteHistory';
import { useTranslations } from '../translation/queries';
import { TranslatedLine } from '../translation/TranslatedLine';
import { QuoteAllowance } from './QuoteAllowance';
import { quoteQuotaText } from '../../../shared/domain/quote-quota';
import { msg } from '../../../shared/messages';

const day = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '—');

export function SellerEnquiryPage({ id }: { id: number }) {
  const q = useQuery(sellerEnquiryQuery(id));
  // the buyer's lines and note in the page's language, after the page (docs/i18n.md, "Translated lines")
  const translated = useTranslations('enquiry', q.data ? [q.data.id] : [], q.data ? [q.data.note, ...q.data.lines.map((l) => l.name)] : []);
  if (q.isPending) return <div className="card" aria-busy="true">正在加载询价单…</div>;
  if (q.isError) return <div className="card" role="alert">{q.error instanceof OfflineError ? '当前离线，联网后可报价' : q.error.message}</div>;
  const e = q.data;
  const open = e.state === 'open';
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <section className="card" aria-label="询价单">
        <div className="enquiry-head">
          <h2>询价单 {e.enquiry_no}</h2>
          <Tag value={e.state_text} severity={stateSeverity(e.state)} />
          <span className="muted">买家 {e.buyer_company_name} · 发出 {day(e.created_at)} · 报价截止 {day(e.expires_at)}</span>
          {e.quotes.length > 0 && <span className="enquiry-actions"><QuoteHistoryButton enquiryId={e.id} buyer={false} /></span>}
        </div>
        {e.vin && <p className="muted">VIN：{e.vin}</p>}
        {e.note && <p className="muted">备注：{e.note}<TranslatedLine text={e.note} lines={translated} /></p>}
        {e.img_infos.length > 0 && (
          <p className="wanted-thumbs" aria-label="询价图片">{e.img_infos.map((src) => <a key={src} href={src} target="_blank" rel="noreferrer"><img src={src} alt="询价图片" /></a>)}</p>
        )}
        {!open && <p className="muted">询价单{e.state_text}，不能再报价。</p>}
        {open && <QuoteAllowance />}
      </section>
      {e.lines.map((l) => (
        <LineQuote key={l.id} enquiry={e} line={l} mine={e.quotes.find((x) => x.line_id === l.id)} open={open} translated={translated} />
      ))}
      <p><Link to="/backend/quote">返回报价中心</Link></p>
    </div>
  );
}

const NONE: ReadonlyMap<string, string> = new Map();

export function LineQuote({ enquiry, line, mine, open, translated = NONE }: { enquiry: EnquiryDetail; line: EnquiryDetail['lines'][number]; mine?: Quote; open: boolean; translated?: ReadonlyMap<string, string> }) {
  const submitQuote = useSubmitQuote();
  const price = useRef<HTMLInputElement>(null);
  const key = useRef(crypto.randomUUID());
  const [f, setF] = useState({ currency: mine?.currency ?? 'CNY', price: mine && mine.price_fen >= 0 ? (mine.currency === 'VND' ? String(mine.quoted_amount) : (mine.price_fen / 100).toFixed(2)) : '', brand: mine?.brand ?? '', quality: mine?.quality ?? line.quality === '不限' ? '' : line.quality, qty: String(mine?.qty || line.qty), delivery_days: String(mine?.delivery_days ?? 0), valid_days: String(QUOTE_VALID_DAYS.default), note: mine?.note ?? '' });
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState<'price' | 'none' | null>(null);
  const [saved, setSaved] = useState('');
  const [touched, setTouched] = useState(false);
  const [prefilled, setPrefilled] = useState(0);
  const set = (k: keyof typeof f, v: string) => {
    setTouched(true);
    setF((old) => ({ ...old, [k]: v }));
  };
  const oe = line.oe_norm.length >= 5 ? line.oe_norm : '';
  const history = useQuery({ ...oeQuoteHistoryQuery(oe), enabled: !!oe });
  const product = useQuery({ ...myProductByOeQuery(oe), enabled: !!oe && open });
  const rules = useQuery({ ...quoteRulesQuery(), enabled: open && !mine });
  // the company's 报价规则 and its own stock of this OE pre-fill a first quote (never over what was typed)
  useEffect(() => {
    const r = rules.data;
    if (!r || mine || touched) return;
    setF((old) => ({ ...old, valid_days: String(r.valid_days), delivery_days: String(r.delivery_days) }));
    setPrefilled((n) => n + 1);
  }, [rules.data, mine, touched]);
  useEffect(() => {
    const p = product.data;
    if (!p || mine || touched) return;
    const fen = p.suggested_fen ?? p.price0;
    setF((old) => ({ ...old, price: fen !== null ? (fen / 100).toFixed(2) : old.price, brand: p.brand, quality: p.quality, qty: String(Math.min(p.qty, line.qty) || line.qty) }));
    setPrefilled((n) => n + 1);
  }, [product.data, mine, touched, line.qty]);
  // a pre-fill that lands in the field the seller is in (the dialog opens with the price focused)
  // is selected, so what is typed next replaces it instead of being added to it (910.47120)
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const at = document.activeElement;
    if (prefilled > 0 && at instanceof HTMLInputElement && form.current?.contains(at)) at.select();
  }, [prefilled]);

  const send = async (noStock: boolean) => {
    setSaved('');
    // typed in yuan (or dong), sent in whole fen (or dong): docs/api.md "Money"
    let amount: number | null = null;
    if (!noStock) {
      const p = parseQuotePrice(f.price, f.currency as 'CNY' | 'VND');
      if (!p.ok) {
        setError({ field: 'price', text: p.message });
        price.current?.focus();
        return;
      }
      amount = p.fen;
    }
    setError(null);
    setBusy(noStock ? 'none' : 'price');
    try {
      const r = await submitQuote.mutateAsync({
        enquiryId: enquiry.id, lineId: line.id,
        quote: {
          price: amount, currency: f.currency as 'CNY' | 'VND', no_stock: noStock, brand: f.brand, quality: f.quality,
          qty: f.qty, delivery_days: f.delivery_days, valid_days: f.valid_days, note: f.note,
        },
        key: key.current,
      });
      key.current = crypto.randomUUID();
      setSaved(noStock ? '已回复无货' : r.currency === 'VND' ? `已报价 ${quotedText(r)}` : `已报价 ¥${quotePriceText(r.price_fen)}`);
    } catch (err) {
      const field = err instanceof ApiError ? err.field ?? '' : '';
      setError({ field, text: errorText(err) });
      if (field === 'price') price.current?.focus();
    } finally {
      setBusy(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };
  const input = (k: keyof typeof f, label: string, props: Record<string, unknown> = {}) => (
    <label>{label}<InputText value={f[k]} disabled={!open} onChange={(e) => set(k, e.target.value)} invalid={error?.field === k} aria-label={`第${line.line_no}行 ${label}`} {...props} /></label>
  );
  return (
    <section className="card enquiry-line" aria-label={`第${line.line_no}行 ${line.oe || line.name}`} data-testid="quote-line">
      <h3>{line.line_no}. {line.oe} {line.name} <span className="muted">× {line.qty} · 品质：{line.quality}</span><TranslatedLine text={line.name} lines={translated} /></h3>
      {mine && (
        <p className="muted" data-testid="my-quote">
          我的报价：{quotedText(mine)}{mine.price_fen >= 0 && mine.currency === 'CNY' ? ' 元' : ''} · {QUOTE_FATE_TEXT[mine.fate]} · 有效至 {day(mine.valid_until)}
        </p>
      )}
      {open && (
        <form ref={form} className="quote-form" onSubmit={submit} noValidate>
          <label>
            <span>报价（<select className="quote-currency" value={f.currency} onChange={(e) => set('currency', e.target.value)} aria-label={`第${line.line_no}行 币种`}>
              <option value="CNY">元</option><option value="VND">越南盾</option>
            </select>）</span>
            <InputText ref={price} value={f.price} inputMode={f.currency === 'VND' ? 'numeric' : 'decimal'} onChange={(e) => set('price', e.target.value)} invalid={error?.field === 'price'} aria-label={`第${line.line_no}行 报价`} placeholder="回车发送" />
          </label>
          {input('brand', '品牌', { maxLength: 30 })}
          {input('quality', '品质', { maxLength: 20 })}
          {input('qty', '可供数量', { inputMode: 'numeric' })}
          {input('delivery_days', '货期(天)', { inputMode: 'numeric' })}
          {input('valid_days', '有效天数', { inputMode: 'numeric' })}
          {input('note', '备注', { maxLength: 200 })}
          <span className="quote-form-actions">
            <Button type="submit" size="small" label={mine ? '修改报价' : '报价'} icon="pi pi-send" loading={busy === 'price'} disabled={busy !== null} />
            <Button type="button" size="small" outlined severity="secondary" label="无货" loading={busy === 'none'} disabled={busy !== null} onClick={() => void send(true)} />
          </span>
        </form>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error.text}
          {/* requirements 001-5: a registered member is told why, and where to upgrade */}
          {error.text === msg.registeredCannotQuote && <> <Link to="/pay/package">升级为正式会员</Link></>}
          {error.text === quoteQuotaText.usedUp && <> <Link to="/backend/accounting/service">购买报价包</Link></>}
        </p>
      )}
      {saved && <p className="stock-status ok" role="status">{saved}</p>}
      {product.data && !mine && <p className="muted" data-testid="my-product">本公司库存：{product.data.brand} {product.data.quality} · {product.data.qty} 件{product.data.price0 !== null ? ` · 批发价 ¥${(product.data.price0 / 100).toFixed(2)}` : ''}（已按<Link to="/backend/quote/rules">报价规则</Link>预填）</p>}
      {(history.data?.length ?? 0) > 0 && (
        <details className="quote-history">
          <summary>这个OE号的历史报价（{history.data!.length}）</summary>
          <div className="quote-history-scroll">
            <table className="quote-table" aria-label="历史报价">
              <thead><tr><th>日期</th><th>买家</th><th>要求品质</th><th>报价品牌 / 品质</th><th className="num">报价(元)</th></tr></thead>
              <tbody>
                {history.data!.map((h, i) => (
                  <tr key={i}><td>{day(h.quote_date)}</td><td>{h.company_name}</td><td>{h.quality_name}</td><td>{h.brand_name_new || '—'} {h.quality_name_new}</td><td className="num">{quotePriceText(h.price)}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}
