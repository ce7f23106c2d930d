import { useRef } from 'react';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { PRICE_LABELS, type PriceColumn } from '../../../shared/domain/prices';
import { Price } from '../currency/Price';
import { msg } from '../../../shared/messages';
import type { StockRow } from '../../../shared/contracts';
import { stockDetails } from './stock-details';
import './stock-columns.css';
import { AddToCartButton } from '../cart/AddToCartButton';
import { ChatWithSellerButton } from '../im/ChatWithSellerButton';

const Contact = ({ row, visible }: { row: StockRow; visible: boolean }) =>
  visible ? (
    <span>{row.phone}{row.qq ? ` · QQ ${row.qq}` : ''}</span>
  ) : (
    <span className="blurred-contact" title={msg.upgradeToView}>
      <span aria-hidden="true" style={{ filter: 'blur(4px)' }}>020-88888888 · QQ 88888888</span>
      <small>{msg.upgradeToView}</small>
    </span>
  );

/** The columns the table has no room for (sizes, weights, codes, Vietnamese stock …), in a panel opened from the row. */
function RowDetails({ row }: { row: StockRow }) {
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <Button type="button" icon="pi pi-info-circle" rounded text size="small" className="stock-details-button"
        aria-label={`${row.name} 详情`} title="详情" onClick={(e) => panel.current?.toggle(e)} />
      <OverlayPanel ref={panel} className="stock-details-panel" aria-label={`${row.company_name} ${row.supplier_oe} 详情`}>
        <h4>{row.name} <small className="muted">{row.supplier_oe} · {row.company_name}</small></h4>
        <dl>
          {stockDetails(row).map(([label, text]) => (
            <div key={label}><dt>{label}</dt><dd>{text}</dd></div>
          ))}
        </dl>
      </OverlayPanel>
    </>
  );
}

const NameCell = ({ row }: { row: StockRow }) => (
  <span className="stock-name">
    <span>{row.name}</span>
    {row.sale_state === 'promotion' && <Tag value="促销" severity="warning" />}
    {row.clean_state === 'clearance' && <Tag value="清仓" severity="danger" />}
    <RowDetails row={row} />
    {(row.generic_name || row.category_name) && <small className="muted">{[row.generic_name, row.category_name].filter(Boolean).join(' · ')}</small>}
  </span>
);

const VehicleCell = ({ row }: { row: StockRow }) => (
  <span>
    {row.factory_make_name && <small className="muted">{row.factory_make_name}<br /></small>}
    {(row.make_name && !row.supplier_vehicle.includes(row.make_name) ? `${row.make_name} ` : '') + row.supplier_vehicle}
  </span>
);

/**
 * The result columns of 000 §3 shared by every search: codes, brand and quality, name with its
 * generic name, specification, vehicle with its factory make, the caller's price columns, blurred
 * contacts for registered members. The rest of the stock row opens from the name (详情).
 */
export const stockColumns = (priceColumns: readonly string[], contactsVisible: boolean, opts: { sortable: boolean | readonly string[]; showOe?: boolean }) => {
  // true sorts every sortable column in the page; a list names the fields a server-sorted table offers
  const can = (field: string) => opts.sortable === true || (Array.isArray(opts.sortable) && opts.sortable.includes(field));
  return [
  // each cell carries stock-col-<key>: tests and styles find a column by it, not by its position
  // tables of several numbers show each row's OE number, with the seller's own code under it
  ...(opts.showOe
    ? [<Column key="oe" bodyClassName="stock-col-oe" header="OE号 / 编码" body={(r: StockRow) => <span>{r.supplier_oe}<br /><small className="muted">{r.supplier_code}</small></span>} />]
    : []),
  <Column key="seller" bodyClassName="stock-col-seller" header="供应商" body={(r: StockRow) => <span>{r.company_name}<br /><small className="muted">{r.province}{r.city !== r.province ? r.city : ''}</small><br /><ChatWithSellerButton companyId={r.company_id} companyName={r.company_name} /></span>} />,
  ...(opts.showOe ? [] : [<Column key="code" bodyClassName="stock-col-code" field="supplier_code" header="配件编码" />]),
  <Column key="brand" bodyClassName="stock-col-brand" header="品牌 / 品质" body={(r: StockRow) => (r.is_original ? <Tag value="原厂件" severity="success" /> : <span>{r.part_brand_name || r.custom_brand_name || '—'}<br /><small className="muted">{r.quality_name}</small></span>)} />,
  <Column key="name" bodyClassName="stock-col-name" field="name" header="名称" sortable={can('name')} body={(r: StockRow) => <NameCell row={r} />} />,
  <Column key="spec" bodyClassName="stock-col-spec" header="规格 / 产地" body={(r: StockRow) => <span>{r.product_specification || '—'}<br /><small className="muted">{r.producing_area}</small></span>} />,
  <Column key="vehicle" bodyClassName="stock-col-vehicle" header="适用车型" style={{ width: '5.5rem', maxWidth: '5.5rem' }} body={(r: StockRow) => <VehicleCell row={r} />} />,
  <Column key="qty" bodyClassName="stock-col-qty" field="quantity" header="数量" sortable={can('quantity')} body={(r: StockRow) => (r.quantity > 0 ? `${r.quantity} ${r.uom_name}` : <span className="muted">无货</span>)} />,
  ...priceColumns.map((p) => (
    <Column key={p} bodyClassName={`stock-col-${p}`} field={p} header={<span className="price-head">{PRICE_LABELS[p as PriceColumn].replace('(', '\n(')}</span>} sortable={can(p)} body={(r: StockRow) => <Price fen={r[p as PriceColumn]} />} />
  )),
  <Column key="contact" bodyClassName="stock-col-contact" header="联系方式" style={{ maxWidth: '5rem' }} body={(r: StockRow) => <Contact row={r} visible={contactsVisible} />} />,
  <Column key="cart" bodyClassName="stock-col-cart" header="采购" style={{ width: '3rem' }} body={(r: StockRow) => <AddToCartButton row={r} />} />,
  ];
};
