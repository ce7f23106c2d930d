/**
 * 接口调用记录 (/operation/interface/secretKey/log/{id?}, D06; docs/open-platform.md, "Keys and
 * signing"): the signed calls of one key, or of every key, answered or refused (kept 90 days).
 */
import dayjs from 'dayjs';
import type { AnswerOf, OpOpenCall, PayloadIn } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { opOpenCallsQuery, type opOpenKeys } from './queries';
import '../operation.css';

const dayOk = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : '');
const payloadOf = (s: ListSearch, keyId: string): PayloadIn<'opOpenCallLog'> => {
  const t = textsOf(s, ['company', 'date_from', 'date_to']);
  return {
    key_id: /^ak_[A-Za-z0-9]{20,40}$/.test(keyId) ? keyId : '', company: t.company, status: oneOf(s, 'status', ['ok', 'error'] as const),
    date_from: dayOk(t.date_from), date_to: dayOk(t.date_to), ...pagingOf(s),
  };
};

export function CallsPage({ keyId = '', search, onSearch }: { keyId?: string; search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<OpOpenCall, ReturnType<typeof opOpenKeys.calls>, AnswerOf<'opOpenCallLog'>> = {
    title: keyId ? `调用记录 · ${keyId}` : '接口调用记录',
    filters: [
      { name: 'company', label: '企业', type: 'text', primary: true, width: '10rem' },
      { name: 'status', label: '结果', type: 'select', options: [{ value: 'ok', label: '成功' }, { value: 'error', label: '失败' }] },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
    ],
    query: (s) => opOpenCallsQuery(payloadOf(s, keyId)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'at', header: '时间', width: '10rem', cell: (r) => dayjs.unix(r.at).format('YYYY-MM-DD HH:mm:ss') },
      { key: 'call', header: '接口', width: '14rem', cell: (r) => <code>{r.method} {r.path}</code> },
      { key: 'company', priority: 2, header: '企业', width: '10rem', cell: (r) => r.company_name },
      { key: 'key', priority: 2, header: '密钥', width: '8rem', cell: (r) => r.key_name },
      { key: 'status', header: '状态码', width: '5rem', cell: (r) => <span className={`op-tag ${r.status < 400 ? '' : 'danger'}`}>{r.status}</span> },
      { key: 'ms', priority: 3, header: '耗时', width: '5rem', cell: (r) => `${r.duration_ms} ms` },
      { key: 'rid', priority: 3, header: '请求 ID', width: '17rem', cell: (r) => <code>{r.request_id}</code> },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的调用，换个条件试试。' : '还没有接口调用记录。企业用密钥签名调用开放接口后会列在这里。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
