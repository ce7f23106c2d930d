/** An enquiry's words and moments in the page's language (docs/i18n.md), for the buyer's enquiry pages and the phone's. */
import dayjs from 'dayjs';
import type { EnquiryState } from '../../../shared/domain/enquiry';
import { ENQUIRY_STATE_TEXT } from '../../../shared/domain/enquiry';
import type { Lang, Vars } from '../../i18n/lang';
import { formatDate } from '../../i18n/format';

/** a moment: Chinese pages as they always wrote it, Vietnamese by Intl (docs/i18n.md, "Numbers, money and dates") */
export const enquiryDay = (lang: Lang, s: number) => (!s ? '—' : lang === 'vi' ? formatDate('vi', s, true) : dayjs.unix(s).format('YYYY-MM-DD HH:mm'));

/** An enquiry's state in the page's language: an open one with answers says how many (enquiryStateText). */
export const stateLabel = (t: (key: string, vars?: Vars) => string, state: EnquiryState, quotes: number) =>
  (state === 'open' && quotes > 0 ? t('已报价 {{n}}', { n: quotes }) : t(ENQUIRY_STATE_TEXT[state]));
