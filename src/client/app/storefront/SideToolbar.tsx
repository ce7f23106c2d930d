import { useRef, type RefObject } from 'react';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useQuery } from '@tanstack/react-query';
import type { Toast } from 'primereact/toast';
import { msg } from '../../../shared/messages';
import { configQuery, SITE_KEYS } from '../../features/system/queries';
import { promptInstall, useInstallState } from '../../pwa/install';
import { QrCode } from '../../ui/QrCode';
import { CartToolbarLink } from '../../features/cart/CartToolbarLink';
import { ChatToolbarButton } from '../../features/im/ChatToolbarButton';
import { openChat } from '../../features/im/open-chat';
import { serviceUsersOf } from '../../features/im/chat-rules';
import { useRouteContext } from '@tanstack/react-router';
import { useT } from '../../i18n/lang';

/**
 * The fixed toolbar on the right (requirements 000-2, 001-2-3): cart with count, chat with unread dot, online consult, the
 * installable client, the mobile app (this PWA opened on a phone: a QR code of the site, added to
 * the home screen there), the WeChat mini-program code when the operators have set one
 * (system parameter wx_miniprogram_qr: WeChat issues that image, we cannot draw it), back to top.
 * On a phone (under 640 px) only 顶部 shows: the cart is in the header, the rest in the menu drawer
 * (StorefrontDrawer) or the phone pages' tab bar.
 */
export function SideToolbar({ toast }: { toast: RefObject<Toast | null> }) {
  const t = useT();
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  const install = useInstallState();
  const mobile = useRef<OverlayPanel>(null);
  const mini = useRef<OverlayPanel>(null);
  const siteUrl = window.location.origin + '/';
  const info = (summary: string) => toast.current?.show({ severity: 'info', summary, life: 3000 });
  // 在线咨询: a chat with the service staff on duty (im_service_user); else the operators' web consult page; else not configured
  const service = useQuery(configQuery(['im_service_user']));
  const { session } = useRouteContext({ from: '__root__' });
  const consult = () => {
    const onDuty = serviceUsersOf(service.data?.im_service_user);
    if (onDuty.length > 0 && onDuty[0] !== session.user?.uuid) openChat(!!session.user, onDuty[0]);
    else if (site?.baidu_shangqiao) window.open(site.baidu_shangqiao, '_blank', 'noopener');
    else info(t(msg.consultNotConfigured));
  };
  const client = async () => {
    if (install === 'standalone') info(t(msg.clientInstalled));
    else if (install === 'installable') {
      if (await promptInstall()) info(t(msg.clientInstalledNow));
    } else info(t(msg.clientInstallHint));
  };
  return (
    <div className="side-toolbar" aria-label={t('工具栏')}>
      <CartToolbarLink />
      <ChatToolbarButton />
      <button type="button" title={t('在线咨询')} aria-label={t('在线咨询')} onClick={consult}><i className="pi pi-headphones" /><span>{t('在线咨询')}</span></button>
      <button type="button" title={install === 'standalone' ? t(msg.clientInstalled) : t('安装客户端')} aria-label={install === 'standalone' ? t('已安装') : t('客户端')} onClick={() => void client()} data-install={install}>
        <i className={install === 'standalone' ? 'pi pi-check-circle' : 'pi pi-download'} /><span>{install === 'standalone' ? t('已安装') : t('客户端')}</span>
      </button>
      <button type="button" title={t('手机版')} aria-label={t('手机版')} aria-haspopup="dialog" onClick={(e) => mobile.current?.toggle(e)}><i className="pi pi-mobile" /><span>{t('手机版')}</span></button>
      <OverlayPanel ref={mobile} className="mobile-app-panel" aria-label={t('手机版')}>
        <QrCode text={siteUrl} size={140} label={t('手机访问 {{siteUrl}}', { siteUrl })} />
        <p>{t(msg.mobileAppHint)}</p>
      </OverlayPanel>
      {site?.wx_miniprogram_qr && (
        <>
          <button type="button" title={t('小程序')} aria-label={t('小程序')} aria-haspopup="dialog" onClick={(e) => mini.current?.toggle(e)}><i className="pi pi-qrcode" /><span>{t('小程序')}</span></button>
          <OverlayPanel ref={mini} className="mobile-app-panel" aria-label={t('小程序')}>
            <img src={site.wx_miniprogram_qr} alt={t('汽配汇小程序码')} width={140} height={140} />
            <p>{t(msg.miniProgramHint)}</p>
          </OverlayPanel>
        </>
      )}
      <button type="button" className="side-toolbar-top" title={t('返回顶部')} aria-label={t('返回顶部')} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}><i className="pi pi-arrow-up" /><span>{t('顶部')}</span></button>
    </div>
  );
}
