import * as v from 'valibot';

/** The largest id an `integer` column holds: a larger one would fail in the database, not as bad input. */
export const MAX_ID = 2_147_483_647;

/** A company id in a query string or body: digits, converted to a positive integer. */
const positiveInt = '公司编号应为正整数';
export const companyIdSchema = v.pipe(
  v.union([v.number(positiveInt), v.string(positiveInt)], positiveInt),
  v.transform((x) => (typeof x === 'string' ? (/^\d{1,9}$/.test(x) ? Number(x) : Number.NaN) : x)),
  v.number(positiveInt),
  v.integer(positiveInt),
  v.minValue(1, positiveInt),
  v.maxValue(MAX_ID, positiveInt),
);

export const companyPayload = v.object({ company_id: companyIdSchema });

/** A whole number in a body or a query string, between `min` and `max`, refused with `text`. */
export const wholeNumberOf = (text: string, min = 1, max = MAX_ID) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,10}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );

export const emptyPayload = v.optional(v.object({}), {});

/** Comma-joined list of keys/codes, as the spec's calls send them; 1..50 items of [A-Za-z0-9_-]. */
export const commaList = (field: string) =>
  v.pipe(
    v.string(`请提供${field}`),
    v.trim(),
    v.nonEmpty(`请提供${field}`),
    v.transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))]),
    v.minLength(1, `请提供${field}`),
    v.maxLength(50, `${field}最多50个`),
    v.everyItem((x) => /^[A-Za-z0-9_-]{1,64}$/.test(x), `${field}只能包含字母、数字、下划线和连字符`),
  );
