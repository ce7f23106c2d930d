import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Dialog } from 'primereact/dialog';
import { Toast } from 'primereact/toast';
import type { SellerApplication } from '../../../shared/contracts';
import { APPLICATION_STATE_LABEL, APPLICATION_STATES, type ApplicationState } from '../../../shared/domain/seller-apply';
import { formatUnix } from '../../../shared/domain/membership';
import { msg } from '../../../shared/messages';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { LicenceImages, StateTag } from './ApplicationView';
import { REVIEW_PAGE_SIZE, reviewListQuery, type ReviewFilter } from './queries';
import { useApproveApplication, useRejectApplication } from './mutations';
import './seller-apply.css';

const STATE_OPTIONS = [{ label: '全部状态', value: 'all' }, ...APPLICATION_STATES.map((s) => ({ label: APPLICATION_STATE_LABEL[s], value: s }))];

type Review = { kind: 'approve' | 'reject'; app: SellerApplication } | null;

/** /operation/company/audit: operators review seller applications. */
export function CompanyAuditPage({ filter }: { filter: ReviewFilter }) {
  const navigate = useNavigate();
  const approveApplication = useApproveApplication();
  const rejectApplication = useRejectApplication();
  const toast = useRef<Toast>(null);
  const [k, setK] = useState(filter.k);
  const [review, setReview] = useState<Review>(null);
  const reject = useForm({ reason: '' }, { idPrefix: 'reject-' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef('');
  const list = useQuery({ ...reviewListQuery(filter), placeholderData: keepPreviousData });

  const go = (next: Partial<ReviewFilter>) => void navigate({ to: '/operation/company/audit', search: { ...filter, ...next } });

  const open = (kind: 'approve' | 'reject', app: SellerApplication) => {
    key.current = crypto.randomUUID();
    reject.reset({ reason: '' });
    setError('');
    setReview({ kind, app });
  };

  const decided = (kind: 'approve' | 'reject', app: SellerApplication) => {
    toast.current?.show({ severity: 'success', summary: kind === 'approve' ? msg.applicationApproved : msg.applicationRejected, detail: app.company_name, life: 3000 });
    setReview(null);
  };

  const decide = async () => {
    if (!review) return;
    const { app } = review;
    // the reason is a form of the kit: checked by the call's schema, refused under the field
    if (review.kind === 'reject') return reject.submit(rejectApplication, { id: app.id, reason: reject.values.reason }, () => decided('reject', app), { key: key.current });
    setBusy(true);
    try {
      await approveApplication.mutateAsync({ id: app.id, idempotencyKey: key.current });
      decided('approve', app);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const actions = (a: SellerApplication) => (a.state === 'pending' ? (
    <span className="audit-actions">
      <Button size="small" label="通过" severity="success" onClick={() => open('approve', a)} />
      <Button size="small" label="驳回" severity="danger" outlined onClick={() => open('reject', a)} />
    </span>
  ) : <span className="muted">{a.reviewer_name}<br />{formatUnix(a.reviewed_at, 'MM-DD HH:mm')}</span>);

  return (
    <section className="card">
      <Toast ref={toast} position="top-center" />
      <h3 style={{ marginTop: 0 }}>卖家入驻审核</h3>
      <div className="audit-filters">
        <Dropdown aria-label="状态" value={filter.state} options={STATE_OPTIONS} onChange={(e) => go({ state: e.value as ApplicationState | 'all', page: 1 })} />
        <form onSubmit={(e) => { e.preventDefault(); go({ k: k.trim(), page: 1 }); }} style={{ display: 'flex', gap: '0.4rem' }}>
          <InputText aria-label="公司名称" placeholder="公司名称" value={k} onChange={(e) => setK(e.target.value)} />
          <Button type="submit" label="查询" icon="pi pi-search" />
        </form>
        <span className="muted">通过后该公司成为卖家，企业负责人获得其会员等级权限模板中的卖家权限</span>
      </div>
      <DataTable value={list.data?.data ?? []} loading={list.isFetching} dataKey="id" size="small" stripedRows emptyMessage={msg.noResults}
        lazy paginator rows={REVIEW_PAGE_SIZE} totalRecords={list.data?.total ?? 0} first={(filter.page - 1) * REVIEW_PAGE_SIZE}
        onPage={(e) => go({ page: (e.page ?? 0) + 1 })}>
        <Column header="提交时间" body={(a: SellerApplication) => <>{formatUnix(a.created_at, 'YYYY-MM-DD')}<br />{formatUnix(a.created_at, 'HH:mm')}</>} style={{ width: '7rem' }} />
        <Column header="公司名称" body={(a: SellerApplication) => <><strong>{a.company_name}</strong><br /><span className="muted">申请人 {a.applicant_name}</span></>} />
        <Column header="营业执照" body={(a: SellerApplication) => <>{a.licence_no}{a.licence_images.length > 0 && <div><LicenceImages paths={a.licence_images} /></div>}</>} />
        <Column header="联系人 / 地址" body={(a: SellerApplication) => <>{a.contact_name}，{a.contact_phone}<br /><span className="muted">{a.province} {a.city} {a.address}</span></>} />
        <Column header="主营品牌 / 说明" body={(a: SellerApplication) => <>{a.main_brands}{a.note && <><br /><span className="muted">{a.note}</span></>}</>} />
        <Column header="状态" body={(a: SellerApplication) => <>{<StateTag state={a.state} />}{a.reject_reason && <div className="muted">{a.reject_reason}</div>}</>} style={{ width: '9rem' }} />
        <Column header="操作 / 审核人" body={actions} style={{ width: '10rem', whiteSpace: 'nowrap' }} />
      </DataTable>

      <Dialog header={review?.kind === 'approve' ? '通过入驻申请' : '驳回入驻申请'} visible={review !== null} style={{ width: '32rem' }} onHide={() => setReview(null)}
        footer={<>
          <Button label={msg.cancel} text onClick={() => setReview(null)} />
          <Button label={review?.kind === 'approve' ? '确定通过' : '确定驳回'} severity={review?.kind === 'approve' ? 'success' : 'danger'} loading={busy || reject.busy} onClick={() => void decide()} />
        </>}>
        {review && (
          <>
            <p><strong>{review.app.company_name}</strong>（{review.app.licence_no}）</p>
            {review.kind === 'approve'
              ? <p>通过后该公司成为卖家，企业负责人获得卖家后台权限。</p>
              : (
                <form className="account-form" noValidate aria-label="驳回原因" onSubmit={(e) => { e.preventDefault(); void decide(); }}>
                  <Field id={reject.idOf('reason')} label="驳回原因（申请人可见）" required hint="2到200个字符" error={reject.errors.reason}>
                    <InputTextarea {...reject.text('reason')} rows={3} style={{ width: '100%' }} autoFocus />
                  </Field>
                </form>
              )}
            {(error || reject.formError) && <p className="form-error" role="alert">{error || reject.formError}</p>}
          </>
        )}
      </Dialog>
    </section>
  );
}
