import { createFileRoute } from '@tanstack/react-router';
import { t } from '../../../../i18n/lang';

/** The VIN box lives in the search page's VIN查询 tab above; this page says what the classic view does. */
export const Route = createFileRoute('/_store/search/vin/')({
  component: () => (
    <section className="card">
      <h3 style={{ marginTop: 0 }}>{t('VIN查询 · 目录树')}</h3>
      <p style={{ marginBottom: 0 }}>{t('输入17位车架号：解析制造商、国家和年款，核对校验位，匹配车型库中的车型，再按主组和分组的目录树查看配件、单车用量和卖家库存。')}</p>
    </section>
  ),
});
