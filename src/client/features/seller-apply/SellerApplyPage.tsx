import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import type { SellerApplication } from '../../../shared/contracts';
import { formatUnix } from '../../../shared/domain/membership';
import { msg } from '../../../shared/messages';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { nav } from '../../api/navigation';
import { sessionStore } from '../../session/session-store';
import { ApplicationForm } from './ApplicationForm';
import { LicenceImages, StateTag } from './ApplicationView';
import { fetchProfile, myApplicationQuery } from './queries';
import './seller-apply.css';

const Details = ({ a }: { a: SellerApplication }) => (
  <dl className="apply-details">
    <dt>公司名称</dt><dd>{a.company_name}</dd>
    <dt>营业执照号</dt><dd>{a.licence_no}</dd>
    <dt>联系人</dt><dd>{a.contact_name}，{a.contact_phone}</dd>
    <dt>地址</dt><dd>{a.province} {a.city} {a.address}</dd>
    <dt>主营品牌</dt><dd>{a.main_brands}</dd>
    {a.note && <><dt>补充说明</dt><dd>{a.note}</dd></>}
    {a.licence_images.length > 0 && <><dt>营业执照图片</dt><dd><LicenceImages paths={a.licence_images} /></dd></>}
    <dt>提交时间</dt><dd>{formatUnix(a.created_at)}（{a.applicant_name}）</dd>
  </dl>
);

/** /apply/seller: a buyer company's owner applies to become a seller and follows the review. */
export function SellerApplyPage() {
  const { session } = useRouteContext({ from: '__root__' });
  const { data, isLoading } = useQuery(myApplicationQuery());
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');
  const latest = data?.applications[0];

  // an approval takes effect on the server at once; refresh the stored user so the next page load shows it
  const approvedButStale = data?.is_seller === true && session.user?.is_seller === false;
  useEffect(() => {
    if (!approvedButStale) return;
    void fetchProfile().then((u) => sessionStore.setUser(u)).catch(() => undefined);
  }, [approvedButStale]);

  if (isLoading || !data) return <div className="card">正在加载…</div>;

  const submitted = () => {
    setEditing(false);
    setNotice(msg.applySubmitted);
  };

  const prefill = latest?.state === 'rejected'
    ? { company_name: latest.company_name, contact_name: latest.contact_name, contact_phone: latest.contact_phone, province: latest.province, city: latest.city, address: latest.address, licence_no: latest.licence_no, main_brands: latest.main_brands, note: latest.note, licence_images: latest.licence_images }
    : { company_name: data.company.name, contact_name: session.user?.user_name ?? '', contact_phone: data.company.phone, province: data.company.province, city: data.company.city, address: data.company.address, licence_no: '', main_brands: '', note: '', licence_images: [] };

  // the platform's own company reaches the page by address only; the server refuses its application
  const headCompany = session.user?.company_id === HEAD_COMPANY_ID;
  const canApply = !headCompany && !data.is_seller && data.is_owner && latest?.state !== 'pending';
  const showForm = canApply && (!latest || editing);

  return (
    <div className="apply-page">
      <section className="card">
        <h2 style={{ marginTop: 0 }}>申请成为卖家</h2>
        <p className="muted">通过平台审核后，贵公司可以在卖家后台发布库存和价格、接收询价并报价、处理销售订单、装修店铺、创建和管理商圈。审核一般在1个工作日内完成。</p>
        {notice && <p className="apply-notice" role="status"><i className="pi pi-check-circle" /> {notice}</p>}

        {data.is_seller && (
          <div className="apply-state" data-state="approved">
            <StateTag state="approved" /> <strong>贵公司已是卖家。</strong>
            {latest?.state === 'approved' && <span className="muted">审核人 {latest.reviewer_name}，{formatUnix(latest.reviewed_at)}</span>}
            <div style={{ marginTop: '0.8rem' }}>
              <Button label="进入卖家后台" icon="pi pi-briefcase" onClick={() => nav.assign('/backend')} />
            </div>
            {approvedButStale && <p className="muted">新的卖家权限已生效；如果页面上还没有显示，请重新登录。</p>}
          </div>
        )}

        {headCompany && <p className="form-error" role="alert">{msg.headCompanyCannotApply}</p>}
        {!headCompany && !data.is_seller && !data.is_owner && <p className="form-error" role="alert">{msg.applyOwnerOnly}</p>}

        {!data.is_seller && latest?.state === 'pending' && (
          <div className="apply-state" data-state="pending">
            <StateTag state="pending" /> <strong>申请已提交，正在等待平台审核。</strong>
            <Details a={latest} />
          </div>
        )}

        {!data.is_seller && latest?.state === 'rejected' && !editing && (
          <div className="apply-state" data-state="rejected">
            <StateTag state="rejected" /> <strong>申请未通过</strong>
            <span className="muted">（{formatUnix(latest.reviewed_at)}）</span>
            <p className="apply-reason">驳回原因：{latest.reject_reason}</p>
            {data.is_owner && <Button label="修改后重新申请" icon="pi pi-refresh" onClick={() => { setEditing(true); setNotice(''); }} />}
          </div>
        )}
      </section>

      {showForm && (
        <section className="card">
          <h3 style={{ marginTop: 0 }}>{latest ? '重新申请' : '填写入驻资料'}</h3>
          <ApplicationForm companyId={session.user?.company_id ?? 0} initial={prefill} onSubmitted={submitted} />
        </section>
      )}

      {data.applications.length > 0 && (
        <section className="card">
          <h3 style={{ marginTop: 0 }}>申请记录</h3>
          <DataTable value={data.applications} size="small" dataKey="id" stripedRows>
            <Column header="提交时间" body={(a: SellerApplication) => formatUnix(a.created_at)} />
            <Column field="company_name" header="公司名称" />
            <Column header="状态" body={(a: SellerApplication) => <StateTag state={a.state} />} />
            <Column header="审核时间" body={(a: SellerApplication) => formatUnix(a.reviewed_at) || '—'} />
            <Column header="驳回原因" body={(a: SellerApplication) => a.reject_reason ?? '—'} />
          </DataTable>
        </section>
      )}
    </div>
  );
}
