/** What other modules read of the stock search: the wide stock rows by id, in the given order. */
export { stockByIds } from './search.repo';
