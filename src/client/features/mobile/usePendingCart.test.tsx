import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { outbox } from '../../local/outbox';
import { cartTick } from '../cart/queries';
import { reactRoot } from '../../test/react-root';
import { usePendingCart } from './usePendingCart';

const at = reactRoot();
const client = new QueryClient();
const asked = vi.spyOn(client, 'invalidateQueries');

function Probe({ fetchedFrom }: { fetchedFrom: number }) {
  const { writes, waiting } = usePendingCart('buyer-uuid', fetchedFrom);
  return <p data-writes={writes.map((w) => w.seq).join(',')} data-waiting={waiting} />;
}
const render = (fetchedFrom: number) => act(() => at.root.render(<QueryClientProvider client={client}><Probe fetchedFrom={fetchedFrom} /></QueryClientProvider>));
/** waits, inside act, for the outbox's live view to deliver what `check` expects */
const until = (check: () => void) => vi.waitFor(async () => {
  await act(() => new Promise((r) => setTimeout(r, 10)));
  check();
});
const shown = () => {
  const p = at.host.querySelector('p')!;
  return { writes: p.dataset.writes, waiting: p.dataset.waiting };
};

it('keeps a landed write on its line until a cart fetched after it is on screen, and asks for that fetch', async () => {
  await render(0);
  const { seq } = await outbox.enqueue('buyer-uuid', 'cartUpdateQty', { id: 7, qty: 3 });
  await until(() => expect(shown()).toEqual({ writes: String(seq), waiting: '1' }));
  // the sender's own fetch starts before this view sees the write leave the outbox
  const fetchedBefore = cartTick();
  await outbox.discard(seq!);
  await until(() => expect(shown()).toEqual({ writes: String(seq), waiting: '0' }));
  await render(fetchedBefore);
  expect(shown().writes).toBe(String(seq));
  // nothing else would fetch the cart again: the view asks for it, and the answer ends the overlay
  expect(asked).toHaveBeenCalledWith({ queryKey: ['cart'] });
  await render(cartTick());
  expect(shown()).toEqual({ writes: '', waiting: '0' });
});
