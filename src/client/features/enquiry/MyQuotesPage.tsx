/** 我的报价 (/backend/quote/mine, M10 / M12): the company's quotes, newest first, and what became of each. */
import { Link } from '@tanstack/react-router';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { AnswerOf, MyQuote } from '../../../shared/contracts';
import { QUOTE_FATE_TEXT, quotePriceText } from '../../../shared/domain/enquiry';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { enquiryKeys, myQuotesQuery } from './queries';
import { useQuery } from '@tanstack/react-query';
import { TRANSLATION_MAX_IDS } from '../../../shared/contracts/translation';
import { wantsTranslation } from '../../../shared/domain/translate';
import { useLang } from '../../i18n/lang';
import { useTranslations } from '../translation/queries';
import { TranslatedLine } from '../translation/TranslatedLine';
import './enquiry.css';

const FATE_SEVERITY = { active: 'info', expired: 'secondary', accepted: 'success', lost: 'warning' } as const;

export function MyQuotesPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  // the lines' names in the page's language, asked by the enquiries the page shows (the list's own query, from its cache;
  // docs/i18n.md, "Translated lines"); only names written in the other language are asked for
  const lang = useLang();
  const rows = useQuery(myQuotesQuery(search)).data?.data ?? [];
  const names = rows.map((q) => q.line_name).filter((n) => wantsTranslation(n, lang));
  const ids = [...new Set(rows.filter((q) => wantsTranslation(q.line_name, lang)).map((q) => q.enquiry_id))].slice(0, TRANSLATION_MAX_IDS);
  const translated = useTranslations('enquiry', ids, names);
  const def: ListDef<MyQuote, ReturnType<typeof enquiryKeys.myQuotes>, AnswerOf<'quoteMine'>> = {
    title: '我的报价',
    filters: [],
    query: myQuotesQuery,
    rowKey: (q) => q.id,
    columns: [
      { key: 'no', header: '询价单号', width: '12rem', cell: (q) => <Link to="/backend/quote/$id" params={{ id: String(q.enquiry_id) }}>{q.enquiry_no}</Link> },
      { key: 'buyer', priority: 2, header: '买家', width: '11rem', cell: (q) => q.buyer_company_name },
      { key: 'line', priority: 2, header: '询价配件', cell: (q) => <span>{q.line_text} <span className="muted">× {q.line_qty}</span><TranslatedLine text={q.line_name} lines={translated} /></span> },
      { key: 'price', header: '报价(元)', width: '6rem', num: true, cell: (q) => quotePriceText(q.price_fen) },
      { key: 'brand', priority: 3, header: '品牌 / 品质', width: '8rem', cell: (q) => <span>{q.brand || '—'} <small className="muted">{q.quality}</small></span> },
      { key: 'fate', header: '结果', width: '5rem', cell: (q) => <Tag value={QUOTE_FATE_TEXT[q.fate]} severity={FATE_SEVERITY[q.fate]} /> },
      { key: 'at', priority: 3, header: '报价时间', width: '8rem', cell: (q) => dayjs.unix(q.updated_at).format('YYYY-MM-DD HH:mm') },
    ],
    empty: () => '还没有报价。打开“报价中心”里的询价单，逐行填写价格或回复无货。',
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
