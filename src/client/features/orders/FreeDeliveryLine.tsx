/**
 * 满X元包邮 at checkout (docs/platform-settings.md#free-delivery-cities): when the delivery address
 * lies in a city with an enabled 包邮城市 rule, each seller's group says the rule and whether its
 * amount (after vouchers) reaches it. Orders have no delivery fee, so nothing is added or taken off
 * the totals: the line tells the buyer the platform's promise, nothing more.
 */
import { useQuery } from '@tanstack/react-query';
import { addressInCity } from '../../../shared/domain/platform-settings';
import { useMoney } from '../currency/queries';
import { useT } from '../../i18n/lang';
import { freeCityRulesQuery } from './queries';

export function FreeDeliveryLine({ address, amountFen }: { address: string; amountFen: number }) {
  const t = useT();
  const { format } = useMoney();
  const rules = useQuery(freeCityRulesQuery());
  const rule = address.trim() ? rules.data?.find((r) => addressInCity(address, r.province, r.city)) : undefined;
  if (!rule) return null;
  const short = rule.min_order_fen - amountFen;
  return (
    <p className="checkout-free-delivery" data-testid="free-delivery">
      <i className="pi pi-truck" aria-hidden="true" />{' '}
      {rule.min_order_fen === 0
        ? t('{{city}}全场包邮', { city: rule.city })
        : t('满 {{amount}} 包邮（{{city}}）', { amount: format(rule.min_order_fen), city: rule.city })}
      {' · '}
      {short <= 0 ? <strong>{t('本单已满足')}</strong> : t('还差 {{amount}}', { amount: format(short) })}
    </p>
  );
}
