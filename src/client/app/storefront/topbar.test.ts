import { describe, expect, it } from 'vitest';
import { visibleEntries } from '../menus';
import { drawerSections, favouriteShortcut, telHref, TOPBAR_LINKS, USER_MENU } from './topbar';

const labels = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(TOPBAR_LINKS, user).map((e) => e.label);

describe('top bar links', () => {
  it('the back-office link shows only to users of the head company', () => {
    expect(labels({ company_id: 1, permissions: ['D00'] })).toEqual(['运营平台']);
    expect(labels({ company_id: 1, permissions: [] })).toEqual(['运营平台']);
    expect(labels({ company_id: 2, permissions: ['D00', 'M01-00'] })).not.toContain('运营平台');
    expect(labels(null)).toEqual([]);
  });
  it('我的订单 opens purchases, or sales for a user who only sells; 我的财务 needs an order or accounting code', () => {
    const links = (permissions: string[]) => visibleEntries(TOPBAR_LINKS, { company_id: 3, permissions }).map((e) => `${e.label} ${e.path}`);
    expect(links(['C07', 'C08', 'C09', 'C12', 'C14', 'C15', 'M02'])).toEqual(['我的订单 /backend/order/purchase', '我的财务 /backend/accounting/wallet']);
    expect(links(['M01-00', 'M02'])).toEqual(['我的订单 /backend/order/purchase', '我的财务 /backend/accounting/wallet']);
    expect(links(['M01-00'])).toEqual(['我的订单 /backend/order/sales', '我的财务 /backend/accounting/wallet']);
    expect(links(['M09-00'])).toEqual(['我的财务 /backend/accounting/wallet']);
    expect(links(['C07', 'C15'])).toEqual([]);
    expect(links(['M03', 'C11'])).toEqual([]);
  });
  it('the user menu offers follows, profile and password to every signed-in user, the basket to buyers, none to a guest', () => {
    const menu = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(USER_MENU, user).map((e) => e.path);
    const own = ['/follows', '/backend/settings/profile', '/backend/settings/password'];
    // 我的积分 for whoever buys (docs/points.md)
    expect(menu({ company_id: 3, permissions: ['C07', 'C08', 'M02'] })).toEqual(['/basket', '/follows', '/points', '/backend/settings/profile', '/backend/settings/password']);
    expect(menu({ company_id: 2, permissions: ['M03', 'C11'] })).toEqual(own);
    expect(menu({ company_id: 4, permissions: ['C07', 'C15'] })).toEqual(own);
    expect(menu({ company_id: 5, permissions: [] })).toEqual(own);
    expect(menu(null)).toEqual([]);
  });
  it('names the favourite shortcut of the platform', () => {
    expect(favouriteShortcut('Win32')).toBe('Ctrl+D');
    expect(favouriteShortcut('Linux x86_64')).toBe('Ctrl+D');
    expect(favouriteShortcut('MacIntel')).toBe('⌘+D');
  });
});

describe('the phone drawer', () => {
  const nav = [
    { label: '首页', path: '/', icon: 'pi pi-home' },
    { label: '我的求购', path: '/enquiry/list', icon: 'pi pi-list', codes: ['C15'], auth: true },
    { label: '运营平台', path: '/operation', icon: 'pi pi-cog', headCompanyOnly: true, auth: true },
  ];
  const paths = (s: { nav: { path: string }[]; mine: { path: string }[] }) => ({ nav: s.nav.map((e) => e.path), mine: s.mine.map((e) => e.path) });
  it('lists the nav, then 消息, the top bar links and the user menu, each address once', () => {
    expect(paths(drawerSections(nav, { company_id: 3, permissions: ['C15', 'C07', 'C08', 'M02'] }))).toEqual({
      nav: ['/', '/enquiry/list'],
      mine: ['/im', '/backend/order/purchase', '/backend/accounting/wallet', '/basket', '/follows', '/points', '/backend/settings/profile', '/backend/settings/password'],
    });
    // 运营平台 is in the nav and the top bar: once, in the nav
    expect(paths(drawerSections(nav, { company_id: 1, permissions: [] })).mine).toEqual(['/im', '/follows', '/backend/settings/profile', '/backend/settings/password']);
  });
  it('a guest gets the public nav and nothing of an account', () => {
    expect(paths(drawerSections(nav, null))).toEqual({ nav: ['/'], mine: [] });
  });
  it('dials the hotline as digits', () => {
    expect(telHref('400-880-6688')).toBe('tel:4008806688');
    expect(telHref(' +86 20 8888 8888 ')).toBe('tel:+862088888888');
    expect(telHref('（工作日）')).toBeNull();
    expect(telHref('')).toBeNull();
  });
});
