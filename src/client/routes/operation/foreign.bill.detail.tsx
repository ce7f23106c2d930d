import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { MONTH_PATTERN } from '../../../shared/domain/china-time';
import { OpVnBillDetailPage } from '../../features/bill/VnBillPages';
import { recentMonths } from '../../features/bill/money';

const search = v.object({
  company_id: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))), undefined),
  month: v.fallback(v.optional(v.pipe(v.string(), v.regex(MONTH_PATTERN))), undefined),
});

/** 海外账单 · 明细与下载: one Vietnamese company's dong statement of a month and its XLSX. */
export const Route = createFileRoute('/operation/foreign/bill/detail')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.read }),
  component: function ForeignBillDetail() {
    const { company_id: companyId, month } = Route.useSearch();
    if (!companyId) return <section className="card">请先在<Link to="/operation/foreign/bill">海外账单</Link>中选择企业和月份。</section>;
    return <OpVnBillDetailPage companyId={companyId} month={month ?? recentMonths(new Date(), 1)[0]} />;
  },
});
