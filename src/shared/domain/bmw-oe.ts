/**
 * BMW part numbers (宝马库存, docs/maintenance.md#bmw-stock): BMW prints its 11-digit numbers in
 * groups of 2-2-1-3-3 (34 11 6 794 300: main group, subgroup, then the part), and people type them
 * in any form. The stock keeps the normalised number; the page only shows it grouped.
 */
import { normalizeOe } from './oe';

const BMW_OE_RE = /^(\d{2})(\d{2})(\d)(\d{3})(\d{3})$/;

/** The number in BMW's grouping when it is an 11-digit BMW number in any spelling; otherwise as given. */
export const bmwOe = (oe: string): string => {
  const m = BMW_OE_RE.exec(normalizeOe(oe));
  return m ? m.slice(1).join(' ') : oe;
};
