import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { ApiError } from '../api/request';
import { OrderedPickList, PickOffer } from './OrderedPickList';
import { reactRoot } from '../test/react-root';


const at = reactRoot();

interface Row { id: number; name: string }
const STORED: Row[] = [{ id: 1, name: '博世' }, { id: 2, name: '电装' }];
const OFFERED: Row[] = [{ id: 2, name: '电装' }, { id: 3, name: '马勒' }];

async function mount(save: (ids: number[]) => Promise<unknown>, max = 10) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => at.root.render(
    <QueryClientProvider client={client}>
      <OrderedPickList title="推荐" intro="说明" query={{ queryKey: ['stored'], queryFn: async () => STORED }} canWrite max={max}
        fullText="最多两条" listLabel="推荐顺序" emptyText="还没有" savedText="已保存" label={(r: Row) => r.name} render={(r) => r.name}
        save={(ids) => save(ids)}
        adder={(a) => <ul aria-label="查找结果">{OFFERED.map((r) => <PickOffer key={r.id} a={a} row={r} label={r.name}>{r.name}</PickOffer>)}</ul>} />
    </QueryClientProvider>,
  ));
  for (let i = 0; i < 50 && !at.host.querySelector('ol'); i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
}
const button = (label: string) => at.host.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
const order = () => [...at.host.querySelectorAll('ol[aria-label="推荐顺序"] li .pick-body')].map((e) => e.textContent);
const click = (label: string) => act(async () => button(label)!.click());

it('a found row already listed says 已加入 and cannot be added; adding, moving and saving send the new order', async () => {
  const saved: number[][] = [];
  await mount(async (ids) => { saved.push(ids); });
  expect(order()).toEqual(['博世', '电装']);
  expect(button('已加入 电装')!.disabled).toBe(true);
  expect(button('加入 电装')).toBeNull();
  expect(button('加入 马勒')!.disabled).toBe(false);
  expect(at.host.querySelector<HTMLButtonElement>('button[aria-label="加入 马勒"]')!.textContent).toContain('加入');

  await click('加入 马勒');
  expect(order()).toEqual(['博世', '电装', '马勒']);
  expect(button('已加入 马勒')!.disabled).toBe(true);
  await click('上移 马勒');
  expect(order()).toEqual(['博世', '马勒', '电装']);
  expect(button('上移 博世')!.disabled).toBe(true);
  await click('移除 电装');
  expect(button('加入 电装')!.disabled).toBe(false);
  const saveButton = [...at.host.querySelectorAll('button')].find((b) => b.textContent === '保存顺序')!;
  await act(async () => saveButton.click());
  expect(saved).toEqual([[1, 3]]);
  expect(at.host.querySelector('[data-testid="op-status"]')!.textContent).toBe('已保存');
});

it('a refused save names the row the server pointed at, and the draft stays', async () => {
  await mount(async () => { throw new ApiError(422, '不在售，不能推荐', 'ids.1'); });
  await click('下移 博世');
  const saveButton = [...at.host.querySelectorAll('button')].find((b) => b.textContent === '保存顺序')!;
  await act(async () => saveButton.click());
  expect(at.host.querySelector('[data-testid="op-status"]')!.textContent).toBe('博世：不在售，不能推荐');
  expect(order()).toEqual(['电装', '博世']);
});

it('a full list offers nothing more', async () => {
  await mount(async () => undefined, 2);
  expect(button('加入 马勒')!.disabled).toBe(true);
});
