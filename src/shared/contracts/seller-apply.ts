import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { APPLICATION_STATES, CONTACT_PHONE, LICENCE_IMAGES_MAX, LICENCE_NO, SELLER_AUDIT_CODES } from '../domain/seller-apply';
import { pageSizeField } from './page-size';

const text = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(`请填写${label}`), v.trim(), v.nonEmpty(`请填写${label}`),
    v.minLength(min, `${label}至少${min}个字符`), v.maxLength(max, `${label}最多${max}个字符`),
  );

const positiveIdField = (label: string) =>
  v.pipe(
    v.union([v.number(`${label}应为正整数`), v.pipe(v.string(`${label}应为正整数`), v.regex(/^\d{1,9}$/, `${label}应为正整数`), v.transform(Number))], `${label}应为正整数`),
    v.integer(`${label}应为正整数`), v.minValue(1, `${label}应为正整数`), v.maxValue(MAX_ID, `${label}应为正整数`),
  );

export const sellerApplyPayload = v.object({
  company_name: text('公司名称', 4, 60),
  contact_name: text('联系人', 2, 20),
  contact_phone: v.pipe(v.string('请填写联系电话'), v.trim(), v.nonEmpty('请填写联系电话'), v.regex(CONTACT_PHONE, '联系电话应为11位手机号或带区号的固定电话（如 020-86321458）')),
  province: text('所在省份', 2, 20),
  city: text('所在城市', 2, 20),
  address: text('详细地址', 5, 100),
  licence_no: v.pipe(
    v.string('请填写营业执照号'), v.trim(), v.toUpperCase(), v.nonEmpty('请填写营业执照号'),
    v.regex(LICENCE_NO, '营业执照号应为18位统一社会信用代码（数字和大写字母，不含 I、O、S、V、Z）'),
  ),
  main_brands: text('主营品牌', 2, 200),
  note: v.optional(v.pipe(v.string('补充说明应为文本'), v.trim(), v.maxLength(500, '补充说明最多500个字符')), ''),
  /** file_path answers of fileUpload; the server checks they are the company's own uploads */
  licence_images: v.optional(v.pipe(
    v.array(v.pipe(v.string('营业执照图片应为上传后的地址'), v.maxLength(200, '营业执照图片地址无效')), '营业执照图片应为列表'),
    v.maxLength(LICENCE_IMAGES_MAX, `营业执照图片最多${LICENCE_IMAGES_MAX}张`),
  ), []),
});

export const sellerApplicationSchema = v.object({
  id: v.number(),
  company_id: v.number(),
  applicant_name: v.string(),
  company_name: v.string(),
  contact_name: v.string(),
  contact_phone: v.string(),
  province: v.string(),
  city: v.string(),
  address: v.string(),
  licence_no: v.string(),
  main_brands: v.string(),
  note: v.string(),
  licence_images: v.array(v.string()),
  state: v.picklist(APPLICATION_STATES),
  reject_reason: v.nullable(v.string()),
  reviewer_name: v.nullable(v.string()),
  /** unix seconds; 0 while pending */
  reviewed_at: v.number(),
  created_at: v.number(),
});
export type SellerApplication = v.InferOutput<typeof sellerApplicationSchema>;

export const sellerApplyEndpoints = {
  sellerApplyMine: defineEndpoint({
    method: 'get', path: '/seller-apply/mine', tag: 'seller-apply', access: 'user',
    summary: '本公司的卖家入驻申请（最新在前）及填表用的公司资料',
    payload: emptyPayload,
    answer: v.object({
      is_seller: v.boolean(),
      /** only the company's owner may apply */
      is_owner: v.boolean(),
      company: v.object({ name: v.string(), province: v.string(), city: v.string(), address: v.string(), phone: v.string() }),
      applications: v.array(sellerApplicationSchema),
    }),
  }),
  sellerApplySubmit: defineEndpoint({
    method: 'post', path: '/seller-apply', tag: 'seller-apply', access: 'user', idempotent: true,
    summary: '企业负责人申请成为卖家；每个公司同时只能有一份待审核的申请，驳回后可重新申请',
    payload: sellerApplyPayload, answer: sellerApplicationSchema,
  }),
  sellerApplyList: defineEndpoint({
    method: 'get', path: '/operation/seller-apply', tag: 'seller-apply', access: 'operator', permissions: SELLER_AUDIT_CODES,
    summary: '运营：卖家入驻申请列表，可按状态和公司名称筛选（待审核在前）',
    payload: v.object({
      state: v.optional(v.picklist(['', ...APPLICATION_STATES], 'state 只能是 pending、approved、rejected 或留空'), ''),
      k: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, '公司名称最多60个字符')), ''),
      page_number: v.optional(positiveIdField('页码'), 1),
      page_size: pageSizeField(20),
    }),
    answer: v.object({ data: v.array(sellerApplicationSchema), total: v.number() }),
  }),
  sellerApplyApprove: defineEndpoint({
    method: 'post', path: '/operation/seller-apply/approve', tag: 'seller-apply', access: 'operator', permissions: SELLER_AUDIT_CODES, idempotent: true,
    summary: '运营：通过入驻申请。一个事务内设置公司为卖家、给企业负责人加上卖家权限码、记录审核人和时间',
    payload: v.object({ id: positiveIdField('申请编号') }), answer: sellerApplicationSchema,
  }),
  sellerApplyReject: defineEndpoint({
    method: 'post', path: '/operation/seller-apply/reject', tag: 'seller-apply', access: 'operator', permissions: SELLER_AUDIT_CODES, idempotent: true,
    summary: '运营：驳回入驻申请（必须填写驳回原因，申请人可见）',
    payload: v.object({ id: positiveIdField('申请编号'), reason: text('驳回原因', 2, 200) }),
    answer: sellerApplicationSchema,
  }),
} as const;

export { positiveIdField };
