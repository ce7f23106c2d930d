/**
 * The rows of an operator's bulk action (suspend 50 companies, disable users), locked in id order
 * so two bulk actions never deadlock; one unknown id refuses the whole call before anything changes.
 */
export const lockAllOrRefuse = async <R extends { id: number }>(lockMany: (ids: number[]) => Promise<R[]>, ids: number[], notFound: (id: number) => Error) => {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await lockMany(unique);
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(missing);
  return rows;
};
