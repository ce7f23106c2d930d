/** createApp(deps): middleware and module registration. Tests import this; main.ts serves it. */
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { ResultCode, walletText } from '../shared/contracts';
import { msg } from '../shared/messages';
import { serverVersion } from './db/client';
import type { AppDeps } from './http/context';
import { AppError, forbidden } from './http/errors';
import { mountEndpoints, ok, sendError, type Handlers } from './http/mount';
import { createBudgets } from './http/budgets';
import { mountFileRoute, type FileEdge } from './http/file-route';
import { buildOpenApi, buildPartnerOpenApi } from './http/openapi';
import { mountOpenReference } from './http/open-reference';
import { serveStatic } from './http/static';
import { securityHeaders } from './http/security-headers';
import { compressJson } from './http/compress';
import { enquiryHandlers } from './modules/enquiry/enquiry.routes';
import { addressHandlers } from './modules/address/address.routes';
import { createAddressService } from './modules/address/address.service';
import { createEnquiryService } from './modules/enquiry/enquiry.service';
import { translationHandlers } from './modules/translation/translation.routes';
import { createTranslationService } from './modules/translation/translation.service';
import { createAuthService } from './modules/auth/auth.service';
import { authHandlers } from './modules/auth/auth.routes';
import { systemHandlers } from './modules/system/system.routes';
import { createCompanyService } from './modules/company/company.service';
import { companyHandlers } from './modules/company/company.routes';
import { historyHandlers } from './modules/history/history.routes';
import { createSearchService } from './modules/search/search.service';
import { searchHandlers } from './modules/search/search.routes';
import { createSellerApplyService } from './modules/seller-apply/seller-apply.service';
import { sellerApplyHandlers } from './modules/seller-apply/seller-apply.routes';
import { createTradeCircleService } from './modules/circle/trade-circle.service';
import { createCircleStockService } from './modules/circle/circle-stock.service';
import { circleStockHandlers } from './modules/circle/circle-stock.routes';
import { tradeCircleHandlers } from './modules/circle/trade-circle.routes';
import { createSmsService } from './modules/sms/sms.service';
import { createSmsProvider } from './modules/sms/sms.provider';
import { createAccountService } from './modules/account/account.service';
import { accountHandlers } from './modules/account/account.routes';
import { createVinService } from './modules/vin/vin.service';
import { vinHandlers } from './modules/vin/vin.routes';
import { createIllustrationService } from './modules/illustration/illustration.service';
import { illustrationHandlers, serveSchematic } from './modules/illustration/illustration.routes';
import { createShopService } from './modules/shop/shop.service';
import { shopHandlers } from './modules/shop/shop.routes';
import { createUploadService } from './modules/upload/upload.service';
import { serveUpload, uploadHandlers } from './modules/upload/upload.routes';
import { createWantedService } from './modules/wanted/wanted.service';
import { wantedHandlers } from './modules/wanted/wanted.routes';
import { exchangeHandlers } from './modules/exchange/exchange.routes';
import { createPaymentProviders } from './modules/payment/payment.providers';
import { createMembershipService } from './modules/membership/membership.service';
import { membershipHandlers } from './modules/membership/membership.routes';
import { createCartService } from './modules/cart/cart.service';
import { cartHandlers } from './modules/cart/cart.routes';
import { createBasketService } from './modules/basket/basket.service';
import { createFollowService, processFollowChanges } from './modules/basket/follow.service';
import { basketHandlers } from './modules/basket/basket.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { createOrderMoney } from './modules/orders/order-payment.service';
import { ordersHandlers } from './modules/orders/orders.routes';
import { createVoucherService } from './modules/voucher/voucher.service';
import { voucherHandlers } from './modules/voucher/voucher.routes';
import { createPromoPlanService } from './modules/promo-plan/promo-plan.service';
import { promoPlanHandlers } from './modules/promo-plan/promo-plan.routes';
import { createActivityService } from './modules/activity/activity.service';
import { activityHandlers } from './modules/activity/activity.routes';
import { createOpenPartnerService } from './modules/open-partner/open-partner.service';
import { openPartnerHandlers } from './modules/open-partner/open-partner.routes';
import { createOpenService } from './modules/open/open.service';
import { openHandlers } from './modules/open/open.routes';
import { createOpenVerifier } from './modules/open/open.verifier';
import { serverKeyOf } from './modules/open/open.crypto';
import { createAfterSaleService } from './modules/aftersale/aftersale.service';
import { afterSaleHandlers } from './modules/aftersale/aftersale.routes';
import { createInvoiceService } from './modules/invoice/invoice.service';
import { invoiceHandlers } from './modules/invoice/invoice.routes';
import { createImService } from './modules/im/im.service';
import { imHandlers } from './modules/im/im.routes';
import { createImSocial } from './modules/im/im.social';
import { createRongService, rongText } from './modules/im/im.rong';
import { createRongOutbox } from './modules/im/rong-outbox';
import { createStockService } from './modules/stock/stock.service';
import { createStocktakeService } from './modules/stocktake/stocktake.service';
import { stocktakeHandlers } from './modules/stocktake/stocktake.routes';
import { stockHandlers } from './modules/stock/stock.routes';
import { vnMallHandlers } from './modules/vnmall/vnmall.routes';
import { createVnMallService } from './modules/vnmall/vnmall.service';
import { createOrganisationService } from './modules/organisation/organisation.service';
import { organisationHandlers } from './modules/organisation/organisation.routes';
import { createEnterpriseService } from './modules/enterprise/enterprise.service';
import { enterpriseHandlers } from './modules/enterprise/enterprise.routes';
import { createBackofficeService } from './modules/backoffice/backoffice.service';
import { backofficeHandlers } from './modules/backoffice/backoffice.routes';
import { createCustomerService } from './modules/customer/customer.service';
import { customerHandlers } from './modules/customer/customer.routes';
import { createBranchService } from './modules/customer/branch.service';
import { createMaintenanceService } from './modules/maintenance/maintenance.service';
import { maintenanceHandlers } from './modules/maintenance/maintenance.routes';
import { createWarehouseService } from './modules/warehouse/warehouse.service';
import { createRowLocationService } from './modules/warehouse/row-location.service';
import { createPickListService } from './modules/warehouse/pick-list.service';
import { warehouseHandlers } from './modules/warehouse/warehouse.routes';
import { createStockImportService } from './modules/stock/stock-import.service';
import { mountStockFileRoutes, stockImportHandlers } from './modules/stock/stock-import.routes';
import { importDirOf } from './modules/stock/stock-import.service';
import { operationHandlers } from './modules/operation/operation.routes';
import { createOpCompanyService } from './modules/operation/company.service';
import { createMembershipWatch } from './modules/membership/membership-watch';
import { createOpUsersService } from './modules/operation/users.service';
import { createPlatformService } from './modules/operation/platform.service';
import { createPrivilegeService } from './modules/operation/privilege.service';
import { createAdsService } from './modules/operation/ads.service';
import { operationSystemHandlers } from './modules/operation/operation-system.routes';
import { erpHandlers } from './modules/erp/erp.routes';
import { createErpService } from './modules/erp/erp.service';
import { openCompanyStats } from './modules/open/open.service';
import { createLevelsService } from './modules/operation/levels.service';
import { createNoticeTemplatesService } from './modules/operation/notice-templates.service';
import { createListsService } from './modules/operation/lists.service';
import { opCatalogueHandlers } from './modules/operation/catalogue.routes';
import { createOeCleanService } from './modules/operation/oe-clean.service';
import { opCompanyHandlers } from './modules/operation/operation-company.routes';
import { createMerchantsService } from './modules/operation/merchants.service';
import { createChatHistoryService } from './modules/operation/chat-history.service';
import { createOverseasService } from './modules/overseas/overseas.service';
import { overseasHandlers } from './modules/overseas/overseas.routes';
import { createQuickReplyOversight } from './modules/im/im.quick-replies';
import { createOversightService } from './modules/operation/oversight.service';
import { createReportService } from './modules/operation/report.service';
import { mountOpExportRoutes } from './modules/operation/export.routes';
import { mountOrderFileRoutes } from './modules/orders/orders.export';
import { opProductHandlers } from './modules/operation/product.routes';
import { opPromotionHandlers } from './modules/operation/promotion.routes';
import { opExhibitionHandlers } from './modules/operation/exhibition.routes';
import { createExhibitionService } from './modules/operation/exhibition.service';
import { opGroupHandlers } from './modules/operation/groups.routes';
import { createOpGroupsService } from './modules/operation/groups.service';
import { createPromotionService } from './modules/operation/promotion.service';
import { createProductService } from './modules/operation/product.service';
import { createBrandCleanService } from './modules/operation/brand-clean.service';
import { createOpCirclesService } from './modules/operation/circles.service';
import { opCircleHandlers } from './modules/operation/operation-circle.routes';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createLedgerHealth } from './modules/ledger/reconcile';
import { createWalletService } from './modules/wallet/wallet.service';
import { walletHandlers } from './modules/wallet/wallet.routes';
import { mountWalletFileRoutes } from './modules/wallet/wallet.export';
import { createVnWalletService } from './modules/vnwallet/vnwallet.service';
import { vnWalletHandlers } from './modules/vnwallet/vnwallet.routes';
import { createWithdrawalService } from './modules/withdrawal/withdrawal.service';
import { withdrawalHandlers } from './modules/withdrawal/withdrawal.routes';
import { createPayAccountsService } from './modules/operation/pay-accounts.service';
import { payAccountsHandlers } from './modules/operation/pay-accounts.routes';
import { sandboxPurposeHandlers, type PaymentPurpose } from './modules/payment/payment.purpose';
import { createBillService } from './modules/bill/bill.service';
import { billHandlers } from './modules/bill/bill.routes';
import { mountBillFileRoutes } from './modules/bill/bill.files';
import { createCashPledgeService } from './modules/cash-pledge/cash-pledge.service';
import { cashPledgeHandlers } from './modules/cash-pledge/cash-pledge.routes';
import { createPaidService } from './modules/paid-service/paid-service.service';
import { paidServiceHandlers } from './modules/paid-service/paid-service.routes';
import { createWarrantyService } from './modules/warranty/warranty.service';
import { warrantyHandlers } from './modules/warranty/warranty.routes';
import { createPlatformSettingsService } from './modules/platform-settings/platform-settings.service';
import { platformSettingsHandlers } from './modules/platform-settings/platform-settings.routes';
import { packagePurpose } from './modules/membership/membership.service';
import { mountPaymentRoutes } from './modules/payment/payment.notify';
import { createWebhookService } from './modules/webhook/webhook.service';
import { webhookHandlers } from './modules/webhook/webhook.routes';
import { createPointsService } from './modules/points/points.service';
import { pointsHandlers } from './modules/points/points.routes';
import { createBonusService } from './modules/bonus/bonus.service';
import { bonusHandlers } from './modules/bonus/bonus.routes';
import { createWechatService } from './modules/wechat/wechat.service';
import { createLogWechat } from './modules/wechat/wechat.provider';
import { wechatBindingHandlers, wechatHandlers } from './modules/wechat/wechat.routes';
import { createWechatBindingService } from './modules/wechat/wechat-binding.service';
import { createSandboxOAuth } from './modules/wechat/wechat.oauth';
import { createBatchService } from './modules/batch/batch.service';
import { batchHandlers } from './modules/batch/batch.routes';

