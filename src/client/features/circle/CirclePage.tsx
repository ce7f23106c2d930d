import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { formatUnix } from '../../../shared/domain/membership';
import { msg } from '../../../shared/messages';
import { CIRCLE_JOIN_FIELD_TEXT, CIRCLE_JOIN_FIELDS, type AnswerOf, type CircleJoinField, type CircleJoinInfo, type CircleRow } from '../../../shared/contracts';
import { MemberStateTag } from './MemberStateTag';
import { useDecideMembership, useJoinCircle, useQuitCircle, useSetJoinFields } from './mutations';
import { circleQuery } from './queries';
import './circle.css';

type Member = AnswerOf<'tradeCircleGet'>['members'][number];

const companyCell = (m: Member) => (
  <>
    <strong>{m.name}</strong>
    {m.is_seller ? <Tag severity="info" value="卖家" style={{ marginLeft: '0.4rem' }} /> : null}
  </>
);

/** /trade/{id}: a circle with its owner and members; the owner company decides join requests here. */
export function CirclePage({ id }: { id: number }) {
  const { data } = useQuery(circleQuery(id));
  const join = useJoinCircle();
  const quit = useQuitCircle();
  const decide = useDecideMembership();
  if (!data) return <div className="card">正在加载…</div>;
  const { circle, members, pending } = data;

  const button = () => {
    if (circle.is_owner) return null;
    if (circle.member_state === 'approved') {
      return <Button label="退出商圈" icon="pi pi-sign-out" severity="danger" outlined loading={quit.isPending}
        onClick={() => { if (window.confirm(`确定退出“${circle.name}”吗？退出后圈内搜索不再包含这个商圈的企业。`)) quit.mutate(circle.id); }} />;
    }
    if (circle.member_state === 'pending') return <Button label="撤回申请" icon="pi pi-undo" severity="secondary" outlined loading={quit.isPending} onClick={() => quit.mutate(circle.id)} />;
    if (circle.join_fields.length > 0) return null;
    return <Button label={circle.member_state === 'rejected' ? '再次申请加入' : '申请加入'} icon="pi pi-plus" loading={join.isPending} onClick={() => join.mutate({ circleId: circle.id })} />;
  };

  return (
    <div className="circle-page">
      <p className="muted"><Link to="/trade/list">商圈</Link> / {circle.name}</p>
      <section className="card circle-head">
        <div>
          <h2>{circle.name} {circle.is_internal && <Tag value="内部商圈" severity="secondary" />}</h2>
          <p className="circle-meta">
            <span><i className="pi pi-map-marker" /> {circle.area || '—'}</span>
            <span><i className="pi pi-building" /> 圈主：{circle.owner_company_name}</span>
            <span><i className="pi pi-users" /> {circle.member_count} 家成员</span>
            <span><i className="pi pi-calendar" /> 创建于 {formatUnix(circle.created_at, 'YYYY-MM-DD')}</span>
          </p>
          {circle.description && <p>{circle.description}</p>}
          <p>我的状态：<MemberStateTag circle={circle} />
            {circle.member_state === 'pending' && <span className="muted" style={{ marginLeft: '0.6rem' }}>{msg.circleJoinRequested}</span>}
          </p>
        </div>
        <div>{button()}</div>
      </section>

      {(circle.is_owner || circle.member_state === 'approved') && (
        <nav className="card circle-links" aria-label="商圈库存">
          <Link to="/backend/circle/circleProduct" search={{ circle: circle.id }}>商圈商品</Link>
          <Link to="/backend/circle/myProduct" search={{ circle: circle.id }}>我分配的商品</Link>
          {circle.is_owner && <Link to="/backend/circle/stock" search={{ circle: circle.id }}>成员库存汇总</Link>}
          {circle.is_owner && <Link to="/backend/circle/query" search={{ circle: circle.id }}>商品库存查询</Link>}
        </nav>
      )}

      {!circle.is_owner && (circle.member_state === null || circle.member_state === 'rejected') && circle.join_fields.length > 0 && <JoinForm circle={circle} />}

      {circle.is_owner && <JoinFieldsForm circle={circle} />}

      {circle.is_owner && (
        <section className="card">
          <h3>待审核的入圈申请 <span className="muted">（{pending.length}）</span></h3>
          <DataTable value={pending} dataKey="company_id" size="small" emptyMessage="暂无待审核的申请">
            <Column header="企业" body={companyCell} />
            <Column header="地区" body={(m: Member) => `${m.province} ${m.city}`} />
            <Column header="申请时间" body={(m: Member) => formatUnix(m.requested_at, 'YYYY-MM-DD HH:mm')} />
            <Column header="入圈资料" body={joinInfoCell} />
            <Column header="操作" style={{ width: '12rem' }} body={(m: Member) => (
              <span className="audit-actions">
                <Button size="small" label="通过" icon="pi pi-check" severity="success" disabled={decide.isPending}
                  onClick={() => decide.mutate({ circle_id: circle.id, company_id: m.company_id, approve: true })} />
                <Button size="small" label="拒绝" icon="pi pi-times" severity="danger" outlined disabled={decide.isPending}
                  onClick={() => decide.mutate({ circle_id: circle.id, company_id: m.company_id, approve: false })} />
              </span>
            )} />
          </DataTable>
        </section>
      )}

      <section className="card">
        <h3>成员企业 <span className="muted">（{members.length}）</span></h3>
        <DataTable value={members} dataKey="company_id" size="small" stripedRows emptyMessage={msg.noResults} paginator={members.length > 20} rows={20}>
          <Column header="企业" body={(m: Member) => <>{companyCell(m)}{m.company_id === circle.owner_company_id && <Tag value="圈主" severity="warning" style={{ marginLeft: '0.4rem' }} />}</>} />
          <Column header="地区" body={(m: Member) => `${m.province} ${m.city}`} />
          <Column header="加入时间" body={(m: Member) => formatUnix(m.decided_at || m.requested_at, 'YYYY-MM-DD')} />
          <Column header="分配商品" body={(m: Member) => m.product_count} />
          <Column header="可售数量" body={(m: Member) => m.available_qty} />
        </DataTable>
      </section>
    </div>
  );
}

