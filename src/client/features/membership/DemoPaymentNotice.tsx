import { useQuery } from '@tanstack/react-query';
import { membershipMsg as m } from '../../../shared/messages';
import { packagesQuery } from './queries';

/** While the sandbox is the payment provider, every payment page says so: 演示支付，不会真实扣款. */
export function DemoPaymentNotice({ force = false }: { force?: boolean }) {
  const packages = useQuery({ ...packagesQuery(), enabled: !force });
  if (!force && !packages.data?.demo_payment) return null;
  return <div className="card demo-payment" role="note" data-testid="demo-payment"><i className="pi pi-info-circle" /> {m.demoPayment}</div>;
}
