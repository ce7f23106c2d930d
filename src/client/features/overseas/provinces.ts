/** The Vietnamese provinces in the reader's language (docs/overseas.md, "Registration"). */
import { VN_PROVINCES, vnProvinceLabel } from '../../../shared/domain/overseas';
import type { Lang } from '../../i18n/lang';

/**
 * The 34 provinces to choose from: a Vietnamese reader reads their official names; a Chinese
 * reader the Chinese name with the official one in brackets (胡志明市（Thành phố Hồ Chí Minh）),
 * the name the company's papers show.
 */
export const provinceOptions = (lang: Lang) =>
  VN_PROVINCES.map((p) => ({ label: lang === 'vi' ? p.vi : `${p.zh}（${p.vi}）`, value: p.code }));

/** A stored province (its Vietnamese name) for the reader: as stored, or with its Chinese name first. */
export const provinceName = (lang: Lang, stored: string) => (lang === 'vi' ? stored : vnProvinceLabel(stored));
