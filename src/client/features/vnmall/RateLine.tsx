import { formatChina } from '../../../shared/domain/china-time';
import { vnText } from '../../../shared/domain/vn-mall';
import type { VnRate } from './types';

/** Today's rate as the mall sells at it, or why the mall does not sell today. */
export function RateLine({ rate }: { rate: VnRate | null }) {
  if (!rate) return null;
  if (rate.rate === null) {
    return (
      <p className="vn-rate missing" role="alert" data-testid="vn-rate">
        {vnText.noRateSeller}。{rate.last_rate !== null && <>最近一次汇率 {rate.last_rate}（{formatChina(rate.last_set_at, 'YYYY-MM-DD HH:mm')}），</>}请平台运营在 系统设置 → 汇率 公布今日汇率。
      </p>
    );
  }
  return <p className="vn-rate" data-testid="vn-rate">今日（{rate.day}）汇率：1 人民币 = <strong>{rate.rate}</strong> 越南盾</p>;
}
