import { Link, useRouteContext } from '@tanstack/react-router';
import { forbiddenMsg as m, msg } from '../../shared/messages';
import { HEAD_COMPANY_ID, hasAnyPermission, OPERATOR_CODES, PERMISSION_LABELS } from '../../shared/domain/permissions';
import { operatorCodeLabel } from '../../shared/domain/operation';
import type { ForbiddenError } from '../lib/router-guard';
import { BACKOFFICE_CODES } from './backoffice-rule';

/** A code in the words of the menu: 销售订单（M01-00）, 企业 · 企业列表（查看）（D02-01）. */
export const codeLabel = (code: string) => `${code.startsWith('D') ? operatorCodeLabel(code) : PERMISSION_LABELS[code] ?? code}（${code}）`;

/**
 * 无权访问 (docs/architecture.md, Guards): the page a signed-in user may not open says so in place,
 * with the permission it needs in words and who grants it, and links back to the home of the area
 * the user may enter (the back office, the operator platform or the storefront).
 */
export function Forbidden({ error }: { error: ForbiddenError }) {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const operatorPage = error.headCompanyOnly || error.path.startsWith('/operation');
  const outsider = operatorPage && user?.company_id !== HEAD_COMPANY_ID;
  const need = outsider ? [] : error.need;
  const codes = user?.permissions ?? [];
  const mayOpen = (home: string) =>
    home === '/backend' ? hasAnyPermission(codes, BACKOFFICE_CODES)
      : home === '/operation' ? user?.company_id === HEAD_COMPANY_ID && hasAnyPermission(codes, OPERATOR_CODES) : true;
  const home = error.areaHome !== error.path && mayOpen(error.areaHome) ? error.areaHome : mayOpen('/backend') && !operatorPage ? '/backend' : '/';
  return (
    <main className="forbidden card" role="alert" aria-labelledby="forbidden-title" data-testid="forbidden"
      style={{ maxWidth: '40rem', margin: '2rem auto', display: 'grid', gap: '0.6rem', padding: '1.5rem' }}>
      <div style={{ fontSize: '2.4rem', fontWeight: 800, color: '#1565c0' }} aria-hidden><i className="pi pi-lock" style={{ fontSize: '2rem' }} /> 403</div>
      <h1 id="forbidden-title" style={{ margin: 0, fontSize: '1.3rem' }}>{m.title}</h1>
      {outsider ? <p style={{ margin: 0 }}>{m.operatorOnly}</p> : need.length > 0 && (
        <div>
          <p style={{ margin: 0 }}>{need.length > 1 ? m.needOne : m.needThis}</p>
          <ul style={{ margin: '0.3rem 0 0', paddingLeft: '1.2rem' }} data-testid="forbidden-needs">
            {need.map((c) => <li key={c}>{codeLabel(c)}</li>)}
          </ul>
        </div>
      )}
      {!outsider && <p className="muted" style={{ margin: 0 }}>{operatorPage ? m.grantOperator : m.grantMember}</p>}
      <p style={{ margin: '0.4rem 0 0', display: 'flex', gap: '0.8rem', flexWrap: 'wrap' }}>
        <Link to={home} className="p-button p-component">{home === '/backend' ? m.backOffice : home === '/operation' ? m.operatorHome : msg.backHome}</Link>
        {home !== '/' && <Link to="/" className="p-button p-component p-button-outlined">{msg.backHome}</Link>}
      </p>
    </main>
  );
}
