/**
 * XLSX downloads of the operator reports and lists (GET /api/operation/export/<call name>?<the
 * call's own query>): the same payload check, operator and D-code rules as the call, the same
 * answer, written as a workbook with Chinese headers. Reports export every row of their range; a
 * list exports its current filter's first 800 rows (its largest page).
 */
import type { Hono } from 'hono';
import type * as v from 'valibot';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { mountFileRoute, type FileEdge } from '../../http/file-route';
import { ClientGone, heavyCost } from '../../http/limits';
import { sendError } from '../../http/mount';
import { endpoints, ResultCode, type AnswerOf, type PayloadOut } from '../../../shared/contracts';
import { ORDER_STATUS_TEXT, PAY_STATUS_TEXT } from '../../../shared/domain/orders';
import { ENQUIRY_STATE_TEXT } from '../../../shared/domain/enquiry';
import { msg } from '../../../shared/messages';
import type { OversightService } from './oversight.service';
import type { ReportService } from './report.service';
import type { ProductService } from './product.service';
import type { AfterSaleService } from '../aftersale/aftersale.service';
import { AFTERSALE_STATUS_TEXT, AFTERSALE_TYPE_TEXT } from '../../../shared/domain/aftersale';
import { OP_PRODUCT_STATE_TEXT } from '../../../shared/domain/operation';
import { formatChina } from '../../../shared/domain/china-time';
import { FUNNEL_RATES, FUNNEL_STEPS, funnelRates, percentOf, rateText, SEARCH_KIND_TEXT, type FunnelFigures } from '../../../shared/domain/report-funnel';
import type { PayAccountsService } from './pay-accounts.service';
import type { WithdrawalService } from '../withdrawal/withdrawal.service';
import type { CashPledgeService } from '../cash-pledge/cash-pledge.service';
import type { PaidServiceService } from '../paid-service/paid-service.service';
import type { VoucherService } from '../voucher/voucher.service';
import type { VnWalletService } from '../vnwallet/vnwallet.service';
import type { BillService } from '../bill/bill.service';
import type { VnMallService } from '../vnmall/vnmall.service';
import { VND_RECHARGE_STATES } from '../../../shared/contracts/vn-wallet';
import { VN_RATE_KIND_TEXT } from '../../../shared/domain/vn-mall';
import { WITHDRAWAL_STATES } from '../../../shared/domain/withdrawal';
import { CASH_PLEDGE_STATES } from '../../../shared/contracts/cash-pledge';
import { PAID_SERVICE_METHODS, PAID_SERVICE_NAMES, PAID_SERVICE_STATES } from '../../../shared/contracts/paid-service';

interface Sheet { name: string; columns: Array<{ header: string; key: string; width?: number }>; rows: Array<Record<string, unknown>> }

const PACKAGE_STATE_TEXT = { pending: '待支付', paid: '已支付', cancelled: '已取消' } as const;
const yuan = (fen: number) => Math.round(fen) / 100;
const chinaTime = (s: number) => formatChina(s, 'YYYY-MM-DD HH:mm');
const dayCol = { header: '日期', key: 'day', width: 12 };
const top = (name: string, rows: Array<{ text: string; n: number }>): Sheet =>
  ({ name, columns: [{ header: '搜索内容', key: 'text', width: 30 }, { header: '次数', key: 'n' }], rows });
const stockSheet = (name: string, label: string, rows: Array<{ name: string; rows: number; qty: number; sellers: number }>): Sheet =>
  ({ name, columns: [{ header: label, key: 'name', width: 20 }, { header: '在售条数', key: 'rows' }, { header: '件数', key: 'qty' }, { header: '卖家数', key: 'sellers' }], rows });

