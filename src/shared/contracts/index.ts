import type * as v from 'valibot';
import './zh-messages';
import { userEndpoints } from './user';
import { systemEndpoints } from './system';
import { historyEndpoints } from './history';
import { searchEndpoints } from './search';
import { searchPageEndpoints } from './search-pages';
import { vinEndpoints } from './vin';
import { illustrationEndpoints } from './illustration';
import { sellerApplyEndpoints } from './seller-apply';
import { circleEndpoints } from './circle';
import { circleStockEndpoints } from './circle-stock';
import { accountEndpoints } from './account';
import { overseasEndpoints } from './overseas';
import { shopEndpoints } from './shop';
import { exchangeEndpoints } from './exchange';
import { uploadEndpoints } from './upload';
import { wantedEndpoints } from './wanted';
import { membershipEndpoints } from './membership';
import { cartEndpoints } from './cart';
import { orderEndpoints } from './orders';
import { imEndpoints } from './im';
import { stockEndpoints } from './stock';
import { organisationEndpoints } from './organisation';
import { stockImportEndpoints } from './stock-import';
import { enquiryEndpoints } from './enquiry';
import { addressEndpoints } from './address';
import { adEndpoints, opCatalogueEndpoints, operationEndpoints, opPayEndpoints, privilegeEndpoints } from './operation';
import { operationSystemEndpoints } from './operation-system';
import { operationWechatEndpoints } from './operation-wechat';
import { wechatBindingEndpoints } from './wechat-binding';
import { operationBatchEndpoints } from './operation-batch';
import { opCompanyEndpoints } from './operation-company';
import { opProductEndpoints } from './operation-product';
import { opCircleEndpoints } from './operation-circle';
import { opPayPromotionEndpoints } from './operation-pay';
import { opReportEndpoints } from './operation-report';
import { opExhibitionEndpoints } from './operation-exhibition';
import { afterSaleEndpoints, opAfterSaleEndpoints } from './aftersale';
import { opGroupEndpoints } from './operation-group';
import { walletEndpoints } from './wallet';
import { billEndpoints } from './bill';
import { vnBillEndpoints } from './vn-bill';
import { cashPledgeEndpoints } from './cash-pledge';
import { paidServiceEndpoints } from './paid-service';
import { warrantyEndpoints } from './warranty';
import { platformSettingsEndpoints } from './platform-settings';
import { invoiceEndpoints } from './invoice';
import { withdrawalEndpoints } from './withdrawal';
import { opPayMoneyEndpoints } from './operation-pay-money';
import { openPartnerEndpoints } from './open-partner';
import { openEndpoints } from './open';
import { erpEndpoints } from './erp';
import { webhookEndpoints } from './webhook';
import { customerEndpoints } from './customer';
import { maintenanceEndpoints } from './maintenance';
import { spotEndpoints } from './spot';
import { pointsEndpoints } from './points';
import { bonusEndpoints } from './bonus';
import { basketEndpoints } from './basket';
import { vnMallEndpoints } from './vn-mall';
import { translationEndpoints } from './translation';
import { vnWalletEndpoints } from './vn-wallet';
import { voucherEndpoints } from './voucher';
import { promoPlanEndpoints } from './promo-plan';
import { activityEndpoints } from './activity';
import { stocktakeEndpoints } from './stocktake';
import { warehouseEndpoints } from './warehouse';

