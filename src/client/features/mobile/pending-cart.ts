/**
 * The cart as the buyer last changed it: the server's copy with the cart writes still waiting in
 * the outbox laid over it, in the order they were made, so offline edits show at once (marked
 * 待同步) instead of springing back until the network returns.
 */
import type { CartList, PayloadIn } from '../../../shared/contracts';
import { cartTotals } from '../../../shared/domain/cart';

export interface PendingWrite { seq: number; name: string; payload: unknown }

export interface Overlaid { cart: CartList; pendingIds: ReadonlySet<number>; pendingAdds: number }

export const overlayPending = (cart: CartList, writes: readonly PendingWrite[]): Overlaid => {
  const pendingIds = new Set<number>();
  let pendingAdds = 0;
  let groups = cart.groups.map((g) => ({ ...g, items: g.items.map((i) => ({ ...i })) }));
  const items = () => groups.flatMap((g) => g.items);
  for (const w of [...writes].sort((a, b) => a.seq - b.seq)) {
    if (w.name === 'cartUpdateQty') {
      const p = w.payload as PayloadIn<'cartUpdateQty'>;
      for (const i of items().filter((x) => x.id === Number(p.id))) {
        i.qty = Number(p.qty);
        // the unit price stays; the server computes the amount again when the write lands
        if (i.price !== null) i.amount = i.price * i.qty;
        pendingIds.add(i.id);
      }
    } else if (w.name === 'cartUpdateTax') {
      const p = w.payload as PayloadIn<'cartUpdateTax'>;
      for (const i of items().filter((x) => x.id === Number(p.id))) {
        i.isIncludeTaxProduct = p.is_include_tax === true || String(p.is_include_tax) === 'true' || String(p.is_include_tax) === '1';
        pendingIds.add(i.id);
      }
    } else if (w.name === 'cartCheck') {
      const p = w.payload as PayloadIn<'cartCheck'>;
      const ids = new Set((p.ids as unknown[]).map(Number));
      const checked = p.checked === true || String(p.checked) === 'true' || String(p.checked) === '1';
      for (const i of items().filter((x) => ids.has(x.id) && x.productSource === 1)) {
        i.checked = checked;
        pendingIds.add(i.id);
      }
    } else if (w.name === 'cartRemove') {
      const ids = new Set(((w.payload as PayloadIn<'cartRemove'>).ids as unknown[]).map(Number));
      groups = groups.map((g) => ({ ...g, items: g.items.filter((i) => !ids.has(i.id)) })).filter((g) => g.items.length > 0);
    } else if (w.name === 'cartAdd') {
      pendingAdds++;
    }
  }
  groups = groups.map((g) => {
    const live = g.items.filter((i) => i.productSource === 1);
    return { ...g, checked: live.length > 0 && live.every((i) => i.checked) };
  });
  return { cart: { groups, ...cartTotals(groups.flatMap((g) => g.items)) }, pendingIds, pendingAdds };
};
