/**
 * 展厅 (requirements 001-2-2 company/exhibition): the operators' review of what sellers show in their
 * shops' 展厅 (photos and videos with titles, the shop's banner and introduction), across every
 * company, newest changes first, and the removal of one item with a reason the owners read from
 * the message assistant. Sellers may put a new item up; the platform reviews after publication,
 * as large marketplaces do with shop decoration.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { positiveIdField } from './seller-apply';
import { listAnswer, listPayload, opKeyword, opReasonField } from './operation-list';
import { OP_CODES } from '../domain/operation-codes';

export const opExhibitionRowSchema = v.object({
  company_id: v.number(), company_name: v.string(), city: v.string(), is_seller: v.boolean(),
  banner_url: v.string(), intro: v.string(),
  media: v.array(v.object({ kind: v.picklist(['photo', 'video']), url: v.string(), title: v.string() })),
  /** unix seconds of the seller's last save; 0 never decorated */
  updated_at: v.number(),
});
export type OpExhibitionRow = v.InferOutput<typeof opExhibitionRowSchema>;

export const opExhibitionEndpoints = {
  opExhibitionList: defineEndpoint({
    method: 'get', path: '/operation/exhibitions', tag: 'operation', access: 'operator', permissions: OP_CODES.companyRead, heavy: true,
    summary: '运营：店铺展厅：各企业店铺的横幅、简介、展厅图片和视频，最近装修的在前；按企业、内容筛选',
    payload: listPayload({
      company: opKeyword('企业', 40),
      has: v.optional(v.picklist(['', 'photo', 'video', 'none'], '内容只能是有图片、有视频或未装修'), ''),
    }),
    answer: listAnswer(opExhibitionRowSchema),
  }),
  opExhibitionRemove: defineEndpoint({
    method: 'post', path: '/operation/exhibitions/remove', tag: 'operation', access: 'operator', permissions: OP_CODES.companyWrite, idempotent: true,
    summary: '运营：移除店铺展厅的一张图片或一个视频，写明原因；消息助手告知该企业负责人；记入操作日志',
    payload: v.object({
      company_id: positiveIdField('企业'),
      kind: v.picklist(['photo', 'video'], '内容类型只能是图片或视频'),
      url: v.pipe(v.string('请选择要移除的内容'), v.trim(), v.nonEmpty('请选择要移除的内容'), v.maxLength(500, '内容地址过长')),
      reason: opReasonField('移除原因'),
    }),
    answer: v.object({ removed: v.number() }),
  }),
} as const;
