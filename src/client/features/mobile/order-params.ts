import * as v from 'valibot';

/** ?order_no=SO… of the phone's order pages; anything else is dropped (the page then lists orders). */
export const orderNoSearch = v.object({ order_no: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^SO\d{20}$/))), undefined) });
