/**
 * The operator's reference lists: 数据字典 (entries grouped by type, each with a code),
 * 商圈 (trade areas grouped by province) and 企业标签 (company labels). One shape, three kinds; the
 * words differ per kind and live here so the page and the server's messages say the same.
 */
export const PLATFORM_LIST_KINDS = ['dictionary', 'trade_area', 'label'] as const;
export type PlatformListKind = (typeof PLATFORM_LIST_KINDS)[number];

export interface PlatformListWords {
  title: string;
  /** the group's label, or null when the kind has no group */
  group: string | null;
  /** the code's label, or null when the kind has no code */
  code: string | null;
  name: string;
  path: string;
}

export const PLATFORM_LISTS: Readonly<Record<PlatformListKind, PlatformListWords>> = {
  dictionary: { title: '数据字典', group: '字典类型', code: '编码', name: '名称', path: '/operation/system/dictionary' },
  trade_area: { title: '商圈', group: '省份', code: null, name: '商圈名称', path: '/operation/system/tradeArea' },
  label: { title: '企业标签', group: null, code: null, name: '标签名称', path: '/operation/system/label' },
};

export const listText = {
  entryNotFound: '条目不存在',
  nameTaken: (w: PlatformListWords) => `${w.group ? `同一${w.group}下` : ''}已有这个${w.name}`,
  codeTaken: (w: PlatformListWords) => `同一${w.group ?? '列表'}下已有这个${w.code ?? '编码'}`,
  groupRequired: (w: PlatformListWords) => `请填写${w.group}`,
  codeRequired: (w: PlatformListWords) => `请填写${w.code}`,
  noGroup: (w: PlatformListWords) => `${w.title}不分组，请留空分组`,
  noCode: (w: PlatformListWords) => `${w.title}没有编码，请留空编码`,
} as const;
