/**
 * Which columns of a list fit the width it has (docs/architecture.md, "Wide tables"). Pure: the
 * list block measures, this decides.
 *
 * A column's priority: 1 never folds (the default), 2 folds when needed, 3 folds first. Pinned
 * columns (the key column, the action column) never fold. Among foldable columns the one of the
 * highest priority number folds first, and of equal priority the one furthest right. Columns fold
 * one at a time until the rest fit; then a column folded on the way that fits the room left comes
 * back (the last folded first), so a wide column's folding leaves no gap. What is still too wide
 * after every foldable column has folded scrolls inside the table.
 */
export type ColumnPriority = 1 | 2 | 3;

export interface FitColumn {
  key: string;
  priority: ColumnPriority;
  /** the column's natural width in px (its widest cell, header included) */
  width: number;
  /** the key column and the action column: always shown */
  pinned?: boolean;
}

export interface Fit {
  shown: string[];
  folded: string[];
}

/**
 * @param available the table container's inner width in px
 * @param fixed widths the table always spends besides its columns (the selection column)
 * @param expander the width of the row toggle's column, spent once anything folds
 */
export function fitColumns(columns: readonly FitColumn[], available: number, fixed = 0, expander = 0): Fit {
  let total = fixed + columns.reduce((sum, c) => sum + c.width, 0);
  const folded = new Set<string>();
  if (total > available) {
    const order = columns
      .map((c, index) => ({ c, index }))
      .filter(({ c }) => !c.pinned && c.priority > 1)
      .sort((a, b) => b.c.priority - a.c.priority || b.index - a.index);
    const gone: FitColumn[] = [];
    for (const { c } of order) {
      if (total + (folded.size > 0 ? expander : 0) <= available) break;
      folded.add(c.key);
      gone.push(c);
      total -= c.width;
    }
    // the room a wide column left: a narrower one folded before it comes back when it fits, the
    // last folded (the most wanted) first
    for (const c of gone.reverse()) {
      if (total + c.width + (folded.size > 1 ? expander : 0) > available) continue;
      folded.delete(c.key);
      total += c.width;
    }
  }
  return {
    shown: columns.filter((c) => !folded.has(c.key)).map((c) => c.key),
    folded: columns.filter((c) => folded.has(c.key)).map((c) => c.key),
  };
}
