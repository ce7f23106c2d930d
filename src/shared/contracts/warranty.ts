/**
 * 质保条款 (/operation/system/warranty, docs/warranty.md): the operator's warranty terms — name,
 * months (1–36), the parts categories they cover (none: all parts), a description, on or off —
 * read and written with the system settings' code, every write in the audit log.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { listAnswer, listPayload, opKeyword } from './operation-list';
import { intOf } from './wallet';
import { OP_CODES } from '../domain/operation-codes';
import {
  WARRANTY_CATEGORIES_MAX, WARRANTY_CATEGORY_MAX, WARRANTY_DESCRIPTION_MAX, WARRANTY_MONTHS_MAX, WARRANTY_MONTHS_MIN, WARRANTY_NAME_MAX, warrantyText,
} from '../domain/warranty';

export const warrantyTermSchema = v.object({
  id: v.number(), name: v.string(), months: v.number(),
  /** parts categories (stock category_name); empty: all parts */
  categories: v.array(v.string()),
  description: v.string(), enabled: v.boolean(),
  updated_by: v.string(),
  /** unix seconds */
  updated_at: v.number(),
});
export type WarrantyTerm = v.InferOutput<typeof warrantyTermSchema>;

const categoryField = v.pipe(v.string(warrantyText.categories), v.trim(), v.minLength(1, warrantyText.categories), v.maxLength(WARRANTY_CATEGORY_MAX, warrantyText.categories));

export const warrantyEndpoints = {
  opWarrantyTerms: defineEndpoint({
    method: 'get', path: '/operation/warranty/terms', tag: 'operation', access: 'operator', permissions: OP_CODES.warranty,
    summary: '运营：质保条款（名称、质保月数、适用配件分类、说明、是否启用），按名称和状态筛选，分页',
    payload: listPayload({
      k: opKeyword('条款名称', WARRANTY_NAME_MAX),
      enabled: v.optional(v.picklist(['', 'true', 'false'], '状态只能是启用、停用或留空'), ''),
    }),
    answer: listAnswer(warrantyTermSchema),
  }),
  opWarrantyTermSave: defineEndpoint({
    method: 'post', path: '/operation/warranty/term', tag: 'operation', access: 'operator', permissions: OP_CODES.warranty, idempotent: true,
    summary: '运营：新增（id 为 0）或修改质保条款：名称（不重复）、质保月数 1–36、适用配件分类（不填为全部配件）、说明、是否启用；记入操作日志',
    payload: v.object({
      id: v.optional(intOf(warrantyText.id, 0, 2_147_483_647), 0),
      name: v.pipe(v.string(warrantyText.name), v.trim(), v.minLength(1, warrantyText.name), v.maxLength(WARRANTY_NAME_MAX, warrantyText.name)),
      months: intOf(warrantyText.months, WARRANTY_MONTHS_MIN, WARRANTY_MONTHS_MAX),
      categories: v.optional(v.pipe(v.array(categoryField, warrantyText.categories), v.maxLength(WARRANTY_CATEGORIES_MAX, warrantyText.categories),
        v.transform((c) => [...new Set(c)])), []),
      description: v.optional(v.pipe(v.string(warrantyText.description), v.trim(), v.maxLength(WARRANTY_DESCRIPTION_MAX, warrantyText.description)), ''),
      enabled: v.optional(v.boolean(warrantyText.enabled), true),
    }),
    answer: warrantyTermSchema,
  }),
} as const;
