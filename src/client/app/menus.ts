/**
 * Menu and nav models, gated by permission codes (requirements 000-6, 001-2-1). An entry appears only when
 * its page exists and the user holds one of its codes; the server checks the same codes.
 */
import { hasAnyPermission, HEAD_COMPANY_ID } from '../../shared/domain/permissions';
import { FINANCE_CODES, PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../../shared/domain/orders';
import { mayBuyPackage } from '../../shared/domain/membership';
import { STOCK_CODES } from '../../shared/domain/stock';
import { CUSTOMER_CODES, SUPPLIER_CODES } from '../../shared/domain/customer-codes';
import { CIRCLE_CODES, ORG_CODES, QUOTE_CODES, WANTED_CODES } from '../../shared/contracts/codes';
import { OP_CATALOGUE_CODES, OP_CODES, OP_COMPANY_CODES, OP_GROUP_CODES, OP_INTERFACE_CODES } from '../../shared/domain/operation-codes';
import { ERP_OP_CODES } from '../../shared/domain/erp';
import { OP_FOREIGN_CODES } from '../../shared/domain/overseas-rules';
import { BACKOFFICE_CODES, FINANCE_PAGE_CODES } from './backoffice-rule';
import { AFTERSALE_CODES } from '../../shared/domain/aftersale';
import { INVOICE_BUYER_CODES, INVOICE_SELLER_CODES } from '../../shared/contracts/codes';
import { OP_POINTS_CODES, POINTS_CODES } from '../../shared/domain/points-codes';
import { ACTIVITY_BUYER_CODES, ACTIVITY_SELLER_CODES, OP_ACTIVITY_CODES } from '../../shared/domain/activity-codes';
import { BONUS_CODES, OP_BONUS_CODES } from '../../shared/domain/bonus-codes';
import { mark } from '../i18n/lang';

// the guard's rule and codes live in ./backoffice-rule.ts (the route tree reads them; the menus load with the layouts)
export { BACKOFFICE_CODES, FINANCE_PAGE_CODES, backofficeRule } from './backoffice-rule';

export interface MenuEntry {
  label: string;
  path: string;
  icon: string;
  /** any of these codes; none = every signed-in user of the area */
  codes?: readonly string[];
  headCompanyOnly?: boolean;
  /** needs a signed-in user */
  auth?: boolean;
  /** only for users of companies that are not sellers yet (卖家入驻) */
  buyersOnly?: boolean;
  /** only for users of seller companies (the server refuses the page to anyone else) */
  sellersOnly?: boolean;
  /** hidden from holders of any of these codes (a sibling entry serves them) */
  unlessCodes?: readonly string[];
  /** only for who holds the company's wallet: its owner or an accounting code (mayBuyPackage, docs/money.md) */
  walletHolder?: boolean;
  /** only for users of a company registered in Vietnam (the Vietnam mall, docs/overseas.md) */
  vnOnly?: boolean;
  /** hidden from users of a company registered in Vietnam: they buy in the Vietnam mall instead */
  cnOnly?: boolean;
}

export interface MenuUser {
  company_id: number;
  permissions: readonly string[];
  is_seller?: boolean;
  is_owner?: boolean;
  country?: string;
}

export const STOREFRONT_NAV: readonly MenuEntry[] = [
  { label: mark('首页'), path: '/', icon: 'pi pi-home' },
  { label: mark('配件搜索'), path: '/search', icon: 'pi pi-search', auth: true, cnOnly: true },
  { label: mark('我的求购'), path: '/enquiry/list', icon: 'pi pi-list', codes: ['C15', 'C07'], auth: true },
  { label: mark('谁看过我'), path: '/quote', icon: 'pi pi-eye', codes: ['C14'], auth: true },
  { label: mark('商圈'), path: '/trade/list', icon: 'pi pi-users', codes: ['C12'], auth: true },
  // 活动: the running 秒杀 (docs/activities.md)
  { label: mark('活动'), path: '/activity', icon: 'pi pi-bolt', codes: ACTIVITY_BUYER_CODES, auth: true, cnOnly: true },
  { label: mark('越南商城'), path: '/vnmall', icon: 'pi pi-globe', codes: ['C09', 'M02'], auth: true, vnOnly: true },
  { label: mark('卖家入驻'), path: '/apply/seller', icon: 'pi pi-verified', auth: true, buyersOnly: true },
  { label: mark('卖家后台'), path: '/backend', icon: 'pi pi-briefcase', codes: BACKOFFICE_CODES, auth: true },
  { label: mark('运营平台'), path: '/operation', icon: 'pi pi-cog', headCompanyOnly: true, auth: true },
];

export const BACKOFFICE_MENU: readonly MenuEntry[] = [
  { label: mark('首页'), path: '/backend', icon: 'pi pi-home', codes: BACKOFFICE_CODES },
  { label: mark('销售订单'), path: '/backend/order/sales', icon: 'pi pi-send', codes: SALES_ORDER_CODES },
  { label: mark('采购订单'), path: '/backend/order/purchase', icon: 'pi pi-shopping-bag', codes: PURCHASE_ORDER_CODES },
  { label: mark('售后服务'), path: '/backend/service/afterSale', icon: 'pi pi-replay', codes: AFTERSALE_CODES },
  { label: mark('我的求购'), path: '/backend/order/asktobuy', icon: 'pi pi-list', codes: WANTED_CODES },
  { label: mark('报价中心'), path: '/backend/quote', icon: 'pi pi-comments', codes: QUOTE_CODES },
  { label: mark('报价专区'), path: '/backend/quote/zone', icon: 'pi pi-megaphone', codes: QUOTE_CODES },
  { label: mark('我的报价'), path: '/backend/quote/mine', icon: 'pi pi-list-check', codes: QUOTE_CODES },
  { label: mark('报价规则'), path: '/backend/quote/rules', icon: 'pi pi-sliders-h', codes: QUOTE_CODES },
  { label: mark('聊天设置'), path: '/backend/quote/chat', icon: 'pi pi-comments', codes: ['M11-01'] },
  { label: mark('库存与价格'), path: '/backend/product/stockAndPrice', icon: 'pi pi-box', codes: STOCK_CODES },
  // 盘点 on a warehouse tablet (docs/warehouse.md "Stocktake")
  { label: mark('盘点'), path: '/backend/product/stocktake', icon: 'pi pi-check-square', codes: STOCK_CODES },
  { label: mark('清仓'), path: '/backend/product/clean', icon: 'pi pi-tags', codes: STOCK_CODES },
  // 海外（越南）: what the seller offers Vietnamese buyers (docs/overseas.md "The Vietnam mall")
  { label: mark('越南商城'), path: '/backend/overseas/vietnamMall', icon: 'pi pi-globe', codes: ['M11'], sellersOnly: true },
  { label: mark('越南商城选品'), path: '/backend/overseas/vnSelector', icon: 'pi pi-check-square', codes: ['M11'], sellersOnly: true },
  // the dong wallet's monthly statements (docs/money.md#overseas-bills): not walletHolder, since the signed-in user carries
  // no owner mark and an owner may hold no accounting code (vnbuyer); the server answers a clerk 403 and the page says so
  { label: mark('越南盾账单'), path: '/backend/overseas/bill', icon: 'pi pi-calendar', codes: ['M11', ...FINANCE_PAGE_CODES], vnOnly: true },
  // a Chinese seller's Vietnam mall settlement of a month, at the same address (docs/money.md#overseas-bills)
  { label: mark('越南商城账单'), path: '/backend/overseas/bill', icon: 'pi pi-calendar', codes: ['M11'], sellersOnly: true, cnOnly: true },
  // 商圈库存 (M05, docs/circles.md): the owner's totals open from 我的商圈
  { label: mark('我的商圈'), path: '/backend/circle/mine', icon: 'pi pi-sitemap', codes: CIRCLE_CODES },
  { label: mark('商圈商品'), path: '/backend/circle/circleProduct', icon: 'pi pi-th-large', codes: CIRCLE_CODES },
  { label: mark('我分配的商品'), path: '/backend/circle/myProduct', icon: 'pi pi-share-alt', codes: CIRCLE_CODES },
  // 活动报名: a seller's rows in the platform's activities (docs/activities.md)
  { label: mark('活动报名'), path: '/backend/product/activity', icon: 'pi pi-bolt', codes: ACTIVITY_SELLER_CODES, sellersOnly: true },
  // 宝马库存 and 保养套餐 (docs/maintenance.md)
  { label: mark('宝马库存'), path: '/backend/product/bmw', icon: 'pi pi-car', codes: STOCK_CODES },
  { label: mark('保养套餐'), path: '/backend/product/maintenance', icon: 'pi pi-wrench', codes: STOCK_CODES, sellersOnly: true },
  // 仓库设置: warehouses and shelf locations (docs/warehouse.md)
  { label: mark('仓库设置'), path: '/backend/product/warehouse', icon: 'pi pi-building', codes: STOCK_CODES },
  // customers and suppliers (M04, docs/customers.md): a repair shop buys without M04, so its purchase codes open 供应商
  { label: mark('邀请客户'), path: '/backend/customer/invitation', icon: 'pi pi-user-plus', codes: CUSTOMER_CODES, sellersOnly: true },
  { label: mark('客户'), path: '/backend/customer/customer', icon: 'pi pi-id-card', codes: CUSTOMER_CODES, sellersOnly: true },
  { label: mark('供应商'), path: '/backend/customer/supplier', icon: 'pi pi-truck', codes: SUPPLIER_CODES },
  { label: mark('分公司'), path: '/backend/customer/branch', icon: 'pi pi-sitemap', codes: SUPPLIER_CODES },
  { label: mark('员工'), path: '/backend/organization/employee', icon: 'pi pi-users', codes: ORG_CODES },
  { label: mark('联系人'), path: '/backend/organization/contact', icon: 'pi pi-phone', codes: ORG_CODES },
  { label: mark('导入库存'), path: '/backend/product/import', icon: 'pi pi-upload', codes: STOCK_CODES },
  { label: mark('我的财务'), path: '/backend/accounting/wallet', icon: 'pi pi-wallet', codes: FINANCE_PAGE_CODES },
  // the statement, the pledge and services are the wallet holder's: the owner or an accounting code (docs/money.md)
  { label: mark('账单'), path: '/backend/accounting/bill', icon: 'pi pi-calendar', codes: FINANCE_PAGE_CODES, walletHolder: true },
  { label: mark('保证金'), path: '/backend/accounting/cashpledge', icon: 'pi pi-shield', codes: FINANCE_PAGE_CODES, sellersOnly: true, walletHolder: true },
  { label: mark('购买服务'), path: '/backend/accounting/service', icon: 'pi pi-shopping-bag', codes: FINANCE_PAGE_CODES, walletHolder: true },
  // the company's points and the points mall (docs/points.md)
  { label: mark('积分'), path: '/backend/accounting/points', icon: 'pi pi-star', codes: POINTS_CODES },
  // a seller's performance bonus (docs/bonus.md)
  { label: mark('业绩奖励'), path: '/backend/accounting/bonus', icon: 'pi pi-chart-line', codes: BONUS_CODES, sellersOnly: true },
  // invoices (docs/money.md#invoices): the buyer's request, record and titles; the seller's requests to issue
  { label: mark('申请开票'), path: '/backend/accounting/invoice', icon: 'pi pi-file', codes: INVOICE_BUYER_CODES },
  { label: mark('开票记录'), path: '/backend/accounting/invoiceHistory', icon: 'pi pi-history', codes: INVOICE_BUYER_CODES },
  { label: mark('发票抬头'), path: '/backend/accounting/invoiceTitle', icon: 'pi pi-id-card', codes: INVOICE_BUYER_CODES },
  { label: mark('开票申请'), path: '/backend/accounting/invoiceIssue', icon: 'pi pi-file-check', codes: INVOICE_SELLER_CODES },
  // vouchers (docs/vouchers.md): the seller's own (营销), the company's savings and costs (财务 · 券), the buyer's /ticket
  { label: mark('优惠券'), path: '/backend/marketing/ticket', icon: 'pi pi-ticket', codes: ['M13'], sellersOnly: true },
  // the seller's promotion plans: discounts search and the cart apply (docs/promotions.md)
  { label: mark('促销计划'), path: '/backend/marketing/promotionPlan', icon: 'pi pi-percentage', codes: ['M13'], sellersOnly: true },
  { label: mark('券'), path: '/backend/accounting/ticket', icon: 'pi pi-ticket', codes: FINANCE_CODES },
  { label: mark('我的优惠券'), path: '/ticket', icon: 'pi pi-ticket', codes: ['C09', 'M02'] },
  // the head company holds M14 too, but only a seller has a shop to decorate
  { label: mark('店铺装修'), path: '/backend/store', icon: 'pi pi-palette', codes: ['M14'], sellersOnly: true },
  // read by every user of the company; saved by the owner or M07 (the server decides)
  { label: mark('企业信息'), path: '/backend/settings/enterprise', icon: 'pi pi-building' },
  // API keys of the open platform: the owner or M07 (the server decides; docs/open-platform.md)
  { label: mark('开放平台'), path: '/open/controlPanel', icon: 'pi pi-key', codes: ['M07'] },
  // one's own profile and password: every signed-in user (routes/backend.tsx)
  { label: mark('个人资料'), path: '/backend/settings/profile', icon: 'pi pi-id-card' },
  { label: mark('修改密码'), path: '/backend/settings/password', icon: 'pi pi-lock' },
];

export const OPERATOR_MENU: readonly MenuEntry[] = [
  { label: '首页', path: '/operation', icon: 'pi pi-home' },
  { label: '企业列表', path: '/operation/company/list', icon: 'pi pi-building', codes: OP_CODES.companyRead },
  { label: '企业审核', path: '/operation/company/audit', icon: 'pi pi-verified', codes: ['D02', 'D02-03'] },
  { label: '资料变更审核', path: '/operation/company/review', icon: 'pi pi-file-edit', codes: OP_COMPANY_CODES.review },
  { label: '首页推荐', path: '/operation/company/recommend', icon: 'pi pi-thumbs-up', codes: OP_COMPANY_CODES.recommendRead },
  { label: '总分公司', path: '/operation/company/relation', icon: 'pi pi-sitemap', codes: OP_COMPANY_CODES.recommendRead },
  { label: '店铺展厅', path: '/operation/company/exhibition', icon: 'pi pi-images', codes: OP_CODES.companyRead },
  { label: '商圈管理', path: '/operation/company/trade', icon: 'pi pi-users', codes: OP_CODES.companyRead },
  { label: '企业分组', path: '/operation/company/group', icon: 'pi pi-folder', codes: OP_GROUP_CODES.read },
  // the open platform's companies (docs/open-platform.md, "ERP and the operator's pages")
  { label: '易购接入', path: '/operation/company/yigou', icon: 'pi pi-link', codes: ERP_OP_CODES.companies },
  { label: '企业 ERP', path: '/operation/company/erp', icon: 'pi pi-server', codes: ERP_OP_CODES.companies },
  { label: '用户管理', path: '/operation/users', icon: 'pi pi-users', codes: OP_CODES.usersRead },
  // catalogue, orders, enquiries and reports (ops-catalogue)
  // product group (ops-product)
  { label: '商品列表', path: '/operation/product', icon: 'pi pi-box', codes: OP_CATALOGUE_CODES.products },
  { label: '推荐商品', path: '/operation/product/recommend', icon: 'pi pi-star', codes: OP_CATALOGUE_CODES.products },
  { label: '配件品牌', path: '/operation/product/brand', icon: 'pi pi-tag', codes: OP_CATALOGUE_CODES.products },
  { label: '车型品牌', path: '/operation/product/carBrand', icon: 'pi pi-car', codes: OP_CATALOGUE_CODES.products },
  { label: 'EPC图解', path: '/operation/product/epc', icon: 'pi pi-image', codes: OP_CATALOGUE_CODES.epcIllustration },
  { label: 'OE清洗', path: '/operation/product/clean/oe', icon: 'pi pi-sitemap', codes: OP_CATALOGUE_CODES.catalogueClean },
  { label: '品牌清洗', path: '/operation/product/clean/brand', icon: 'pi pi-filter', codes: OP_CATALOGUE_CODES.catalogueClean },
  { label: '订单', path: '/operation/order', icon: 'pi pi-shopping-cart', codes: OP_CATALOGUE_CODES.orders },
  { label: '询价', path: '/operation/enquiry', icon: 'pi pi-comments', codes: OP_CATALOGUE_CODES.orders },
  { label: '售后', path: '/operation/service', icon: 'pi pi-replay', codes: OP_CATALOGUE_CODES.afterSales },
  { label: '会员报表', path: '/operation/report/member', icon: 'pi pi-chart-line', codes: OP_CATALOGUE_CODES.reports },
  { label: '会员查询', path: '/operation/report/memberQuery', icon: 'pi pi-users', codes: OP_CATALOGUE_CODES.reports },
  { label: '搜索报表', path: '/operation/report/search', icon: 'pi pi-chart-bar', codes: OP_CATALOGUE_CODES.reports },
  { label: '订单报表', path: '/operation/report/order', icon: 'pi pi-chart-bar', codes: OP_CATALOGUE_CODES.reports },
  { label: '库存报表', path: '/operation/report/product', icon: 'pi pi-chart-bar', codes: OP_CATALOGUE_CODES.reports },
  // the market reports (docs/reports.md)
  { label: '转化报表', path: '/operation/report/sfeReport', icon: 'pi pi-filter', codes: OP_CATALOGUE_CODES.reports },
  { label: '维修厂采购', path: '/operation/report/weipei', icon: 'pi pi-wrench', codes: OP_CATALOGUE_CODES.reports },
  { label: '群发记录', path: '/operation/report/groupMessage', icon: 'pi pi-send', codes: OP_GROUP_CODES.messages },
  { label: '聊天记录查询', path: '/operation/report/chatHistory', icon: 'pi pi-comments', codes: OP_COMPANY_CODES.chatHistory },
  { label: '支付记录', path: '/operation/pay/record', icon: 'pi pi-wallet', codes: OP_CATALOGUE_CODES.pay },
  { label: '账单', path: '/operation/pay/bill', icon: 'pi pi-calendar', codes: OP_CATALOGUE_CODES.pay },
  { label: '保证金', path: '/operation/pay/cashpledge', icon: 'pi pi-shield', codes: OP_CATALOGUE_CODES.pay },
  { label: '付费服务', path: '/operation/pay/product', icon: 'pi pi-shopping-bag', codes: OP_CATALOGUE_CODES.pay },
  { label: 'VIN 解析记录', path: '/operation/pay/record/vin', icon: 'pi pi-car', codes: OP_CATALOGUE_CODES.pay },
  { label: '库存查询记录', path: '/operation/pay/record/stock', icon: 'pi pi-search', codes: OP_CATALOGUE_CODES.pay },
  { label: '员工名额记录', path: '/operation/pay/record/user', icon: 'pi pi-users', codes: OP_CATALOGUE_CODES.pay },
  { label: '报价包记录', path: '/operation/pay/record/quote', icon: 'pi pi-tags', codes: OP_CATALOGUE_CODES.pay },
  { label: '平台质保记录', path: '/operation/pay/record/warranty', icon: 'pi pi-verified', codes: OP_CATALOGUE_CODES.pay },
  { label: '服务协议', path: '/operation/pay/agreement', icon: 'pi pi-file-edit', codes: OP_CATALOGUE_CODES.pay },
  { label: '优惠码', path: '/operation/pay/promotionCode', icon: 'pi pi-ticket', codes: OP_CATALOGUE_CODES.promotionRead },
  // promotion prices of the paid services (docs/money.md#promotion-prices)
  { label: '促销价', path: '/operation/pay/promotionPricing', icon: 'pi pi-percentage', codes: OP_CATALOGUE_CODES.pay },
  { label: '促销使用记录', path: '/operation/pay/promotionUse', icon: 'pi pi-list-check', codes: OP_CATALOGUE_CODES.pay },
  // vouchers (docs/vouchers.md)
  { label: '优惠券', path: '/operation/pay/ticket', icon: 'pi pi-ticket', codes: OP_CATALOGUE_CODES.pay },
  { label: '优惠券记录', path: '/operation/pay/ticket/record', icon: 'pi pi-list', codes: OP_CATALOGUE_CODES.pay },
  { label: '提现审核', path: '/operation/pay/withdraw', icon: 'pi pi-send', codes: OP_CATALOGUE_CODES.payWithdrawals },
  { label: '银行卡审核', path: '/operation/pay/card', icon: 'pi pi-credit-card', codes: OP_CATALOGUE_CODES.payWithdrawals },
  { label: '账户', path: '/operation/pay/account', icon: 'pi pi-building-columns', codes: OP_CATALOGUE_CODES.payAccounts },
  { label: '调账复核', path: '/operation/pay/adjust', icon: 'pi pi-sliders-h', codes: OP_CATALOGUE_CODES.payAccounts },
  { label: '对账', path: '/operation/pay/reconcile', icon: 'pi pi-verified', codes: OP_CATALOGUE_CODES.payAccounts },
  { label: '支付渠道', path: '/operation/pay/channel', icon: 'pi pi-sitemap', codes: OP_CATALOGUE_CODES.payAccounts },
  // the dong wallets and their recharges (docs/money.md#money-in-dong)
  { label: '海外账户', path: '/operation/pay/foreignAccount', icon: 'pi pi-globe', codes: OP_CATALOGUE_CODES.payForeign },
  { label: '海外充值', path: '/operation/pay/foreignRecharge', icon: 'pi pi-money-bill', codes: OP_CATALOGUE_CODES.payForeign },
  // 积分 (docs/points.md)
  { label: '企业积分', path: '/operation/points/company', icon: 'pi pi-star', codes: OP_POINTS_CODES.companies },
  { label: '兑换订单', path: '/operation/points/order', icon: 'pi pi-truck', codes: OP_POINTS_CODES.orders },
  { label: '积分商品', path: '/operation/points/product', icon: 'pi pi-gift', codes: OP_POINTS_CODES.products },
  // 业绩奖励 (docs/bonus.md)
  { label: '奖励设置', path: '/operation/encouragement/setting', icon: 'pi pi-sliders-h', codes: OP_BONUS_CODES.manage },
  { label: '本月业绩', path: '/operation/encouragement/currentMonth', icon: 'pi pi-chart-line', codes: OP_BONUS_CODES.read },
  { label: '历史结算', path: '/operation/encouragement/history', icon: 'pi pi-history', codes: OP_BONUS_CODES.read },
  // 接口 (docs/open-platform.md, "Keys and signing")
  { label: '接口列表', path: '/operation/interface/list', icon: 'pi pi-key', codes: OP_INTERFACE_CODES.keys },
  { label: '接口权限组', path: '/operation/interface/group', icon: 'pi pi-th-large', codes: OP_INTERFACE_CODES.keys },
  { label: '等级接口权限', path: '/operation/interface/permission', icon: 'pi pi-sliders-v', codes: OP_INTERFACE_CODES.keys },
  { label: '接口调用记录', path: '/operation/interface/secretKey/log', icon: 'pi pi-list', codes: OP_INTERFACE_CODES.keys },
  // 海外 (docs/overseas.md)
  { label: '海外企业审核', path: '/operation/foreign/company/audit', icon: 'pi pi-verified', codes: OP_FOREIGN_CODES.read },
  { label: '海外企业列表', path: '/operation/foreign/company/list', icon: 'pi pi-globe', codes: OP_FOREIGN_CODES.read },
  { label: '海外用户', path: '/operation/foreign/users', icon: 'pi pi-users', codes: OP_FOREIGN_CODES.read },
  { label: '海外VIN解析记录', path: '/operation/foreign/vinRecord', icon: 'pi pi-car', codes: OP_FOREIGN_CODES.read },
  { label: '海外聊天记录', path: '/operation/foreign/chatHistory', icon: 'pi pi-comments', codes: OP_FOREIGN_CODES.read },
  { label: '海外快捷回复', path: '/operation/foreign/quickReply', icon: 'pi pi-reply', codes: OP_FOREIGN_CODES.read },
  { label: '海外商品', path: '/operation/foreign/product', icon: 'pi pi-box', codes: OP_FOREIGN_CODES.mall },
  { label: '越南商城商品', path: '/operation/foreign/goods', icon: 'pi pi-globe', codes: OP_FOREIGN_CODES.mall },
  { label: '越南商城订单', path: '/operation/foreign/order', icon: 'pi pi-shopping-cart', codes: OP_FOREIGN_CODES.mall },
  { label: '海外售后', path: '/operation/foreign/afterSale', icon: 'pi pi-replay', codes: OP_FOREIGN_CODES.mall },
  { label: '越南商城服务费', path: '/operation/foreign/serviceChargeRule', icon: 'pi pi-percentage', codes: OP_FOREIGN_CODES.mall },
  { label: '海外账单', path: '/operation/foreign/bill', icon: 'pi pi-calendar', codes: OP_FOREIGN_CODES.read },
  // 活动 (docs/activities.md)
  { label: '活动列表', path: '/operation/activity/list', icon: 'pi pi-bolt', codes: OP_ACTIVITY_CODES.list },
  { label: '活动审核', path: '/operation/activity/audit', icon: 'pi pi-check-square', codes: OP_ACTIVITY_CODES.audit },
  { label: '广告位', path: '/operation/ads', icon: 'pi pi-images', codes: OP_CODES.ads },
  { label: '角色', path: '/operation/privilege/group', icon: 'pi pi-shield', codes: OP_CODES.privilege },
  { label: '员工授权', path: '/operation/privilege/list', icon: 'pi pi-id-card', codes: OP_CODES.privilege },
  { label: '会员权限模板', path: '/operation/privilege/template', icon: 'pi pi-key', codes: OP_CODES.codeTemplates },
  { label: '系统参数', path: '/operation/system/configuration', icon: 'pi pi-cog', codes: OP_CODES.configuration },
  { label: '会员等级', path: '/operation/system/companyLevel', icon: 'pi pi-star', codes: OP_CODES.levels },
  { label: '数据字典', path: '/operation/system/dictionary', icon: 'pi pi-book', codes: OP_CODES.lists },
  { label: '商圈', path: '/operation/system/tradeArea', icon: 'pi pi-map-marker', codes: OP_CODES.lists },
  { label: '企业标签', path: '/operation/system/label', icon: 'pi pi-tags', codes: OP_CODES.lists },
  { label: '质保条款', path: '/operation/system/warranty', icon: 'pi pi-verified', codes: OP_CODES.warranty },
  // 汽配城, 汽配联盟, 包邮城市 and 公共页面 (docs/platform-settings.md)
  { label: '汽配城', path: '/operation/system/autopartsCity', icon: 'pi pi-building', codes: OP_CODES.platformSettingsRead },
  { label: '汽配联盟', path: '/operation/system/autopartsAlliance', icon: 'pi pi-sitemap', codes: OP_CODES.platformSettingsRead },
  { label: '包邮城市', path: '/operation/system/freeCity', icon: 'pi pi-truck', codes: OP_CODES.platformSettingsRead },
  { label: '公共页面', path: '/operation/system/pub', icon: 'pi pi-file', codes: OP_CODES.platformSettingsRead },
  { label: 'ERP 产品', path: '/operation/system/erps', icon: 'pi pi-database', codes: ERP_OP_CODES.products },
  { label: '汇率', path: '/operation/system/exchangerate', icon: 'pi pi-money-bill', codes: OP_CODES.notice },
  { label: '公告与短信模板', path: '/operation/system/notice', icon: 'pi pi-megaphone', codes: OP_CODES.notice },
  // 微信模板消息 and 批量工具 (docs/wechat.md, docs/batch-jobs.md)
  { label: '微信模板消息', path: '/operation/system/notice/wechat', icon: 'pi pi-comment', codes: OP_CODES.wechat },
  { label: '批量工具', path: '/operation/system/batchtools', icon: 'pi pi-sync', codes: OP_CODES.batch },
  { label: '操作日志', path: '/operation/system/logs', icon: 'pi pi-history', codes: OP_CODES.logs },
];

export const visibleEntries = (entries: readonly MenuEntry[], user: MenuUser | null): MenuEntry[] =>
  entries.filter((e) => {
    if ((e.auth || e.codes || e.headCompanyOnly) && !user) return false;
    if (e.headCompanyOnly && user?.company_id !== HEAD_COMPANY_ID) return false;
    if (e.buyersOnly && (user?.is_seller !== false || user.company_id === HEAD_COMPANY_ID)) return false;
    if (e.sellersOnly && user?.is_seller !== true) return false;
    if (e.vnOnly && user?.country !== 'VN') return false;
    if (e.cnOnly && user?.country === 'VN') return false;
    if (e.unlessCodes && hasAnyPermission(user?.permissions ?? [], e.unlessCodes)) return false;
    if (e.walletHolder && !(user && mayBuyPackage({ is_owner: user.is_owner ?? false, permissions: user.permissions }))) return false;
    return !e.codes || hasAnyPermission(user?.permissions ?? [], e.codes);
  });
