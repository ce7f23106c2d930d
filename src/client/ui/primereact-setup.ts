/**
 * PrimeReact's global configuration: the Chinese locale (texts and what screen readers announce)
 * and the ripple (desktop screens). Set on PrimeReact's global object rather than through PrimeReactProvider, which
 * components fall back to when no provider is above them, so the entry bundle need not carry
 * primereact/api: main.tsx imports this before the first render.
 */
import { createElement, type ReactNode } from 'react';
import PrimeReact, { PrimeReactProvider, addLocale, locale, localeOptions, type LocaleOptions } from 'primereact/api';

/** What screen readers announce for the pager, dialogs, the password mask and the carousel. */
const ZH_ARIA: Record<string, string> = {
  firstPageLabel: '第一页', prevPageLabel: '上一页', nextPageLabel: '下一页', lastPageLabel: '最后一页', pageLabel: '第{page}页',
  rowsPerPageLabel: '每页条数', jumpToPageDropdownLabel: '跳转到页', close: '关闭', passwordShow: '显示密码', passwordHide: '隐藏密码',
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
 * The ripple on click, on desktop screens only. Each button's ripple measures the button when it
 * mounts (getComputedStyle and offsetHeight, then a style write): a forced layout per button, which
 * on a phone's list of result cards (three buttons each) was the largest part of the blocking time
 * after the results arrived (issue 12's Lighthouse target). Under a finger the effect is barely
 * seen; the buttons keep their pressed colour.
 */
const ripple = !window.matchMedia('(max-width: 640px), (pointer: coarse)').matches;
PrimeReact.ripple = ripple;

/**
 * The provider above the app, as before the set-up moved out of the entry: without it PrimeReact's
 * overlays (a MultiSelect's panel inside a dialog) were placed over the dialog instead of below
 * their field (stock.e2e's 业绩设置), and a list's filter box lost what was typed (operation.e2e).
 */
export const withPrimeReact = (children: ReactNode) => createElement(PrimeReactProvider, { value: { locale: 'zh-CN', ripple }, children });
