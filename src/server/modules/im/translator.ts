/**
 * Translation of chat messages behind one interface, chosen in one place (createTranslator):
 * - a self-hosted LibreTranslate-compatible server at TRANSLATE_URL (POST /translate {q, source,
 *   target, format, api_key} → {translatedText});
 * - or Baidu's general text translation API (通用翻译API) with BAIDU_TRANSLATE_APPID and
 *   BAIDU_TRANSLATE_KEY: POST form q, from=auto, to (zh / vie), appid, salt, sign = lower-case hex
 *   MD5 of appid + q + salt + key, q not URL-encoded for the signature (UTF-8) → {trans_result:
 *   [{src, dst}]}, one entry per line of q, or {error_code, error_msg}. Not tried against Baidu
 *   itself: the tests run a local fake that checks the signature as documented.
 * Without either there is no translator and the page hides its translate icon: never a made-up
 * translation. Results are kept per target and text (an LRU of TRANSLATE_CACHE entries), so a
 * message opened by many readers costs one call.
 */
import { createHash, randomInt } from 'node:crypto';
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

export const BAIDU_TRANSLATE_DEFAULT_URL = 'https://fanyi-api.baidu.com/api/trans/vip/translate';

/** Baidu's language codes for ours (Vietnamese is `vie` there) */
const BAIDU_CODE: Record<TranslateTarget, string> = { vi: 'vie', zh: 'zh' };

/** Baidu's request signature: lower-case hex MD5 of appid + q + salt + key, over UTF-8 */
export const baiduSign = (appid: string, q: string, salt: string, key: string) =>
  createHash('md5').update(`${appid}${q}${salt}${key}`, 'utf8').digest('hex');

export const baiduTranslator = (opts: { appid: string; key: string; url?: string; fetch?: typeof fetch }): Translator => {
  const doFetch = opts.fetch ?? fetch;
  const endpoint = opts.url || BAIDU_TRANSLATE_DEFAULT_URL;
  return {
    async translate(text, target) {
      const salt = String(randomInt(1, 2 ** 31));
      const form = new URLSearchParams({ q: text, from: 'auto', to: BAIDU_CODE[target], appid: opts.appid, salt, sign: baiduSign(opts.appid, text, salt, opts.key) });
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`Baidu translate answered ${res.status}`);
      const body = (await res.json()) as { trans_result?: Array<{ dst?: unknown }>; error_code?: unknown; error_msg?: unknown };
      // 52000 is Baidu's "success"; every other code is a refusal (54001 signature, 54003 rate, 58001 language...)
      if (body.error_code !== undefined && String(body.error_code) !== '52000') throw new Error(`Baidu translate refused: ${String(body.error_code)} ${String(body.error_msg ?? '')}`);
      const lines = body.trans_result;
      if (!Array.isArray(lines) || lines.length === 0 || lines.some((l) => typeof l.dst !== 'string')) throw new Error('Baidu translate answered without trans_result');
      return lines.map((l) => l.dst as string).join('\n');
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

export interface TranslatorConfig {
  /** TRANSLATE_URL / TRANSLATE_API_KEY: a LibreTranslate-compatible server */
  url?: string;
  apiKey?: string;
  /** BAIDU_TRANSLATE_APPID / BAIDU_TRANSLATE_KEY / BAIDU_TRANSLATE_URL: Baidu's general translation API */
  baidu?: { appid?: string; key?: string; url?: string };
  fetch?: typeof fetch;
}

/** The one place a translator is chosen: Baidu when its app id and key are set, else TRANSLATE_URL, else none (env.ts refuses both at once). */
export const createTranslator = (config: TranslatorConfig): Translator | undefined => {
  if (config.baidu?.appid && config.baidu.key) return cachedTranslator(baiduTranslator({ appid: config.baidu.appid, key: config.baidu.key, url: config.baidu.url, fetch: config.fetch }));
  return config.url ? cachedTranslator(libreTranslator({ url: config.url, apiKey: config.apiKey, fetch: config.fetch })) : undefined;
};
