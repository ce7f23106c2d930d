/**
 * One voucher as a coupon card (docs/vouchers.md): the offer large on the left (¥20 or 9折), its
 * name, issuer, scope and dates on the right, and what the page puts beside it (领取, the order).
 */
import type { ReactNode } from 'react';
import { formatChina } from '../../../shared/domain/china-time';
import { voucherOffer, type VoucherTerms } from '../../../shared/domain/vouchers';
import './voucher.css';

type CardTerms = Pick<VoucherTerms, 'kind' | 'amount_fen' | 'percent_off' | 'cap_fen' | 'min_order_fen' | 'issuer_company_id'>;

/** the big figure of the card: ¥20 or 9折 */
const figure = (t: CardTerms) => {
  if (t.kind === 'amount') return <><small>¥</small>{t.amount_fen % 100 === 0 ? t.amount_fen / 100 : (t.amount_fen / 100).toFixed(2)}</>;
  const tenths = 100 - t.percent_off;
  return <>{tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}<small>折</small></>;
};

export function VoucherCard({ terms, name, issuerName, sellerNames, categoryNames, from, until, muted, children, testId }: {
  terms: CardTerms; name: string; issuerName: string; sellerNames: string; categoryNames: string;
  /** unix seconds the voucher is usable from and until (0: not shown) */
  from: number; until: number; muted?: boolean; children?: ReactNode; testId?: string;
}) {
  const platform = terms.issuer_company_id === null;
  return (
    <article className={`voucher-card${muted ? ' muted' : ''}${platform ? ' platform' : ''}`} aria-label={`${name}：${voucherOffer(terms)}`} data-testid={testId}>
      <div className="voucher-figure">
        <strong>{figure(terms)}</strong>
        <span>{terms.min_order_fen > 0 ? `满${terms.min_order_fen / 100}元可用` : '无门槛'}</span>
      </div>
      <div className="voucher-body">
        <div className="voucher-name"><span className="voucher-tag">{platform ? '平台券' : '店铺券'}</span>{name}</div>
        <div className="voucher-offer">{voucherOffer(terms)}</div>
        <div className="muted voucher-scope">
          {platform ? (sellerNames ? `限 ${sellerNames} 的订单` : '全平台卖家可用') : `限 ${issuerName} 的订单`}
          {categoryNames ? `；限 ${categoryNames}` : ''}
        </div>
        {until > 0 && <div className="muted voucher-dates">{from > 0 ? `${formatChina(from, 'YYYY-MM-DD')} 至 ` : '有效期至 '}{formatChina(until, 'YYYY-MM-DD HH:mm')}</div>}
      </div>
      {children && <div className="voucher-side">{children}</div>}
    </article>
  );
}