// the market reports (docs/reports.md): rates as the pages show them, money in yuan
const funnelCols = [
  ...FUNNEL_STEPS.map((st) => ({ header: st.label, key: st.key })), { header: '报价条数', key: 'quotes' }, { header: '报价下单', key: 'quote_orders' },
  ...FUNNEL_RATES.map((r) => ({ header: r.label, key: r.key })),
];
const withRates = <R extends FunnelFigures>(r: R) => ({ ...r, ...Object.fromEntries(Object.entries(funnelRates(r)).map(([k, x]) => [k, rateText(x)])) });
const shopCols = [
  { header: '维修厂数', key: 'buyers' }, { header: '下单维修厂', key: 'active' }, { header: '订单数', key: 'orders' },
  { header: '金额（元）', key: 'amount', width: 14 }, { header: '复购维修厂', key: 'repeat_buyers' }, { header: '复购率', key: 'repeat_rate' },
];
const shopRow = <R extends { active: number; amount_fen: number; repeat_buyers: number }>(r: R) =>
  ({ ...r, amount: yuan(r.amount_fen), repeat_rate: rateText(percentOf(r.repeat_buyers, r.active)) });
const topCols = [{ header: '订单数', key: 'orders' }, { header: '件数', key: 'qty' }, { header: '金额（元）', key: 'amount', width: 14 }];
const topRow = (r: { name: string; orders: number; qty: number; amount_fen: number }) => ({ ...r, amount: yuan(r.amount_fen) });

interface Services {
  oversight: OversightService; reports: ReportService; products: ProductService; afterSales: AfterSaleService;
  /** the operator's money lists (docs/money.md, "Manual adjustments", "Cash pledges", "Paid services", "Promotion prices") */
  payAccounts: PayAccountsService; withdrawals: WithdrawalService; cashPledges: CashPledgeService; paidServices: PaidServiceService;
  /** 优惠券记录 (docs/vouchers.md, "Pages") */
  vouchers: VoucherService;
  /** 海外充值 (docs/money.md#money-in-dong) */
  vnWallet: VnWalletService;
  /** 海外账单 (docs/money.md#overseas-bills) */
  bills: BillService;
  /** 海外售后 (docs/overseas.md, "After-sales (海外售后)") */
  vnMall: Pick<VnMallService, 'afterSaleList'>;
}

