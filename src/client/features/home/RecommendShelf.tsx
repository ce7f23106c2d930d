/**
 * The shell the storefront home's operator-chosen sections share (推荐企业, 推荐商品): a titled card
 * holding a grid of link cards, each a logo (image or placeholder), a name and detail lines. The
 * section is absent while the list is empty or not yet loaded, so the home never shows a hole.
 */
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import './recommended.css';

export function RecommendShelf<T extends { id: number }, K extends QueryKey>({ title, query, item }: {
  title: string;
  query: UseQueryOptions<T[], Error, T[], K>;
  /** one card: a Link with className="home-recommend-card" around <ShelfCard /> */
  item: (entry: T) => ReactNode;
}) {
  const q = useQuery(query);
  if (!q.data || q.data.length === 0) return null;
  return (
    <section className="card home-recommend" aria-label={title}>
      <h3>{title}</h3>
      <ul>{q.data.map((entry) => <li key={entry.id}>{item(entry)}</li>)}</ul>
    </section>
  );
}

export function ShelfCard({ logo, name, lines }: { logo: ReactNode; name: string; lines: (string | false)[] }) {
  return (
    <>
      {logo}
      <span>
        <strong>{name}</strong>
        {lines.filter((l): l is string => l !== false).map((l) => <small key={l} className="muted">{l}</small>)}
      </span>
    </>
  );
}

/** the placeholder square where a card has no picture */
export const ShelfLogo = ({ children }: { children: ReactNode }) => <span className="home-recommend-logo" aria-hidden>{children}</span>;
