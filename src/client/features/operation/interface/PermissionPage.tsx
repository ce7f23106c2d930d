/**
 * 等级接口权限 (/operation/interface/permission, D06; docs/open-platform.md, "Keys and signing"):
 * which scope bundle each company level may grant its keys; 无 means the level cannot use the
 * open platform (the free levels by default).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OPEN_SCOPE_LABELS, type AnswerOf, type OpenLevelBundle } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { errorText } from '../../../ui/form/form';
import { opOpenBundlesQuery, opOpenLevelsQuery, type opOpenKeys } from './queries';
import { useOpSaveLevel } from './mutations';
import '../operation.css';

export function PermissionPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const bundles = useQuery(opOpenBundlesQuery());
  const save = useOpSaveLevel();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const choose = async (r: OpenLevelBundle, bundleId: number) => {
    try {
      const a = await save.mutateAsync({ level_id: r.level_id, bundle_id: bundleId });
      setStatus({ ok: true, text: `“${r.level_name}”现在${a.bundle_name ? `可使用权限组“${a.bundle_name}”` : '不能使用开放接口'}` });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  const def: ListDef<OpenLevelBundle, ReturnType<typeof opOpenKeys.levels>, AnswerOf<'opOpenLevelList'>> = {
    title: '等级接口权限',
    filters: [],
    query: () => opOpenLevelsQuery(),
    rowKey: (r) => r.level_id,
    columns: [
      { key: 'level', header: '会员等级', width: '9rem', cell: (r) => `${r.level_name}${r.level_type === 'free' ? '（免费）' : ''}` },
      {
        key: 'bundle', header: '权限组', width: '11rem',
        cell: (r) => (
          <select aria-label={`${r.level_name} 的权限组`} value={r.bundle_id} disabled={save.isPending} onChange={(e) => void choose(r, Number(e.target.value))} style={{ minHeight: 36 }}>
            <option value={0}>无（不能使用开放接口）</option>
            {(bundles.data?.data ?? []).map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
          </select>
        ),
      },
      { key: 'scopes', priority: 2, header: '可授予的接口权限', width: '22rem', cell: (r) => r.scopes.map((s) => OPEN_SCOPE_LABELS[s]).join('、') || '—' },
    ],
    empty: () => '还没有会员等级，请先在“系统 · 会员等级”中添加。',
  };
  return <ListPage def={def} search={search} onSearch={onSearch}
    status={status && <p className={`op-status ${status.ok ? 'ok' : 'error'}`} role={status.ok ? 'status' : 'alert'}>{status.text}</p>} />;
}
