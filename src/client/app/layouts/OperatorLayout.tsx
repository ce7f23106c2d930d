import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useRouteContext } from '@tanstack/react-router';
import { closeTab, initialTabs, openTab, type QuickTabsState } from '../../../shared/domain/quick-tabs';
import { OPERATOR_MENU, visibleEntries } from '../menus';
import { signOut } from '../../features/session/actions';
import { msg } from '../../../shared/messages';
import './operator.css';

const TABS_KEY = 'qph-operation-tabs';
/** narrower than this the side menu starts as its icon rail and opens over the page */
const NARROW_MENU = '(max-width: 767.98px)';
/** pages reached from the header rather than the side menu */
const PAGE_TITLES: Record<string, string> = { '/operation/password': '修改密码', '/operation/company/detail': '企业详情', '/operation/company/trade/edit': '商圈详情', '/operation/company/group/edit': '分组详情', '/operation/pay/bill/download': '账单明细', '/operation/foreign/bill/detail': '海外账单明细' };
/** detail pages whose address carries their number */
const PREFIX_TITLES: ReadonlyArray<[string, string]> = [['/operation/order/', '订单详情'], ['/operation/enquiry/', '询价详情'], ['/operation/service/afterSale/', '售后详情'], ['/operation/foreign/afterSale/', '海外售后详情'], ['/operation/product/epc/', '编辑图解']];

const loadTabs = (): QuickTabsState => {
  try {
    const saved = JSON.parse(sessionStorage.getItem(TABS_KEY) ?? 'null') as QuickTabsState | null;
    if (saved && Array.isArray(saved.tabs) && saved.tabs[0]?.path === '/operation') return saved;
  } catch {
    // unreadable: start again
  }
  return initialTabs();
};

/** Operator platform: header, collapsible side menu, closable quick tabs (requirements 001-2-2). */
export function OperatorLayout() {
  const { session } = useRouteContext({ from: '__root__' });
  const location = useLocation();
  const navigate = useNavigate();
  // a phone or a small tablet starts with the icon rail, so a list has the screen's width (docs/architecture.md, Devices)
  const [open, setOpen] = useState(() => typeof matchMedia !== 'function' || !matchMedia(NARROW_MENU).matches);
  const [tabs, setTabs] = useState<QuickTabsState>(loadTabs);
  const entries = visibleEntries(OPERATOR_MENU, session.user);

  useEffect(() => {
    const entry = OPERATOR_MENU.find((e) => e.path === location.pathname);
    const text = entry?.label ?? PAGE_TITLES[location.pathname] ?? PREFIX_TITLES.find(([p]) => location.pathname.startsWith(p))?.[1] ?? location.pathname;
    const query = Object.fromEntries(Object.entries(location.search as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    setTabs((s) => openTab(s, { text, path: location.pathname, query }));
  }, [location.pathname, location.search]);

  useEffect(() => sessionStorage.setItem(TABS_KEY, JSON.stringify(tabs)), [tabs]);
  // on a phone the opened menu lies over the page: a tap on an entry closes it
  useEffect(() => {
    if (typeof matchMedia === 'function' && matchMedia(NARROW_MENU).matches) setOpen(false);
  }, [location.pathname]);

  const close = (path: string) => {
    const next = closeTab(tabs, path);
    setTabs(next);
    const active = next.tabs.find((t) => t.active);
    if (active && active.path !== location.pathname) void navigate({ to: active.path, search: active.query });
  };

  return (
    <div className="op">
      <header className="op-header">
        <span>
          <button type="button" className="linklike" aria-label="折叠菜单" onClick={() => setOpen((o) => !o)}><i className="pi pi-bars" /></button>
          <strong style={{ marginLeft: '0.8rem' }}>汽配汇 · 运营平台</strong>
        </span>
        <span>
          {/* on a phone: icons that keep their names (operator.css) */}
          <Link to="/" aria-label="返回前台" title="返回前台"><i className="pi pi-home op-header-icon" aria-hidden /><span className="op-header-text">返回前台</span></Link>
          <span className="op-header-user" style={{ margin: '0 0.8rem' }}>{session.user?.user_name}</span>
          <Link to="/operation/password" style={{ marginRight: '0.8rem' }} aria-label="修改密码" title="修改密码"><i className="pi pi-lock op-header-icon" aria-hidden /><span className="op-header-text">修改密码</span></Link>
          <button type="button" className="linklike" aria-label={msg.logout} title={msg.logout} onClick={() => void signOut('/operation/login')}><i className="pi pi-sign-out op-header-icon" aria-hidden /><span className="op-header-text">{msg.logout}</span></button>
        </span>
      </header>
      <div className="op-body">
        <nav className={`op-side ${open ? 'open' : 'closed'}`} aria-label="运营菜单">
          {entries.map((e) => (
            <Link key={e.path} to={e.path} activeOptions={{ exact: true }} activeProps={{ className: 'active' }} title={e.label}>
              <i className={e.icon} aria-hidden="true" />{open && <span>{e.label}</span>}
            </Link>
          ))}
        </nav>
        <div className="op-main">
          <div className="op-tabs" role="tablist">
            {tabs.tabs.map((t, i) => (
              <div key={t.path} role="tab" aria-selected={t.active} className={`op-tab ${t.active ? 'active' : ''}`}
                onClick={() => void navigate({ to: t.path, search: t.query })}>
                <span>{t.text}</span>
                {i > 0 && (
                  <button type="button" className="close" aria-label={`关闭 ${t.text}`} onClick={(ev) => { ev.stopPropagation(); close(t.path); }}>
                    <i className="pi pi-times" style={{ fontSize: '0.5rem' }} />
                  </button>
                )}
              </div>
            ))}
          </div>
          <main className="op-content page-enter"><Outlet /></main>
        </div>
      </div>
    </div>
  );
}
