import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { PrimeReactProvider, addLocale, locale, localeOptions, type LocaleOptions } from 'primereact/api';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './ui/app.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createAppRouter } from './router';
import { sessionStore } from './features/session/session-store';
import { shareSessionAcrossTabs } from './features/session/tab-share';
import { profileQuery } from './features/session/queries';
import { persistOptions, revalidateRestored } from './local/persist';
import { ApiError, OfflineError } from './api/request';
import { installChunkReloadGuard } from './api/chunk-reload';

dayjs.locale('zh-cn');
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
installChunkReloadGuard();
shareSessionAcrossTabs();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 24 * 3600_000,
      // an answer from the server (ApiError) will not change on retry; a dropped network might.
      // Offline (OfflineError) a retry would wait, paused, for the network, and the page would show
      // its spinner for ever: it fails at once instead, the page shows what it stored or says
      // 当前离线, and refetchOnReconnect fetches again when the network is back.
      retry: (count, error) => !(error instanceof ApiError) && !(error instanceof OfflineError) && count < 2,
      networkMode: 'offlineFirst',
    },
  },
});

// signed in when a user snapshot is stored; the access token is obtained again on the first call that needs it
const user = sessionStore.user();
if (user) {
  // keep the snapshot fresh; offline, the stored one serves
  queryClient.fetchQuery(profileQuery()).then((fresh) => sessionStore.setUser(fresh), () => undefined);
  // the live channel, chat and the outbox's replay start beside the first page, not before it:
  // they bring the offline store (Dexie) and the chat client, which the first paint does not need
  void import('./signed-in').then((m) => m.startSignedIn(user.uuid));
}

const router = createAppRouter(queryClient, user);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PrimeReactProvider value={{ locale: 'zh-CN', ripple: true }}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions(user?.uuid)} onSuccess={() => revalidateRestored(queryClient)}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </PrimeReactProvider>
  </StrictMode>,
);
