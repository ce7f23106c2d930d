/**
 * 发送订单链接 (requirements 001-2-3): the seller's own stock on sale in a 1200px dialog with a 400px-high table,
 * searched by OE number or name; 发送 sends a row as a product card (pushProductMsg), priced by the
 * server at the other side's level. A row without a sales price is refused with 请填写销售价格.
 */
import { useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import type { SellerStockRow } from '../../../shared/contracts';
import { formatFen } from '../../../shared/domain/prices';
import type { Currency } from '../../../shared/domain/currency';
import { errorText } from '../../ui/form/form';
import { chat } from './chat-store';
import { stockPickerQuery } from './queries';
import { useSendProductCard } from './mutations';

export function StockPicker({ targetId, currency = 'CNY', visible, onHide }: { targetId: string; currency?: Currency; visible: boolean; onHide: () => void }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [sending, setSending] = useState<number | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const q = useQuery({ ...stockPickerQuery(term), enabled: visible, placeholderData: keepPreviousData });
  const sendProductCard = useSendProductCard();
  const send = async (row: SellerStockRow) => {
    setSending(row.id);
    setStatus(null);
    try {
      const m = await sendProductCard.mutateAsync({ to_uuid: targetId, stock_id: row.id, product_qty: 1, currency });
      chat.delivered(m);
      setStatus({ kind: 'ok', text: `已发送：${row.supplier_oe} ${row.name}${currency === 'VND' ? '（越南盾）' : ''}` });
    } catch (e) {
      setStatus({ kind: 'error', text: `${row.supplier_oe}：${errorText(e)}` });
    } finally {
      setSending(null);
    }
  };
  return (
    <Dialog header="发送订单链接" visible={visible} onHide={onHide} style={{ width: '1200px', maxWidth: '96vw' }} modal>
      <form className="stock-picker-search" onSubmit={(e) => { e.preventDefault(); setTerm(text.trim()); }}>
        <InputText value={text} onChange={(e) => setText(e.target.value)} placeholder="OE号或配件名称" aria-label="搜索本公司库存" />
        <Button type="submit" label="搜索" icon="pi pi-search" size="small" />
        {status && <span className={status.kind === 'ok' ? 'stock-status ok' : 'field-error'} role={status.kind === 'ok' ? 'status' : 'alert'}>{status.text}</span>}
      </form>
      <DataTable value={q.data?.data ?? []} dataKey="id" size="small" scrollable scrollHeight="400px" loading={q.isFetching}
        emptyMessage={q.isError ? errorText(q.error) : term ? '没有找到在售的库存，换个OE号或名称试试' : '本公司还没有在售库存，请先在“库存与价格”中上架'}>
        <Column header="OE号" field="supplier_oe" style={{ width: '11rem' }} />
        <Column header="名称" field="name" />
        <Column header="品牌" body={(r: SellerStockRow) => (r.is_original ? '原厂件' : r.part_brand_name || r.custom_brand_name || '—')} style={{ width: '8rem' }} />
        <Column header="品质" field="part_type_name" style={{ width: '6rem' }} />
        <Column header="库存" field="quantity" style={{ width: '5rem' }} />
        <Column header="批发价" body={(r: SellerStockRow) => (r.price0 ? formatFen(r.price0) : '—')} style={{ width: '7rem' }} />
        <Column header="标准价" body={(r: SellerStockRow) => (r.price99 ? formatFen(r.price99) : '—')} style={{ width: '7rem' }} />
        <Column header="" body={(r: SellerStockRow) => (
          <Button type="button" size="small" label="发送" aria-label={`发送 ${r.supplier_oe}`} loading={sending === r.id} disabled={sending !== null} onClick={() => void send(r)} />
        )} style={{ width: '6rem' }} />
      </DataTable>
    </Dialog>
  );
}
