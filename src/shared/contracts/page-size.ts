import * as v from 'valibot';

/**
 * One set of page sizes for every list of the table (docs/api.md, "Paging"): any of these, as a
 * number or as digits in a query string. Each list keeps its own default, and its pages offer the
 * sizes that suit them (the back office 50 to 800, pickers 20); the server takes any of the set.
 */
export const PAGE_SIZE_CHOICES = [10, 20, 50, 100, 200, 400, 800] as const;
export type PageSize = (typeof PAGE_SIZE_CHOICES)[number];

export const pageSizeText = `每页条数只能是 ${PAGE_SIZE_CHOICES.join('、')} 之一`;

/** `page_size` of a list: one of PAGE_SIZE_CHOICES, `fallback` when left out. */
export const pageSizeField = (fallback: PageSize | 1000 = 50, also: readonly number[] = []) =>
  v.optional(
    v.pipe(
      v.union([v.number(pageSizeText), v.pipe(v.string(pageSizeText), v.trim(), v.regex(/^\d{1,4}$/, pageSizeText), v.transform(Number))], pageSizeText),
      v.check((n) => (PAGE_SIZE_CHOICES as readonly number[]).includes(n) || also.includes(n), also.length ? `${pageSizeText.replace(' 之一', '')}、${also.join('、')} 之一` : pageSizeText),
    ),
    fallback,
  );
