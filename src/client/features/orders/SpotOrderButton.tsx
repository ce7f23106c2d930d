import { useState } from 'react';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import type { StockRow } from '../../../shared/contracts';
import { CART_CODES } from '../../../shared/contracts/codes';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { errorText } from '../../ui/form/form';
import { useSpotToCart } from './mutations';
import { useT } from '../../i18n/lang';
import './orders.css';

/**
 * 现货下单 on a spot result (docs/spot-goods.md): the row goes into the cart and the buyer to
 * /cart/order/spotCreate with that line, where the spot order is placed. Nothing for the company's
 * own rows, rows that are not spot or have no pieces, or users without the cart codes.
 */
export function SpotOrderButton({ row }: { row: StockRow }) {
  const t = useT();
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const navigate = useNavigate();
  const toCart = useSpotToCart();
  const [problem, setProblem] = useState('');
  if (!user || row.company_id === user.company_id || !row.spot || row.quantity <= 0 || !hasAnyPermission(user.permissions, CART_CODES)) return null;
  const start = async () => {
    setProblem('');
    try {
      const line = await toCart.mutateAsync(row.id);
      await navigate({ to: '/cart/order/spotCreate', search: { ids: String(line.id) } });
    } catch (e) {
      setProblem(errorText(e));
    }
  };
  return (
    <span className="spot-order">
      {/* PrimeReact Button's markup without the component, as 加入购物车 (a results page draws 50) */}
      <button type="button" className={`p-button p-component p-button-sm p-button-success${toCart.isPending ? ' p-disabled' : ''}`}
        disabled={toCart.isPending} onClick={() => void start()} title={t('现货下单：卖家确认后当天发货')} aria-label={t('现货下单 {{supplier_oe}} {{company_name}}', { supplier_oe: row.supplier_oe, company_name: row.company_name })}>
        <span className="p-button-icon p-c pi pi-bolt p-button-icon-left" />
        <span className="p-button-label p-c">{t('现货下单')}</span>
      </button>
      {problem && <small className="m-field-error" role="alert">{problem}</small>}
    </span>
  );
}
