import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { MONTH_PATTERN } from '../../../shared/domain/china-time';
import { OpBillDetailPage } from '../../features/bill/BillStatementView';
import { recentMonths } from '../../features/bill/money';

const search = v.object({
  company_id: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))), undefined),
  month: v.fallback(v.optional(v.pipe(v.string(), v.regex(MONTH_PATTERN))), undefined),
});

/** 账单下载 (pay/bill/download): one company's statement of a month, its detail, XLSX and PDF. */
export const Route = createFileRoute('/operation/pay/bill/download')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.pay }),
  component: function PayBillDownload() {
    const { company_id: companyId, month } = Route.useSearch();
    if (!companyId) return <section className="card">请先在<Link to="/operation/pay/bill">各企业账单</Link>中选择企业和月份。</section>;
    return <OpBillDetailPage companyId={companyId} month={month ?? recentMonths(new Date(), 1)[0]} />;
  },
});
