import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { configQuery, SITE_KEYS } from '../../system/queries';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

const PAGES = [
  { to: '/protocol', label: '用户协议' },
  { to: '/datenschutz', label: '隐私政策' },
  { to: '/shareInfo', label: '第三方信息共享清单' },
] as const;

/** The frame of the three static pages: title, effective date, numbered sections, contact. */
export function LegalPage({ title, effective, intro, sections }: { title: string; effective: string; intro: ReactNode; sections: LegalSection[] }) {
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  const name = site?.system_name ?? '汽配汇';
  useEffect(() => {
    document.title = `${title} - ${name}`;
  }, [title, name]);
  return (
    <div className="legal">
      <nav className="card legal-nav" aria-label="平台规则">
        {PAGES.map((p) => <Link key={p.to} to={p.to} activeProps={{ className: 'active' }}>{p.label}</Link>)}
      </nav>
      <article className="card legal-body">
        <h1>{title}</h1>
        <p className="muted">生效日期：{effective}</p>
        <div className="legal-intro">{intro}</div>
        {sections.map((s, i) => (
          <section key={s.title}>
            <h2>{i + 1}. {s.title}</h2>
            {s.body}
          </section>
        ))}
        <section>
          <h2>{sections.length + 1}. 联系我们</h2>
          <p>汽配汇平台运营有限公司，广州市天河区珠江新城华夏路8号。客服热线 {site?.system_phone ?? ''}（工作日 8:30-18:00），我们将在 15 个工作日内答复您的请求。</p>
        </section>
      </article>
    </div>
  );
}
