import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import type { StockRow } from '../../../shared/contracts';
import { CART_CODES } from '../../../shared/contracts/codes';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { nav } from '../../api/navigation';
import { useCartWrite } from './mutations';
import { useT } from '../../i18n/lang';

/**
 * 加入购物车 on a search result row: one piece of that stock row (adding it again adds one more).
 * A guest goes to the login page and comes back; the company's own stock, rows without stock and
 * users without the cart codes get no button. The server decides in any case. `labelled`: with its
 * words beside the icon (the phone's result cards have the room a table cell lacks).
 */
export function AddToCartButton({ row, labelled }: { row: StockRow; labelled?: boolean }) {
  const t = useT();
  // the user alone (the root's context is a new object on every navigation: 50 rows redrew with each search)
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const write = useCartWrite();
  const [state, setState] = useState<'idle' | 'busy' | 'added' | 'queued'>('idle');
  if (user && row.company_id === user.company_id) return <span className="muted">{t('本公司')}</span>;
  if (row.quantity <= 0) return <span className="muted">{t('无货')}</span>;
  if (user && !hasAnyPermission(user.permissions, CART_CODES)) return null;
  const add = async () => {
    if (!user) {
      nav.assign(`/login?redirect=${encodeURIComponent(nav.here())}`);
      return;
    }
    setState('busy');
    try {
      const outcome = await write('cartAdd', { stock_id: row.id, qty: 1 });
      setState(outcome === 'sent' ? 'added' : 'queued');
      if (outcome === 'sent') setTimeout(() => setState((s) => (s === 'added' ? 'idle' : s)), 2500);
    } catch {
      setState('idle');
    }
  };
  const added = state === 'added';
  const busy = state === 'busy';
  const label = labelled ? (added ? t('已加入') : t('加入购物车')) : undefined;
  // PrimeReact Button's markup and classes, without the component: a result page draws 50 of
  // these, and the component's pass-through props and ripple were a large part of drawing a row
  const classes = ['p-button p-component p-button-sm', label ? '' : 'p-button-icon-only p-button-rounded', added ? 'p-button-success' : 'p-button-outlined',
    busy ? 'p-button-loading p-disabled' : '', busy && label ? 'p-button-loading-left' : ''].filter(Boolean).join(' ');
  const icon = busy ? 'pi pi-spinner pi-spin p-button-loading-icon' : added ? 'pi pi-check' : 'pi pi-cart-plus';
  return (
    <span className="add-to-cart">
      <button type="button" className={classes} disabled={busy} title={added ? t('已加入购物车，再点一次加1件') : t('加入购物车')} onClick={() => void add()}
        aria-label={`${added ? t('已加入') : t('加入购物车')} ${row.supplier_oe} ${row.company_name}`}>
        <span className={`p-button-icon p-c ${icon}${label ? ' p-button-icon-left' : ''}`} />
        {/* an icon-only button has its size from the table's CSS, not from a blank label */}
        {label && <span className="p-button-label p-c">{label}</span>}
      </button>
      {state === 'queued' && <small role="status" className="muted">{t('离线，联网后自动加入')}</small>}
    </span>
  );
}
