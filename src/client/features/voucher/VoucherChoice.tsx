/**
 * The checkout's vouchers (docs/vouchers.md): for the lines the page shows, the server's options
 * per seller order and the best choice for the whole checkout, applied by itself; the buyer may
 * pick another voucher or 不使用优惠券 per order. A voucher chosen for one order is not offered to
 * another. The page sends `vouchers` and the total less the discounts; the server checks both.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatChina } from '../../../shared/domain/china-time';
import { formatDate, formatYuan } from '../../i18n/format';
import { useLang, useT } from '../../i18n/lang';
import { refusalText } from '../../i18n/refusals';
import { Refusal } from '../../i18n/Refusal';
import type { VoucherCheckout } from '../../../shared/contracts/voucher';
import { voucherCheckoutQuery } from './queries';
import './voucher.css';

type Group = VoucherCheckout['groups'][number];

/** The choices of a checkout: the best by default, the buyer's once changed. */
export function useCheckoutVouchers(lineIds: number[], typeCode: '配件产品' | '临时产品') {
  const q = useQuery({ ...voucherCheckoutQuery({ cart_ids: lineIds.join(','), type_code: typeCode }), enabled: lineIds.length > 0 });
  /** seller → claim id (0: none); undefined until the buyer changes one */
  const [picked, setPicked] = useState<Record<number, number> | undefined>(undefined);
  const groups = useMemo(() => q.data?.groups ?? [], [q.data]);
  const chosen: Record<number, number> = useMemo(() => {
    const best = Object.fromEntries(groups.map((g) => [g.company_id, g.best_claim_id]));
    if (!picked) return best;
    // a choice the server no longer offers (used elsewhere, expired) falls back to none
    return Object.fromEntries(groups.map((g) => {
      const c = picked[g.company_id] ?? 0;
      return [g.company_id, g.options.some((o) => o.claim_id === c && o.discount_fen > 0) ? c : 0];
    }));
  }, [groups, picked]);
  const discountOf = (sellerId: number) => {
    const g = groups.find((x) => x.company_id === sellerId);
    return g?.options.find((o) => o.claim_id === chosen[sellerId])?.discount_fen ?? 0;
  };
  return {
    ready: !q.isPending || lineIds.length === 0,
    groupOf: (sellerId: number) => groups.find((g) => g.company_id === sellerId),
    chosen,
    discountOf,
    discountTotal: groups.reduce((s, g) => s + discountOf(g.company_id), 0),
    choose: (sellerId: number, claimId: number) => setPicked({ ...chosen, [sellerId]: claimId }),
    /** the call's `vouchers` */
    payload: Object.entries(chosen).filter(([, c]) => c > 0).map(([s, c]) => ({ company_id: Number(s), claim_id: c })),
    /** read again after a refusal (a voucher used or expired meanwhile) */
    refetch: () => { setPicked(undefined); void q.refetch(); },
  };
}
export type CheckoutVouchers = ReturnType<typeof useCheckoutVouchers>;

/** One seller order's voucher row: a select of its usable vouchers, 不使用优惠券, and what it takes off. */
export function VoucherChoice({ group, sellerName, vouchers }: { group: Group | undefined; sellerName: string; vouchers: CheckoutVouchers }) {
  const t = useT();
  const lang = useLang();
  if (!group) return null;
  const money = (fen: number) => formatYuan(lang, fen);
  const usable = group.options.filter((o) => o.discount_fen > 0);
  const id = `voucher-${group.company_id}`;
  const current = vouchers.chosen[group.company_id] ?? 0;
  const takenElsewhere = new Set(Object.entries(vouchers.chosen).filter(([s, c]) => Number(s) !== group.company_id && c > 0).map(([, c]) => c));
  const off = vouchers.discountOf(group.company_id);
  if (usable.length === 0) {
    const near = group.options.find((o) => o.reason.startsWith('未满'));
    return (
      <div className="voucher-choice" data-testid="voucher-choice">
        <label htmlFor={id}>{t('优惠券')}</label>
        <span className="muted" id={id}>{near
          ? <>{t('暂无可用')}（<span data-user-text>{near.name}</span>：<Refusal text={near.reason} />）</>
          : t('暂无可用的优惠券')}</span>
      </div>
    );
  }
  return (
    <div className="voucher-choice" data-testid="voucher-choice">
      <label htmlFor={id}>{t('优惠券')}</label>
      <select id={id} value={current} aria-label={t('{{sellerName}} 订单的优惠券', { sellerName })} onChange={(e) => vouchers.choose(group.company_id, Number(e.target.value))}>
        <option value={0}>{t('不使用优惠券')}</option>
        {/* the voucher's name and terms as its issuer set them (data); the sentence around them translated */}
        {usable.map((o) => {
          const vars = {
            kind: o.issuer_name === '平台' ? t('平台券') : t('店铺券'), name: o.name, offer: refusalText(o.offer), off: money(o.discount_fen),
            until: lang === 'zh' ? formatChina(o.valid_until, 'MM-DD') : formatDate(lang, o.valid_until),
          };
          return (
            <option key={o.claim_id} value={o.claim_id} disabled={takenElsewhere.has(o.claim_id)}>
              {takenElsewhere.has(o.claim_id) ? t('{{kind}} {{name}}（{{offer}}）减{{off}}，{{until}}到期，已用于其他订单', vars) : t('{{kind}} {{name}}（{{offer}}）减{{off}}，{{until}}到期', vars)}
            </option>
          );
        })}
      </select>
      {off > 0 && <span className="voucher-off" data-testid="voucher-off">−{money(off)}</span>}
      {current === group.best_claim_id && off > 0 && <span className="muted">{t('已为您选择最优惠的券')}</span>}
    </div>
  );
}
