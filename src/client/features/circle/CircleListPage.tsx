import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { CircleRow } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { MemberStateTag } from './MemberStateTag';
import { useJoinCircle } from './mutations';
import { circleListQuery } from './queries';
import './circle.css';

/** /trade/list: every circle the company may see, searchable by name, with join buttons. */
export function CircleListPage({ k }: { k: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(k);
  const list = useQuery(circleListQuery(k));
  const join = useJoinCircle();

  const action = (c: CircleRow) => {
    if (c.is_owner || c.member_state === 'approved' || c.member_state === 'pending') {
      return <Link to="/trade/$id" params={{ id: String(c.id) }}>查看</Link>;
    }
    // a circle that asks for 入圈资料 is joined on its own page, where the form is
    if (c.join_fields.length > 0) return <Link to="/trade/$id" params={{ id: String(c.id) }}>填写资料并申请</Link>;
    return <Button size="small" label={c.member_state === 'rejected' ? '再次申请' : '申请加入'} icon="pi pi-plus" loading={join.isPending && join.variables.circleId === c.id}
      onClick={() => join.mutate({ circleId: c.id })} />;
  };

  return (
    <div className="circle-page">
      <section className="card circle-head">
        <div>
          <h2>商圈</h2>
          <p className="muted">加入商圈后，可以在搜索页的“圈内搜索”里只查圈内企业的库存。申请加入需要圈主企业审核。</p>
        </div>
        <Button label="创建商圈" icon="pi pi-plus" onClick={() => void navigate({ to: '/trade/new' })} />
      </section>
      <section className="card">
        <form className="circle-search" onSubmit={(e) => { e.preventDefault(); void navigate({ to: '/trade/list', search: { k: text.trim() } }); }}>
          <InputText aria-label="商圈名称" placeholder="按商圈名称搜索" value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" label="搜索" icon="pi pi-search" />
          {k && <span className="muted">“{k}”：共 {list.data?.total ?? 0} 个商圈</span>}
        </form>
        <DataTable value={list.data?.data ?? []} loading={list.isLoading} dataKey="id" size="small" stripedRows emptyMessage={msg.noResults}
          paginator={(list.data?.data.length ?? 0) > 20} rows={20}>
          <Column header="商圈名称" body={(c: CircleRow) => (
            <>
              <Link to="/trade/$id" params={{ id: String(c.id) }} className="circle-name">{c.name}</Link>
              {c.is_internal && <span className="muted">（内部）</span>}
              {c.description && <div className="muted circle-desc">{c.description}</div>}
            </>
          )} />
          <Column field="area" header="区域" style={{ width: '9rem' }} />
          <Column field="owner_company_name" header="圈主企业" style={{ width: '10rem' }} />
          <Column field="member_count" header="成员" style={{ width: '5rem' }} />
          <Column header="我的状态" body={(c: CircleRow) => <MemberStateTag circle={c} />} style={{ width: '7rem' }} />
          <Column header="操作" body={action} style={{ width: '9rem' }} />
        </DataTable>
      </section>
    </div>
  );
}
