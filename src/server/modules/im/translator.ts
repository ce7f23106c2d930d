/**
 * Translation of chat messages behind one interface, chosen in one place (createTranslator): a
 * self-hosted LibreTranslate-compatible server at TRANSLATE_URL (POST /translate {q, source,
 * target, format, api_key} → {translatedText}). Without TRANSLATE_URL there is no translator and
 * the page hides its translate icon: never a made-up translation. Results are kept per target
 * and text (an LRU of TRANSLATE_CACHE entries), so a message opened by many readers costs one call.
 */
import type { TranslateTarget } from '../../../shared/domain/translate';

export interface Translator {
  translate(text: string, target: TranslateTarget): Promise<string>;
}

export const TRANSLATE_CACHE = 2000;
const TIMEOUT_MS = 8000;

/** LibreTranslate's language codes for ours */
const LIBRE_CODE: Record<TranslateTarget, string> = { vi: 'vi', zh: 'zh' };

export const libreTranslator = (opts: { url: string; apiKey?: string; fetch?: typeof fetch }): Translator => {
  const doFetch = opts.fetch ?? fetch;
  const endpoint = `${opts.url.replace(/\/+$/, '')}/translate`;
  return {
    async translate(text, target) {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ q: text, source: 'auto', target: LIBRE_CODE[target], format: 'text', ...(opts.apiKey ? { api_key: opts.apiKey } : {}) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`translate server answered ${res.status}`);
      const body = (await res.json()) as { translatedText?: unknown };
      if (typeof body.translatedText !== 'string') throw new Error('translate server answered without translatedText');
      return body.translatedText;
    },
  };
};

/** Remembers what was translated; a failed call is not remembered (the next asks again). */
export const cachedTranslator = (inner: Translator, max = TRANSLATE_CACHE): Translator => {
  const cache = new Map<string, Promise<string>>();
  return {
    translate(text, target) {
      const key = `${target}\u0000${text}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const p = inner.translate(text, target);
      cache.set(key, p);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      p.catch(() => cache.delete(key));
      return p;
    },
  };
};

/** The one place a translator is chosen: TRANSLATE_URL (and TRANSLATE_API_KEY) or none. */
export const createTranslator = (config: { url?: string; apiKey?: string }): Translator | undefined =>
  config.url ? cachedTranslator(libreTranslator({ url: config.url, apiKey: config.apiKey })) : undefined;
