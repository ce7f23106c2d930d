import { Steps } from 'primereact/steps';

const STEPS = [{ label: '选择套餐' }, { label: '确认订单' }, { label: '支付' }, { label: '开通成功' }];

/** Where the buyer is in the upgrade: package → order → payment → done. */
export function PaySteps({ active }: { active: number }) {
  return <Steps model={STEPS} activeIndex={active} readOnly className="pay-steps" />;
}
