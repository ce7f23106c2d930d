import { useMemo } from 'react';
import dayjs from 'dayjs';
import type { OrderDetail } from '../../../shared/contracts';
import { ORDER_STATUS_TEXT, PAY_STATUS_TEXT } from '../../../shared/domain/orders';
import { encodeQr, qrSvgPath } from '../../ui/qr';
import { Price } from '../currency/Price';
import './print.css';

export type PrintKind = 'order' | 'delivery';

const at = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '');

/**
 * The order as paper (docs/guide/seller.md, "打印"): 订单 (with prices, for the files of both sides)
 * or 发货单 (the packing and delivery note: what goes in the box, no prices, signatures). Hidden on
 * screen; print.css shows only it when the page is printed, with a QR code of the order number that
 * a phone's scanner reads back to the order.
 */
export function OrderPrintSheet({ order: o, kind }: { order: OrderDetail; kind: PrintKind }) {
  const qr = useMemo(() => {
    const m = encodeQr(o.order_no);
    return { full: m.size + 8, path: qrSvgPath(m) };
  }, [o.order_no]);
  const delivery = kind === 'delivery';
  return (
    <article className="print-sheet" data-print-kind={kind} aria-hidden="true">
      <header className="print-head">
        <div>
          <h1>{delivery ? '发货单' : '订单'}</h1>
          <p>订单号 {o.order_no}</p>
          <p>下单时间 {at(o.created_at)}{delivery ? '' : ` · ${ORDER_STATUS_TEXT[o.status]} · ${PAY_STATUS_TEXT[o.pay_status]}`}</p>
        </div>
        <svg className="print-qr" width={96} height={96} viewBox={`0 0 ${qr.full} ${qr.full}`} shapeRendering="crispEdges" data-qr-text={o.order_no}>
          <rect width={qr.full} height={qr.full} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
      </header>
      <dl className="print-facts">
        <dt>卖家</dt><dd>{o.seller_company_name}</dd>
        <dt>买家</dt><dd>{o.buyer_company_name}（下单人 {o.buyer_user_name}）</dd>
        <dt>收货人</dt><dd>{o.contact_name} {o.contact_phone}</dd>
        <dt>收货地址</dt><dd>{o.address}</dd>
        {o.logistics_no && <><dt>物流</dt><dd>{o.logistics_company} {o.logistics_no}{o.shipped_at ? `（${at(o.shipped_at)} 发货）` : ''}</dd></>}
        {o.remark && <><dt>买家留言</dt><dd>{o.remark}</dd></>}
      </dl>
      <table className="print-lines">
        <thead>
          <tr>
            <th>序号</th><th>OE号</th><th>配件名称</th><th>品牌</th><th>品质</th><th className="num">数量</th>
            {delivery ? <th>核对</th> : <><th className="num">单价</th><th>含税</th><th className="num">金额</th></>}
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l, i) => (
            <tr key={l.id}>
              <td>{i + 1}</td><td>{l.supplier_oe}</td><td>{l.name}</td><td>{l.brand_name || '—'}</td><td>{l.quality_name}</td>
              <td className="num">{l.qty} {l.uom_name}</td>
              {delivery ? <td /> : <><td className="num"><Price fen={l.unit_price_fen} /></td><td>{l.include_tax ? '含税' : '不含税'}</td><td className="num"><Price fen={l.amount_fen} /></td></>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={5}>共 {o.line_count} 种 {o.total_qty} 件</td>
            {delivery ? <td colSpan={2} /> : <td colSpan={4} className="num">合计 <Price fen={o.total_fen} /></td>}
          </tr>
        </tfoot>
      </table>
      {delivery ? (
        <p className="print-sign"><span>发货人：</span><span>收货人签字：</span><span>签收日期：</span></p>
      ) : (
        <p className="print-sign"><span>卖家确认：</span><span>买家确认：</span></p>
      )}
    </article>
  );
}
