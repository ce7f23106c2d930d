/**
 * The Vietnamese chunk (docs/i18n.md): i18next with the catalogue vi.json, dayjs's and PrimeReact's
 * Vietnamese locales. Loaded only when Vietnamese is shown (lang.ts, setLang).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { addLocale, locale, localeOptions, type LocaleOptions } from 'primereact/api';
import catalogue from './vi.json';
/** the values put into a text's {{placeholders}} (the same shape as lang.ts's Vars) */
type Vars = Record<string, string | number>;

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'vi',
  // the catalogue is part of this chunk: no backend, ready synchronously
  initAsync: false,
  resources: { vi: { translation: catalogue } },
  // the key is the Chinese text, which may hold '.' and ':'
  keySeparator: false,
  nsSeparator: false,
  // a key missing from the catalogue shows its Chinese (catalogue.test.ts fails on it first)
  fallbackLng: false,
  returnEmptyString: false,
  // React escapes what it renders
  interpolation: { escapeValue: false },
});

export const translate = (key: string, vars?: Vars): string => i18n.t(key, vars ?? {});

/** What screen readers announce for the pager, dialogs, the password mask and the carousel. */
const VI_ARIA: Record<string, string> = {
  firstPageLabel: 'Trang đầu', prevPageLabel: 'Trang trước', nextPageLabel: 'Trang sau', lastPageLabel: 'Trang cuối', pageLabel: 'Trang {page}',
  rowsPerPageLabel: 'Số dòng mỗi trang', jumpToPageDropdownLabel: 'Số dòng mỗi trang', close: 'Đóng', passwordShow: 'Hiện mật khẩu', passwordHide: 'Ẩn mật khẩu',
  previous: 'Ảnh trước', next: 'Ảnh sau', slide: 'Ảnh trình chiếu', slideNumber: 'Ảnh {slideNumber}', scrollTop: 'Lên đầu trang', removeLabel: 'Xóa',
};
addLocale('vi', {
  accept: 'Đồng ý', reject: 'Hủy', choose: 'Chọn', upload: 'Tải lên', cancel: 'Hủy', clear: 'Xóa', today: 'Hôm nay',
  dayNames: ['Chủ nhật', 'Thứ hai', 'Thứ ba', 'Thứ tư', 'Thứ năm', 'Thứ sáu', 'Thứ bảy'],
  dayNamesShort: ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'],
  dayNamesMin: ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'],
  monthNames: ['Tháng 1', 'Tháng 2', 'Tháng 3', 'Tháng 4', 'Tháng 5', 'Tháng 6', 'Tháng 7', 'Tháng 8', 'Tháng 9', 'Tháng 10', 'Tháng 11', 'Tháng 12'],
  monthNamesShort: ['Th1', 'Th2', 'Th3', 'Th4', 'Th5', 'Th6', 'Th7', 'Th8', 'Th9', 'Th10', 'Th11', 'Th12'],
  emptyMessage: 'Không có kết quả', emptyFilterMessage: 'Không có kết quả', weekHeader: 'Tuần', firstDayOfWeek: 1,
  aria: { ...(localeOptions('en') as LocaleOptions).aria, ...VI_ARIA },
});

/** Shows Vietnamese in dayjs and PrimeReact. */
export const activate = () => {
  dayjs.locale('vi');
  locale('vi');
};

/** Back to Chinese. */
export const deactivate = () => {
  dayjs.locale('zh-cn');
  locale('zh-CN');
};
