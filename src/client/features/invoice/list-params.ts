/**
 * What the invoice routes read before their pages load (filter names, the chosen request), kept
 * apart from the pages so the routes do not pull the pages and ListPage into the entry bundle.
 */
import * as v from 'valibot';
import { INVOICE_REQUEST_NO_RE } from '../../../shared/contracts/codes';
import { listSearch } from '../../ui/list/list-search';

export const INVOICE_FILTER_NAMES = ['status', 'no'] as const;

/** the list's filters and paging, and `open`: the request whose detail shows below the list */
export const invoiceRecordSearch = v.intersect([
  listSearch(INVOICE_FILTER_NAMES, []),
  v.object({ open: v.fallback(v.optional(v.pipe(v.string(), v.regex(INVOICE_REQUEST_NO_RE))), undefined) }),
]);
