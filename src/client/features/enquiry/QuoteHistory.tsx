/**
 * 报价记录 (getIMQuoteHisgoryById): every answer given on an enquiry, oldest first per seller and
 * line, with the brand and quality each one replaced — the buyer sees how each seller's price
 * moved, a seller what it answered before. Read when opened; the table is at most 250px high (requirements 001-9).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { quotedText, quotePriceText } from '../../../shared/domain/enquiry';
import { errorText } from '../../ui/form/form';
import { quoteHistoryQuery } from './queries';
import { useLang, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import { enquiryDay } from './enquiry-text';
import './enquiry.css';

/** old → new when the answer changed it; a brand or quality the seller left empty reads — */
const change = (before: string, after: string) => (!after ? '—' : before && before !== after ? <><span data-user-text>{before}</span> → <span data-user-text>{after}</span></> : <span data-user-text>{after}</span>);

export function QuoteHistoryButton({ enquiryId, buyer }: { enquiryId: number; buyer: boolean }) {
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const q = useQuery({ ...quoteHistoryQuery(enquiryId), enabled: open });
  return (
    <>
      <Button type="button" size="small" text icon="pi pi-history" label={t('报价记录')} onClick={() => setOpen(true)} />
      {open && (
        <Dialog header={t('报价记录')} visible modal onHide={() => setOpen(false)} style={{ width: 'min(860px, 96vw)' }}>
          {q.isPending ? <p aria-busy="true">{t('正在读取报价记录…')}</p> : q.isError ? <p role="alert"><Refusal text={errorText(q.error)} /></p> : q.data.length === 0 ? (
            <p className="muted">{buyer ? t('还没有卖家报价。') : t('本公司还没有报过这张询价单。')}</p>
          ) : (
            <div className="quote-history-scroll">
              <table className="quote-table" aria-label={t('报价记录')}>
                <thead><tr><th>{t('报价时间')}</th>{buyer && <th>{t('卖家')}</th>}<th>{t('询价配件')}</th><th>{t('品牌')}</th><th>{t('品质')}</th><th className="num">{t('报价')}</th><th className="num">{t('货期')}</th></tr></thead>
                <tbody>
                  {q.data.map((r, i) => (
                      <tr key={i} data-testid="history-row">
                        <td>{enquiryDay(lang, r.quote_date)}</td>
                        {buyer && <td data-user-text>{r.company_name}</td>}
                        <td>{r.line_no}. <span data-user-text>{r.line_text}</span></td>
                        <td>{change(r.brand_name, r.brand_name_new)}</td>
                        <td>{change(r.quality_name, r.quality_name_new)}</td>
                        <td className="num">{r.price < 0 ? t('暂无报价') : r.currency === 'VND' ? t('₫{{dong}}（合 ¥{{yuan}}）', { dong: r.quoted_amount.toLocaleString('en-US'), yuan: quotePriceText(r.price) }) : quotedText({ price_fen: r.price, currency: r.currency, quoted_amount: r.quoted_amount })}</td>
                        <td className="num">{r.price < 0 ? '—' : r.delivery_days ? t('{{n}} 天', { n: r.delivery_days }) : t('现货')}</td>
                      </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Dialog>
      )}
    </>
  );
}
