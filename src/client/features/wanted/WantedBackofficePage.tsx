/**
 * 我的求购 in the back office (/backend/order/asktobuy, requirements 001-2-1 "My asks to buy"): the company's
 * wanted requests, newest first, declared on the list block. A request nobody quoted yet can be
 * changed (修改); a quoted one says 已有卖家报价，无法修改 and opens its comparison.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { AnswerOf, Wanted } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { PublishWantedDialog } from './PublishWantedDialog';
import { wantedBackofficeQuery, wantedKeys } from './queries';
import '../search/search-extras.css';

export function WantedBackofficePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [publishing, setPublishing] = useState(false);
  const [editing, setEditing] = useState<Wanted | null>(null);
  const def: ListDef<Wanted, ReturnType<typeof wantedKeys.backoffice>, AnswerOf<'getWantedList'>> = {
    title: msg.myWanted,
    filters: [],
    query: wantedBackofficeQuery,
    rowKey: (w) => w.id,
    columns: [
      { key: 'content', header: '求购配件', cell: (w) => w.content },
      { key: 'make', priority: 2, header: '车型品牌', width: '7rem', cell: (w) => w.make_name },
      { key: 'vin', priority: 3, header: 'VIN码', width: '11rem', cell: (w) => w.vin || '—' },
      { key: 'img', priority: 3, header: '图片', width: '8rem', cell: (w) => (
        <span className="wanted-thumbs">{w.img_infos.map((src) => <a key={src} href={src} target="_blank" rel="noreferrer"><img src={src} alt="求购图片" /></a>)}</span>
      ) },
      { key: 'quotes', priority: 2, header: '报价', width: '7rem', cell: (w) => {
        const tag = w.quote_count > 0 ? <Tag severity="success" value={`已报价 ${w.quote_count}`} /> : <Tag severity="warning" value="待报价" />;
        return w.enquiry_id ? <Link to="/enquiry/list/$id" params={{ id: String(w.enquiry_id) }} aria-label={`查看报价 ${w.content}`}>{tag}</Link> : tag;
      } },
      { key: 'user', priority: 3, header: '发布人', width: '6rem', cell: (w) => w.user_name },
      { key: 'at', priority: 3, header: '发布时间', width: '9rem', cell: (w) => dayjs.unix(w.created).format('YYYY-MM-DD HH:mm') },
      { key: 'act', actions: true, header: '操作', width: '8rem', cell: (w) => (w.editable
        ? <Button type="button" size="small" text label="修改" aria-label={`修改求购 ${w.content}`} onClick={() => setEditing(w)} />
        : <small className="muted">{msg.quotedNoEdit}</small>) },
    ],
    empty: () => '还没有求购。点“发布求购”写下要找的配件和车型，主营该车型的卖家都能在报价专区看到并报价。',
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button type="button" size="small" icon="pi pi-plus" label={msg.publishWanted} onClick={() => setPublishing(true)} />} />
      <PublishWantedDialog visible={publishing} onHide={() => setPublishing(false)} />
      {editing && <PublishWantedDialog key={editing.id} visible editing={editing} onHide={() => setEditing(null)} />}
    </>
  );
}
