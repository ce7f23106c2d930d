/**
 * /enquiry/list/{id}: one enquiry of the buyer's company. For each line, every seller's answer side
 * by side (seller, area, brand, quality, price, quantity, delivery, validity, note), cheapest first
 * or fastest first; 无货 answers read 暂无报价 and go last. The buttons are the moves the state
 * machine allows now (结束询价, 取消询价, 重新询价, 发送询价, 删除). Quotes that may be taken
 * (mayAccept) have a tick; 采纳 puts the ticked ones in the cart as 临时产品 at the quoted price,
 * and 每行选最低价 ticks the cheapest answer of every line.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import { CART_CODES, type EnquiryDetail, type Quote } from '../../../shared/contracts';
import { Checkbox } from 'primereact/checkbox';
import { ENQUIRY_ACTION_TEXT, isNoStock, mayAccept, QUOTE_FATE_TEXT, quotePriceText, type EnquiryAction } from '../../../shared/domain/enquiry';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { OfflineError } from '../../api/request';
import { errorText } from '../../ui/form/form';
import { Price } from '../currency/Price';
import { enquiryDetailQuery, enquiryKeys } from './queries';
import { useAcceptQuotes, useEnquiryMove } from './mutations';
import { QuoteHistoryButton } from './QuoteHistory';
import { useTranslations } from '../translation/queries';
import { TranslatedLine } from '../translation/TranslatedLine';
import './enquiry.css';
import '../search/search-extras.css';

const day = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '—');
const MOVES: Array<Exclude<EnquiryAction, 'update'>> = ['send', 'end', 'cancel', 'anew', 'delete'];

export function stateSeverity(state: EnquiryDetail['state']) {
  return state === 'open' ? 'warning' : state === 'ended' ? 'success' : state === 'draft' ? 'info' : 'secondary';
}

export function EnquiryDetailPage({ id }: { id: number }) {
  const q = useQuery(enquiryDetailQuery(id));
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [sort, setSort] = useState<'price' | 'delivery'>('price');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const { session } = useRouteContext({ from: '__root__' });
  const mayBuy = hasAnyPermission(session.user?.permissions ?? [], CART_CODES);
  const enquiryMove = useEnquiryMove();
  const acceptQuotes = useAcceptQuotes();
  // the lines, the note and the quotes' notes in the page's language, after the page (docs/i18n.md, "Translated lines")
  const written = q.data ? [q.data.note, ...q.data.lines.map((l) => l.name), ...q.data.quotes.map((x) => x.note)] : [];
  const translated = useTranslations('enquiry', q.data ? [q.data.id] : [], written);
  // opening the enquiry marks its quotes seen on the server: the badge follows
  useEffect(() => {
    if (q.dataUpdatedAt) void qc.invalidateQueries({ queryKey: enquiryKeys.count() });
  }, [q.dataUpdatedAt, qc]);
  if (q.isPending) return <div className="card" aria-busy="true">正在加载询价单…</div>;
  if (q.isError) return <div className="card" role="alert">{q.error instanceof OfflineError ? '当前离线，联网后可查看询价单' : q.error.message}</div>;
  const e = q.data;

  const act = async (a: Exclude<EnquiryAction, 'update'>) => {
    if (a === 'cancel' && !window.confirm('取消这张询价单？卖家将不能再报价。')) return;
    if (a === 'delete' && !window.confirm('删除这张询价单？删除后不能恢复。')) return;
    setBusy(a);
    setStatus(null);
    try {
      await enquiryMove.mutateAsync({ action: a, id: e.id });
      if (a === 'delete') return void navigate({ to: '/enquiry/list' });
      setStatus({ kind: 'ok', text: `已${ENQUIRY_ACTION_TEXT[a]}` });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(null);
    }
  };

  const nowS = Math.floor(Date.now() / 1000);
  const acceptable = (x: Quote) => mayBuy && x.fate !== 'accepted' && mayAccept({ accepted: false, validUntil: x.valid_until, priceFen: x.price_fen }, e.state, nowS).ok;
  const toggle = (id: number, on: boolean) => setPicked((p) => (on ? [...new Set([...p, id])] : p.filter((x) => x !== id)));
  const cheapest = () => setPicked(e.lines.flatMap((l) => {
    const best = e.quotes.filter((x) => x.line_id === l.id && acceptable(x)).sort((a, b) => a.price_fen - b.price_fen)[0];
    return best ? [best.id] : [];
  }));
  const anyAcceptable = e.quotes.some(acceptable);
  const accept = async (ids: number[] = picked) => {
    setBusy(ids === picked ? 'accept' : `accept-${ids[0]}`);
    setStatus(null);
    try {
      const r = await acceptQuotes.mutateAsync({ quoteIds: ids, enquiryId: e.id });
      setPicked((p) => p.filter((x) => !ids.includes(x)));
      setStatus({ kind: 'ok', text: r.added > 0 ? `已采纳 ${r.added} 条报价，已加入购物车（询价报价）` : '所选报价已在购物车中' });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(null);
    }
  };

  const ordered = (quotes: Quote[]) => [...quotes].sort((a, b) => {
    if (isNoStock(a.price_fen) !== isNoStock(b.price_fen)) return isNoStock(a.price_fen) ? 1 : -1;
    return sort === 'price' ? a.price_fen - b.price_fen || a.delivery_days - b.delivery_days : a.delivery_days - b.delivery_days || a.price_fen - b.price_fen;
  });

  return (
    <div className="enquiry-page" style={{ display: 'grid', gap: '1rem' }}>
      <section className="card" aria-label="询价单">
        <div className="enquiry-head">
          <h2>询价单 {e.enquiry_no}</h2>
          <Tag value={e.state_text} severity={stateSeverity(e.state)} data-testid="enquiry-state" />
          <span className="muted">发出 {day(e.created_at)} · 报价截止 {day(e.expires_at)} · {[e.recipients.length > 0 && `发给 ${e.recipients.map((r) => r.name).join('、')}`, e.zone && `报价专区（${e.make_name}）`].filter(Boolean).join(' · ')}</span>
          <span className="enquiry-actions">
            {e.actions.includes('update') && e.wanted_id === null && (
              <Link to="/enquiry/publish" search={{ id: e.id }} className="p-button p-button-sm p-button-outlined">{ENQUIRY_ACTION_TEXT.update}</Link>
            )}
            {e.quote_count > 0 && <QuoteHistoryButton enquiryId={e.id} buyer />}
            {MOVES.filter((a) => e.actions.includes(a)).map((a) => (
              <Button key={a} type="button" size="small" outlined={a !== 'send' && a !== 'anew'} severity={a === 'delete' || a === 'cancel' ? 'danger' : undefined}
                label={ENQUIRY_ACTION_TEXT[a]} loading={busy === a} disabled={busy !== null} onClick={() => void act(a)} />
            ))}
          </span>
        </div>
        {e.note && <p className="muted">备注：{e.note}<TranslatedLine text={e.note} lines={translated} /></p>}
        {e.img_infos.length > 0 && (
          <p className="wanted-thumbs" aria-label="询价图片">{e.img_infos.map((src) => <a key={src} href={src} target="_blank" rel="noreferrer"><img src={src} alt="询价图片" /></a>)}</p>
        )}
        {status && (
          <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'}>
            {status.text}{status.kind === 'ok' && status.text.includes('购物车') && <> <Link to="/cart" search={{ kind: 'quote' }}>去购物车结算</Link></>}
          </p>
        )}
        {anyAcceptable && (
          <div className="enquiry-accept">
            <Button type="button" size="small" text label="每行选最低价" onClick={cheapest} />
            <Button type="button" size="small" icon="pi pi-cart-plus" label={picked.length ? `采纳选中的 ${picked.length} 条报价` : '采纳报价'}
              disabled={picked.length === 0 || busy !== null} loading={busy === 'accept'} onClick={() => void accept()} />
            <span className="muted">勾选要买的报价，按报价价格加入购物车</span>
          </div>
        )}
        <div className="muted" style={{ marginTop: '0.4rem' }}>
          排序：
          <button type="button" className={`linklike ${sort === 'price' ? 'quote-best' : ''}`} aria-pressed={sort === 'price'} onClick={() => setSort('price')}>价格最低</button>
          {' · '}
          <button type="button" className={`linklike ${sort === 'delivery' ? 'quote-best' : ''}`} aria-pressed={sort === 'delivery'} onClick={() => setSort('delivery')}>货期最快</button>
        </div>
      </section>
      {e.lines.map((l) => {
        const quotes = ordered(e.quotes.filter((x) => x.line_id === l.id));
        return (
          <section key={l.id} className="card enquiry-line" aria-label={`第${l.line_no}行 ${l.oe || l.name}`} data-testid="enquiry-line">
            <h3>{l.line_no}. {l.oe} {l.name} <span className="muted">× {l.qty} · {l.quality}</span><TranslatedLine text={l.name} lines={translated} /></h3>
            {quotes.length === 0 ? (
              <p className="muted">{e.state === 'open' ? '待报价：卖家报价后会显示在这里，并在“我的求购”旁提示新报价。' : '没有卖家报价。可以点“重新询价”再问一次。'}</p>
            ) : (
              <div className="quote-compare">
                <table className="quote-table">
                  <thead><tr><th aria-label="选择" style={{ width: '2.2rem' }} /><th>卖家</th><th>品牌 / 品质</th><th className="num">报价</th><th className="num">可供</th><th className="num">货期</th><th>有效期至</th><th>状态</th><th>备注</th></tr></thead>
                  <tbody>
                    {quotes.map((x, i) => (
                      <tr key={x.id} className={isNoStock(x.price_fen) ? 'no-stock' : ''} data-testid="quote-row">
                        <td className="quote-pick">{acceptable(x) && (
                          <Checkbox checked={picked.includes(x.id)} onChange={(ev) => toggle(x.id, !!ev.checked)} aria-label={`采纳 ${x.seller_name} ${quotePriceText(x.price_fen)}`} />
                        )}</td>
                        <td className="quote-seller">{x.seller_name}<br /><small className="muted">{x.seller_area}</small></td>
                        <td data-label="品牌 / 品质">{x.brand || '—'}<br /><small className="muted">{x.quality}</small></td>
                        <td data-label="报价" className={`num quote-price ${i === 0 && !isNoStock(x.price_fen) && sort === 'price' ? 'quote-best' : ''}`}>{isNoStock(x.price_fen) ? quotePriceText(x.price_fen) : <Price fen={x.price_fen} />}{x.currency === 'VND' && <small className="muted" style={{ display: 'block' }} title={`报价时汇率 1元=${x.rate}越南盾，按此价结算`}>₫{x.quoted_amount.toLocaleString('en-US')}</small>}</td>
                        <td data-label="可供" className="num">{isNoStock(x.price_fen) ? '无货' : x.qty || '—'}</td>
                        <td data-label="货期" className="num">{isNoStock(x.price_fen) ? '—' : x.delivery_days ? `${x.delivery_days} 天` : '现货'}</td>
                        <td data-label="有效期至">{day(x.valid_until)}</td>
                        <td data-label="状态">{x.fate === 'accepted' ? <Link to="/cart" search={{ kind: 'quote' }}>已采纳</Link> : isNoStock(x.price_fen) ? '—' : QUOTE_FATE_TEXT[x.fate]}</td>
                        <td data-label="备注" className={x.note ? '' : 'quote-empty'}>{x.note}<TranslatedLine text={x.note} lines={translated} /></td>
                        {/* a card (narrow box, enquiry.css) takes its own quote with one tap */}
                        {acceptable(x) && (
                          <td className="quote-accept-one">
                            <Button type="button" size="small" icon="pi pi-cart-plus" label="采纳" aria-label={`采纳 ${x.seller_name} 的报价`}
                              disabled={busy !== null} loading={busy === `accept-${x.id}`} onClick={() => void accept([x.id])} />
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
      <p><Link to="/enquiry/list">返回我的询价</Link></p>
    </div>
  );
}
