import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery, pubLinksQuery, SITE_KEYS } from '../../features/system/queries';
import { QrCode } from '../../ui/QrCode';
import { useT, mark } from '../../i18n/lang';

const PROMISES = [
  { icon: 'pi pi-verified', title: mark('正品保障'), text: mark('卖家实名认证，原厂件单独标注') },
  { icon: 'pi pi-truck', title: mark('极速发货'), text: mark('多仓就近发货，现货当天出库') },
  { icon: 'pi pi-comments', title: mark('在线询价'), text: mark('一次询价，多家卖家同时报价') },
  { icon: 'pi pi-shield', title: mark('售后无忧'), text: mark('质量问题平台介入，退换有保障') },
];

/** Footer (requirements 000-2): four service promises, hotline, links, the QR code of the mobile site. */
export function SiteFooter() {
  const t = useT();
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  const { data: pages } = useQuery(pubLinksQuery());
  const siteUrl = typeof window === 'undefined' ? '' : window.location.origin + '/';
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="promises">
          {PROMISES.map((p) => (
            <div key={p.title}><i className={p.icon} aria-hidden="true" /><strong>{t(p.title)}</strong><small>{t(p.text)}</small></div>
          ))}
        </div>
        <div className="footer-body">
          <div>
            <p className="footer-hotline"><i className="pi pi-phone" /> {t('客服热线')} <strong>{site?.system_phone ?? ''}</strong>{t('（工作日 8:30-18:00）')}</p>
            <p className="footer-links">
              <Link to="/protocol">{t('用户协议')}</Link>
              <Link to="/datenschutz">{t('隐私政策')}</Link>
              <Link to="/shareInfo">{t('第三方信息共享清单')}</Link>
              <a href="/api/openapi.json">{t('开放接口')}</a>
              {pages?.map((p) => <Link key={p.slug} to="/pub/$slug" params={{ slug: p.slug }} data-user-text>{p.title}</Link>)}
            </p>
            <p data-user-text>© 2026 {site?.system_name ?? t('汽配汇')} · {site?.system_icp_number ?? ''}</p>
          </div>
          {siteUrl && (
            <figure className="footer-qr">
              <QrCode text={siteUrl} size={96} label={t('手机访问 {{siteUrl}}', { siteUrl })} />
              <figcaption>{t('手机扫码访问')}<br />{t('可添加到主屏幕')}</figcaption>
            </figure>
          )}
        </div>
      </div>
    </footer>
  );
}
