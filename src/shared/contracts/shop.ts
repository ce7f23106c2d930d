import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { companyIdSchema, emptyPayload } from './common';
import { stockRowSchema } from './search';
import { pageSizeField } from './page-size';

/** Limits of the shop decoration (/backend/store); the form shows the same numbers. */
export const SHOP_LIMITS = { intro: 2000, factoryDesc: 2000, url: 500, title: 30, photos: 12, videos: 10, featured: 12 } as const;

/**
 * http(s) addresses, or paths on this site ("/x", never "//host"). One character class after the
 * host's first character: `[^\s/]+[^\s]*` backtracked quadratically on a long text ending in a space.
 */
export const isShopUrl = (s: string): boolean => /^(https?:\/\/[^\s/][^\s]*|\/(?!\/)[^\s]+)$/i.test(s);

const urlField = (label: string) =>
  v.pipe(
    v.string(`${label}应为文本`),
    v.trim(),
    v.nonEmpty(`请填写${label}`),
    v.maxLength(SHOP_LIMITS.url, `${label}最多${SHOP_LIMITS.url}个字符`),
    v.check(isShopUrl, `${label}须以 http://、https:// 或 / 开头，且不能含空格`),
  );

const titleField = (label: string, required: boolean) =>
  v.pipe(
    v.optional(v.string(`${label}应为文本`), ''),
    v.trim(),
    v.check((s) => !required || s.length > 0, `请填写${label}`),
    v.maxLength(SHOP_LIMITS.title, `${label}最多${SHOP_LIMITS.title}个字符`),
  );

const textField = (label: string, max: number) =>
  v.pipe(v.optional(v.string(`${label}应为文本`), ''), v.trim(), v.maxLength(max, `${label}最多${max}个字符`));

export const shopMediaSchema = v.object({ url: v.string(), title: v.string() });

export const decorationPayload = v.object({
  banner_url: v.pipe(
    v.optional(v.string('展厅横幅地址应为文本'), ''),
    v.trim(),
    v.maxLength(SHOP_LIMITS.url, `展厅横幅地址最多${SHOP_LIMITS.url}个字符`),
    v.check((s) => s === '' || isShopUrl(s), '展厅横幅地址须以 http://、https:// 或 / 开头，且不能含空格'),
  ),
  intro: textField('展厅介绍', SHOP_LIMITS.intro),
  factory_desc: textField('工厂介绍', SHOP_LIMITS.factoryDesc),
  photos: v.pipe(
    v.optional(v.array(v.object({ url: urlField('工厂照片地址'), title: titleField('照片说明', false) }), '工厂照片应为列表'), []),
    v.maxLength(SHOP_LIMITS.photos, `工厂照片最多${SHOP_LIMITS.photos}张`),
  ),
  videos: v.pipe(
    v.optional(v.array(v.object({ url: urlField('视频地址'), title: titleField('视频标题', true) }), '视频应为列表'), []),
    v.maxLength(SHOP_LIMITS.videos, `视频最多${SHOP_LIMITS.videos}个`),
  ),
  featured_stock_ids: v.pipe(
    v.optional(v.array(v.pipe(v.number('精选产品编号应为数字'), v.integer('精选产品编号应为整数'), v.minValue(1, '精选产品编号无效'), v.maxValue(Number.MAX_SAFE_INTEGER, '精选产品编号无效')), '精选产品应为列表'), []),
    v.maxLength(SHOP_LIMITS.featured, `精选产品最多${SHOP_LIMITS.featured}个`),
    v.check((ids) => new Set(ids).size === ids.length, '精选产品不能重复'),
  ),
});
export type DecorationInput = v.InferInput<typeof decorationPayload>;

export const decorationSchema = v.object({
  banner_url: v.string(),
  intro: v.string(),
  factory_desc: v.string(),
  photos: v.array(shopMediaSchema),
  videos: v.array(shopMediaSchema),
  featured: v.array(stockRowSchema),
  /** unix seconds; 0 when never decorated */
  updated_at: v.number(),
});
export type Decoration = v.InferOutput<typeof decorationSchema>;

export const shopCompanySchema = v.object({
  id: v.number(),
  name: v.string(),
  short_name: v.string(),
  province: v.string(),
  city: v.string(),
  address: v.string(),
  level_name: v.string(),
  level_type: v.picklist(['free', 'paid']),
  stock_count: v.number(),
  main_brands: v.array(v.string()),
  /** only for formal members */
  phone: v.optional(v.string()),
  qq: v.optional(v.string()),
});

const intFromQuery = (name: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/, `${name} 应为整数`), v.transform(Number))], `${name} 应为整数`),
    v.integer(`${name} 应为整数`),
    v.minValue(min, `${name} 不能小于 ${min}`),
    v.maxValue(max, `${name} 不能大于 ${max}`),
  );