const EXPORTS = {
  opReportMembers: {
    file: '会员报表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opReportMembers'>) => s.reports.members(db, p),
    sheets: (a: AnswerOf<'opReportMembers'>): Sheet[] => [{ name: '每日', columns: [dayCol, { header: '新注册企业', key: 'registrations' }, { header: '会员升级', key: 'upgrades' }, { header: '活跃企业', key: 'active' }], rows: a.rows }],
  },
  opReportSearches: {
    file: '搜索报表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opReportSearches'>) => s.reports.searches(db, p),
    sheets: (a: AnswerOf<'opReportSearches'>): Sheet[] => [
      { name: '每日', columns: [dayCol, { header: '库存查询', key: 'searches' }, { header: '无结果搜索', key: 'misses' }], rows: a.rows },
      top('无结果OE号', a.top_oe), top('无结果关键词', a.top_keyword),
    ],
  },
  opReportOrders: {
    file: '订单报表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opReportOrders'>) => s.reports.orders(db, p),
    sheets: (a: AnswerOf<'opReportOrders'>): Sheet[] => [{
      name: '每日', columns: [dayCol, { header: '订单数', key: 'orders' }, { header: '金额（元）', key: 'amount', width: 14 }, { header: '取消或拒绝', key: 'cancelled' }],
      rows: a.rows.map((r) => ({ ...r, amount: yuan(r.amount_fen) })),
    }],
  },
  opReportStock: {
    file: '库存报表',
    run: (s: Services, db: Kysely<DB>) => s.reports.stock(db),
    sheets: (a: AnswerOf<'opReportStock'>): Sheet[] => [stockSheet('按车型品牌', '车型品牌', a.by_make), stockSheet('按配件品牌', '配件品牌', a.by_brand)],
  },
  opOrderList: {
    file: '订单列表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opOrderList'>) => s.oversight.orderList(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opOrderList'>): Sheet[] => [{
      name: '订单',
      columns: [
        { header: '订单号', key: 'order_no', width: 26 }, { header: '下单时间', key: 'at', width: 18 }, { header: '买家', key: 'buyer_company_name', width: 28 },
        { header: '卖家', key: 'seller_company_name', width: 28 }, { header: '状态', key: 'status' }, { header: '付款', key: 'pay' }, { header: '件数', key: 'total_qty' },
        { header: '金额（元）', key: 'amount', width: 14 }, { header: '首行', key: 'first_line', width: 24 },
      ],
      rows: a.data.map((o) => ({ ...o, at: chinaTime(o.created_at), status: ORDER_STATUS_TEXT[o.status], pay: PAY_STATUS_TEXT[o.pay_status], amount: yuan(o.total_fen) })),
    }],
  },
  opEnquiryList: {
    file: '询价列表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opEnquiryList'>) => s.oversight.enquiryList(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opEnquiryList'>): Sheet[] => [{
      name: '询价',
      columns: [
        { header: '询价单号', key: 'enquiry_no', width: 22 }, { header: '时间', key: 'at', width: 18 }, { header: '买家', key: 'buyer_company_name', width: 28 },
        { header: '状态', key: 'state' }, { header: '品牌', key: 'make_name' }, { header: '明细', key: 'lines' }, { header: '卖家数', key: 'recipients' },
        { header: '报价数', key: 'quote_count' }, { header: '首行', key: 'first_line', width: 24 },
      ],
      rows: a.data.map((e) => ({ ...e, at: chinaTime(e.created_at), state: ENQUIRY_STATE_TEXT[e.state] })),
    }],
  },
  opReportMemberUsage: {
    file: '会员查询',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opReportMemberUsage'>) => s.reports.memberUsage(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opReportMemberUsage'>): Sheet[] => [{
      name: `${a.date_from}至${a.date_to}`,
      columns: [
        { header: '企业', key: 'company_name', width: 28 }, { header: '城市', key: 'city' }, { header: '等级', key: 'level_name', width: 12 },
        { header: '到期', key: 'end', width: 12 }, { header: '库存查询', key: 'stock_queries' }, { header: '查询天数', key: 'query_days' },
        { header: '最近查询', key: 'last_query_day', width: 12 }, { header: 'VIN 解析', key: 'vin_decodes' }, { header: '下单数', key: 'orders' },
        { header: '下单金额（元）', key: 'amount', width: 14 },
      ],
      rows: a.data.map((r) => ({ ...r, end: r.level_end_at ? chinaTime(r.level_end_at).slice(0, 10) : '长期', amount: yuan(r.order_fen) })),
    }],
  },
  opReportFunnel: {
    file: '搜索询价订单转化报表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opReportFunnel'>) => s.reports.funnel(db, p),
    sheets: (a: AnswerOf<'opReportFunnel'>): Sheet[] => [
      { name: '按周期', columns: [{ header: '周期', key: 'period', width: 12 }, ...funnelCols], rows: [...a.rows.map(withRates), { period: '合计', ...withRates(a.total) }] },
      { name: '按买家省份', columns: [{ header: '省份', key: 'province', width: 16 }, ...funnelCols], rows: a.by_province.map(withRates) },
      { name: '按搜索类型', columns: [{ header: '搜索类型', key: 'kind', width: 14 }, { header: '搜索词数', key: 'terms' }, { header: '搜索企业数', key: 'companies' }],
        rows: a.by_kind.map((k) => ({ ...k, kind: SEARCH_KIND_TEXT[k.kind] ?? k.kind })) },
    ],
  },
  opReportRepairShops: {
    file: '维修厂采购报表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opReportRepairShops'>) => s.reports.repairShops(db, p),
    sheets: (a: AnswerOf<'opReportRepairShops'>): Sheet[] => [
      { name: '按地区', columns: [{ header: '省份', key: 'province', width: 16 }, { header: '城市', key: 'city', width: 14 }, ...shopCols],
        rows: [...a.rows.map(shopRow), { province: '合计', city: '', ...shopRow(a.total) }] },
      { name: '配件分类前10', columns: [{ header: '配件分类', key: 'name', width: 20 }, ...topCols], rows: a.top_groups.map(topRow) },
      { name: '品牌前10', columns: [{ header: '品牌', key: 'name', width: 20 }, ...topCols], rows: a.top_brands.map(topRow) },
    ],
  },
  opPayList: {
    file: '支付记录',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opPayList'>) => s.oversight.payList(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opPayList'>): Sheet[] => [{
      name: '支付记录',
      columns: [
        { header: '订单号', key: 'order_no', width: 26 }, { header: '下单时间', key: 'at', width: 18 }, { header: '企业', key: 'company_name', width: 28 },
        { header: '购买人', key: 'username' }, { header: '套餐', key: 'level_name' }, { header: '月数', key: 'duration_months' }, { header: '金额（元）', key: 'amount', width: 12 },
        { header: '状态', key: 'state' }, { header: '支付时间', key: 'paid', width: 18 }, { header: '渠道', key: 'provider' }, { header: '交易号', key: 'trade_no', width: 24 },
      ],
      rows: a.data.map((r) => ({ ...r, at: chinaTime(r.created_at), paid: chinaTime(r.paid_at), amount: yuan(r.amount_fen), state: PACKAGE_STATE_TEXT[r.state] })),
    }],
  },
  opForeignRecharges: {
    file: '海外充值',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opForeignRecharges'>) => s.vnWallet.opRecharges(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opForeignRecharges'>): Sheet[] => [{
      name: '海外充值',
      columns: [
        { header: '充值单号', key: 'recharge_no', width: 26 }, { header: '下单时间', key: 'at', width: 18 }, { header: '企业', key: 'company_name', width: 32 },
        { header: '充值人', key: 'username' }, { header: '金额（越南盾）', key: 'amount_dong', width: 16 }, { header: '状态', key: 'state' },
        { header: '支付时间', key: 'paid', width: 18 }, { header: '渠道', key: 'provider' }, { header: '交易号', key: 'trade_no', width: 24 },
      ],
      rows: a.data.map((r) => ({ ...r, at: chinaTime(r.created_at), paid: r.paid_at ? chinaTime(r.paid_at) : '', state: VND_RECHARGE_STATES[r.state] })),
    }],
  },
  opForeignBillList: {
    file: '海外账单',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opForeignBillList'>) => s.bills.operatorVnList(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opForeignBillList'>): Sheet[] => [{
      name: '海外账单',
      columns: [
        { header: '企业', key: 'company_name', width: 36 }, { header: '月份', key: 'month', width: 10 }, { header: '期初余额（越南盾）', key: 'opening_dong', width: 18 },
        { header: '收入（越南盾）', key: 'in_dong', width: 16 }, { header: '支出（越南盾）', key: 'out_dong', width: 16 }, { header: '期末余额（越南盾）', key: 'closing_dong', width: 18 },
        { header: '笔数', key: 'count' },
      ],
      rows: a.data,
    }],
  },
  opVnAfterSaleList: {
    file: '海外售后',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opVnAfterSaleList'>) => s.vnMall.afterSaleList(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opVnAfterSaleList'>): Sheet[] => [{
      name: '海外售后',
      columns: [
        { header: '售后单号', key: 'as_no', width: 26 }, { header: '申请时间', key: 'at', width: 18 }, { header: '订单号', key: 'order_no', width: 26 },
        { header: '买家', key: 'buyer_company_name', width: 32 }, { header: '卖家', key: 'seller_company_name', width: 28 }, { header: '类型', key: 'type_text' },
        { header: '状态', key: 'status_text', width: 12 }, { header: '件数', key: 'total_qty' }, { header: '退款（元）', key: 'refund', width: 12 },
        { header: '退款（越南盾）', key: 'refund_dong', width: 16 }, { header: '越南盾', key: 'dong_text', width: 14 },
        { header: '汇率', key: 'rate' }, { header: '汇率类型', key: 'rate_text', width: 12 }, { header: '汇率日期', key: 'rate_day', width: 12 },
      ],
      rows: a.data.map((r) => ({
        ...r, at: chinaTime(r.created_at), type_text: AFTERSALE_TYPE_TEXT[r.type], status_text: AFTERSALE_STATUS_TEXT[r.status], refund: yuan(r.refund_fen),
        dong_text: r.dong_refunded ? '已退回钱包' : '按汇率折算', rate_text: VN_RATE_KIND_TEXT[r.rate_kind],
      })),
    }],
  },
  opProductList: {
    file: '商品列表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opProductList'>) => s.products.list(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opProductList'>): Sheet[] => [{
      name: '商品',
      columns: [
        { header: '库存ID', key: 'id' }, { header: 'OE号', key: 'supplier_oe', width: 18 }, { header: '名称', key: 'name', width: 20 }, { header: '品牌', key: 'brand_name', width: 14 },
        { header: '车型品牌', key: 'make_name' }, { header: '品质', key: 'quality_name' }, { header: '数量', key: 'quantity' }, { header: '价格（元）', key: 'price', width: 12 },
        { header: '卖家', key: 'company_name', width: 28 }, { header: '状态', key: 'state' }, { header: '下架原因', key: 'op_off_reason', width: 24 },
        { header: '下架时间', key: 'off_at', width: 18 }, { header: '下架人', key: 'op_off_by' },
      ],
      rows: a.data.map((r) => ({ ...r, price: r.price0 === null ? '' : yuan(r.price0), state: OP_PRODUCT_STATE_TEXT[r.state], off_at: chinaTime(r.op_off_at) })),
    }],
  },
  opAfterSaleList: {
    file: '售后列表',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opAfterSaleList'>) => s.afterSales.operatorList(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opAfterSaleList'>): Sheet[] => [{
      name: '售后',
      columns: [
        { header: '售后单号', key: 'as_no', width: 26 }, { header: '申请时间', key: 'at', width: 18 }, { header: '订单号', key: 'order_no', width: 26 },
        { header: '买家', key: 'buyer_company_name', width: 28 }, { header: '卖家', key: 'seller_company_name', width: 28 }, { header: '类型', key: 'type_text' },
        { header: '状态', key: 'status_text', width: 12 }, { header: '原因', key: 'reason', width: 14 }, { header: '件数', key: 'total_qty' },
        { header: '退款（元）', key: 'refund', width: 12 }, { header: '首行', key: 'first_line', width: 24 },
      ],
      rows: a.data.map((r) => ({ ...r, at: chinaTime(r.created_at), type_text: AFTERSALE_TYPE_TEXT[r.type], status_text: AFTERSALE_STATUS_TEXT[r.status], refund: yuan(r.refund_fen) })),
    }],
  },
  // the operator's money lists (docs/money.md): the same call, its first 800 rows
  opPayAccounts: {
    file: '账户',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opPayAccounts'>) => s.payAccounts.accounts(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opPayAccounts'>): Sheet[] => [{
      name: '账户',
      columns: [
        { header: '企业', key: 'company_name', width: 28 }, { header: '可用（元）', key: 'available', width: 14 }, { header: '冻结（元）', key: 'frozen', width: 14 },
        { header: '保证金（元）', key: 'pledge', width: 14 }, { header: '待复核调账', key: 'pending_adjustments' },
      ],
      rows: a.data.map((r) => ({ ...r, available: yuan(r.available_fen), frozen: yuan(r.frozen_fen), pledge: yuan(r.cash_pledge_fen) })),
    }],
  },
  opWithdrawalList: {
    file: '提现申请',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opWithdrawalList'>) => s.withdrawals.opWithdrawals(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opWithdrawalList'>): Sheet[] => [{
      name: '提现申请',
      columns: [
        { header: '提现单号', key: 'withdrawal_no', width: 26 }, { header: '申请时间', key: 'at', width: 18 }, { header: '企业', key: 'company_name', width: 28 },
        { header: '金额（元）', key: 'amount', width: 12 }, { header: '状态', key: 'state' }, { header: '开户名', key: 'holder_name', width: 16 },
        { header: '开户银行', key: 'bank_name', width: 16 }, { header: '账号', key: 'account_no', width: 24 }, { header: '申请人', key: 'applicant' },
        { header: '审核人', key: 'approved_by' }, { header: '打款时间', key: 'paid', width: 18 }, { header: '打款凭证', key: 'payout_ref', width: 20 }, { header: '拒绝原因', key: 'reason', width: 24 },
      ],
      rows: a.data.map((r) => ({ ...r, at: chinaTime(r.created_at), paid: chinaTime(r.paid_at), amount: yuan(r.amount_fen), state: WITHDRAWAL_STATES[r.state] })),
    }],
  },
  opCashPledgeList: {
    file: '保证金',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opCashPledgeList'>) => s.cashPledges.list(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opCashPledgeList'>): Sheet[] => [{
      name: '保证金',
      columns: [
        { header: '企业', key: 'company_name', width: 28 }, { header: '等级', key: 'level_name', width: 12 }, { header: '应缴（元）', key: 'required', width: 12 },
        { header: '已缴（元）', key: 'held', width: 12 }, { header: '待缴（元）', key: 'due', width: 12 }, { header: '状态', key: 'state' },
      ],
      rows: a.data.map((r) => ({ ...r, required: yuan(r.required_fen), held: yuan(r.held_fen), due: yuan(r.due_fen), state: CASH_PLEDGE_STATES[r.state] })),
    }],
  },
  opPaidServiceRecords: {
    file: '服务购买记录',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opPaidServiceRecords'>) => s.paidServices.records(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opPaidServiceRecords'>): Sheet[] => [{
      name: '购买记录',
      columns: [
        { header: '单号', key: 'purchase_no', width: 26 }, { header: '购买时间', key: 'at', width: 18 }, { header: '企业', key: 'company_name', width: 28 },
        { header: '服务', key: 'service_name', width: 14 }, { header: '等级', key: 'level_name', width: 12 }, { header: '数量', key: 'units' },
        { header: '金额（元）', key: 'amount', width: 12 }, { header: '状态', key: 'state' }, { header: '支付方式', key: 'method' },
        { header: '购买人', key: 'user_name' }, { header: '已用', key: 'used' }, { header: '剩余', key: 'remaining' },
      ],
      rows: a.data.map((r) => ({
        ...r, at: chinaTime(r.created_at), service_name: PAID_SERVICE_NAMES[r.service], amount: yuan(r.amount_fen), state: PAID_SERVICE_STATES[r.state], method: PAID_SERVICE_METHODS[r.method],
      })),
    }],
  },
  opPaidPromotionUses: {
    file: '促销使用记录',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opPaidPromotionUses'>) => s.paidServices.promotionUses(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opPaidPromotionUses'>): Sheet[] => [{
      name: '促销使用记录',
      columns: [
        { header: '时间', key: 'at', width: 18 }, { header: '企业', key: 'company_name', width: 28 }, { header: '服务', key: 'service_name', width: 14 },
        { header: '促销', key: 'promotion_name', width: 20 }, { header: '等级', key: 'level_name', width: 12 }, { header: '包数', key: 'packs' },
        { header: '原价（元）', key: 'original', width: 12 }, { header: '实付（元）', key: 'charged', width: 12 }, { header: '购买单号', key: 'purchase_no', width: 26 },
        { header: '状态', key: 'state' },
      ],
      rows: a.data.map((r) => ({
        ...r, at: chinaTime(r.created_at), service_name: PAID_SERVICE_NAMES[r.service], original: yuan(r.original_fen), charged: yuan(r.charged_fen), state: PAID_SERVICE_STATES[r.state],
      })),
    }],
  },
  opVoucherRecord: {
    file: '优惠券记录',
    run: (s: Services, db: Kysely<DB>, p: PayloadOut<'opVoucherRecord'>) => s.vouchers.opRecord(db, { ...p, page_number: 1, page_size: 800 }),
    sheets: (a: AnswerOf<'opVoucherRecord'>): Sheet[] => [{
      name: '优惠券',
      columns: [
        { header: '券', key: 'name', width: 20 }, { header: '发放方', key: 'issuer_name', width: 28 }, { header: '发放', key: 'issued' }, { header: '已领', key: 'claimed' },
        { header: '已用', key: 'used' }, { header: '已过期', key: 'expired' }, { header: '减免金额（元）', key: 'amount', width: 14 }, { header: '状态', key: 'state_name' },
      ],
      rows: a.data.map((r) => ({ ...r, amount: yuan(r.used_fen) })),
    }, {
      name: '按发放方',
      columns: [
        { header: '发放方', key: 'issuer_name', width: 28 }, { header: '发放', key: 'issued' }, { header: '已领', key: 'claimed' }, { header: '已用', key: 'used' },
        { header: '已过期', key: 'expired' }, { header: '减免金额（元）', key: 'amount', width: 14 }, { header: '平台补贴卖家（元）', key: 'subsidy', width: 18 },
      ],
      rows: a.by_issuer.map((b) => ({ ...b, amount: yuan(b.used_fen), subsidy: b.issuer_company_id === null ? yuan(b.subsidy_fen) : '卖家自担' })),
    }],
  },
} as const;

