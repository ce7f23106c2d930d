import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../../lib/router-guard';
import { PURCHASE_ORDER_CODES } from '../../../../../shared/domain/orders';
import { PurchaseSearchForm } from '../../../../features/search/PurchaseSearch';
import { t } from '../../../../i18n/lang';

/** 采购记录查询 (docs/search.md, "Purchase history"): buyers, i.e. the purchase order codes */
export const Route = createFileRoute('/_store/search/purchase/')({
  beforeLoad: guardedBy({ auth: true, permissions: PURCHASE_ORDER_CODES }),
  component: () => (
    <section className="card more-search" aria-label={t('采购记录查询')}>
      <h2 className="more-title">{t('采购记录查询')}</h2>
      <p className="muted more-intro">{t('按OE号、名称、卖家和下单日期查找本公司买过的配件，可一键再次购买。不填条件直接查询列出全部采购记录。')}</p>
      <PurchaseSearchForm />
    </section>
  ),
});
