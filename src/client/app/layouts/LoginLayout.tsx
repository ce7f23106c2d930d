import { Link, Outlet } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery, SITE_KEYS } from '../../features/system/queries';

/** Login pages: brand and the service hotline. */
export function LoginLayout() {
  const { data: site } = useQuery(configQuery(SITE_KEYS));
  return (
    <div className="login-page">
      <div className="login-top">
        <Link to="/" className="brand"><img src="/icons/icon-192.png" alt="" style={{ width: '2rem' }} /> {site?.system_name ?? '汽配汇'}</Link>
        <span><i className="pi pi-phone" /> 客服热线 <strong>{site?.system_phone ?? ''}</strong></span>
      </div>
      <Outlet />
    </div>
  );
}
