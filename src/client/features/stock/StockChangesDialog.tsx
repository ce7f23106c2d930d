import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import dayjs from 'dayjs';
import { STOCK_FIELD_LABELS, type SellerStockRow } from '../../../shared/contracts';
import { formatFen } from '../../../shared/domain/prices';
import { provinceName } from '../../../shared/domain/provinces';
import { stockChangesQuery } from './queries';

const ACTIONS: Record<string, string> = {
  create: '新增', update: '编辑', price: '改价', quantity: '设定库存', adjust: '调整库存', lock: '锁定价格', unlock: '解锁价格',
  on: '上架', off: '下架', clearance: '标记清仓', normal: '取消清仓', delete: '删除', performance: '业绩设置', import: '导入', spot: '标记现货', unspot: '取消现货', location: '库位数量', stocktake: '盘点调整',
  // an operator's batch label job (docs/batch-jobs.md)
  op_label: '平台批量标签',
};
const FIELD_NAMES: Record<string, string> = { ...STOCK_FIELD_LABELS, price_lock: '价格锁定', state: '上架状态', clean_state: '清仓', sale_state: '促销', performance: '参与业绩', province_ids: '业绩省份', spot: '现货' };
const PRICES = new Set(['price99', 'price0', 'price1', 'price2', 'price3', 'price5']);

const shown = (field: string, v: string | number | boolean | null) => {
  if (v === null || v === '') return field === 'province_ids' ? '全国' : '空';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (PRICES.has(field) && typeof v === 'number') return formatFen(v);
  if (field === 'province_ids') return String(v).split(',').map((c) => provinceName(Number(c))).join('、');
  // the marks an operator's batch label job sets (docs/batch-jobs.md)
  if (field === 'clean_state' || field === 'sale_state') return v === 'normal' ? '否' : '是';
  return String(v);
};

/** A row's change log: who changed what, when, old → new (newest first). */
export function StockChangesDialog({ row, onHide }: { row: SellerStockRow; onHide: () => void }) {
  const q = useQuery(stockChangesQuery(row.id));
  return (
    <Dialog header={`修改记录 · ${row.supplier_oe} ${row.name}`} visible onHide={onHide} style={{ width: 'min(44rem, 96vw)' }} modal dismissableMask>
      {q.isPending ? <p aria-busy="true">正在加载…</p> : q.isError ? <p role="alert">{q.error.message}</p> : q.data.length === 0 ? <p className="muted">还没有修改记录。</p> : (
        <table className="list-table stock-changes" aria-label="修改记录">
          <thead><tr><th>时间</th><th>操作人</th><th>操作</th><th>内容</th></tr></thead>
          <tbody>
            {q.data.map((c) => (
              <tr key={c.id}>
                <td>{dayjs.unix(c.at).format('YYYY-MM-DD HH:mm:ss')}</td>
                <td>{c.user_name}</td>
                <td>{ACTIONS[c.action] ?? c.action}</td>
                <td className="stock-change-list">
                  {c.changes.filter((x) => c.action !== 'delete' || x.field === 'supplier_oe').map((x) => (
                    <div key={x.field}>{FIELD_NAMES[x.field] ?? x.field}：{shown(x.field, x.old)} → {shown(x.field, x.new)}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
