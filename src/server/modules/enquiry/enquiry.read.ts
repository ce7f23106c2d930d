/** What other modules read of the enquiry module: the current dong-per-yuan rate. */
export { vndRate } from './enquiry.repo';
