/**
 * 拣货单 (pick list, docs/warehouse.md#pick-lists): the seller's sales orders still to ship
 * (待确认, 已确认), their lines added up per stock row and placed at the locations holding the row
 * now, sorted by warehouse and location code so a picker walks the shelves once; rows without a
 * location, and lines that are not stock rows, come last. The orders are read through the orders
 * service, the locations through the warehouse service.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { conflict, invalid } from '../../http/errors';
import { unix } from '../../db/helpers';
import type { AnswerOf, PayloadOut, PickLine } from '../../../shared/contracts';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../../shared/domain/orders';
import { warehouseText } from '../../../shared/domain/warehouse';
import { linesOf, orderByNo } from '../orders/orders.service';
import { locationsOfRows } from './warehouse.service';

const TO_SHIP: readonly OrderStatus[] = ['pending', 'confirmed'];

export const createPickListService = (clock: Clock) => ({
  async pickList(db: Kysely<DB>, caller: Caller, p: PayloadOut<'pickList'>): Promise<AnswerOf<'pickList'>> {
    const orders = [];
    for (const no of p.order_nos) {
      const o = await orderByNo(db, no);
      if (!o || o.seller_company_id !== caller.companyId) throw invalid('order_nos', warehouseText.pickNotOurs(no));
      if (!TO_SHIP.includes(o.status)) throw conflict(warehouseText.pickNotToShip(no, ORDER_STATUS_TEXT[o.status]));
      orders.push(o);
    }
    type Acc = Omit<PickLine, 'warehouse_name' | 'location_code' | 'locations'> & { sortWarehouse: number };
    const byKey = new Map<string, Acc>();
    for (const o of orders) {
      for (const l of await linesOf(db, o.id)) {
        const key = l.stock_id !== null ? `s${l.stock_id}` : `q${l.supplier_oe}|${l.name}|${l.brand_name}`;
        const acc = byKey.get(key) ?? { stock_id: l.stock_id, supplier_oe: l.supplier_oe, name: l.name, brand_name: l.brand_name, uom_name: l.uom_name, qty: 0, order_nos: [], sortWarehouse: 0 };
        acc.qty += l.qty;
        if (!acc.order_nos.includes(o.order_no)) acc.order_nos.push(o.order_no);
        byKey.set(key, acc);
      }
    }
    const stockIds = [...byKey.values()].flatMap((a) => (a.stock_id === null ? [] : [a.stock_id]));
    const where = await locationsOfRows(db, stockIds);
    const lines = [...byKey.values()].map((a) => {
      const locs = a.stock_id === null ? [] : (where.get(a.stock_id) ?? []);
      // pick where the row still is; a row whose every location is empty is looked for at its first
      const first = locs.find((l) => l.quantity > 0) ?? locs[0];
      const { sortWarehouse: _w, ...line } = a;
      return {
        sort: first ? [0, first.warehouse_id, first.code] as const : [1, 0, ''] as const,
        line: {
          ...line, warehouse_name: first?.warehouse_name ?? '', location_code: first?.code ?? '',
          locations: locs.map((l) => ({ warehouse_name: l.warehouse_name, code: l.code, quantity: l.quantity })),
        },
      };
    });
    lines.sort((x, y) => x.sort[0] - y.sort[0] || x.sort[1] - y.sort[1] || (x.sort[2] < y.sort[2] ? -1 : x.sort[2] > y.sort[2] ? 1 : 0)
      || (x.line.supplier_oe < y.line.supplier_oe ? -1 : x.line.supplier_oe > y.line.supplier_oe ? 1 : 0));
    return {
      orders: orders.map((o) => ({ order_no: o.order_no, buyer_company_name: o.buyer_company_name, status: o.status, created_at: unix(o.created_at), total_qty: o.total_qty })),
      lines: lines.map((l) => l.line),
      total_qty: lines.reduce((s, l) => s + l.line.qty, 0),
      at: Math.floor(clock.now().getTime() / 1000),
    };
  },
});
export type PickListService = ReturnType<typeof createPickListService>;
