/**
 * /pub/<地址> (docs/platform-settings.md#public-pages): a published 公共页面 for anyone, signed in or
 * not — its title, publication day and plain-text body, one paragraph per blank-line-separated
 * block. A draft or an unknown address says so, with the way home.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatChina } from '../../../../shared/domain/china-time';
import { pubPageQuery } from '../../system/queries';
import { useT } from '../../../i18n/lang';
import { Refusal } from '../../../i18n/Refusal';
import { ApiError } from '../../../api/request';

export function PubPageView({ slug }: { slug: string }) {
  const t = useT();
  const q = useQuery(pubPageQuery(slug));
  const title = q.data?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载…')}</div>;
  if (q.isError) {
    return (
      <div className="card pub-missing" role="alert">
        <p>{q.error instanceof ApiError && q.error.code === 404 ? t('页面不存在或未发布') : <Refusal text={q.error.message} />}</p>
        <p><Link to="/">{t('返回首页')}</Link></p>
      </div>
    );
  }
  const paragraphs = q.data.body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <article className="card legal-body pub-page" data-testid="pub-page">
      <h1 data-user-text>{q.data.title}</h1>
      <p className="muted">{t('发布于 {{day}}', { day: formatChina(q.data.published_at, 'YYYY-MM-DD') })}</p>
      {paragraphs.map((p, i) => <p key={i} data-user-text style={{ whiteSpace: 'pre-line' }}>{p}</p>)}
    </article>
  );
}
