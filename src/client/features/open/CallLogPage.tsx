/**
 * 调用记录 (/open/controlPanel/log; docs/open-platform.md, "Keys and signing"): the signed calls of
 * the company's keys in the last 90 days, answered or refused, by key, outcome and date.
 */
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { AnswerOf, OpenCall, PayloadIn } from '../../../shared/contracts';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { errorText } from '../../ui/form/form';
import { openCallsQuery, openKeysQuery, type openKeys } from './queries';
import { OpenNav } from './OpenNav';
import './open.css';

const str = (s: ListSearch, k: string) => (s[k] === undefined ? '' : String(s[k]));
const dayOk = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : '');
export const callPayloadOf = (s: ListSearch): PayloadIn<'openCallLog'> => {
  const key = str(s, 'key_id');
  const status = str(s, 'status');
  return {
    key_id: /^ak_[A-Za-z0-9]{20,40}$/.test(key) ? key : '',
    status: status === 'ok' || status === 'error' ? status : '',
    date_from: dayOk(str(s, 'date_from')), date_to: dayOk(str(s, 'date_to')),
    page_number: s.page ?? 1, page_size: s.size ?? 50,
  };
};

export function CallLogPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const keys = useQuery(openKeysQuery());
  const def: ListDef<OpenCall, ReturnType<typeof openKeys.calls>, AnswerOf<'openCallLog'>> = {
    title: '调用记录',
    filters: [
      { name: 'key_id', label: '密钥', type: 'select', primary: true, options: (keys.data?.keys ?? []).map((k) => ({ value: k.key_id, label: k.name })) },
      { name: 'status', label: '结果', type: 'select', options: [{ value: 'ok', label: '成功' }, { value: 'error', label: '失败' }] },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
    ],
    query: (s) => openCallsQuery(callPayloadOf(s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'at', header: '时间', width: '10rem', cell: (r) => dayjs.unix(r.at).format('YYYY-MM-DD HH:mm:ss') },
      { key: 'key', header: '密钥', width: '9rem', cell: (r) => r.key_name },
      { key: 'call', priority: 2, header: '接口', width: '14rem', cell: (r) => <span><code>{r.method} {r.path}</code></span> },
      { key: 'status', header: '状态码', width: '5rem', cell: (r) => <span className={`open-tag ${r.status < 400 ? 'active' : 'revoked'}`}>{r.status}</span> },
      { key: 'ms', priority: 2, header: '耗时', width: '5rem', cell: (r) => `${r.duration_ms} ms` },
      { key: 'rid', priority: 3, header: '请求 ID', width: '17rem', cell: (r) => <code>{r.request_id}</code> },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的调用，换个条件试试。' : '还没有调用记录。用密钥签名调用任一开放接口后，这里会列出每次调用（保留 90 天）。'),
  };
  return (
    <div className="open-console">
      <OpenNav at="log" />
      {keys.isError ? (
        <div className="open-notice" role="alert" data-testid="open-denied"><p>{errorText(keys.error)}</p></div>
      ) : (
        <ListPage def={def} search={search} onSearch={onSearch} />
      )}
    </div>
  );
}