const joinInfoCell = (m: Member) => {
  const filled = CIRCLE_JOIN_FIELDS.filter((f) => m.join_info[f]);
  if (filled.length === 0) return <span className="muted">—</span>;
  return <dl className="circle-join-info">{filled.map((f) => <div key={f}><dt>{CIRCLE_JOIN_FIELD_TEXT[f]}</dt><dd>{m.join_info[f]}</dd></div>)}</dl>;
};

/** 入圈资料: the applicant fills in what the owner requires (the server refuses a request without it). */
function JoinForm({ circle }: { circle: CircleRow }) {
  const join = useJoinCircle();
  const [info, setInfo] = useState<CircleJoinInfo>({ contact: '', tel: '', brands: '', note: '' });
  return (
    <section className="card">
      <h3>申请加入：填写入圈资料</h3>
      <p className="muted">圈主要求填写：{circle.join_fields.map((f) => CIRCLE_JOIN_FIELD_TEXT[f]).join('、')}。圈主审核时会看到这些资料。</p>
      <form className="circle-join-form" onSubmit={(e) => { e.preventDefault(); join.mutate({ circleId: circle.id, info }); }}>
        {CIRCLE_JOIN_FIELDS.map((f) => (
          <label key={f} htmlFor={`join-${f}`}>
            <span>{CIRCLE_JOIN_FIELD_TEXT[f]}{circle.join_fields.includes(f) && <b className="required" aria-hidden> *</b>}</span>
            <InputText id={`join-${f}`} value={info[f]} required={circle.join_fields.includes(f)} maxLength={f === 'note' ? 300 : f === 'brands' ? 100 : 20}
              onChange={(e) => setInfo({ ...info, [f]: e.target.value })} />
          </label>
        ))}
        <div><Button type="submit" label={circle.member_state === 'rejected' ? '再次申请加入' : '提交入圈申请'} icon="pi pi-send" loading={join.isPending} /></div>
      </form>
    </section>
  );
}

/** The owner chooses which 入圈资料 an applicant must fill in. */
function JoinFieldsForm({ circle }: { circle: CircleRow }) {
  const save = useSetJoinFields();
  const [fields, setFields] = useState<CircleJoinField[]>(circle.join_fields);
  const toggle = (f: CircleJoinField, on: boolean) => setFields(on ? CIRCLE_JOIN_FIELDS.filter((x) => x === f || fields.includes(x)) : fields.filter((x) => x !== f));
  return (
    <section className="card">
      <h3>入圈资料</h3>
      <p className="muted">勾选申请加入时必须填写的资料；不勾选则申请时无需填写。</p>
      <div className="circle-join-fields">
        {CIRCLE_JOIN_FIELDS.map((f) => (
          <label key={f}><Checkbox inputId={`need-${f}`} checked={fields.includes(f)} onChange={(e) => toggle(f, !!e.checked)} /> {CIRCLE_JOIN_FIELD_TEXT[f]}</label>
        ))}
        <Button size="small" label="保存" icon="pi pi-check" loading={save.isPending} onClick={() => save.mutate({ circle_id: circle.id, join_fields: fields })} />
        {save.isSuccess && !save.isPending && <span role="status" className="muted">已保存</span>}
      </div>
    </section>
  );
}
