/**
 * Translated lines under what people write (docs/i18n.md, "Translated lines"): the page names what it
 * shows (an enquiry, the Vietnam mall's rows) and gets the translations of its texts into the page's
 * language by a query of its own, after the page has shown the originals.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TranslationKind } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useLang, type Lang } from '../../i18n/lang';

export const translationKeys = {
  all: () => ['translations'] as const,
  /** `texts`: what the page shows now, so a new note (a new quote) asks again; not sent */
  of: (kind: TranslationKind, ids: number[], target: Lang, texts: string[]) => ['translations', kind, ids, target, texts] as const,
};

export const translationsQuery = (kind: TranslationKind, ids: number[], target: Lang, texts: string[]) =>
  queryOptions({
    queryKey: translationKeys.of(kind, ids, target, texts),
    queryFn: ({ signal }) => request('post', 'textTranslations', { kind, ids, target }, undefined, { signal, silent: true }),
    enabled: ids.length > 0 && texts.some((x) => x.trim() !== ''),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The page's translations, text → translated; empty while they come, without a translation service, offline or on a failure. */
export const useTranslations = (kind: TranslationKind, ids: number[], texts: string[]): ReadonlyMap<string, string> => {
  const lang = useLang();
  const q = useQuery(translationsQuery(kind, ids, lang, texts));
  return useMemo(() => new Map((q.data?.items ?? []).map((i) => [i.text, i.translated])), [q.data]);
};
