import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { searchHistory } from '../../local/search-history';
import type { SearchHistoryRow } from '../../local/db';
import { serverHistoryQuery } from './queries';
import { formatUnix } from '../../../shared/domain/membership';

/** The last 10 searches: local at once, merged with the server's list when online. */
export function SearchHistoryPanel() {
  const navigate = useNavigate();
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
  if (items.length === 0) return <p className="muted">暂无搜索记录</p>;
  return (
    <ul className="history" aria-label="搜索记录">
      {items.map((h) => (
        <li key={h.search_value}>
          <button type="button" className="linklike" title={h.search_type === 'oe' ? 'OE号' : '关键词'}
            onClick={() => void (h.search_type === 'oe'
              ? navigate({ to: '/search/parts/oe', search: { code: h.search_value, r: Date.now() } })
              : navigate({ to: '/search/parts/keyword', search: { k: h.search_value, mode: 'fuzzy', r: Date.now() } }))}>
            {h.search_value}
          </button>
          <span className="muted">{formatUnix(h.create_time, 'MM-DD HH:mm')}</span>
        </li>
      ))}
    </ul>
  );
}
