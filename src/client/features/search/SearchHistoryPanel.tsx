import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { searchHistory } from '../../local/search-history';
import type { SearchHistoryRow } from '../../local/db';
import type { SearchKind } from '../../../shared/contracts';
import { serverHistoryQuery } from './queries';
import { formatUnix } from '../../../shared/domain/membership';
import { useT, mark } from '../../i18n/lang';

const KIND_LABEL: Record<SearchKind, string> = { oe: mark('OE号'), keyword: mark('关键词'), circle: mark('圈内'), dismantle: mark('拆车件'), company: mark('企业黄页') };

/** Where a history entry searches again: the page of its own kind, as a new search (a new nonce). */
export const replayTarget = (h: Pick<SearchHistoryRow, 'search_type' | 'search_value' | 'search_mode'>, now = Date.now()) => {
  const k = h.search_value;
  // entries from before the mode was kept replay in 模糊, the search page's default
  const mode = h.search_mode ?? 'fuzzy';
  switch (h.search_type) {
    case 'oe': return { to: '/search/parts/oe', search: { code: k, r: now } } as const;
    case 'circle': return { to: '/search/parts/circle', search: { k, mode, r: now } } as const;
    case 'dismantle': return { to: '/search/dismantle/result', search: { k, mode, r: now } } as const;
    case 'company': return { to: '/search/company', search: { k } } as const;
    default: return { to: '/search/parts/keyword', search: { k, mode, r: now } } as const;
  }
};

/** The signed-in user's last 10 searches: the local copy at once, merged with the server's list when online. */
export const useSearchHistory = () => {
  const userUuid = useRouteContext({ from: '__root__' }).session.user?.uuid ?? '';
  const [items, setItems] = useState<SearchHistoryRow[]>([]);
  const server = useQuery({ ...serverHistoryQuery(userUuid), enabled: userUuid !== '' });
  useEffect(() => {
    if (!userUuid) return;
    const sub = searchHistory.recent$(userUuid).subscribe({ next: setItems, error: () => setItems([]) });
    return () => sub.unsubscribe();
  }, [userUuid]);
  useEffect(() => {
    if (userUuid && server.data) void searchHistory.merge(userUuid, server.data);
  }, [userUuid, server.data]);
  return items;
};

/** The last 10 searches: local at once, merged with the server's list when online. */
export function SearchHistoryPanel() {
  const t = useT();
  const navigate = useNavigate();
  const items = useSearchHistory();
  if (items.length === 0) return <p className="muted">{t('暂无搜索记录')}</p>;
  return (
    <ul className="history" aria-label={t('搜索记录')}>
      {items.map((h) => (
        <li key={h.search_value}>
          <span>
            <span className="history-kind">{t(KIND_LABEL[h.search_type])}{h.search_mode === 'exact' ? t('·精确') : ''}</span>
            <button type="button" className="linklike" title={`${t(KIND_LABEL[h.search_type])}：${h.search_value}`} onClick={() => void navigate(replayTarget(h))}>
              {h.search_value}
            </button>
          </span>
          <span className="muted">{formatUnix(h.create_time, 'MM-DD HH:mm')}</span>
        </li>
      ))}
    </ul>
  );
}
