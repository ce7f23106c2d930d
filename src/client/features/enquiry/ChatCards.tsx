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
import { ENQUIRY_STATE_TEXT, NO_STOCK_PRICE, parseQuotePrice, quotePriceText } from '../../../shared/domain/enquiry';
import { InputText } from 'primereact/inputtext';
import { ApiError } from '../../api/request';
import { errorText } from '../../ui/form/form';
import { sellerEnquiryQuery } from './queries';
import { useAcceptQuotes, useAnswerNoStock, useQuoteInChat } from './mutations';
import { LineQuote } from './SellerEnquiryPage';
import { mark, useLang, useT } from '../../i18n/lang';
import { withData } from '../../i18n/with-data';
import { noticeWords } from '../im/notice-text';
import { Refusal } from '../../i18n/Refusal';
import { wantsTranslation } from '../../../shared/domain/translate';
import { useTranslations } from '../translation/queries';
import { TranslatedLine } from '../translation/TranslatedLine';
import './enquiry.css';

/** The cards' field names (BusinessInfo's Chinese labels, requirements 001-3), in the page's language. */
const FIELD_LABEL: Record<string, string> = {
  产品名称: mark('产品名称'), 产品编码: mark('产品编码'), 产品品牌: mark('产品品牌'), 产品品质: mark('产品品质'), 产品数量: mark('产品数量'),
  产品报价: mark('产品报价'), 车型品牌: mark('车型品牌'), VIN: 'VIN',
};
/** the fixed words the server writes as a value (a 无货 answer); any other value is what someone wrote */
const FIXED_VALUE: Record<string, string> = { 无货: mark('无货'), 暂无报价: mark('暂无报价') };
/** a dong quote as quotedText writes it: ₫362,000（合 ¥100.00） */
const DONG_QUOTE = /^₫([\d,]+)（合 ¥([\d.]+)）$/;

/** One value of a card: a fixed word translated, a dong quote worded again, anything else kept as written (data-user-text). */
function CardValue({ v }: { v: string }) {
  const t = useT();
  if (FIXED_VALUE[v]) return <>{t(FIXED_VALUE[v])}</>;
  const dong = DONG_QUOTE.exec(v);
  if (dong) return <>{t('₫{{dong}}（合 ¥{{yuan}}）', { dong: dong[1], yuan: dong[2] })}</>;
  return <span data-user-text>{v}</span>;
}

export function BizCard({ m }: { m: Pick<ImMessage, 'messageDirection'> & { content: BizContent } }) {
  const c = m.content;
  if (c.SceneCode === SCENE_PRODUCT) return <ProductCard c={c} mine={m.messageDirection === 1} />;
  if (c.SceneCode === SCENE_NOTICE) return <NoticeCard c={c} />;
  return <EnquiryCard c={c} direction={m.messageDirection} />;
}

/** An inquiry or quote card, its part's name translated under it when the reader reads the other language (docs/i18n.md, "Translated lines"). */
function EnquiryCard({ c, direction }: { c: BizContent; direction: 1 | 2 }) {
  const t = useT();
  const lang = useLang();
  const inquiry = c.SceneCode === SCENE_INQUIRY;
  const fields = Object.entries(c.BusinessInfo).filter(([k, v]) => v !== '' && k !== '单号');
  const name = c.BusinessInfo.产品名称 ?? '';
  // asked only for a name in the other language: a Chinese reader of Chinese cards makes no call
  const lines = useTranslations('enquiry', [c.LinkData.QHId], wantsTranslation(name, lang) ? [name] : []);
  return (
    <div className="biz-card" data-testid="biz-card" data-scene={c.SceneCode}>
      <div className="biz-card-head"><b>{inquiry ? t('询价') : t('报价')}</b><small className="muted">{c.BusinessInfo.单号}</small></div>
      <dl>
        {fields.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{FIELD_LABEL[k] ? t(FIELD_LABEL[k]) : <span data-user-text>{k}</span>}</dt>
            <dd><CardValue v={v} />{k === '产品名称' && <TranslatedLine text={v} lines={lines} />}</dd>
          </Fragment>
        ))}
      </dl>
      {inquiry && direction === 2 && <InquiryActions c={c} />}
      {direction === 1 && (
        <Link to={inquiry ? '/enquiry/list/$id' : '/backend/quote/$id'} params={{ id: String(c.LinkData.QHId) }}>{inquiry ? t('查看各家报价') : t('查看询价单')}</Link>
      )}
      {!inquiry && direction === 2 && <AcceptQuote c={c} />}
    </div>
  );
}

/**
 * A system notice from the message assistant (order, quote, audit …): its title, sentence and a link to the page.
 * A Chinese reader reads the stored text (the operators' template); a Vietnamese one the catalogue's
 * wording of its scene and facts (notice-text.ts), the data in it marked; a notice stored without
 * them shows its stored Chinese text.
 */
function NoticeCard({ c }: { c: BizContent }) {
  const t = useT();
  const lang = useLang();
  const router = useRouter();
  const link = c.LinkData.link;
  const vi = lang === 'vi' ? noticeWords(c) : null;
  return (
    <div className="biz-card" data-testid="biz-card" data-scene={c.SceneCode} data-notice={c.Notice?.scene}>
      <div className="biz-card-head">
        <b>{vi ? vi.title : c.BusinessInfo.标题}</b>
        {c.BusinessInfo.单号 && <small className="muted" data-user-text>{c.BusinessInfo.单号}</small>}
      </div>
      <p className="biz-card-text">{vi ? withData(vi.sentence, vi.data) : c.BusinessInfo.内容}</p>
      {link.startsWith('/') && (
        <a href={link} onClick={(e) => { e.preventDefault(); router.history.push(link); }}>{t('查看详情')}</a>
      )}
    </div>
  );
}

