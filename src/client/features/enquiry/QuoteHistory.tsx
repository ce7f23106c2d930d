/**
 * 报价记录 (getIMQuoteHisgoryById): every answer given on an enquiry, oldest first per seller and
 * line, with the brand and quality each one replaced — the buyer sees how each seller's price
 * moved, a seller what it answered before. Read when opened; the table is at most 250px high (requirements 001-9).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import dayjs from 'dayjs';
import { quotedText } from '../../../shared/domain/enquiry';
import { errorText } from '../../ui/form/form';
import { quoteHistoryQuery } from './queries';
import './enquiry.css';

/** old → new when the answer changed it; a brand or quality the seller left empty reads — */
const change = (before: string, after: string) => (!after ? '—' : before && before !== after ? <>{before} → {after}</> : after);

export function QuoteHistoryButton({ enquiryId, buyer }: { enquiryId: number; buyer: boolean }) {
  const [open, setOpen] = useState(false);
  const q = useQuery({ ...quoteHistoryQuery(enquiryId), enabled: open });
  return (
    <>
      <Button type="button" size="small" text icon="pi pi-history" label="报价记录" onClick={() => setOpen(true)} />
      {open && (
        <Dialog header="报价记录" visible modal onHide={() => setOpen(false)} style={{ width: 'min(860px, 96vw)' }}>
          {q.isPending ? <p aria-busy="true">正在读取报价记录…</p> : q.isError ? <p role="alert">{errorText(q.error)}</p> : q.data.length === 0 ? (
            <p className="muted">{buyer ? '还没有卖家报价。' : '本公司还没有报过这张询价单。'}</p>
          ) : (
            <div className="quote-history-scroll">
              <table className="quote-table" aria-label="报价记录">
                <thead><tr><th>报价时间</th>{buyer && <th>卖家</th>}<th>询价配件</th><th>品牌</th><th>品质</th><th className="num">报价</th><th className="num">货期</th></tr></thead>
                <tbody>
                  {q.data.map((r, i) => (
                      <tr key={i} data-testid="history-row">
                        <td>{dayjs.unix(r.quote_date).format('YYYY-MM-DD HH:mm')}</td>
                        {buyer && <td>{r.company_name}</td>}
                        <td>{r.line_no}. {r.line_text}</td>
                        <td>{change(r.brand_name, r.brand_name_new)}</td>
                        <td>{change(r.quality_name, r.quality_name_new)}</td>
                        <td className="num">{quotedText({ price_fen: r.price, currency: r.currency, quoted_amount: r.quoted_amount })}</td>
                        <td className="num">{r.price < 0 ? '—' : r.delivery_days ? `${r.delivery_days} 天` : '现货'}</td>
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