export type ExportName = keyof typeof EXPORTS;
export const EXPORT_NAMES = Object.keys(EXPORTS) as ExportName[];

const attachment = (name: string) => `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The rows a list export reads (its largest page), priced as that page of the list call (limits.ts heavyCost). */
const LIST_EXPORT_ROWS = 800;
const LIST_EXPORTS = new Set<ExportName>(['opOrderList', 'opEnquiryList', 'opReportMemberUsage', 'opPayList', 'opProductList', 'opAfterSaleList',
  'opPayAccounts', 'opWithdrawalList', 'opCashPledgeList', 'opPaidServiceRecords', 'opPaidPromotionUses', 'opVoucherRecord', 'opForeignRecharges', 'opForeignBillList', 'opVnAfterSaleList']);

/**
 * A text cell that a spreadsheet could read as a formula stays text: ExcelJS writes a string as a
 * string cell, never a formula, and anything else that is no number, date or boolean is written as
 * its text (docs/operations.md, "Security settings": CSV and XLSX injection).
 */
const cellValue = (value: unknown) =>
  value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date ? value : JSON.stringify(value);

/**
 * GET /api/operation/export/<call name>?<the call's query>, through the table's edge
 * (http/file-route.ts): the budgets, operator and the call's own D codes, its payload schema, and
 * the call's price as a heavy call; the workbook is not written when the client has gone.
 */
export const mountOpExportRoutes = (app: Hono, edge: FileEdge, svc: Services) => {
  for (const name of EXPORT_NAMES) {
    const def = EXPORTS[name] as unknown as { file: string; run: (s: Services, db: Kysely<DB>, p: unknown) => Promise<unknown>; sheets: (a: unknown) => Sheet[] };
    const ep = endpoints[name];
    const rows = LIST_EXPORTS.has(name) ? LIST_EXPORT_ROWS : undefined;
    mountFileRoute(app, 'get', `/api/operation/export/${name}`, edge, {
      name: `export ${name}`, access: 'operator', permissions: ep.permissions, query: ep.payload as v.GenericSchema<unknown, unknown>,
      heavy: ep.heavy ? (q) => heavyCost(rows === undefined ? q : { ...(q as object), page_size: rows }) : undefined,
    }, async ({ query, signal }) => {
      const answer = await def.run(svc, edge.deps.db, query);
      if (signal.aborted) throw new ClientGone();
      const wb = new ExcelJS.Workbook();
      for (const sheet of def.sheets(answer)) {
        const ws = wb.addWorksheet(sheet.name);
        ws.columns = sheet.columns.map((col) => ({ header: col.header, key: col.key, width: col.width ?? 12 }));
        ws.getRow(1).font = { bold: true };
        ws.addRows(sheet.rows.map((r) => Object.fromEntries(sheet.columns.map((col) => [col.key, cellValue(r[col.key])]))));
      }
      const body = await wb.xlsx.writeBuffer();
      return new Response(body as ArrayBuffer, {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': attachment(`${def.file}.xlsx`), 'Cache-Control': 'no-store',
        },
      });
    });
  }
  // any other name: the table's own not-found answer
  app.get('/api/operation/export/:name', (c) => sendError(c, new AppError(ResultCode.notFound, 404, msg.endpointNotFound)));
};
