/**
 * The pieces every operator list call is made of: a list payload is its filters plus
 * the list block's paging (50/100/200/400/800, docs/architecture.md "Back office and operator pages"), and a
 * list answer is a page of rows with the filter's total, plus any figures of the whole filter.
 * Filters, ids and reasons carry the same Chinese messages in every operator call.
 */
import * as v from 'valibot';
import { positiveIdField } from './seller-apply';
import { BULK_MAX } from '../domain/operation';
import { pageSizeField } from './page-size';

export const OP_LIST_PAGE_SIZES = [50, 100, 200, 400, 800] as const;

/** An optional text filter, trimmed; empty means "any". */
export const opKeyword = (label: string, max = 60) =>
  v.optional(v.pipe(v.string(`${label}应为文字`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`)), '');

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** An optional China day filter (YYYY-MM-DD); empty means open. */
export const opOptionalDay = (label: string) =>
  v.optional(v.pipe(v.string(`${label}应为日期`), v.trim(), v.check((s) => s === '' || (DAY_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), `${label}应为 YYYY-MM-DD 格式的日期`)), '');

export const opPaging = {
  page_number: v.optional(positiveIdField('页码'), 1),
  page_size: pageSizeField(50),
};

/** The payload of a list call: its filters and the paging. */
export const listPayload = <E extends v.ObjectEntries>(filters: E) => v.object({ ...filters, ...opPaging });

/** The answer of a list call: a page of rows, the filter's total, and figures of the whole filter. */
export function listAnswer<R extends v.GenericSchema>(row: R): v.ObjectSchema<{ data: v.ArraySchema<R, undefined>; total: v.NumberSchema<undefined> }, undefined>;
export function listAnswer<R extends v.GenericSchema, X extends v.ObjectEntries>(row: R, extra: X): v.ObjectSchema<{ data: v.ArraySchema<R, undefined>; total: v.NumberSchema<undefined> } & X, undefined>;
export function listAnswer(row: v.GenericSchema, extra: v.ObjectEntries = {}) {
  return v.object({ data: v.array(row), total: v.number(), ...extra });
}

/** The ids of a bulk action: at least one, at most `max`, one transaction. */
export const opIdsField = (label: string, max = BULK_MAX) => v.pipe(
  v.array(positiveIdField(label), `请选择${label}`),
  v.minLength(1, `请至少选择一个${label}`), v.maxLength(max, `一次最多处理${max}个${label}`),
);

/** A reason a person reads later (a seller, a company, the log): 2–200 characters. */
export const opReasonField = (label: string) =>
  v.pipe(v.string(`请填写${label}`), v.trim(), v.nonEmpty(`请填写${label}`), v.minLength(2, `${label}至少2个字符`), v.maxLength(200, `${label}最多200个字符`));

/** 启用 / 停用 / any, as the list pages send it. */
export const opActiveFilter = v.optional(v.picklist(['', 'true', 'false'], '状态只能是启用或停用'), '');
