import { Link } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import type { EpcPart } from '../../../shared/contracts/vin';
import { PAGE_SIZES } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';

/**
 * Parts of the EPC catalogue: position, OE number, name, quantity per car, how many sellers have
 * it in stock, and the jump to the OE search that lists those sellers and their prices.
 */
export function PartsTable({ parts, showGroup = false, empty = msg.noResults }: { parts: EpcPart[]; showGroup?: boolean; empty?: string }) {
  const oeLink = (p: EpcPart, label: string) => (
    <Link to="/search/parts/oe" search={{ code: p.oe_number }} aria-label={`${label} ${p.oe_number}`}>{label}</Link>
  );
  return (
    <DataTable value={parts} dataKey="id" size="small" stripedRows emptyMessage={empty} sortMode="single" removableSort
      paginator={parts.length > 50} rows={50} rowsPerPageOptions={[...PAGE_SIZES]} aria-label="配件列表">
      {showGroup && <Column header="分组" body={(p: EpcPart) => <span>{p.group_name} / {p.subgroup_name}</span>} style={{ width: '11rem' }} />}
      {!showGroup && <Column field="position" header="图号" sortable style={{ width: '4rem' }} />}
      <Column field="oe_number" header="OE号" sortable body={(p: EpcPart) => <span className="vin-code">{oeLink(p, p.oe_number)}</span>} />
      <Column field="name" header="配件名称" sortable />
      <Column field="qty" header="单车用量" sortable style={{ width: '6rem' }} />
      <Column field="note" header="备注" />
      <Column field="seller_count" header="有货" sortable style={{ width: '7rem' }}
        body={(p: EpcPart) => (p.seller_count > 0
          ? <Tag severity="success" value={msg.inStockSellers(p.seller_count)} />
          : <Tag severity="secondary" value={msg.noStock} />)} />
      <Column header="操作" style={{ width: '7rem' }} body={(p: EpcPart) => oeLink(p, p.seller_count > 0 ? '查看报价' : 'OE号搜索')} />
    </DataTable>
  );
}
