/**
 * Operator quick tabs (requirements 001-2-2): the first tab is home (/operation) and cannot be closed; opening
 * a menu path adds a tab and makes it active, or reactivates the existing one and updates its
 * query; /operation activates the first tab; closing removes a tab and records the closed page.
 */
export interface QuickTab {
  text: string;
  path: string;
  query: Record<string, string>;
  active: boolean;
}

export interface QuickTabsState {
  tabs: QuickTab[];
  /** closed pages, most recent last, each once */
  closed: string[];
}

export const HOME_PATH = '/operation';

export const initialTabs = (homeText = '首页'): QuickTabsState => ({
  tabs: [{ text: homeText, path: HOME_PATH, query: {}, active: true }],
  closed: [],
});

const activate = (tabs: QuickTab[], index: number) => tabs.map((t, i) => ({ ...t, active: i === index }));

export const openTab = (state: QuickTabsState, tab: { text: string; path: string; query?: Record<string, string> }): QuickTabsState => {
  if (tab.path === HOME_PATH) return { ...state, tabs: activate(state.tabs, 0) };
  const index = state.tabs.findIndex((t) => t.path === tab.path);
  if (index >= 0) {
    const tabs = activate(state.tabs, index);
    tabs[index] = { ...tabs[index], query: tab.query ?? {} };
    return { ...state, tabs };
  }
  const tabs = [...state.tabs.map((t) => ({ ...t, active: false })), { text: tab.text, path: tab.path, query: tab.query ?? {}, active: true }];
  return { ...state, tabs };
};

export const closeTab = (state: QuickTabsState, path: string): QuickTabsState => {
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index <= 0) return state;
  const wasActive = state.tabs[index].active;
  let tabs = state.tabs.filter((_, i) => i !== index);
  if (wasActive) tabs = activate(tabs, index - 1);
  return { tabs, closed: [...state.closed.filter((p) => p !== path), path] };
};

export const activeTab = (state: QuickTabsState): QuickTab => state.tabs.find((t) => t.active) ?? state.tabs[0];
