/**
 * 合并记录 on 品牌清洗 (D04-03): every merge of brand spellings, newest first, and 撤销合并 on one
 * not undone yet. The undo brings the spellings back as brands and moves back the stock rows,
 * companies' main brands and search words that merge moved; rows a seller changed since and
 * companies whose main brands changed since stay as they are, and the line says how many.
 */
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import type { AnswerOf, OpBrandMergeRow } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { errorText } from '../../../ui/form/form';
import { oneOf, pagingOf, text } from '../list-payload';
import { brandMergeListQuery, prodKeys } from './queries';
import { useUnmergeBrands } from './mutations';
import { when } from '../format';
import '../operation.css';

type Status = { kind: 'ok' | 'error'; text: string } | null;

const undoneText = (r: OpBrandMergeRow) =>
  `${when(r.undone_at ?? 0)} ${r.undone_by} 撤销：库存改回 ${r.stock_restored ?? 0} 条、保留 ${r.stock_left ?? 0} 条；企业主营品牌改回 ${r.companies_restored ?? 0} 家、保留 ${r.companies_left ?? 0} 家`;

export function BrandMergeRecords({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const unmergeBrands = useUnmergeBrands();
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const keys = useRef(new Map<number, string>());
  const undo = async (r: OpBrandMergeRow) => {
    const names = r.merged.map((n) => `“${n}”`).join('、');
    if (!window.confirm(`撤销这次合并？${names} 恢复为独立品牌；这次合并改到“${r.kept}”的库存、企业主营品牌和搜索词改回，此后被卖家改过的保持不变。`)) return;
    // one key per record: a retry after a lost answer replays the first undo instead of being refused
    const key = keys.current.get(r.id) ?? crypto.randomUUID();
    keys.current.set(r.id, key);
    setBusy(r.id);
    setStatus(null);
    try {
      const a = await unmergeBrands.mutateAsync({ payload: { id: r.id }, idempotencyKey: key });
      setStatus({
        kind: 'ok',
        text: `已撤销 ${a.restored.map((n) => `“${n}”`).join('、')} 到“${a.kept}”的合并：库存改回 ${a.stock_restored} 条${a.stock_left ? `，${a.stock_left} 条此后被卖家改过或已删除，保持不变` : ''}；企业主营品牌改回 ${a.companies_restored} 家${a.companies_left ? `，${a.companies_left} 家此后改过，保持不变` : ''}。`,
      });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(null);
    }
  };
  const def: ListDef<OpBrandMergeRow, ReturnType<typeof prodKeys.brandMerges>, AnswerOf<'opBrandMergeList'>> = {
    title: '合并记录',
    filters: [
      { name: 'k', label: '品牌名称', type: 'text', width: '10rem' },
      { name: 'state', label: '状态', type: 'select', options: [{ value: 'merged', label: '已合并' }, { value: 'undone', label: '已撤销' }] },
    ],
    query: (s) => brandMergeListQuery({ k: text(s, 'k'), state: oneOf(s, 'state', ['merged', 'undone'] as const), ...pagingOf(s) }),
    rowKey: (r) => r.id,
    columns: [
      { key: 'merge', header: '合并', width: '9rem', cell: (r) => <span className="op-wrap"><strong>{r.merged.join('、')}</strong> → {r.kept}</span> },
      { key: 'at', priority: 2, header: '合并时间', width: '6.5rem', cell: (r) => <span className="op-wrap">{when(r.merged_at)}<br /><small className="muted">{r.username}</small></span> },
      { key: 'moved', priority: 3, header: '改动', width: '4.5rem', cell: (r) => <span className="op-wrap">库存 {r.stock_rows} 条<br />企业 {r.companies} 家</span> },
      {
        key: 'state', actions: true, header: '状态', width: '11rem',
        cell: (r) => (r.undone_at ? <span className="op-wrap"><span className="op-tag">已撤销</span> <small className="muted">{undoneText(r)}</small></span>
          : <Button type="button" label="撤销合并" text severity="danger" size="small" loading={busy === r.id} disabled={busy !== null}
              aria-label={`撤销合并 ${r.merged.join(' ')} 到 ${r.kept}`} onClick={() => void undo(r)} />),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的合并记录，换个条件试试。' : '还没有合并过品牌。在上方选择保留的品牌和被合并的写法后点“合并”。'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="unmerge-status">{status.text}</p>} />
  );
}