/** The seller's side of an inquiry card: the line's state now, and 快速报价 / 无货 while it waits. */
function InquiryActions({ c }: { c: BizContent }) {
  const t = useT();
  const q = useQuery({ ...sellerEnquiryQuery(c.LinkData.QHId, true), staleTime: 30_000 });
  const answerNoStock = useAnswerNoStock();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const key = useRef(crypto.randomUUID());
  if (q.isPending) return <small className="muted">{t('正在读取报价状态…')}</small>;
  if (q.isError) return <small className="muted"><Refusal text={errorText(q.error)} /></small>;
  const e = q.data;
  const line = e.lines.find((l) => l.id === c.LinkData.lineId);
  const mine = e.quotes.find((x) => x.line_id === c.LinkData.lineId);
  if (!line) return null;
  if (mine) return <span className="biz-card-state quoted" data-testid="biz-card-state">{mine.price_fen < 0 ? t('已报价 · 无货') : t('已报价 · ¥{{price}}', { price: quotePriceText(mine.price_fen) })}</span>;
  if (e.state !== 'open') return <span className="biz-card-state" data-testid="biz-card-state">{t(ENQUIRY_STATE_TEXT[e.state])}</span>;
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
      <span className="biz-card-state" data-testid="biz-card-state">{t('待报价')}</span>
      <span className="biz-card-actions">
        <Button type="button" size="small" label={t('快速报价')} onClick={() => setOpen(true)} />
        <Button type="button" size="small" outlined severity="secondary" label={t('无货')} loading={busy} onClick={() => void noStock()} />
      </span>
      {error && <small className="field-error" role="alert"><Refusal text={error} /></small>}
      <Dialog header={`快速报价 · ${e.enquiry_no}`} visible={open} onHide={() => setOpen(false)} style={{ width: '860px', maxWidth: '96vw' }} modal>
        <LineQuote enquiry={e} line={line} open />
      </Dialog>
    </>
  );
}

/** The buyer's side of a quote card: take it into the cart at the quoted price. */
function AcceptQuote({ c }: { c: BizContent }) {
  const t = useT();
  const acceptQuotes = useAcceptQuotes();
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (c.BusinessInfo.产品报价 === '暂无报价' || !c.LinkData.quoteId) return <span className="biz-card-state">{t('卖家回复无货')}</span>;
  const accept = async () => {
    setBusy(true);
    setState(null);
    try {
      await acceptQuotes.mutateAsync({ quoteIds: [c.LinkData.quoteId!], enquiryId: c.LinkData.QHId });
      setState({ kind: 'ok', text: mark('已加入购物车') });
    } catch (err) {
      setState({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {state?.kind !== 'ok' && <Button type="button" size="small" icon="pi pi-cart-plus" label={t('采纳报价')} loading={busy} onClick={() => void accept()} />}
      {state && (
        <small className={state.kind === 'ok' ? 'biz-card-state quoted' : 'field-error'} role={state.kind === 'ok' ? 'status' : 'alert'}>
          {state.kind === 'ok' ? <>{t(state.text)} · <Link to="/cart" search={{ kind: 'quote' }}>{t('去结算')}</Link></> : <Refusal text={state.text} />}
        </small>
      )}
      <Link to="/enquiry/list/$id" params={{ id: String(c.LinkData.QHId) }}>{t('比较各家报价')}</Link>
    </>
  );
}

/** An order link (发送订单链接): the stock row, priced for the buyer by the server; 加入购物车 on the receiving side. */
function ProductCard({ c, mine }: { c: BizContent; mine: boolean }) {
  const t = useT();
  const write = useCartWrite();
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const info = c.BusinessInfo;
  const add = async () => {
    setBusy(true);
    setState(null);
    try {
      const outcome = await write('cartAdd', { stock_id: c.LinkData.stockId!, qty: Math.max(1, Number(info.产品数量) || 1) });
      setState({ kind: 'ok', text: outcome === 'sent' ? mark('已加入购物车') : mark('离线：联网后自动加入购物车') });
    } catch (err) {
      setState({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="biz-card" data-testid="biz-card" data-scene={c.SceneCode}>
      <div className="biz-card-head"><b>{t('订单链接')}</b><small className="muted">{t('库存 {{n}}', { n: info.库存 ?? '' })}</small></div>
      <dl>
        {(['产品名称', '产品编码', '产品品牌', '产品品质', '产品数量'] as const).filter((k) => info[k]).map((k) => <Fragment key={k}><dt>{t(FIELD_LABEL[k])}</dt><dd><CardValue v={info[k]} /></dd></Fragment>)}
        <dt>{t('单价')}</dt><dd>{info.币种 === 'VND' && info.越南盾报价 ? <>{info.越南盾报价} <small className="muted">{t('（¥{{yuan}}，汇率 {{rate}}）', { yuan: info.产品报价, rate: info.汇率 ?? '' })}</small></> : `¥${info.产品报价}`}</dd>
      </dl>
      {!mine && c.LinkData.stockId && (
        state?.kind === 'ok'
          ? <small className="biz-card-state quoted" role="status">{t(state.text)} · <Link to="/cart">{t('去购物车')}</Link></small>
          : <Button type="button" size="small" icon="pi pi-cart-plus" label={t('加入购物车')} loading={busy} onClick={() => void add()} />
      )}
      {state?.kind === 'error' && <small className="field-error" role="alert"><Refusal text={state.text} /></small>}
      <a href={c.LinkData.link} target="_blank" rel="noopener">{t('查看同OE号的其他报价')}</a>
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
