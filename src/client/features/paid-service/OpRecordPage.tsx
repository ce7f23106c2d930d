/**
 * 服务记录 of the operator (/operation/pay/record/vin, /stock, /user, /quote, /warranty; D05; docs/money.md#paid-services):
 * every purchase of one service, with the buying company's bought units left and used, filtered by
 * company, state and date, paged (a declaration on the ListPage block).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import { PAID_SERVICE_METHODS, PAID_SERVICE_NAMES, PAID_SERVICE_STATES, PAID_SERVICE_UNITS, type PaidService } from '../../../shared/contracts/paid-service';
import { formatChina } from '../../../shared/domain/china-time';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../operation/list-payload';
import { downloadXlsx } from '../operation/export';
import { opRecordsQuery, type serviceKeys } from './queries';
import { yuan } from '../../../shared/domain/money';
import './paid-service.css';

type Row = AnswerOf<'opPaidServiceRecords'>['data'][number];
const STATES = Object.keys(PAID_SERVICE_STATES) as Array<keyof typeof PAID_SERVICE_STATES>;
const payloadOf = (service: PaidService, s: ListSearch): PayloadIn<'opPaidServiceRecords'> => ({
  service, company: text(s, 'company'), state: oneOf(s, 'state', STATES), date_from: text(s, 'date_from'), date_to: text(s, 'date_to'), ...pagingOf(s),
});

export function OpRecordPage({ service, search, onSearch }: { service: PaidService; search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const paid = useQuery({ ...opRecordsQuery(payloadOf(service, search)), placeholderData: keepPreviousData }).data?.paid_fen ?? null;
  const unit = PAID_SERVICE_UNITS[service];
  const def: ListDef<Row, ReturnType<typeof serviceKeys.opRecords>, AnswerOf<'opPaidServiceRecords'>> = {
    title: `${PAID_SERVICE_NAMES[service]}购买记录`,
    filters: [
      { name: 'company', label: '企业', type: 'text', width: '12rem', primary: true },
      { name: 'state', label: '状态', type: 'select', options: STATES.map((value) => ({ value, label: PAID_SERVICE_STATES[value] })) },
      { name: 'date_from', label: '开始日期', type: 'date', more: true },
      { name: 'date_to', label: '结束日期', type: 'date', more: true },
    ],
    query: (s) => opRecordsQuery(payloadOf(service, s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.purchase_no,
    columns: [
      { key: 'company', header: '企业', width: '13rem', cell: (r) => r.company_name },
      { key: 'at', header: '购买时间', width: '9rem', cell: (r) => formatChina(r.created_at, 'YYYY-MM-DD HH:mm') },
      { key: 'units', header: '数量', width: '6rem', num: true, cell: (r) => `${r.units}${unit}` },
      { key: 'amount', header: '金额', width: '7rem', num: true, cell: (r) => yuan(r.amount_fen) },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => <span className={`op-tag ${r.state === 'cancelled' ? 'danger' : ''}`}>{PAID_SERVICE_STATES[r.state]}</span> },
      // seats are kept, not used up: the company's seats bought stand in the last column
      // seats and warranty months are not used up by count: no 已用 column for them
      ...(service === 'user' || service === 'warranty' ? [] : [{ key: 'used', header: '已用', width: '6rem', num: true, priority: 2 as const, cell: (r: Row) => `${r.used}${unit}` }]),
      { key: 'left', header: service === 'user' ? '已购名额' : service === 'warranty' ? '质保剩余' : '剩余', width: '6rem', num: true, priority: 2, cell: (r) => `${r.remaining}${unit}` },
      // after used and left, so it folds before them (the rightmost first)
      { key: 'method', header: '支付方式', width: '6rem', priority: 2, cell: (r) => PAID_SERVICE_METHODS[r.method] },
      { key: 'level', header: '等级', width: '6rem', priority: 3, cell: (r) => r.level_name },
      { key: 'user', header: '购买人', width: '7rem', priority: 3, cell: (r) => r.user_name },
      { key: 'no', header: '单号', width: '12rem', priority: 3, cell: (r) => r.purchase_no },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的购买记录，换个条件试试。' : `还没有企业购买${PAID_SERVICE_NAMES[service]}。在“付费服务”中为会员等级设置服务包后，企业可在“财务 → 购买服务”购买。`),
    exportXlsx: (s) => downloadXlsx('opPaidServiceRecords', payloadOf(service, s), `${PAID_SERVICE_NAMES[service]}购买记录`),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      toolbar={<span className="muted">{paid === null ? '' : `已支付合计 ${yuan(paid)}；“已用/剩余”为该企业当前的全部已购额度`}</span>} />
  );
}
