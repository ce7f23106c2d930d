/**
 * 接口列表 (/operation/interface/list, D06; docs/open-platform.md, "Keys and signing"): every
 * company's API keys with their scopes, last call and state; 作废 stops a key at once (audited).
 */
import { useState } from 'react';
import type { AnswerOf, OpOpenKey, PayloadIn } from '../../../../shared/contracts';
import { OPEN_KEY_STATES, OPEN_SCOPE_LABELS, type OpenKeyState } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { errorText } from '../../../ui/form/form';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { when } from '../format';
import { opOpenKeysQuery, type opOpenKeys } from './queries';
import { useOpRevokeKey } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opOpenKeyList'> => ({
  ...textsOf(s, ['company']), state: oneOf(s, 'state', Object.keys(OPEN_KEY_STATES) as OpenKeyState[]), ...pagingOf(s),
});
/** a row's number for the list kit: the key id's hash (ids are text) */
export const keyNumber = (id: string) => [...id].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 7) >>> 0;

export function KeysPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const revoke = useOpRevokeKey();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const doRevoke = async (r: OpOpenKey) => {
    if (!window.confirm(`作废 ${r.company_name} 的密钥“${r.name}”？作废后立即失效、不可恢复。`)) return;
    try {
      await revoke.mutateAsync({ key_id: r.key_id });
      setStatus({ ok: true, text: `已作废 ${r.company_name} 的密钥“${r.name}”` });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  const def: ListDef<OpOpenKey, ReturnType<typeof opOpenKeys.keys>, AnswerOf<'opOpenKeyList'>> = {
    title: '接口列表',
    filters: [
      { name: 'company', label: '企业', type: 'text', primary: true, width: '10rem' },
      { name: 'state', label: '状态', type: 'select', options: Object.entries(OPEN_KEY_STATES).map(([value, label]) => ({ value, label })) },
    ],
    query: (s) => opOpenKeysQuery(payloadOf(s)),
    rowKey: (r) => keyNumber(r.key_id),
    columns: [
      { key: 'company', header: '企业', width: '11rem', cell: (r) => r.company_name },
      { key: 'name', header: '名称', width: '9rem', cell: (r) => r.name },
      { key: 'id', priority: 3, header: 'Key ID', width: '15rem', cell: (r) => <code>{r.key_id}</code> },
      { key: 'scopes', priority: 2, header: '接口权限', width: '14rem', cell: (r) => r.scopes.map((s) => OPEN_SCOPE_LABELS[s]).join('、') },
      { key: 'last', header: '最后调用', width: '9rem', cell: (r) => when(r.last_call_at) },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => <span className={`op-tag ${r.state === 'active' ? '' : 'danger'}`}>{OPEN_KEY_STATES[r.state]}</span> },
      {
        key: 'actions', actions: true, header: '操作', width: '8rem',
        cell: (r) => (
          <span className="op-row-actions">
            <a href={`/operation/interface/secretKey/log/${r.key_id}`} aria-label={`调用记录 ${r.name}`}>记录</a>
            {r.state === 'active' && <button type="button" className="linklike" onClick={() => void doRevoke(r)} aria-label={`作废 ${r.company_name} ${r.name}`}>作废</button>}
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的密钥，换个条件试试。' : '还没有企业创建接口密钥。企业负责人可在“开放平台控制台”创建。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch}
    status={status && <p className={`op-status ${status.ok ? 'ok' : 'error'}`} role={status.ok ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />;
}
