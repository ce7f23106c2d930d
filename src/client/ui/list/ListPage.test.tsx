import { act, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { ListPage, type ListDef } from './ListPage';
import type { ListSearch } from './list-search';
import { reactRoot } from '../../test/react-root';


const at = reactRoot();

interface Row { id: number; name: string }
let rerender: () => void = () => undefined;

/** A page as the real ones are written: its list declared inside the component, anew at each render. */
function Page({ search }: { search: ListSearch }) {
  const [, setTick] = useState(0);
  rerender = () => setTick((t) => t + 1);
  const def: ListDef<Row> = {
    title: '企业列表',
    filters: [{ name: 'k', label: '名称', type: 'text' }],
    columns: [{ key: 'name', header: '名称', cell: (r) => r.name }],
    query: (s) => ({ queryKey: ['rows', s.k ?? ''], queryFn: async () => ({ data: [{ id: 1, name: '骏达' }], total: 1 }) }),
    rowKey: (r) => r.id,
    empty: () => '没有企业',
  };
  return <ListPage def={def} search={search} onSearch={() => undefined} />;
}

it('what is typed in a filter stays when the page renders again before 搜索 (its list answering, its options loading)', async () => {
  const client = new QueryClient();
  await act(async () => at.root.render(<QueryClientProvider client={client}><Page search={{}} /></QueryClientProvider>));
  const box = at.host.querySelector<HTMLInputElement>('#filter-k')!;
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(box, '骏达');
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(box.value).toBe('骏达');
  await act(async () => rerender());
  await act(async () => rerender());
  expect(at.host.querySelector<HTMLInputElement>('#filter-k')!.value).toBe('骏达');
});

it('a list whose call waits for a filter (enabled: false) says what to enter instead of loading forever', async () => {
  const client = new QueryClient();
  const def: ListDef<Row> = {
    title: '聊天记录查询',
    filters: [{ name: 'a', label: '一方', type: 'text' }],
    columns: [{ key: 'name', header: '名称', cell: (r) => r.name }],
    query: (s) => ({ queryKey: ['held', s.a ?? ''], queryFn: async () => ({ data: [], total: 0 }), enabled: !!s.a }),
    rowKey: (r) => r.id,
    empty: (filtered) => (filtered ? '没有找到' : '请输入要查询的一方'),
  };
  await act(async () => at.root.render(<QueryClientProvider client={client}><ListPage def={def} search={{}} onSearch={() => undefined} /></QueryClientProvider>));
  expect(at.host.querySelector('.list-empty')?.textContent).toBe('请输入要查询的一方');
  expect(at.host.querySelector('[aria-busy="true"]')).toBeNull();
});

it('on a phone only the first filter shows beside 筛选 (n); what is typed in a folded field stays when it folds and opens again', async () => {
  const was = window.matchMedia;
  const listeners = new Set<() => void>();
  let narrow = true;
  window.matchMedia = ((q: string) => ({
    matches: q.includes('max-width') ? narrow : false, media: q,
    addEventListener: (_: string, f: () => void) => listeners.add(f), removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  })) as unknown as typeof window.matchMedia;
  try {
    const client = new QueryClient();
    const def: ListDef<Row> = {
      title: '企业列表',
      filters: [{ name: 'k', label: '名称', type: 'text' }, { name: 'city', label: '城市', type: 'text' }, { name: 'id', label: 'ID', type: 'text' }],
      columns: [{ key: 'name', header: '名称', cell: (r) => r.name }],
      query: () => ({ queryKey: ['phone'], queryFn: async () => ({ data: [{ id: 1, name: '骏达' }], total: 1 }) }),
      rowKey: (r) => r.id,
      empty: () => '没有企业',
    };
    await act(async () => at.root.render(<QueryClientProvider client={client}><ListPage def={def} search={{ id: '7' }} onSearch={() => undefined} /></QueryClientProvider>));
    const ids = () => [...at.host.querySelectorAll('.list-filter input')].map((i) => i.id);
    const toggle = () => [...at.host.querySelectorAll('button')].find((b) => b.textContent?.startsWith('筛选'))!;
    expect(ids()).toEqual(['filter-k']);
    // the folded ID filter is in force
    expect(toggle().textContent).toBe('筛选 (1)');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    await act(async () => toggle().click());
    expect(ids()).toEqual(['filter-k', 'filter-city', 'filter-id']);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const city = at.host.querySelector<HTMLInputElement>('#filter-city')!;
    await act(async () => {
      setter.call(city, '广州');
      city.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => toggle().click());
    expect(ids()).toEqual(['filter-k']);
    await act(async () => toggle().click());
    expect(at.host.querySelector<HTMLInputElement>('#filter-city')!.value).toBe('广州');
    // turned wide (a rotation): every field, the typed value kept, no 筛选
    narrow = false;
    await act(async () => listeners.forEach((f) => f()));
    expect(ids()).toEqual(['filter-k', 'filter-city', 'filter-id']);
    expect(at.host.querySelector<HTMLInputElement>('#filter-city')!.value).toBe('广州');
    expect([...at.host.querySelectorAll('button')].some((b) => b.textContent?.startsWith('筛选'))).toBe(false);
  } finally {
    window.matchMedia = was;
  }
});
