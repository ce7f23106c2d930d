import { describe, expect, it } from 'vitest';
import { activeTab, closeTab, initialTabs, openTab } from './quick-tabs';

describe('quick tabs', () => {
  it('start with the active home tab', () => {
    const s = initialTabs();
    expect(s.tabs).toEqual([{ text: '首页', path: '/operation', query: {}, active: true }]);
  });

  it('opening a path adds an active tab', () => {
    const s = openTab(initialTabs(), { text: '公司列表', path: '/operation/company/list', query: { page: '2' } });
    expect(s.tabs.map((t) => [t.path, t.active])).toEqual([['/operation', false], ['/operation/company/list', true]]);
    expect(activeTab(s).query).toEqual({ page: '2' });
  });

  it('opening an existing path reactivates it and updates its query, without a duplicate', () => {
    let s = openTab(initialTabs(), { text: 'A', path: '/operation/a', query: { k: '1' } });
    s = openTab(s, { text: 'B', path: '/operation/b' });
    s = openTab(s, { text: 'A', path: '/operation/a', query: { k: '2' } });
    expect(s.tabs.map((t) => t.path)).toEqual(['/operation', '/operation/a', '/operation/b']);
    expect(activeTab(s)).toMatchObject({ path: '/operation/a', query: { k: '2' } });
  });

  it('/operation activates the first tab', () => {
    let s = openTab(initialTabs(), { text: 'A', path: '/operation/a' });
    s = openTab(s, { text: '首页', path: '/operation' });
    expect(activeTab(s).path).toBe('/operation');
    expect(s.tabs).toHaveLength(2);
  });

  it('closing removes the tab, records the page and activates its left neighbour', () => {
    let s = openTab(initialTabs(), { text: 'A', path: '/operation/a' });
    s = openTab(s, { text: 'B', path: '/operation/b' });
    s = closeTab(s, '/operation/b');
    expect(s.tabs.map((t) => t.path)).toEqual(['/operation', '/operation/a']);
    expect(activeTab(s).path).toBe('/operation/a');
    expect(s.closed).toEqual(['/operation/b']);
  });

  it('closing an inactive tab keeps the active one', () => {
    let s = openTab(initialTabs(), { text: 'A', path: '/operation/a' });
    s = openTab(s, { text: 'B', path: '/operation/b' });
    s = closeTab(s, '/operation/a');
    expect(activeTab(s).path).toBe('/operation/b');
    s = openTab(s, { text: 'A', path: '/operation/a' });
    s = closeTab(s, '/operation/a');
    expect(s.closed).toEqual(['/operation/a']);
  });

  it('the home tab cannot be closed', () => {
    const s = initialTabs();
    expect(closeTab(s, '/operation')).toBe(s);
  });
});
