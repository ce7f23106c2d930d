/** 询价详情 (/operation/enquiry/<no>, D12-01): the lines, the sellers asked, every quote; read only. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ENQUIRY_STATE_TEXT, NO_STOCK_PRICE } from '../../../../shared/domain/enquiry';
import { errorText } from '../../../ui/form/form';
import { enquiryQuery } from './queries';
import { when, yuan } from '../format';
import '../operation.css';

export function EnquiryDetailPage({ enquiryNo }: { enquiryNo: string }) {
  const q = useQuery(enquiryQuery(enquiryNo));
  if (q.isError) return <section className="card" role="alert"><p>{errorText(q.error)}</p><Link to="/operation/enquiry">返回询价列表</Link></section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const e = q.data;
  const price = (fen: number, currency: string) => (fen === NO_STOCK_PRICE ? '无货' : currency === 'VND' ? `${fen.toLocaleString('zh-CN')} 越南盾` : yuan(fen));
  return (
    <div className="op-detail">
      <section className="card">
        <div className="op-detail-head">
          <h2>询价单 {e.enquiry_no} <span className="op-tag">{ENQUIRY_STATE_TEXT[e.state]}</span></h2>
          <Link to="/operation/enquiry">返回询价列表</Link>
        </div>
        <dl className="op-kv">
          <div><dt>买家</dt><dd>{e.buyer_company_name}（{e.buyer_user_name}）</dd></div>
          <div><dt>创建</dt><dd>{when(e.created_at)}</dd></div>
          <div><dt>发出</dt><dd>{when(e.sent_at)}</dd></div>
          <div><dt>截止</dt><dd>{when(e.expires_at)}</dd></div>
          {e.make_name && <div><dt>品牌</dt><dd>{e.make_name}</dd></div>}
          {e.vin && <div><dt>VIN</dt><dd>{e.vin}</dd></div>}
          {e.note && <div><dt>备注</dt><dd>{e.note}</dd></div>}
          <div><dt>询价卖家</dt><dd>{e.sellers.map((s) => s.name).join('、') || '—'}</dd></div>
        </dl>
      </section>
      <section className="card">
        <h3 style={{ marginTop: 0 }}>明细与报价</h3>
        <div className="op-table-wrap">
          <table className="op-table">
            <thead><tr><th>#</th><th>OE号</th><th>名称</th><th>数量</th><th>品质</th><th>报价</th></tr></thead>
            <tbody>{e.items.map((l) => {
              const quotes = e.quotes.filter((x) => x.line_no === l.line_no);
              return (
                <tr key={l.line_no}>
                  <td>{l.line_no}</td><td>{l.oe || '—'}</td><td>{l.name || '—'}</td><td>{l.qty}</td><td>{l.quality}</td>
                  <td>{quotes.length === 0 ? <span className="muted">还没有报价</span> : (
                    <ul className="op-history">{quotes.map((x, i) => (
                      <li key={i}>{x.seller_company_name}：{price(x.price_fen, x.currency)}{x.brand && ` · ${x.brand}`}{x.quality && ` · ${x.quality}`}
                        {x.delivery_days > 0 && ` · ${x.delivery_days}天发货`}{x.accepted && <span className="op-tag" style={{ marginLeft: '0.3rem' }}>已采纳</span>}</li>
                    ))}</ul>
                  )}</td>
                </tr>
              );
            })}</tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
