/**
 * Pure helpers of the search comparison (`npm run bench:search -- --compare`): the ILIKE patterns
 * of the obvious SQL implementation and the tokens of the in-process engine. Never imported by the app.
 */

export type Mode = 'exact' | 'fuzzy';

/** Escapes LIKE's wildcards (the default escape character is the backslash). */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The ILIKE patterns one word must all match in one column: exact, the word as written
 * (`%刹车片%`); fuzzy, each of its characters in any order (`%刹%`, `%车%`, `%片%`), as our
 * fuzzy mode means it.
 */
export const naivePatterns = (word: string, mode: Mode): string[] =>
  mode === 'exact' ? [`%${likeEscape(word)}%`] : [...new Set([...word.toLowerCase()])].map((c) => `%${likeEscape(c)}%`);

const HAN = '\\u3400-\\u9fff\\uf900-\\ufaff';
const SEGMENTS = new RegExp(`[${HAN}]+|[0-9a-z]+`, 'g');
const isHan = (s: string) => new RegExp(`^[${HAN}]`).test(s);

/**
 * What the engine indexes of a field: Chinese has no spaces, so every Han character and every pair
 * of neighbours (unigrams and bigrams: 1-character queries and contiguous 2+-character queries);
 * runs of Latin letters and digits whole and lower-cased (brands, OE numbers; found by prefix).
 */
export const indexTokens = (text: string): string[] => {
  const out = new Set<string>();
  for (const seg of text.toLowerCase().match(SEGMENTS) ?? []) {
    if (!isHan(seg)) {
      out.add(seg);
      continue;
    }
    const cs = [...seg];
    cs.forEach((c, i) => {
      out.add(c);
      if (i + 1 < cs.length) out.add(c + cs[i + 1]);
    });
  }
  return [...out];
};

export interface QueryToken { term: string; prefix: boolean; fuzzy: boolean }

/**
 * The engine's tokens for one typed word; a document must hold all of them. Exact: a Han run as its
 * bigrams (its one character when alone), a Latin/digit run by prefix (an OE number typed with
 * separators is one run). Fuzzy: each distinct Han character, Latin runs with the engine's own
 * typo tolerance (edit distance), since it has no "characters in any order".
 */
export const queryTokens = (word: string, mode: Mode): QueryToken[] => {
  const lower = word.toLowerCase();
  const compact = lower.replace(/[^0-9a-z\u3400-\u9fff\uf900-\ufaff]/g, '');
  const out = new Map<string, QueryToken>();
  for (const seg of compact.match(SEGMENTS) ?? []) {
    if (!isHan(seg)) {
      out.set(seg, { term: seg, prefix: mode === 'exact', fuzzy: mode === 'fuzzy' });
      continue;
    }
    const cs = [...seg];
    if (mode === 'fuzzy' || cs.length === 1) for (const c of cs) out.set(c, { term: c, prefix: false, fuzzy: false });
    else for (let i = 0; i + 1 < cs.length; i++) out.set(cs[i] + cs[i + 1], { term: cs[i] + cs[i + 1], prefix: false, fuzzy: false });
  }
  return [...out.values()];
};

/** p-th percentile (nearest rank), two decimals, as the bench reports every figure */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(2));
};

/** naive p95 / ours, one decimal; null when either is missing */
export const speedup = (naive: number | undefined, ours: number) => (naive === undefined || ours <= 0 ? null : Number((naive / ours).toFixed(1)));
