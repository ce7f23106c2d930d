import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { PRICE_LABELS, type PriceColumn } from '../../../shared/domain/prices';
import { Price } from '../currency/Price';
import { msg } from '../../../shared/messages';
import type { StockRow } from '../../../shared/contracts';
import { AddToCartButton } from '../cart/AddToCartButton';

const Contact = ({ row, visible }: { row: StockRow; visible: boolean }) =>
  visible ? (
    <span>{row.phone}{row.qq ? ` · QQ ${row.qq}` : ''}</span>
  ) : (
    <span className="blurred-contact" title={msg.upgradeToView}>
      <span aria-hidden="true" style={{ filter: 'blur(4px)' }}>020-88888888 · QQ 88888888</span>
      <small>{msg.upgradeToView}</small>
    </span>
  );

/** The result columns of 000 §3 shared by every search: the caller's price columns, blurred contacts for registered members. */
export const stockColumns = (priceColumns: readonly string[], contactsVisible: boolean, opts: { sortable: boolean; showOe?: boolean }) => [
  ...(opts.showOe ? [<Column key="oe" field="supplier_oe" header="OE号" />] : []),
  <Column key="seller" header="供应商" body={(r: StockRow) => <span>{r.company_name}<br /><small className="muted">{r.province}{r.city !== r.province ? r.city : ''}</small></span>} />,
  <Column key="brand" header="品牌" body={(r: StockRow) => (r.is_original ? <Tag value="原厂件" severity="success" /> : r.part_brand_name || '—')} />,
  <Column key="quality" field="quality_name" header="品质" sortable={opts.sortable} />,
  <Column key="name" field="name" header="名称" />,
  <Column key="vehicle" header="适用车型" style={{ maxWidth: '12rem' }} body={(r: StockRow) => (r.make_name && !r.supplier_vehicle.includes(r.make_name) ? `${r.make_name} ` : '') + r.supplier_vehicle} />,
  <Column key="area" field="producing_area" header="产地" />,
  <Column key="qty" field="quantity" header="数量" sortable={opts.sortable} body={(r: StockRow) => (r.quantity > 0 ? `${r.quantity} ${r.uom_name}` : <span className="muted">无货</span>)} />,
  ...priceColumns.map((p) => (
    <Column key={p} field={p} header={PRICE_LABELS[p as PriceColumn]} sortable={opts.sortable} body={(r: StockRow) => <Price fen={r[p as PriceColumn]} />} />
  )),
  <Column key="contact" header="联系方式" body={(r: StockRow) => <Contact row={r} visible={contactsVisible} />} />,
  <Column key="cart" header="采购" body={(r: StockRow) => <AddToCartButton row={r} />} />,
];
