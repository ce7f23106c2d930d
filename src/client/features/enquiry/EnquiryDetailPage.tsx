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
import { useLang, useT } from '../../i18n/lang';
import { enquiryDay, stateLabel } from './enquiry-text';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData } from '../../i18n/with-data';
import './enquiry.css';
import '../search/search-extras.css';


const MOVES: Array<Exclude<EnquiryAction, 'update'>> = ['send', 'end', 'cancel', 'anew', 'delete'];

export function stateSeverity(state: EnquiryDetail['state']) {
  return state === 'open' ? 'warning' : state === 'ended' ? 'success' : state === 'draft' ? 'info' : 'secondary';
}

export function EnquiryDetailPage({ id }: { id: number }) {
  const t = useT();
  const lang = useLang();
  const day = (s: number) => enquiryDay(lang, s);
  const q = useQuery(enquiryDetailQuery(id));
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [sort, setSort] = useState<'price' | 'delivery'>('price');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string; cart?: boolean } | null>(null);
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
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载询价单…')}</div>;
  if (q.isError) return <div className="card" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可查看询价单') : <Refusal text={q.error.message} />}</div>;
  const e = q.data;

  const act = async (a: Exclude<EnquiryAction, 'update'>) => {
    if (a === 'cancel' && !window.confirm(t('取消这张询价单？卖家将不能再报价。'))) return;
    if (a === 'delete' && !window.confirm(t('删除这张询价单？删除后不能恢复。'))) return;
    setBusy(a);
    setStatus(null);
    try {
      await enquiryMove.mutateAsync({ action: a, id: e.id });
      if (a === 'delete') return void navigate({ to: '/enquiry/list' });
      setStatus({ kind: 'ok', text: t('已{{action}}', { action: t(ENQUIRY_ACTION_TEXT[a]) }) });
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
      setStatus({ kind: 'ok', text: r.added > 0 ? t('已采纳 {{n}} 条报价，已加入购物车（询价报价）', { n: r.added }) : t('所选报价已在购物车中'), cart: true });
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
      <section className="card" aria-label={t('询价单')}>
        <div className="enquiry-head">
          <h2>{t('询价单 {{no}}', { no: e.enquiry_no })}</h2>
          <Tag value={stateLabel(t, e.state, e.quote_count)} severity={stateSeverity(e.state)} data-testid="enquiry-state" />
          <span className="muted">{t('发出 {{at}} · 报价截止 {{until}}', { at: day(e.created_at), until: day(e.expires_at) })}
            {e.recipients.length > 0 && <> · {withData(t('发给 {{sellers}}', { sellers: dataSlot(0) }), [e.recipients.map((r) => r.name).join('、')])}</>}
            {e.zone && <> · {withData(t('报价专区（{{make}}）', { make: dataSlot(0) }), [e.make_name])}</>}</span>
          <span className="enquiry-actions">
            {e.actions.includes('update') && e.wanted_id === null && (
              <Link to="/enquiry/publish" search={{ id: e.id }} className="p-button p-button-sm p-button-outlined">{t(ENQUIRY_ACTION_TEXT.update)}</Link>
            )}
            {e.quote_count > 0 && <QuoteHistoryButton enquiryId={e.id} buyer />}
            {MOVES.filter((a) => e.actions.includes(a)).map((a) => (
              <Button key={a} type="button" size="small" outlined={a !== 'send' && a !== 'anew'} severity={a === 'delete' || a === 'cancel' ? 'danger' : undefined}
                label={t(ENQUIRY_ACTION_TEXT[a])} loading={busy === a} disabled={busy !== null} onClick={() => void act(a)} />
            ))}
          </span>
        </div>
        {e.note && <p className="muted">{t('备注：')}<span data-user-text>{e.note}</span><TranslatedLine text={e.note} lines={translated} /></p>}
        {e.img_infos.length > 0 && (
          <p className="wanted-thumbs" aria-label={t('询价图片')}>{e.img_infos.map((src) => <a key={src} href={src} target="_blank" rel="noreferrer"><img src={src} alt={t('询价图片')} /></a>)}</p>
        )}
        {status && (
          <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'}>
            {status.kind === 'ok' ? status.text : <Refusal text={status.text} />}{status.cart && <> <Link to="/cart" search={{ kind: 'quote' }}>{t('去购物车结算')}</Link></>}
          </p>
        )}
        {anyAcceptable && (
          <div className="enquiry-accept">
            <Button type="button" size="small" text label={t('每行选最低价')} onClick={cheapest} />
            <Button type="button" size="small" icon="pi pi-cart-plus" label={picked.length ? t('采纳选中的 {{n}} 条报价', { n: picked.length }) : t('采纳报价')}
              disabled={picked.length === 0 || busy !== null} loading={busy === 'accept'} onClick={() => void accept()} />
            <span className="muted">{t('勾选要买的报价，按报价价格加入购物车')}</span>
          </div>
        )}
        <div className="muted" style={{ marginTop: '0.4rem' }}>
          {t('排序：')}
          <button type="button" className={`linklike ${sort === 'price' ? 'quote-best' : ''}`} aria-pressed={sort === 'price'} onClick={() => setSort('price')}>{t('价格最低')}</button>
          {' · '}
          <button type="button" className={`linklike ${sort === 'delivery' ? 'quote-best' : ''}`} aria-pressed={sort === 'delivery'} onClick={() => setSort('delivery')}>{t('货期最快')}</button>
        </div>
      </section>
      {e.lines.map((l) => {
        const quotes = ordered(e.quotes.filter((x) => x.line_id === l.id));
        return (
          <section key={l.id} className="card enquiry-line" aria-label={t('第{{n}}行 {{part}}', { n: l.line_no, part: l.oe || l.name })} data-testid="enquiry-line">
            <h3>{l.line_no}. <span data-user-text>{l.oe} {l.name}</span> <span className="muted">× {l.qty} · <span data-user-text>{l.quality}</span></span><TranslatedLine text={l.name} lines={translated} /></h3>
            {quotes.length === 0 ? (
              <p className="muted">{e.state === 'open' ? t('待报价：卖家报价后会显示在这里，并在“我的求购”旁提示新报价。') : t('没有卖家报价。可以点“重新询价”再问一次。')}</p>
            ) : (
              <div className="quote-compare">
                <table className="quote-table">
                  <thead><tr><th aria-label={t('选择')} style={{ width: '2.2rem' }} /><th>{t('卖家')}</th><th>{t('品牌 / 品质')}</th><th className="num">{t('报价')}</th><th className="num">{t('可供')}</th><th className="num">{t('货期')}</th><th>{t('有效期至')}</th><th>{t('状态')}</th><th>{t('备注')}</th></tr></thead>
                  <tbody>
                    {quotes.map((x, i) => (
                      <tr key={x.id} className={isNoStock(x.price_fen) ? 'no-stock' : ''} data-testid="quote-row">
                        <td className="quote-pick">{acceptable(x) && (
                          <Checkbox checked={picked.includes(x.id)} onChange={(ev) => toggle(x.id, !!ev.checked)} aria-label={t('采纳 {{seller}} {{price}}', { seller: x.seller_name, price: isNoStock(x.price_fen) ? t('暂无报价') : quotePriceText(x.price_fen) })} />
                        )}</td>
                        <td className="quote-seller"><span data-user-text>{x.seller_name}</span><br /><small className="muted" data-user-text>{x.seller_area}</small></td>
                        <td data-label={t('品牌 / 品质')}><span data-user-text>{x.brand || '—'}</span><br /><small className="muted" data-user-text>{x.quality}</small></td>
                        <td data-label={t('报价')} className={`num quote-price ${i === 0 && !isNoStock(x.price_fen) && sort === 'price' ? 'quote-best' : ''}`}>{isNoStock(x.price_fen) ? t('暂无报价') : <Price fen={x.price_fen} />}{x.currency === 'VND' && <small className="muted" style={{ display: 'block' }} title={t('报价时汇率 1元={{rate}}越南盾，按此价结算', { rate: x.rate })}>₫{x.quoted_amount.toLocaleString('en-US')}</small>}</td>
                        <td data-label={t('可供')} className="num">{isNoStock(x.price_fen) ? t('无货') : x.qty || '—'}</td>
                        <td data-label={t('货期')} className="num">{isNoStock(x.price_fen) ? '—' : x.delivery_days ? t('{{n}} 天', { n: x.delivery_days }) : t('现货')}</td>
                        <td data-label={t('有效期至')}>{day(x.valid_until)}</td>
                        <td data-label={t('状态')}>{x.fate === 'accepted' ? <Link to="/cart" search={{ kind: 'quote' }}>{t(QUOTE_FATE_TEXT.accepted)}</Link> : isNoStock(x.price_fen) ? '—' : t(QUOTE_FATE_TEXT[x.fate])}</td>
                        <td data-label={t('备注')} className={x.note ? '' : 'quote-empty'}><span data-user-text>{x.note}</span><TranslatedLine text={x.note} lines={translated} /></td>
                        {/* a card (narrow box, enquiry.css) takes its own quote with one tap */}
                        {acceptable(x) && (
                          <td className="quote-accept-one">
                            <Button type="button" size="small" icon="pi pi-cart-plus" label={t('采纳')} aria-label={t('采纳 {{seller}} 的报价', { seller: x.seller_name })}
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
      <p><Link to="/enquiry/list">{t('返回我的询价')}</Link></p>
    </div>
  );
}
