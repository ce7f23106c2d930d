/**
 * Which filters of a list show (docs/architecture.md, "Wide tables", phones). Pure: the list block
 * keeps the values and the open states, this decides.
 *
 * From 640 px every filter shows, those marked `more` after 更多筛选. Under 640 px (a phone) only the
 * primary filter shows (the one declared `primary`, else the first that is not `more`), beside a
 * 筛选 button that opens the rest and counts the folded filters in force: 筛选 (2). Open, the
 * primary filter stays first and the others follow as from 640 px. What was typed into a folded
 * field stays in the block's draft; it is applied by the next 搜索 like any other.
 */
import { t } from '../../i18n/lang';

export interface FoldableFilter {
  name: string;
  more?: boolean;
  primary?: boolean;
}

export interface FilterFold<F> {
  /** the fields to draw, in order */
  shown: F[];
  /** the 筛选 button (phones, more than one filter) */
  foldToggle: boolean;
  /** folded filters (every one but the primary) with a value in force */
  active: number;
  /** the 更多筛选 / 收起筛选 button */
  moreToggle: boolean;
}

export const primaryFilter = <F extends FoldableFilter>(filters: readonly F[]): F | undefined =>
  filters.find((f) => f.primary) ?? filters.find((f) => !f.more) ?? filters[0];

/**
 * @param state narrow: under 640 px; open: the phone's 筛选 panel is open; more: 更多筛选 is open
 * @param applied the values in force (the address), by filter name
 */
export function foldFilters<F extends FoldableFilter>(
  filters: readonly F[],
  state: { narrow: boolean; open: boolean; more: boolean },
  applied: Readonly<Record<string, string | undefined>>,
): FilterFold<F> {
  const hasMore = filters.some((f) => f.more);
  if (!state.narrow) return { shown: filters.filter((f) => !f.more || state.more), foldToggle: false, active: 0, moreToggle: hasMore };
  const primary = primaryFilter(filters);
  const rest = filters.filter((f) => f !== primary);
  const active = rest.filter((f) => (applied[f.name] ?? '') !== '').length;
  if (!primary) return { shown: [], foldToggle: false, active: 0, moreToggle: false };
  if (rest.length === 0) return { shown: [primary], foldToggle: false, active: 0, moreToggle: false };
  if (!state.open) return { shown: [primary], foldToggle: true, active, moreToggle: false };
  return { shown: [primary, ...rest.filter((f) => !f.more || state.more)], foldToggle: true, active, moreToggle: rest.some((f) => f.more) };
}

/**
 * The screen turned narrow (a rotation, a window made smaller) while a field was being typed in:
 * the 筛选 panel opens when that field would fold away, so the field and its caret stay.
 */
export const openWhenNarrowed = <F extends FoldableFilter>(filters: readonly F[], focused: string | null): boolean =>
  focused !== null && filters.some((f) => f.name === focused) && primaryFilter(filters)?.name !== focused;

/** 筛选, with the count of folded filters in force: 筛选 (2) */
export const foldLabel = (active: number) => (active > 0 ? t('筛选 ({{n}})', { n: active }) : t('筛选'));
