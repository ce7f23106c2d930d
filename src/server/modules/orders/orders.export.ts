/**
 * 导出XLSX of the purchase and sales order lists (GET /api/orders/export?<orderSearch's query>):
 * the list call's own payload check, order codes and company scope (orders.service exportRows),
 * written as a workbook of two sheets: 订单 (one row per order) and 明细 (one row per line, with the
 * brand the line was sold under). docs/api.md, "Order list export".
 */
import type { Hono } from 'hono';
import ExcelJS from 'exceljs';
import { mountFileRoute, type FileEdge } from '../../http/file-route';
import { exportCost } from '../../http/limits';
import { endpoints } from '../../../shared/contracts';
import { ORDER_STATUS_TEXT, PAY_STATUS_TEXT } from '../../../shared/domain/orders';
import { formatChina } from '../../../shared/domain/china-time';
import { ORDER_EXPORT_MAX, type OrdersService } from './orders.service';

const yuan = (fen: number) => Math.round(fen) / 100;
const chinaTime = (s: number) => (s ? formatChina(s, 'YYYY-MM-DD HH:mm') : '');

const attachment = (name: string) => `attachment; filename="orders.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The workbook of the rows exportRows gives, for one side (the counterpart's column is named after it). */
export const orderWorkbook = async (side: 'purchase' | 'sales', rows: Awaited<ReturnType<OrdersService['exportRows']>>) => {
  const other = side === 'purchase' ? '卖家' : '买家';
  const counterpart = (o: (typeof rows)[number]) => (side === 'purchase' ? o.seller_company_name : o.buyer_company_name);
  const wb = new ExcelJS.Workbook();
  const orders = wb.addWorksheet('订单');
  orders.columns = [
    { header: '订单号', key: 'order_no', width: 26 }, { header: '下单时间', key: 'at', width: 18 }, { header: other, key: 'other', width: 28 },
    { header: '状态', key: 'status', width: 10 }, { header: '付款', key: 'pay', width: 10 }, { header: '种数', key: 'line_count', width: 8 },
    { header: '件数', key: 'total_qty', width: 8 }, { header: '金额（元）', key: 'amount', width: 14 }, { header: '售后冲减（元）', key: 'deducted', width: 14 },
    { header: '收货人', key: 'contact_name', width: 12 }, { header: '电话', key: 'contact_phone', width: 16 }, { header: '收货地址', key: 'address', width: 36 },
    { header: '物流', key: 'logistics', width: 26 }, { header: '发货时间', key: 'shipped', width: 18 }, { header: '收款方式', key: 'pay_method', width: 12 },
    { header: '买家留言', key: 'remark', width: 24 }, { header: '结算号', key: 'checkout_no', width: 26 },
  ];
  const lines = wb.addWorksheet('明细');
  lines.columns = [
    { header: '订单号', key: 'order_no', width: 26 }, { header: '下单时间', key: 'at', width: 18 }, { header: other, key: 'other', width: 28 },
    { header: 'OE号', key: 'supplier_oe', width: 20 }, { header: '配件名称', key: 'name', width: 20 }, { header: '品牌', key: 'brand_name', width: 14 },
    { header: '品质', key: 'quality_name', width: 10 }, { header: '数量', key: 'qty', width: 8 }, { header: '单位', key: 'uom_name', width: 8 },
    { header: '单价（元）', key: 'price', width: 12 }, { header: '含税', key: 'tax', width: 8 }, { header: '金额（元）', key: 'amount', width: 14 },
  ];
  for (const ws of [orders, lines]) ws.getRow(1).font = { bold: true };
  for (const o of rows) {
    const at = chinaTime(o.created_at);
    orders.addRow({
      ...o, at, other: counterpart(o), status: ORDER_STATUS_TEXT[o.status], pay: PAY_STATUS_TEXT[o.pay_status], amount: yuan(o.total_fen),
      deducted: yuan(o.deducted_fen), shipped: chinaTime(o.shipped_at),
    });
    for (const l of o.lines) {
      lines.addRow({
        order_no: o.order_no, at, other: counterpart(o), supplier_oe: l.supplier_oe, name: l.name, brand_name: l.brand_name, quality_name: l.quality_name,
        qty: l.qty, uom_name: l.uom_name, price: yuan(l.unit_price_fen), tax: l.include_tax ? '含税' : '不含税', amount: yuan(Number(l.amount_fen)),
      });
    }
  }
  return wb.xlsx.writeBuffer();
};

/**
 * GET /api/orders/export: through the table's edge (http/file-route.ts: budgets, sign-in, the
 * list's codes, its query schema), priced as a heavy read of ORDER_EXPORT_MAX rows.
 */
export const mountOrderFileRoutes = (app: Hono, edge: FileEdge, svc: OrdersService) => {
  const ep = endpoints.orderSearch;
  mountFileRoute(app, 'get', '/api/orders/export', edge, { name: 'order export', access: 'user', permissions: ep.permissions, query: ep.payload, heavy: () => exportCost(ORDER_EXPORT_MAX) },
    async ({ caller, query: p }) => {
      const body = await orderWorkbook(p.side, await svc.exportRows(edge.deps.db, caller!, p));
      return new Response(body as ArrayBuffer, {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': attachment(`${p.side === 'purchase' ? '采购订单' : '销售订单'}.xlsx`), 'Cache-Control': 'no-store',
        },
      });
    });
};
