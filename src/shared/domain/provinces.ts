/**
 * China's provincial divisions with their GB/T 2260 codes (the first two digits of a 身份证 area
 * code). Stock rows name the provinces of their performance setting (业绩设置) by these codes.
 */
export const PROVINCES = [
  [11, '北京市'], [12, '天津市'], [13, '河北省'], [14, '山西省'], [15, '内蒙古自治区'],
  [21, '辽宁省'], [22, '吉林省'], [23, '黑龙江省'],
  [31, '上海市'], [32, '江苏省'], [33, '浙江省'], [34, '安徽省'], [35, '福建省'], [36, '江西省'], [37, '山东省'],
  [41, '河南省'], [42, '湖北省'], [43, '湖南省'], [44, '广东省'], [45, '广西壮族自治区'], [46, '海南省'],
  [50, '重庆市'], [51, '四川省'], [52, '贵州省'], [53, '云南省'], [54, '西藏自治区'],
  [61, '陕西省'], [62, '甘肃省'], [63, '青海省'], [64, '宁夏回族自治区'], [65, '新疆维吾尔自治区'],
  [71, '台湾省'], [81, '香港特别行政区'], [82, '澳门特别行政区'],
] as const satisfies ReadonlyArray<readonly [number, string]>;

const NAME_OF: ReadonlyMap<number, string> = new Map(PROVINCES);
export const isProvinceCode = (code: number) => NAME_OF.has(code);
export const provinceName = (code: number) => NAME_OF.get(code) ?? String(code);

/** How a performance setting reads: 未参与, 全国, or the province names. */
export const performanceText = (performance: boolean, provinceIds: readonly number[]) =>
  !performance ? '未参与' : provinceIds.length === 0 ? '全国' : provinceIds.map(provinceName).join('、');
