import { createFileRoute } from '@tanstack/react-router';
import { SearchHistoryPanel } from '../../../../features/search/SearchHistoryPanel';
import { t } from '../../../../i18n/lang';

export const Route = createFileRoute('/_store/search/dismantle/')({
  component: () => (
    <section className="card">
      <h3 style={{ marginTop: 0 }}>{t('最近搜索')}</h3>
      <SearchHistoryPanel />
    </section>
  ),
});
