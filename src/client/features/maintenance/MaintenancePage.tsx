/**
 * 保养套餐 (/backend/product/maintenance, M03, docs/maintenance.md): the company's maintenance
 * packages as a declaration of the list block, on/off and delete in bulk, and the edit dialog with
 * its line picker. Buyers see the packages that are on in the shop's 保养套餐 tab.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import type { MaintenancePackage, PayloadIn } from '../../../shared/contracts';
import { intervalText } from '../../../shared/domain/maintenance';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { ListPage, type ListDef, type ListFilter } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { makesQuery } from '../stock/queries';
import { maintenanceKeys, packageListQuery } from './queries';
import { useDeletePackage, useSetPackagesActive } from './mutations';
import { PackageDialog } from './PackageDialog';
import '../stock/stock.css';
import './maintenance.css';

const payloadOf = (s: ListSearch): PayloadIn<'maintenancePackageList'> => ({
  keyword: s.keyword === undefined ? '' : String(s.keyword),
  make_id: s.make_id === undefined ? null : Number(s.make_id),
  active: s.active === 'on' || s.active === 'off' ? s.active : '',
  page_number: s.page ?? 1,
  page_size: s.size ?? 50,
});

export function MaintenancePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const [editing, setEditing] = useState<MaintenancePackage | 'new' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const makes = useQuery(makesQuery());
  const setActive = useSetPackagesActive();
  const remove = useDeletePackage();

  const filters: ListFilter[] = useMemo(() => [
    { name: 'keyword', label: '套餐名称 / 适用车型', type: 'text', width: '13rem', primary: true },
    { name: 'make_id', label: '车型品牌', type: 'select', options: (makes.data ?? []).map((m) => ({ label: `${m.initial} ${m.name}`, value: String(m.id) })) },
    { name: 'active', label: '状态', type: 'select', options: [{ label: '上架', value: 'on' }, { label: '下架', value: 'off' }] },
  ], [makes.data]);

  const def: ListDef<MaintenancePackage, ReturnType<typeof maintenanceKeys.list>> = {
    title: '保养套餐',
    filters,
    query: (s) => packageListQuery(payloadOf(s)),
    rowKey: (p) => p.id,
    rowLabel: (p) => p.name,
    columns: [
      {
        key: 'name', header: '套餐', width: '11rem',
        cell: (p) => <div className="stock-key"><strong>{p.name}</strong><small className="muted">{p.vehicle || '—'}</small></div>,
      },
      { key: 'make', header: '车型品牌', width: '6rem', cell: (p) => p.make_name || '全部车型' },
      { key: 'interval', header: '保养间隔', width: '9rem', cell: (p) => intervalText(p.interval_km, p.interval_months) },
      {
        key: 'lines', header: '配件', width: '14rem', priority: 2,
        cell: (p) => (
          <span className="mt-lines-brief" title={p.lines.map((l) => `${l.name} ×${l.qty}`).join('、')}>
            {p.lines.length} 种：{p.lines.slice(0, 3).map((l) => `${l.name}×${l.qty}`).join('、')}{p.lines.length > 3 ? ' …' : ''}
          </span>
        ),
      },
      { key: 'total', header: '标准价合计', width: '7rem', num: true, priority: 2, cell: (p) => yuan(p.standard_total_fen) },
      { key: 'active', header: '状态', width: '4.5rem', cell: (p) => <span className={p.active ? '' : 'muted'}>{p.active ? '上架' : '下架'}</span> },
      { key: 'updated', header: '更新时间', width: '8rem', priority: 3, cell: (p) => formatChina(p.updated, 'YYYY-MM-DD HH:mm') },
      {
        key: 'actions', header: '操作', width: '4rem', actions: true,
        cell: (p) => <button type="button" className="linklike" onClick={() => setEditing(p)} aria-label={`编辑 ${p.name}`}>编辑</button>,
      },
    ],
    bulkActions: [
      { label: '上架', icon: 'pi pi-arrow-up', run: async (ids) => setStatus(`已上架 ${(await setActive.mutateAsync({ ids, active: true })).changed} 个套餐，买家在店铺的“保养套餐”中可以看到`) },
      { label: '下架', icon: 'pi pi-arrow-down', run: async (ids) => setStatus(`已下架 ${(await setActive.mutateAsync({ ids, active: false })).changed} 个套餐，买家看不到它们了`) },
      {
        label: '删除', icon: 'pi pi-trash', danger: true, confirm: (n) => `确定删除所选的 ${n} 个保养套餐？删除后不能恢复。`,
        run: async (ids) => {
          for (const id of ids) await remove.mutateAsync(id);
          setStatus(`已删除 ${ids.length} 个套餐`);
        },
      },
    ],
    empty: (filtered) => filtered
      ? <>没有符合条件的套餐。<button type="button" className="linklike" onClick={() => onSearch({})}>清除筛选</button>后查看全部。</>
      : <>还没有保养套餐。点右上角“新增套餐”，选好本企业的配件和数量，买家就能在店铺中整套加入购物车。</>,
  };

  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<>
          <Button type="button" label="新增套餐" icon="pi pi-plus" onClick={() => setEditing('new')} />
          {session.user && (
            <Link to="/company/$id" params={{ id: String(session.user.company_id) }} search={{ tab: 'maintenance' }} className="p-button p-button-outlined p-component">
              在店铺中查看
            </Link>
          )}
        </>}
        status={status && <p className="stock-status ok" role="status" data-testid="maintenance-status">{status}</p>} />
      {editing && (
        <PackageDialog pkg={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
          onSaved={(p, created) => { setEditing(null); setStatus(`${created ? '已新增' : '已保存'}：${p.name}（${p.lines.length} 种配件）`); }} />
      )}
    </>
  );
}
