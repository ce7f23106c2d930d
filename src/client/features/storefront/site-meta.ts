/** Page title, meta keywords and meta description from the system parameters (requirements 000-3), asked for with the rest of SITE_KEYS. */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { configQuery, SITE_KEYS } from '../system/queries';

const setMeta = (name: string, content: string) => {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
};

export const useSiteMeta = () => {
  const { data } = useQuery(configQuery(SITE_KEYS));
  useEffect(() => {
    if (!data) return;
    if (data.system_title) document.title = data.system_title;
    if (data.system_keywords) setMeta('keywords', data.system_keywords);
    if (data.system_desc) setMeta('description', data.system_desc);
  }, [data]);
};