const clientAddress = (deps: AppDeps) => (c: Context): string => {
  const injected = deps.addressOf?.(c.req.raw);
  if (injected) return injected;
  if (deps.trustProxy) {
    // the rightmost entry is the one our own proxy appended; anything left of it the client wrote
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

export const createApp = (deps: AppDeps) => {
  const app = new Hono();
  const auth = createAuthService(deps);
  const smsProvider = deps.sms ?? createSmsProvider({ provider: 'log' }, deps.log ?? (() => undefined));
  const sms = createSmsService({ clock: deps.clock, sms: smsProvider, log: deps.log });
  const uploads = createUploadService({ uploadDir: deps.uploadDir, clock: deps.clock });
  const payments = createPaymentProviders(deps.clock, { sandboxEnabled: deps.paymentSandbox ?? false, alipay: deps.alipay, log: deps.log });
  const cart = createCartService(deps.clock);
  const company = createCompanyService(deps.clock);
  const rong = createRongService({ clock: deps.clock, db: deps.db, rong: deps.rongcloud, push: (id, ev) => deps.pushToUser?.(id, ev), log: deps.log });
  const outbox = deps.rongcloud ? createRongOutbox({ db: deps.db, rong: deps.rongcloud, clock: deps.clock, log: deps.log }) : undefined;
  const im = createImService({ outbox, clock: deps.clock, db: deps.db, push: (id, ev) => deps.pushToUser?.(id, ev), isOnline: async (id) => (await deps.isOnline?.(id)) ?? false });
  const membership = createMembershipService(deps.clock, payments, im);
  // WeChat template messages (docs/wechat.md): the log provider unless one is given
  // the operators' batch jobs (docs/batch-jobs.md), run by server.ts
  const batch = createBatchService({ clock: deps.clock, log: deps.log });
  const wechat = createWechatService({ db: deps.db, clock: deps.clock, provider: deps.wechat ?? createLogWechat(deps.log ?? (() => undefined)), log: deps.log });
  // binding a user's WeChat: the sandbox's consent page unless the official account is configured
  const wechatBinding = createWechatBindingService({ clock: deps.clock, oauth: deps.wechatOAuth ?? createSandboxOAuth(), siteUrl: deps.wechatSiteUrl });
  // import files wait beside the uploaded images (DATA_DIR/uploads-imports), or in the temp folder
  const stockImport = createStockImportService({ clock: deps.clock, dir: importDirOf(deps.uploadDir), log: deps.log, quota: uploads.quota });
  const oversight = createOversightService({ clock: deps.clock });
  const reports = createReportService({ clock: deps.clock });
  const merchants = createMerchantsService({ clock: deps.clock });
  const products = createProductService({ clock: deps.clock });
  const vin = createVinService(deps.clock);
  const illustrations = createIllustrationService({ clock: deps.clock, vin });
  // the money ledger and the company wallet on it (docs/money.md); the start check's outcome goes to /api/health
  const ledger = createLedgerService(deps.clock);
  const ledgerHealth = createLedgerHealth();
  const wallet = createWalletService({ clock: deps.clock, ledger, providers: payments });
  // a Vietnamese company's dong wallet (docs/money.md#money-in-dong)
  const vnWallet = createVnWalletService({ clock: deps.clock, ledger, providers: payments });
  // paying goods orders online, payouts and refunds (docs/money.md, "Paying orders")
  const orderMoney = createOrderMoney({ clock: deps.clock, ledger, providers: payments, db: deps.db, log: deps.log, notices: im });
  const orders = createOrdersService({ clock: deps.clock, cart, membership, notices: im, money: orderMoney, wechat });
  const afterSales = createAfterSaleService({ clock: deps.clock, notices: im, money: orderMoney });
  // bank cards and withdrawals (docs/money.md, "Bank cards and withdrawals")
  const withdrawals = createWithdrawalService({ clock: deps.clock, ledger, wallet, notices: im });
  const membershipCalls = membershipHandlers(membership, payments);
  // monthly statements and sellers' cash pledges (docs/money.md#bills, #cash-pledges)
  const bills = createBillService({ clock: deps.clock, vnWallet });
  const cashPledges = createCashPledgeService({ clock: deps.clock, ledger, providers: payments, afterSales, notices: im });
  // what a payment can be for (docs/money.md, "Payment providers"): the sandbox's checkout, the
  // providers' notices and the payment sweep all find the purpose that owns an order number here
  // paid services: packs that raise a company's limits (docs/money.md#paid-services)
  const paidServices = createPaidService({ clock: deps.clock, ledger, providers: payments });
  const vouchers = createVoucherService({ clock: deps.clock, cart });
  const payAccounts = createPayAccountsService({ clock: deps.clock, ledger, providers: payments });
  // points and the points mall (docs/points.md)
  const points = createPointsService({ clock: deps.clock, notices: im });
  // activities (活动, docs/activities.md)
  const activities = createActivityService({ clock: deps.clock });
  // the performance bonus (docs/bonus.md)
  const bonus = createBonusService({ clock: deps.clock, ledger, wallet });
  const paymentPurposes: PaymentPurpose[] = [wallet.purpose, packagePurpose(membership), orderMoney.purpose, cashPledges.purpose, paidServices.purpose, vnWallet.purpose];
  const openServerKey = serverKeyOf(deps.openKeySecret);
  const vnMall = createVnMallService({ clock: deps.clock, afterSales, money: orderMoney, vnWallet });
  const enquiries = createEnquiryService({ clock: deps.clock, push: (id, ev) => deps.pushToUser?.(id, ev), cart, cards: im, wechat });
  const handlers: Handlers = {
    ...authHandlers(auth),
    ...systemHandlers(deps.clock),
    ...companyHandlers(company),
    ...historyHandlers(deps.clock),
    ...searchHandlers(createSearchService(deps.clock)),
    ...sellerApplyHandlers(createSellerApplyService(deps.clock, im)),
    ...tradeCircleHandlers(createTradeCircleService(deps.clock)),
    ...circleStockHandlers(createCircleStockService(deps.clock)),
    ...accountHandlers(createAccountService({ clock: deps.clock, auth, sms })),
    ...vinHandlers(vin),
    ...illustrationHandlers(illustrations),
    ...shopHandlers(createShopService(deps.clock)),
    ...uploadHandlers(uploads),
    ...wantedHandlers(createWantedService(deps.clock)),
    ...exchangeHandlers(),
    ...membershipCalls,
    // the sandbox's checkout and notice for every payment purpose above
    ...sandboxPurposeHandlers(payments, paymentPurposes, membershipCalls),
    ...walletHandlers(wallet),
    ...vnWalletHandlers(vnWallet),
    ...billHandlers(bills),
    ...cashPledgeHandlers(cashPledges),
    ...paidServiceHandlers(paidServices),
    // the platform warranty's terms (docs/warranty.md)
    ...warrantyHandlers(createWarrantyService({ clock: deps.clock })),
    // 汽配城, 汽配联盟, 包邮城市 and 公共页面 (docs/platform-settings.md)
    ...platformSettingsHandlers(createPlatformSettingsService({ clock: deps.clock })),
    ...withdrawalHandlers(withdrawals),
    ...payAccountsHandlers(payAccounts),
    ...cartHandlers(cart),
    ...basketHandlers(createBasketService(deps.clock, cart), createFollowService({ clock: deps.clock })),
    ...ordersHandlers(orders),
    ...voucherHandlers(vouchers),
    ...promoPlanHandlers(createPromoPlanService(deps.clock)),
    ...activityHandlers(activities),
    // the open platform's partner calls (docs/open-platform.md, "Partner calls")
    ...openPartnerHandlers(createOpenPartnerService({ clock: deps.clock, orders })),
    // API keys, scope bundles and the call log (docs/open-platform.md, "Keys and signing")
    ...openHandlers(createOpenService({ clock: deps.clock, serverKey: openServerKey })),
    ...stockHandlers(createStockService(deps.clock)),
    ...vnMallHandlers(vnMall),
    // 盘点 (docs/warehouse.md "Stocktake")
    ...stocktakeHandlers(createStocktakeService(deps.clock)),
    ...stockImportHandlers(stockImport),
    ...imHandlers(im, createImSocial({ clock: deps.clock, db: deps.db, push: (id, ev) => deps.pushToUser?.(id, ev), isOnline: async (id) => (await deps.isOnline?.(id)) ?? false, translator: deps.translator, rong: deps.rongcloud, log: deps.log, outbox }), rong),
    ...organisationHandlers(createOrganisationService({ clock: deps.clock, auth })),
    ...enterpriseHandlers(createEnterpriseService(deps.clock)),
    ...backofficeHandlers(createBackofficeService(company, deps.clock)),
    ...customerHandlers(createCustomerService(deps.clock), createBranchService(deps.clock)),
    // 保养套餐 (docs/maintenance.md)
    ...maintenanceHandlers(createMaintenanceService(deps.clock)),
    // 仓库设置, 库位 and 拣货单 (docs/warehouse.md)
    ...warehouseHandlers(createWarehouseService(deps.clock), createRowLocationService(deps.clock), createPickListService(deps.clock)),
    ...addressHandlers(createAddressService(deps.clock)),
    ...enquiryHandlers(enquiries),
    // translated lines under enquiries and the Vietnam mall's names (docs/i18n.md, "Translated lines")
    ...translationHandlers(createTranslationService({
      clock: deps.clock, translator: deps.translator, log: deps.log,
      sources: { enquiry: (db, caller, ids) => enquiries.readableTexts(db, caller, ids), vn_offer: (db, caller, ids) => vnMall.offerNames(db, caller, ids) },
    })),
    ...operationHandlers({
      companies: createOpCompanyService({ clock: deps.clock, auth, notices: im }),
      users: createOpUsersService({ clock: deps.clock, auth, sms: smsProvider, log: deps.log }),
      platform: createPlatformService({ clock: deps.clock }),
      privilege: createPrivilegeService({ clock: deps.clock }),
      ads: createAdsService({ clock: deps.clock }),
    }),
    ...operationSystemHandlers({
      levels: createLevelsService({ clock: deps.clock }), templates: createNoticeTemplatesService({ clock: deps.clock }), lists: createListsService({ clock: deps.clock }),
    }),
    ...opCatalogueHandlers({ oe: createOeCleanService({ clock: deps.clock }), oversight, reports }),
    ...opCompanyHandlers({ merchants, chat: createChatHistoryService({ clock: deps.clock }) }),
    // overseas (Vietnam) companies and the operator's 海外 pages (docs/overseas.md)
    ...overseasHandlers(createOverseasService({
      clock: deps.clock, auth, sms, vin, chat: createChatHistoryService({ clock: deps.clock }),
      users: createOpUsersService({ clock: deps.clock, auth, sms: smsProvider, log: deps.log }), quickReplies: createQuickReplyOversight({ clock: deps.clock }),
    })),
    ...opProductHandlers(products, createBrandCleanService({ clock: deps.clock })),
    ...opCircleHandlers(createOpCirclesService({ clock: deps.clock, notices: im })),
    ...opPromotionHandlers(createPromotionService({ clock: deps.clock })),
    ...opExhibitionHandlers(createExhibitionService({ clock: deps.clock, notices: im })),
    ...afterSaleHandlers(afterSales),
    // invoices (docs/money.md#invoices)
    ...invoiceHandlers(createInvoiceService({ clock: deps.clock, notices: im })),
    ...opGroupHandlers(createOpGroupsService({ clock: deps.clock, notices: im })),
    // webhooks for partners (docs/open-platform.md, "Webhooks"); the worker runs in server.ts
    ...webhookHandlers(createWebhookService({ clock: deps.clock, allowLoopback: deps.webhookAllowLoopback })),
    // ERP products, a company's ERP and the operator's company/yigou and company/erp (docs/open-platform.md)
    ...erpHandlers(createErpService({ clock: deps.clock, openStats: openCompanyStats })),
    ...pointsHandlers(points),
    ...bonusHandlers(bonus),
    ...wechatHandlers(wechat),
    ...wechatBindingHandlers(wechatBinding),
    ...batchHandlers(batch),
  };

  app.use('*', securityHeaders({ trustProxy: deps.trustProxy }));
  app.use('/api/*', compressJson());
  // bus: 'local' (one process) or 'redis'; bus_connected: whether the other processes are reached now
  app.get('/api/health', async (c) => {
    const health = {
      backend: deps.backend, server_version: await serverVersion(deps.db), bus: deps.bus?.kind ?? 'local', bus_connected: deps.bus?.connected() ?? true,
      // calls to RongCloud waiting in the outbox and those stuck after many failures (only with RongCloud configured)
      ...(outbox ? { rong_outbox: await outbox.status() } : {}),
      // the ledger's check at start (docs/operations.md, "Ledger check at start"): a failed check fails the health call
      ledger: ledgerHealth.status(),
    };
    if (health.ledger === 'failed') return c.json({ code: ResultCode.serverError, msg: walletText.ledgerCheckFailed, client_msg: walletText.ledgerCheckFailed, data: health }, 503);
    return c.json(ok(health));
  });
  const openapi = buildOpenApi();
  app.get('/api/openapi.json', (c) => c.json(openapi));
  // the partner API's document and its reference page (docs/open-platform.md, "The document")
  mountOpenReference(app, buildPartnerOpenApi());
  // the routes beside the endpoint table take the same budgets as its calls (http/file-route.ts)
  const budgets = createBudgets(deps);
  const edge: FileEdge = { deps, budgets, resolveCaller: (t) => auth.resolveCaller(t), addressOf: clientAddress(deps) };
  // images and schematics are shown by <img> without a token: the address budget only
  mountFileRoute(app, 'get', '/api/uploads/:name', edge, { name: 'uploaded image', access: 'public' }, ({ c }) => serveUpload(uploads)(c));
  mountFileRoute(app, 'get', '/api/epc/schematic/:file', edge, { name: 'schematic', access: 'public' }, ({ c }) => serveSchematic(illustrations, deps.db)(c));
  mountStockFileRoutes(app, edge, stockImport);
  mountOpExportRoutes(app, edge, { oversight, reports, products, afterSales, payAccounts, withdrawals, cashPledges, paidServices, vouchers, vnWallet, bills, vnMall });
  // purchase and sales order lists as XLSX (docs/api.md, "Routes outside the endpoint table")
  mountOrderFileRoutes(app, edge, orders);
  // the payment providers' notices and the payer's return from their pages (docs/money.md, "Payment providers")
  mountPaymentRoutes(app, edge, { providers: payments, purposes: paymentPurposes, log: deps.log ?? (() => undefined) });
  // the wallet's entries as XLSX (docs/money.md, "The wallet")
  mountWalletFileRoutes(app, edge, wallet);
  // a month's statement as XLSX or PDF (docs/money.md#bills)
  mountBillFileRoutes(app, edge, bills);
  // RongCloud's message-routing callback (全量消息路由): signed by RongCloud in its query; forged: refused, nothing stored
  app.post('/api/im/rongcloud/route', async (c) => {
    if (!deps.rongcloud) return sendError(c, new AppError(ResultCode.notFound, 404, msg.endpointNotFound));
    const q = { nonce: c.req.query('nonce'), signTimestamp: c.req.query('signTimestamp'), signature: c.req.query('signature') };
    if (!deps.rongcloud.verifyCallback(q)) {
      deps.log?.('warn', 'RongCloud routing callback with a wrong signature refused');
      return sendError(c, forbidden(rongText.signature));
    }
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    return c.json(ok(await rong.route(form)));
  });
  const open = createOpenVerifier({ db: deps.db, clock: deps.clock, serverKey: openServerKey, log: deps.log });
  mountEndpoints(app, { deps, handlers, resolveCaller: (t) => auth.resolveCaller(t), addressOf: clientAddress(deps), budgets, open });
  app.all('/api/*', (c) => sendError(c, new AppError(ResultCode.notFound, 404, msg.endpointNotFound)));
  if (deps.staticDir) app.get('*', serveStatic(deps.staticDir));
  app.onError((e, c) => {
    deps.log?.('error', `${c.req.method} ${c.req.path} failed`, e);
    return sendError(c, new AppError(ResultCode.serverError, 500, msg.internalError));
  });
  // the sweep's order jobs (docs/money.md, "Payouts"): receipt after the set days, provider refunds still to ask
  const orderJobs = {
    autoReceive: (now: Date) => orders.autoReceive(deps.db, now), settleRefunds: () => orderMoney.settleRefunds(deps.db),
    // spot orders not confirmed in time (spot-sweep.ts, docs/spot-goods.md)
    expireSpotOrders: (now: Date) => orders.expireSpotOrders(deps.db, now),
  };
  // the points sweep's run (points-sweep.ts, docs/points.md "Expiry")
  const pointsJobs = { sweep: (now: Date) => points.sweep(deps.db, now) };
  // the bonus sweep's run (bonus-sweep.ts, docs/bonus.md "Settlement")
  const bonusJobs = { sweep: (now: Date) => bonus.sweep(deps.db, now) };
  // WeChat messages a stopped server left pending (server.ts, docs/wechat.md)
  const wechatJobs = { deliverPending: () => wechat.deliverPending(deps.db) };
  // batch jobs started, or left running by a stopped server, run on (server.ts, docs/batch-jobs.md)
  const batchJobs = { runPending: () => batch.runPending(deps.db), stop: () => batch.stop() };
  // the activity sweep's run (activity-sweep.ts, docs/activities.md "The end")
  const activityJobs = { settle: (now: Date) => activities.settleEnded(deps.db, now) };
  // the follow worker's run (follow-sweep.ts, docs/basket-follows.md "Notices of followed parts")
  const followJobs = { process: () => processFollowChanges({ db: deps.db, clock: deps.clock, notices: im, log: deps.log }) };
  return { app, auth, stockImport, followJobs, pointsJobs, activityJobs, bonusJobs, wechatJobs, batchJobs, heavyGate: budgets.heavyGate, rongOutbox: outbox, ledgerHealth, payments: { providers: payments, purposes: paymentPurposes }, orderJobs, membershipWatch: createMembershipWatch({ db: deps.db, clock: deps.clock, notices: im }), notices: im };
};
