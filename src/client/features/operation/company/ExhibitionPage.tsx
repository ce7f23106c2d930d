/**
 * 店铺展厅 (/operation/company/exhibition; D02-01 reads, D02-02 removes): every shop's banner,
 * introduction and 展厅 photos and videos, the most recently decorated first. An operator opens
 * the shop as buyers see it, or removes one photo or video with a reason (the owners read it from
 * the message assistant). A declaration on the list block.
 */
import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import type { AnswerOf, OpExhibitionRow, PayloadIn } from '../../../../shared/contracts';
import { OP_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { ReasonDialog } from '../ReasonDialog';
import { when } from '../format';
import { exhibitionListQuery, type opCompanyKeys } from './queries';
import { useRemoveExhibitionItem } from './mutations';
import '../operation.css';


const payloadOf = (s: ListSearch): PayloadIn<'opExhibitionList'> => ({
  company: text(s, 'company'), has: oneOf(s, 'has', ['photo', 'video', 'none'] as const), ...pagingOf(s),
});

type Item = OpExhibitionRow['media'][number] & { company_id: number; company_name: string };

export function ExhibitionPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canRemove = hasAnyPermission(session.user?.permissions ?? [], OP_CODES.companyWrite);
  const removeItem = useRemoveExhibitionItem();
  const [removing, setRemoving] = useState<Item | null>(null);
  const [status, setStatus] = useState('');
  const def: ListDef<OpExhibitionRow, ReturnType<typeof opCompanyKeys.exhibitionList>, AnswerOf<'opExhibitionList'>> = {
    title: '店铺展厅',
    filters: [
      { name: 'company', label: '企业', type: 'text', width: '12rem' },
      { name: 'has', label: '内容', type: 'select', options: [{ value: 'photo', label: '有展厅图片' }, { value: 'video', label: '有视频' }, { value: 'none', label: '未装修' }] },
    ],
    query: (s) => exhibitionListQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    columns: [
      { key: 'company', header: '企业', width: '10rem', cell: (r) => <a href={`/company/${r.company_id}`} target="_blank" rel="noreferrer"><strong>{r.company_name}</strong></a> },
      { key: 'city', priority: 3, header: '城市', width: '4.5rem', cell: (r) => r.city || '—' },
      { key: 'banner', priority: 2, header: '横幅与简介', width: '14rem', cell: (r) => (r.banner_url || r.intro ? (
        <span className="ex-intro">{r.banner_url && <img src={r.banner_url} alt={`${r.company_name}的横幅`} />}<small>{r.intro}</small></span>
      ) : <span className="muted">未装修</span>) },
      // the page's work (each photo and its 移除) stays in the row
      { key: 'media', header: '展厅图片与视频', width: '20rem', cell: (r) => (r.media.length === 0 ? <span className="muted">—</span> : (
        <span className="ex-media">
          {r.media.map((m) => (
            <span key={`${m.kind}-${m.url}`} className="ex-item">
              {m.kind === 'photo' ? <img src={m.url} alt={m.title || '展厅图片'} /> : <span className="op-tag">视频</span>}
              <small>{m.title || '（无标题）'}</small>
              {canRemove && <button type="button" className="linklike danger" aria-label={`移除 ${r.company_name} 的${m.kind === 'photo' ? '图片' : '视频'} ${m.title}`}
                onClick={() => setRemoving({ ...m, company_id: r.company_id, company_name: r.company_name })}>移除</button>}
            </span>
          ))}
        </span>
      )) },
      { key: 'at', priority: 3, header: '装修时间', width: '8rem', cell: (r) => when(r.updated_at) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的店铺，换个条件试试。' : '还没有企业。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className="op-status ok" role="status" data-testid="op-status">{status}</p>} />
      {removing && (
        <ReasonDialog id="ex-reason" header={`移除展厅${removing.kind === 'photo' ? '图片' : '视频'}`} action="移除" confirmLabel="确认移除"
          onHide={() => setRemoving(null)}
          intro={<>{removing.company_name}的“{removing.title || '（无标题）'}”。移除后店铺页立即不再显示，企业负责人会收到消息助手的通知和原因。</>}
          submit={async (reason, key) => (await removeItem.mutateAsync({ payload: { company_id: removing.company_id, kind: removing.kind, url: removing.url, reason }, idempotencyKey: key })).removed}
          onDone={() => {
            setStatus(`已移除${removing.company_name}的“${removing.title || '（无标题）'}”，已通知企业负责人`);
            setRemoving(null);
          }} />
      )}
    </>
  );
}
