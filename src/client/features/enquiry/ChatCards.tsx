/**
 * Inquiry and quote cards in chat (requirements 001-2-3, 001-3, 001-4). The server posts them (SceneCode
 * weChat-001 when an enquiry is sent to a seller, weChat-002 when the seller quotes a line); this
 * renders them by side:
 * - the seller's inquiry card says whether the line is still 待报价 — read live from the enquiry,
 *   not from the stored card — and only then offers 快速报价 (the quote form of /backend/quote/{id}
 *   in an 860px dialog) and 无货;
 * - the buyer's quote card offers 采纳 (into the cart's 询价报价 tab at the quoted price);
 * - the sender's own cards link to the enquiry.
 */
import { Fragment, useRef, useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { SCENE_INQUIRY, SCENE_NOTICE, SCENE_PRODUCT, type BizContent, type ImMessage } from '../../../shared/contracts';
import { useCartWrite } from '../cart/mutations';
import { NO_STOCK_PRICE, parseQuotePrice, quotePriceText } from '../../../shared/domain/enquiry';
import { InputText } from 'primereact/inputtext';
import { ApiError } from '../../api/request';
import { errorText } from '../../ui/form/form';
import { sellerEnquiryQuery } from './queries';
import { useAcceptQuotes, useAnswerNoStock, useQuoteInChat } from './mutations';
import { LineQuote } from './SellerEnquiryPage';
import './enquiry.css';

export function BizCard({ m }: { m: Pick<ImMessage, 'messageDirection'> & { content: BizContent } }) {
  const c = m.content;
  if (c.SceneCode === SCENE_PRODUCT) return <ProductCard c={c} mine={m.messageDirection === 1} />;
  if (c.SceneCode === SCENE_NOTICE) return <NoticeCard c={c} />;
  const inquiry = c.SceneCode === SCENE_INQUIRY;
  const fields = Object.entries(c.BusinessInfo).filter(([k, v]) => v !== '' && k !== '单号');
  return (
    <div className="biz-card" data-testid="biz-card" data-scene={c.SceneCode}>
      <div className="biz-card-head"><b>{inquiry ? '询价' : '报价'}</b><small className="muted">{c.BusinessInfo.单号}</small></div>
      <dl>
        {fields.map(([k, v]) => <Fragment key={k}><dt>{k}</dt><dd>{v}</dd></Fragment>)}
      </dl>
      {inquiry && m.messageDirection === 2 && <InquiryActions c={c} />}
      {m.messageDirection === 1 && (
        <Link to={inquiry ? '/enquiry/list/$id' : '/backend/quote/$id'} params={{ id: String(c.LinkData.QHId) }}>{inquiry ? '查看各家报价' : '查看询价单'}</Link>
      )}
      {!inquiry && m.messageDirection === 2 && <AcceptQuote c={c} />}
    </div>
  );
}

/** A system notice from the message assistant (order, quote, audit): its title, sentence and a link to the page. */
function NoticeCard({ c }: { c: BizContent }) {
  const router = useRouter();
  const link = c.LinkData.link;
  return (
    <div className="biz-card" data-testid="biz-card" data-scene={c.SceneCode}>
      <div className="biz-card-head"><b>{c.BusinessInfo.标题}</b>{c.BusinessInfo.单号 && <small className="muted">{c.BusinessInfo.单号}</small>}</div>
      <p className="biz-card-text">{c.BusinessInfo.内容}</p>
      {link.startsWith('/') && (
        <a href={link} onClick={(e) => { e.preventDefault(); router.history.push(link); }}>查看详情</a>
      )}
    </div>
  );
}

/** The seller's side of an inquiry card: the line's state now, and 快速报价 / 无货 while it waits. */
function InquiryActions({ c }: { c: BizContent }) {
  const q = useQuery({ ...sellerEnquiryQuery(c.LinkData.QHId, true), staleTime: 30_000 });
  const answerNoStock = useAnswerNoStock();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const key = useRef(crypto.randomUUID());
  if (q.isPending) return <small className="muted">正在读取报价状态…</small>;
  if (q.isError) return <small className="muted">{errorText(q.error)}</small>;
  const e = q.data;
  const line = e.lines.find((l) => l.id === c.LinkData.lineId);
  const mine = e.quotes.find((x) => x.line_id === c.LinkData.lineId);
  if (!line) return null;
  if (mine) return <span className="biz-card-state quoted" data-testid="biz-card-state">已报价 · {mine.price_fen < 0 ? '无货' : `¥${quotePriceText(mine.price_fen)}`}</span>;
  if (e.state !== 'open') return <span className="biz-card-state" data-testid="biz-card-state">{e.state_text}</span>;
  const noStock = async () => {
    setBusy(true);
    setError('');
    try {
      await answerNoStock.mutateAsync({ enquiryId: e.id, lineId: line.id, key: key.current });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <span className="biz-card-state" data-testid="biz-card-state">待报价</span>
      <span className="biz-card-actions">
        <Button type="button" size="small" label="快速报价" onClick={() => setOpen(true)} />
        <Button type="button" size="small" outlined severity="secondary" label="无货" loading={busy} onClick={() => void noStock()} />
      </span>
      {error && <small className="field-error" role="alert">{error}</small>}
      <Dialog header={`快速报价 · ${e.enquiry_no}`} visible={open} onHide={() => setOpen(false)} style={{ width: '860px', maxWidth: '96vw' }} modal>
        <LineQuote enquiry={e} line={line} open />
      </Dialog>
    </>
  );
}

/** The buyer's side of a quote card: take it into the cart at the quoted price. */
function AcceptQuote({ c }: { c: BizContent }) {
  const acceptQuotes = useAcceptQuotes();
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (c.BusinessInfo.产品报价 === '暂无报价' || !c.LinkData.quoteId) return <span className="biz-card-state">卖家回复无货</span>;
  const accept = async () => {
    setBusy(true);
    setState(null);
    try {
      await acceptQuotes.mutateAsync({ quoteIds: [c.LinkData.quoteId!], enquiryId: c.LinkData.QHId });
      setState({ kind: 'ok', text: '已加入购物车' });
    } catch (err) {
      setState({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {state?.kind !== 'ok' && <Button type="button" size="small" icon="pi pi-cart-plus" label="采纳报价" loading={busy} onClick={() => void accept()} />}
      {state && (
        <small className={state.kind === 'ok' ? 'biz-card-state quoted' : 'field-error'} role={state.kind === 'ok' ? 'status' : 'alert'}>
          {state.text}{state.kind === 'ok' && <> · <Link to="/cart" search={{ kind: 'quote' }}>去结算</Link></>}
        </small>
      )}
      <Link to="/enquiry/list/$id" params={{ id: String(c.LinkData.QHId) }}>比较各家报价</Link>
    </>
  );
}

/** An order link (发送订单链接): the stock row, priced for the buyer by the server; 加入购物车 on the receiving side. */
function ProductCard({ c, mine }: { c: BizContent; mine: boolean }) {
  const write = useCartWrite();
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const info = c.BusinessInfo;
  const add = async () => {
    setBusy(true);
    setState(null);
    try {
      const outcome = await write('cartAdd', { stock_id: c.LinkData.stockId!, qty: Math.max(1, Number(info.产品数量) || 1) });
      setState({ kind: 'ok', text: outcome === 'sent' ? '已加入购物车' : '离线：联网后自动加入购物车' });
    } catch (err) {
      setState({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="biz-card" data-testid="biz-card" data-scene={c.SceneCode}>
      <div className="biz-card-head"><b>订单链接</b><small className="muted">库存 {info.库存}</small></div>
      <dl>
        {(['产品名称', '产品编码', '产品品牌', '产品品质', '产品数量'] as const).filter((k) => info[k]).map((k) => <Fragment key={k}><dt>{k}</dt><dd>{info[k]}</dd></Fragment>)}
        <dt>单价</dt><dd>{info.币种 === 'VND' && info.越南盾报价 ? <>{info.越南盾报价} <small className="muted">（¥{info.产品报价}，汇率 {info.汇率}）</small></> : `¥${info.产品报价}`}</dd>
      </dl>
      {!mine && c.LinkData.stockId && (
        state?.kind === 'ok'
          ? <small className="biz-card-state quoted" role="status">{state.text} · <Link to="/cart">去购物车</Link></small>
          : <Button type="button" size="small" icon="pi pi-cart-plus" label="加入购物车" loading={busy} onClick={() => void add()} />
      )}
      {state?.kind === 'error' && <small className="field-error" role="alert">{state.text}</small>}
      <a href={c.LinkData.link} target="_blank" rel="noopener">查看同OE号的其他报价</a>
    </div>
  );
}

/**
 * 报价 from the chat composer (sendIMQuoteMsg): quote a part to the chat partner without an enquiry.
 * 860px (requirements 001-9). The server records it as a one-line enquiry for the partner and posts the quote
 * card; a refusal names the field and keeps what was typed.
 */
export function ChatQuoteDialog({ targetId, onHide }: { targetId: string; onHide: () => void }) {
  const [f, setF] = useState({ oe_number: '', product_name: '', brand_name_new: '', quality_name_new: '', product_qty: '1', price: '' });
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const quoteInChat = useQuoteInChat();
  const send = async (noStock: boolean) => {
    // typed in yuan, sent in whole fen (docs/api.md, "Money")
    const typed = noStock ? null : parseQuotePrice(f.price);
    if (typed && !typed.ok) return setError({ field: 'price', text: typed.message });
    setBusy(true);
    setError(null);
    try {
      await quoteInChat.mutateAsync({ payload: { ...f, price: typed?.ok ? typed.fen : NO_STOCK_PRICE, msg_to_uuid: targetId }, idempotencyKey: key.current });
      onHide();
    } catch (err) {
      setError({ field: err instanceof ApiError ? err.field ?? '' : '', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  const input = (k: keyof typeof f, label: string, props: Record<string, unknown> = {}) => (
    <label>{label}<InputText value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} invalid={error?.field === k} aria-label={label} {...props} /></label>
  );
  return (
    <Dialog header="快速报价" visible modal onHide={onHide} style={{ width: '860px', maxWidth: '96vw' }}>
      <form className="quote-form" noValidate onSubmit={(e) => { e.preventDefault(); void send(false); }}>
        {input('oe_number', 'OE号', { maxLength: 40 })}
        {input('product_name', '配件名称', { maxLength: 50 })}
        {input('brand_name_new', '品牌', { maxLength: 30 })}
        {input('quality_name_new', '品质', { maxLength: 20 })}
        {input('product_qty', '数量', { inputMode: 'numeric' })}
        {input('price', '报价(元)', { inputMode: 'decimal', placeholder: '回车发送' })}
        <span className="quote-form-actions">
          <Button type="submit" size="small" label="发送报价" icon="pi pi-send" loading={busy} />
          <Button type="button" size="small" outlined severity="secondary" label="无货" disabled={busy} onClick={() => void send(true)} />
        </span>
      </form>
      {error && <p className="field-error" role="alert">{error.text}</p>}
    </Dialog>
  );
}
