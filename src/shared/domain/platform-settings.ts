/**
 * The operator's platform settings (docs/platform-settings.md): 汽配城, 汽配联盟, 包邮城市 and 公共页面.
 * Limits and the words the pages and the server's refusals share.
 */
import { PROVINCES } from './provinces';

export const PLACE_NAME_MAX = 40;
export const REGION_MAX = 20;
export const ADDRESS_MAX = 120;
export const ALLIANCE_DESCRIPTION_MAX = 500;
export const ALLIANCE_MEMBERS_MAX = 200;
export const FREE_CITY_MIN_FEN_MAX = 100_000_000;
export const PUB_TITLE_MAX = 60;
export const PUB_BODY_MAX = 20_000;
export const PUB_SLUG_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const PUB_STATUSES = ['draft', 'published'] as const;
export type PubStatus = (typeof PUB_STATUSES)[number];
export const PUB_STATUS_TEXT: Readonly<Record<PubStatus, string>> = { draft: '草稿', published: '已发布' };

/** The province names a rule or a 汽配城 may name (shared/domain/provinces.ts). */
export const PROVINCE_NAMES: readonly string[] = PROVINCES.map(([, n]) => n);
export const isProvinceName = (s: string) => PROVINCE_NAMES.includes(s);

/**
 * Whether a delivery address (free text, 省、市、区县和详细地址) lies in a city: it names the city,
 * with or without its 市 (广州市 / 广州), and does not name another province.
 */
export const addressInCity = (address: string, province: string, city: string) => {
  const a = address.replace(/\s+/g, '');
  const short = (s: string) => s.replace(/(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|省|市|地区|盟|自治州)$/, '');
  const cityShort = short(city);
  if (cityShort === '' || !a.includes(cityShort)) return false;
  const other = PROVINCE_NAMES.find((p) => p !== province && a.startsWith(short(p)));
  return other === undefined;
};

export const settingsText = {
  cityNotFound: '汽配城不存在',
  allianceNotFound: '汽配联盟不存在',
  freeCityNotFound: '包邮规则不存在',
  pageNotFound: '页面不存在或未发布',
  cityTaken: '同一城市下已有这个汽配城名称',
  allianceTaken: '已有这个联盟名称',
  freeCityTaken: '这个城市已有包邮规则，请修改原规则',
  slugTaken: '已有页面使用这个地址',
  province: '省份请从列表中选择',
  cityDisabled: '这个汽配城已停用，请选择其他汽配城',
  noCompany: (id: number) => `企业不存在（ID ${id}）`,
} as const;
