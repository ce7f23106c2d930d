import { createFileRoute } from '@tanstack/react-router';
import { t } from '../../../../i18n/lang';

/** The VIN box lives in the search page's VIN查询 tab above; this page says what the tile flow does. */
export const Route = createFileRoute('/_store/search/newvin/')({
  component: () => (
    <section className="card">
      <h3 style={{ marginTop: 0 }}>{t('VIN查询 · 分步图块')}</h3>
      <p style={{ marginBottom: 0 }}>{t('输入17位车架号，按步骤选择：解析结果 → 主组 → 分组 → 配件；每一步都可以按配件名称在整车中查找。')}</p>
    </section>
  ),
});
