/** 海外 · VIN解析记录 (/operation/foreign/vinRecord): the counted VIN decodes of users of Vietnamese companies (docs/overseas.md). */
import type { AnswerOf, PayloadIn, VinRecord } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, textsOf } from '../list-payload';
import { when } from '../format';
import { foreignVinListQuery, type foreignKeys } from './queries';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'foreignVinRecordList'> => ({ ...textsOf(s, ['vin', 'company', 'date_from', 'date_to']), ...pagingOf(s) });

export function VinRecordPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<VinRecord, ReturnType<typeof foreignKeys.vin>, AnswerOf<'foreignVinRecordList'>> = {
    title: '海外 VIN 解析记录',
    filters: [
      { name: 'vin', label: 'VIN', type: 'text', width: '11rem', primary: true },
      { name: 'company', label: '企业名称', type: 'text', width: '10rem' },
      { name: 'date_from', label: '开始日期', type: 'date', more: true },
      { name: 'date_to', label: '结束日期', type: 'date', more: true },
    ],
    query: (s) => foreignVinListQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.vin,
    columns: [
      { key: 'vin', header: 'VIN', width: '11rem', cell: (r) => <code>{r.vin}</code> },
      { key: 'company', priority: 2, header: '企业', width: '13rem', cell: (r) => r.company_name },
      { key: 'user', priority: 2, header: '用户', width: '9rem', cell: (r) => `${r.display_name}（${r.username}）` },
      { key: 'created', header: '解析时间', width: '8.5rem', cell: (r) => when(r.created) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的解析记录，换个条件试试。' : '越南企业的用户还没有解析过 VIN。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
