/**
 * 拣货单 (/backend/order/pick, docs/warehouse.md#pick-lists): the lines of the sales orders ticked
 * on 销售订单, added up per part and sorted by warehouse and location code so the picker walks the
 * shelves once; parts without a location come last. Printed as it is shown (A4, only the sheet).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import type { PickLine } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../../shared/domain/orders';
import { errorText } from '../../ui/form/form';
import { pickListQuery } from './queries';
import './warehouse.css';

/** The lines in groups of one warehouse each, in the server's order (unlocated last). */
const groupsOf = (lines: readonly PickLine[]) => {
  const groups: Array<{ warehouse: string; lines: PickLine[] }> = [];
  for (const l of lines) {
    const last = groups[groups.length - 1];
    if (last && last.warehouse === l.warehouse_name) last.lines.push(l);
    else groups.push({ warehouse: l.warehouse_name, lines: [l] });
  }
  return groups;
};

export function PickListPage({ orderNos }: { orderNos: string }) {
  const q = useQuery({ ...pickListQuery(orderNos), enabled: orderNos !== '' });
  const back = <Link to="/backend/order/sales" className="p-button p-button-outlined p-component">返回销售订单</Link>;
  if (orderNos === '') {
    return (
      <section className="card pick-page" aria-label="拣货单">
        <h2>拣货单</h2>
        <p className="muted">在“销售订单”中勾选待确认或已确认（待发货）的订单，再点“拣货单”。</p>
        {back}
      </section>
    );
  }
  const data = q.data;
  return (
    <section className="card pick-page pick-sheet" aria-label="拣货单">
      <div className="pick-head">
        <h2>拣货单</h2>
        <span className="pick-noprint" style={{ display: 'flex', gap: '0.5rem' }}>
          {back}
          <Button type="button" label="打印" icon="pi pi-print" disabled={!data} onClick={() => window.print()} />
        </span>
      </div>
      {q.isError && <p role="alert" className="field-error">{errorText(q.error)}</p>}
      {!data && !q.isError && <p className="muted">正在生成拣货单…</p>}
      {data && (
        <>
          <p className="muted">生成时间 {formatChina(data.at, 'YYYY-MM-DD HH:mm')} · {data.orders.length} 个订单 · {data.lines.length} 种配件 · 共 {data.total_qty} 件</p>
          <ol className="pick-orders" aria-label="订单">
            {data.orders.map((o) => (
              <li key={o.order_no}>{o.order_no} · {o.buyer_company_name} · {ORDER_STATUS_TEXT[o.status as OrderStatus] ?? o.status} · {o.total_qty} 件</li>
            ))}
          </ol>
          <table className="pick-table" aria-label="拣货明细">
            <thead>
              <tr>
                <th className="pick-check" aria-label="已拣">✓</th><th>库位</th><th>OE号 / 配件名称</th><th className="pick-col-brand">品牌</th>
                <th className="num">数量</th><th className="pick-col-orders">订单</th>
              </tr>
            </thead>
            {groupsOf(data.lines).map((g) => (
              <tbody key={g.warehouse || '-'}>
                <tr className="pick-group"><th colSpan={6}>{g.warehouse || '未设库位'}（{g.lines.reduce((s, l) => s + l.qty, 0)} 件）</th></tr>
                {g.lines.map((l) => (
                  <tr key={`${l.stock_id ?? l.supplier_oe}-${l.name}`} data-testid="pick-line">
                    <td className="pick-check"><span className="pick-box" /></td>
                    <td>
                      <span className="pick-loc">{l.location_code || '—'}</span>
                      {l.locations.length > 1 && (
                        <span className="pick-more">也在 {l.locations.filter((x) => !(x.warehouse_name === l.warehouse_name && x.code === l.location_code)).map((x) => `${x.warehouse_name}/${x.code}（${x.quantity}）`).join('、')}</span>
                      )}
                    </td>
                    <td><strong>{l.supplier_oe}</strong> {l.name}</td>
                    <td className="pick-col-brand">{l.brand_name}</td>
                    <td className="num"><strong>{l.qty}</strong> {l.uom_name}</td>
                    <td className="pick-col-orders"><small>{l.order_nos.join('、')}</small></td>
                  </tr>
                ))}
              </tbody>
            ))}
            <tfoot>
              <tr><td colSpan={4}>合计 {data.lines.length} 种</td><td className="num" data-testid="pick-total">{data.total_qty}</td><td className="pick-col-orders" /></tr>
            </tfoot>
          </table>
          <p className="muted pick-sign"><span>拣货人：__________</span><span>复核人：__________</span></p>
        </>
      )}
    </section>
  );
}
