/**
 * Overseas (Vietnam) companies (docs/overseas.md): who they are, how their registration is checked
 * and which operator codes open the 海外 pages. Both sides read these; the server enforces them.
 */

/**
 * Vietnam's 34 provinces and centrally run cities since the merger of 1 July 2025 (Resolution
 * 202/2025/QH15): the units a business registration names today (docs/overseas.md, "Provinces").
 * `code` is ours and stable; `vi` is the official name (stored in company.province); `zh` the
 * name operators read.
 */
export const VN_PROVINCES = [
  { code: 'HN', vi: 'Hà Nội', zh: '河内' },
  { code: 'HCM', vi: 'Thành phố Hồ Chí Minh', zh: '胡志明市' },
  { code: 'HP', vi: 'Hải Phòng', zh: '海防' },
  { code: 'DN', vi: 'Đà Nẵng', zh: '岘港' },
  { code: 'CT', vi: 'Cần Thơ', zh: '芹苴' },
  { code: 'HUE', vi: 'Huế', zh: '顺化' },
  { code: 'AG', vi: 'An Giang', zh: '安江' },
  { code: 'BN', vi: 'Bắc Ninh', zh: '北宁' },
  { code: 'CM', vi: 'Cà Mau', zh: '金瓯' },
  { code: 'CB', vi: 'Cao Bằng', zh: '高平' },
  { code: 'DL', vi: 'Đắk Lắk', zh: '得乐' },
  { code: 'DB', vi: 'Điện Biên', zh: '奠边' },
  { code: 'DNA', vi: 'Đồng Nai', zh: '同奈' },
  { code: 'DT', vi: 'Đồng Tháp', zh: '同塔' },
  { code: 'GL', vi: 'Gia Lai', zh: '嘉莱' },
  { code: 'HT', vi: 'Hà Tĩnh', zh: '河静' },
  { code: 'HY', vi: 'Hưng Yên', zh: '兴安' },
  { code: 'KH', vi: 'Khánh Hòa', zh: '庆和' },
  { code: 'LC', vi: 'Lai Châu', zh: '莱州' },
  { code: 'LD', vi: 'Lâm Đồng', zh: '林同' },
  { code: 'LS', vi: 'Lạng Sơn', zh: '谅山' },
  { code: 'LCA', vi: 'Lào Cai', zh: '老街' },
  { code: 'NA', vi: 'Nghệ An', zh: '义安' },
  { code: 'NB', vi: 'Ninh Bình', zh: '宁平' },
  { code: 'PT', vi: 'Phú Thọ', zh: '富寿' },
  { code: 'QNG', vi: 'Quảng Ngãi', zh: '广义' },
  { code: 'QN', vi: 'Quảng Ninh', zh: '广宁' },
  { code: 'QT', vi: 'Quảng Trị', zh: '广治' },
  { code: 'SL', vi: 'Sơn La', zh: '山罗' },
  { code: 'TN', vi: 'Tây Ninh', zh: '西宁' },
  { code: 'TNG', vi: 'Thái Nguyên', zh: '太原' },
  { code: 'TH', vi: 'Thanh Hóa', zh: '清化' },
  { code: 'TQ', vi: 'Tuyên Quang', zh: '宣光' },
  { code: 'VL', vi: 'Vĩnh Long', zh: '永隆' },
] as const;
export type VnProvinceCode = (typeof VN_PROVINCES)[number]['code'];
export const VN_PROVINCE_CODES = VN_PROVINCES.map((p) => p.code) as [VnProvinceCode, ...VnProvinceCode[]];

export const vnProvinceOf = (code: string) => VN_PROVINCES.find((p) => p.code === code);
/** A stored province (its Vietnamese name) in an operator's words: 胡志明市（Thành phố Hồ Chí Minh）. */
export const vnProvinceLabel = (vi: string) => {
  const p = VN_PROVINCES.find((x) => x.vi === vi);
  return p ? `${p.zh}（${p.vi}）` : vi;
};

export { VN_TAX_CODE_RE, VN_MOBILE_RE, normaliseVnMobile, OP_FOREIGN_CODES } from './overseas-rules';

/** The registration states of an overseas company (table overseas_registration). */
export const OVERSEAS_STATES = ['pending', 'approved', 'rejected'] as const;
export type OverseasState = (typeof OVERSEAS_STATES)[number];
export const OVERSEAS_STATE_LABEL: Record<OverseasState, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };

/** The words of the overseas calls: refusals name their field. */
export const overseasText = {
  title: '越南企业注册 · Đăng ký doanh nghiệp Việt Nam',
  provinceRequired: '请选择所在省/市 · Vui lòng chọn tỉnh/thành phố',
  provinceUnknown: '所在省/市须从越南34个省市中选择 · Tỉnh/thành phố không hợp lệ',
  taxCodeRequired: '请填写税号 · Vui lòng nhập mã số thuế',
  taxCode: '税号须为10位数字，分支机构为10位数字-3位数字（如 0312345678-001）· Mã số thuế gồm 10 chữ số, chi nhánh thêm -3 chữ số',
  taxCodeTaken: '该税号已注册 · Mã số thuế đã được đăng ký',
  mobileRequired: '请填写越南手机号 · Vui lòng nhập số điện thoại',
  mobile: '手机号须为越南手机号：+84 或 0 开头，后接以3、5、7、8、9开头的9位数字 · Số di động Việt Nam: +84 hoặc 0, rồi 9 chữ số bắt đầu bằng 3, 5, 7, 8, 9',
  addressRequired: '请填写详细地址 · Vui lòng nhập địa chỉ',
  address: '详细地址须为5到100个字符 · Địa chỉ từ 5 đến 100 ký tự',
  companyNameRequired: '请填写企业名称 · Vui lòng nhập tên doanh nghiệp',
  companyName: '企业名称须为2到80个字符 · Tên doanh nghiệp từ 2 đến 80 ký tự',
  notOverseas: '这不是越南企业的用户',
  registrationNotFound: '注册申请不存在',
  reviewed: (state: string, at: string, who: string) => `该注册申请已于 ${at} 由 ${who || '运营'} ${state}，不能再次审核`,
  notPending: '只有被驳回的注册可以修改后重新提交',
  resubmitOwnerOnly: '只有企业负责人可以修改注册资料',
  quickReplyNotFound: '快捷回复不存在',
  quickReplyVnRequired: '请填写越南语快捷回复',
} as const;

/** The rules in words, shown beside each field of the registration form. */
export const OVERSEAS_RULES = {
  companyName: '2到80个字符，与营业执照（Giấy chứng nhận đăng ký doanh nghiệp）一致',
  province: '越南34个省和中央直辖市（2025年合并后）',
  taxCode: '10位数字；分支机构为10位数字-3位数字',
  mobile: '+84 或 0 开头的越南手机号，例如 0912345678',
  address: '5到100个字符：门牌、街道、坊/社',
} as const;
