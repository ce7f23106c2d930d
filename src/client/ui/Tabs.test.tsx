import { act } from 'react';
import { expect, it } from 'vitest';
import { Tabs } from './Tabs';
import { reactRoot } from '../test/react-root';

const at = reactRoot();
const TABS = ['OE号搜索', '拆车件', '企业黄页'].map((header) => ({ header, content: <p>{header}的搜索框</p> }));

const render = (active: number) => act(() => at.root.render(<Tabs label="搜索方式" active={active} tabs={TABS} />));
const shown = () => [...at.host.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter((p) => !p.hidden).map((p) => p.textContent);
const click = (name: string) => act(() => [...at.host.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!.click());

it('shows the tab the route moves to, as a history replay or the back button does', async () => {
  history.replaceState(null, '', '/search/parts');
  await render(0);
  await click('企业黄页');
  expect(shown()).toEqual(['企业黄页的搜索框']);
  history.pushState(null, '', '/search/dismantle/result?k=大灯');
  await render(1);
  expect(shown()).toEqual(['拆车件的搜索框']);
});

it('keeps a tab picked after the address moved, when the route catches up later', async () => {
  history.replaceState(null, '', '/search/parts');
  await render(0);
  await click('拆车件');
  // a search from the 拆车件 box: the address moves at once, the route's state once its page has loaded
  history.pushState(null, '', '/search/dismantle/result?k=大灯');
  await click('企业黄页');
  await render(1);
  expect(shown()).toEqual(['企业黄页的搜索框']);
});

it('keeps the tab picked when a tab is added before it (圈内搜索, once the circles are known)', async () => {
  history.replaceState(null, '', '/search/parts');
  await render(0);
  await click('企业黄页');
  const withCircle = [TABS[0], { header: '圈内搜索', content: <p>圈内搜索的搜索框</p> }, ...TABS.slice(1)];
  await act(() => at.root.render(<Tabs label="搜索方式" active={0} tabs={withCircle} />));
  expect(shown()).toEqual(['企业黄页的搜索框']);
});
