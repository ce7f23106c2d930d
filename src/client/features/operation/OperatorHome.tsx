/**
 * 运营首页 (/operation): today's figures (China day), each linking to the page where an operator
 * acts on it; a figure whose page the operator may not open is shown without a link.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { OP_CATALOGUE_CODES, OP_CODES, OP_COMPANY_CODES } from '../../../shared/domain/operation-codes';
import { SELLER_AUDIT_CODES } from '../../../shared/domain/seller-apply';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { errorText } from '../../ui/form/form';
import { homeQuery } from './queries';
import { yuan } from './format';
import './operation.css';

/** `to`: the page that acts on the figure, or explains it (orders and empty searches: their reports). */
function Figure({ label, value, note, to, search, allowed = false }: { label: string; value: ReactNode; note?: ReactNode; to?: string; search?: Record<string, string>; allowed?: boolean }) {
  const body = <><span>{label}</span><strong>{value}</strong>{note && <small>{note}</small>}</>;
  return to && allowed
    ? <Link className="op-figure" to={to} search={search} data-testid={`figure-${label}`}>{body}</Link>
    : <div className="op-figure" data-testid={`figure-${label}`}>{body}</div>;
}

export function OperatorHome() {
  const { session } = useRouteContext({ from: '__root__' });
  const codes = session.user?.permissions ?? [];
  const q = useQuery(homeQuery());
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  const h = q.data;
  const can = (required: readonly string[]) => hasAnyPermission(codes, required);
  return (
    <section className="card">
      <h2 style={{ marginTop: 0 }}>今日概况{h && <small className="muted">（{h.day}，北京时间）</small>}</h2>
      {!h ? <p aria-busy="true">正在加载…</p> : (
        <div className="op-figures">
          <Figure label="新注册企业" value={h.new_companies.value} to="/operation/company/list" search={{ sort: 'created', order: 'desc' }} allowed={can(OP_CODES.companyRead)} />
          <Figure label="待审核入驻" value={h.pending_audits.value} note="全部待审核申请" to="/operation/company/audit" allowed={can(SELLER_AUDIT_CODES)} />
          <Figure label="待审核资料变更" value={h.pending_changes.value} note="企业名称、地址等的修改" to="/operation/company/review" allowed={can(OP_COMPANY_CODES.review)} />
          <Figure label="今日订单" value={h.orders.value} note={`金额 ${yuan(h.orders.amount_fen)}`} to="/operation/report/order" allowed={can(OP_CATALOGUE_CODES.reports)} />
          <Figure label="无结果搜索" value={h.empty_searches.value}
            note={h.empty_searches.top.length > 0 ? `最多：${h.empty_searches.top.slice(0, 3).map((t) => `${t.text}（${t.n}）`).join('、')}` : '今天还没有'}
            to="/operation/report/search" allowed={can(OP_CATALOGUE_CODES.reports)} />
          <Figure label="已停用企业" value={h.suspended_companies.value} to="/operation/company/list" search={{ state: 'suspended' }} allowed={can(OP_CODES.companyRead)} />
        </div>
      )}
    </section>
  );
}