export const companyViewSchema = v.object({
  id: v.number(),
  viewer_company_id: v.number(),
  viewer_company_name: v.string(),
  viewer_short_name: v.string(),
  province: v.string(),
  city: v.string(),
  level_name: v.string(),
  viewer_user_name: v.string(),
  /** unix seconds */
  viewed_at: v.number(),
  /** viewed after the caller last opened /quote */
  is_new: v.boolean(),
  /** only for formal members */
  phone: v.optional(v.string()),
  qq: v.optional(v.string()),
});

export const shopEndpoints = {
  getCompanyShop: defineEndpoint({
    method: 'get', path: '/company/shop/info', tag: 'company', access: 'user',
    summary: '店铺首页：公司信息、展厅、工厂、视频与精选产品（打开他人店铺记录一次访问，同一公司每小时最多一次）',
    payload: v.object({ company_id: companyIdSchema }),
    answer: v.object({
      company: shopCompanySchema,
      decoration: decorationSchema,
      price_columns: v.array(v.string()),
      contacts_visible: v.boolean(),
      own: v.boolean(),
      /** months of the 质保 mark while the seller's platform warranty runs; 0: none (docs/warranty.md) */
      warranty_months: v.optional(v.number(), 0),
      /** the 汽配城 the company says it is in, '' when none (docs/platform-settings.md) */
      autoparts_city: v.optional(v.string(), ''),
      /** its id (0 when none): the shop links to the 企业黄页 of that market */
      autoparts_city_id: v.optional(v.number(), 0),
      /** the enabled 汽配联盟 it belongs to (docs/platform-settings.md) */
      alliances: v.optional(v.array(v.string()), []),
    }),
  }),
  getCompanyProducts: defineEndpoint({
    method: 'get', path: '/company/shop/products', tag: 'company', access: 'user', heavy: true,
    summary: '店铺产品：该公司的在售库存，可按关键词过滤，分页（50/100/200/400/800）',
    payload: v.object({
      company_id: companyIdSchema,
      k: v.optional(v.pipe(v.string('关键词应为文本'), v.trim(), v.maxLength(50, '关键词最多50个字符')), ''),
      page_number: v.optional(intFromQuery('页码', 1, 10000), 1),
      page_size: pageSizeField(50),
    }),
    answer: v.object({ rows: v.array(stockRowSchema), total: v.number(), price_columns: v.array(v.string()), contacts_visible: v.boolean() }),
  }),
  getStoreDecoration: defineEndpoint({
    method: 'get', path: '/store/decoration', tag: 'store', access: 'user', permissions: ['M14'],
    summary: '本公司店铺装修（后台）', payload: emptyPayload, answer: decorationSchema,
  }),
  saveStoreDecoration: defineEndpoint({
    method: 'put', path: '/store/decoration', tag: 'store', access: 'user', permissions: ['M14'],
    summary: '保存本公司店铺装修：展厅横幅与介绍、工厂介绍与照片、视频、精选产品（只能选本公司在售库存）',
    payload: decorationPayload, answer: decorationSchema,
  }),
  getZdQuoteCount: defineEndpoint({
    method: 'get', path: '/quote/count', tag: 'quote', access: 'user', permissions: ['C14'],
    summary: '谁看过我：上次打开 /quote 之后新增的访问次数（导航角标）', payload: emptyPayload, answer: v.number(),
  }),
  getCompanyViews: defineEndpoint({
    method: 'get', path: '/quote/views', tag: 'quote', access: 'user', permissions: ['C14'],
    summary: '谁看过我：访问本公司店铺的公司，按时间倒序分页；联系方式仅正式会员可见',
    payload: v.object({
      page_number: v.optional(intFromQuery('页码', 1, 10000), 1),
      page_size: pageSizeField(20),
    }),
    answer: v.object({
      data: v.array(companyViewSchema),
      total: v.number(),
      contacts_visible: v.boolean(),
      /** unix seconds: the moment the list was read; pass it to markCompanyViewsSeen */
      as_of: v.number(),
    }),
  }),
  markCompanyViewsSeen: defineEndpoint({
    method: 'post', path: '/quote/views/seen', tag: 'quote', access: 'user', permissions: ['C14'],
    summary: '把截至 as_of 的访问记为已看（打开 /quote 时调用），角标随之清零',
    payload: v.object({ as_of: v.pipe(v.number('查看时间应为数字'), v.integer('查看时间应为整数'), v.minValue(0, '查看时间不能小于 0')) }),
    answer: v.number(),
  }),
} as const;
