import { invalid } from './errors';
import { MAX_ID } from '../../shared/contracts/common';

/** The id at the end of a call's path (/api/stock/changes/{id}) as a positive integer, or a refusal naming what it is. */
export const pathId = (id: string | undefined, label: string) => {
  if (!id || !/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_ID) throw invalid('id', `${label}编号应为正整数`);
  return Number(id);
};
