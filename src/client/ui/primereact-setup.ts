/**
 * PrimeReact's global configuration: the Chinese locale (texts and what screen readers announce)
 * and the ripple (off). Set on PrimeReact's global object rather than through PrimeReactProvider, which
 * components fall back to when no provider is above them, so the entry bundle need not carry
 * primereact/api: main.tsx imports this before the first render.
 */
import { createElement, type ReactNode } from 'react';
import PrimeReact, { PrimeReactProvider, addLocale, locale, localeOptions, type LocaleOptions, type APIOptions } from 'primereact/api';

/** What screen readers announce for the pager, dialogs, the password mask and the carousel. */
const ZH_ARIA: Record<string, string> = {
  firstPageLabel: '第一页', prevPageLabel: '上一页', nextPageLabel: '下一页', lastPageLabel: '最后一页', pageLabel: '第{page}页',
  // the pager's rows-per-page Dropdown is named with jumpToPageDropdownLabel (our pagers have no jump-to-page one)
  rowsPerPageLabel: '每页条数', jumpToPageDropdownLabel: '每页条数', close: '关闭', passwordShow: '显示密码', passwordHide: '隐藏密码',
  previous: '上一张', next: '下一张', slide: '轮播图', slideNumber: '第{slideNumber}张', scrollTop: '返回顶部', removeLabel: '移除',
};
addLocale('zh-CN', {
  accept: '确定', reject: '取消', choose: '选择', upload: '上传', cancel: '取消', clear: '清除', today: '今天',
  dayNames: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  dayNamesShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  dayNamesMin: ['日', '一', '二', '三', '四', '五', '六'],
  monthNames: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
  monthNamesShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  emptyMessage: '暂无相关结果', emptyFilterMessage: '暂无相关结果', weekHeader: '周', firstDayOfWeek: 1,
  // aria replaces English's whole set, so start from it
  aria: { ...(localeOptions('en') as LocaleOptions).aria, ...ZH_ARIA },
});
locale('zh-CN');
/**
 * No ripple on click (first on phones and touch screens, now everywhere):
 * each button's ripple set a state when it mounted (a second render of every button) and measured
 * its button (getComputedStyle and offsetHeight, then a style write), a forced layout per button.
 * On a 50-row result page that was ~175 ms of the desktop's main thread per load and the largest
 * part of the phone's blocking time after the results arrived. The buttons keep their hover and
 * pressed colours.
 */
const ripple = false;
PrimeReact.ripple = ripple;

/**
 * The provider above the app, as before the set-up moved out of the entry: without it PrimeReact's
 * overlays (a MultiSelect's panel inside a dialog) were placed over the dialog instead of below
 * their field (stock.e2e's 业绩设置), and a list's filter box lost what was typed (operation.e2e).
 */
/**
 * Pass-through options of every instance: a Dropdown names its focusable box with `aria-label`,
 * its trigger (role button) with `ariaLabel` or the placeholder, and its hidden native select
 * (kept for forms, out of the tab order) not at all, which accessibility checkers report on every
 * page with a Dropdown or a pager (Lighthouse select-name, aria-command-name). All three take the
 * one name given, whichever prop it came in, else the placeholder.
 */
type DropdownPtArg = { props: { 'aria-label'?: string; ariaLabel?: string | null; placeholder?: string } };
const dropdownName = ({ props }: DropdownPtArg) => ({ 'aria-label': props['aria-label'] ?? props.ariaLabel ?? props.placeholder });
const pt = { dropdown: { select: dropdownName, trigger: dropdownName } } as unknown as APIOptions['pt'];
PrimeReact.pt = pt;

/** The provider reads its locale once: the page's root is keyed by the language (main.tsx), so a switch makes a new one. */
export const withPrimeReact = (children: ReactNode, lang: 'zh' | 'vi' = 'zh') =>
  createElement(PrimeReactProvider, { value: { locale: lang === 'vi' ? 'vi' : 'zh-CN', ripple, pt }, children });