export * from './envelope';
export * from './endpoint';
export * from './common';
export * from './user';
export * from './system';
export * from './history';
export * from './search';
export * from './search-pages';
export * from './vin';
export * from './illustration';
export * from './seller-apply';
export * from './circle';
export * from './circle-stock';
export * from './account';
export * from './shop';
export * from './exchange';
export * from './upload';
export * from './wanted';
export * from './membership';
export * from './cart';
export * from './orders';
export * from './im';
export * from './stock';
export * from './money-field';
export * from './page-size';
export * from './organisation';
export * from './stock-import';
export * from './enquiry';
export * from './address';
export * from './operation';
export * from './operation-system';
export * from './operation-wechat';
export * from './wechat-binding';
export * from './operation-batch';
export * from './operation-company';
export * from './operation-product';
export * from './operation-circle';
export * from './operation-pay';
export * from './operation-report';
export * from './operation-exhibition';
export * from './aftersale';
export * from './operation-group';
export * from './wallet';
export * from './bill';
export * from './vn-bill';
export * from './cash-pledge';
export * from './paid-service';
export * from './warranty';
export * from './platform-settings';
export * from './invoice';
export * from './withdrawal';
export * from './operation-pay-money';
export * from './open-partner';
export * from './open';
export * from './erp';
export * from './webhook';
export * from './customer';
export * from './maintenance';
export * from './spot';
export * from './points';
export * from './bonus';
export * from './basket';
export * from './vn-mall';
export * from './translation';
export * from './vn-wallet';
export * from './voucher';
export * from './promo-plan';
export * from './activity';
export * from './stocktake';
export * from './warehouse';
export * from './overseas';

/** The endpoint table: the one contract between client and server (docs/architecture.md, "The contract"). */
export const endpoints = {
  ...userEndpoints,
  ...systemEndpoints,
  ...historyEndpoints,
  ...searchEndpoints,
  ...searchPageEndpoints,
  ...vinEndpoints,
  ...illustrationEndpoints,
  ...sellerApplyEndpoints,
  ...circleEndpoints,
  ...circleStockEndpoints,
  ...accountEndpoints,
  ...shopEndpoints,
  ...exchangeEndpoints,
  ...uploadEndpoints,
  ...wantedEndpoints,
  ...membershipEndpoints,
  ...cartEndpoints,
  ...basketEndpoints,
  ...stocktakeEndpoints,
  ...orderEndpoints,
  ...imEndpoints,
  ...stockEndpoints,
  ...organisationEndpoints,
  ...stockImportEndpoints,
  ...enquiryEndpoints,
  ...addressEndpoints,
  ...operationEndpoints,
  ...privilegeEndpoints,
  ...adEndpoints,
  ...operationSystemEndpoints,
  ...operationWechatEndpoints,
  ...wechatBindingEndpoints,
  ...operationBatchEndpoints,
  ...opCatalogueEndpoints,
  ...opPayEndpoints,
  ...opPayPromotionEndpoints,
  ...opReportEndpoints,
  ...opExhibitionEndpoints,
  ...opGroupEndpoints,
  ...opCompanyEndpoints,
  ...opProductEndpoints,
  ...opCircleEndpoints,
  ...afterSaleEndpoints,
  ...opAfterSaleEndpoints,
  ...walletEndpoints,
  ...billEndpoints,
  ...vnBillEndpoints,
  ...cashPledgeEndpoints,
  ...paidServiceEndpoints,
  ...warrantyEndpoints,
  ...platformSettingsEndpoints,
  ...invoiceEndpoints,
  ...withdrawalEndpoints,
  ...opPayMoneyEndpoints,
  ...openPartnerEndpoints,
  ...openEndpoints,
  ...erpEndpoints,
  ...webhookEndpoints,
  ...customerEndpoints,
  ...maintenanceEndpoints,
  ...spotEndpoints,
  ...vnMallEndpoints,
  ...translationEndpoints,
  ...vnWalletEndpoints,
  ...voucherEndpoints,
  ...promoPlanEndpoints,
  ...activityEndpoints,
  ...pointsEndpoints,
  ...bonusEndpoints,
  ...warehouseEndpoints,
  ...overseasEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type PayloadIn<N extends EndpointName> = v.InferInput<Endpoints[N]['payload']>;
export type PayloadOut<N extends EndpointName> = v.InferOutput<Endpoints[N]['payload']>;
export type AnswerOf<N extends EndpointName> = v.InferOutput<Endpoints[N]['answer']>;
