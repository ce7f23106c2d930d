import { Link, Outlet } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery, SITE_KEYS } from '../../features/system/queries';
import { LangSwitch } from '../../features/lang/LangSwitch';
import { useT } from '../../i18n/lang';

/** Login pages: brand, the service hotline and the language switch. */
export function LoginLayout() {
  const t = useT();
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  return (
    <div className="login-page">
      <div className="login-top">
        <Link to="/" className="brand"><img src="/icons/icon-192.png" alt="" style={{ width: '2rem' }} /> <span data-user-text>{site?.system_name ?? t('汽配汇')}</span></Link>
        <span><i className="pi pi-phone" /> {t('客服热线')} <strong>{site?.system_phone ?? ''}</strong> <LangSwitch /></span>
      </div>
      <Outlet />
    </div>
  );
}
