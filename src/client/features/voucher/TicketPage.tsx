/**
 * 我的优惠券 (/ticket, docs/vouchers.md): the company's vouchers under 可用, 已使用 and 已过期 (a used
 * one names its order), and 领券: the platform's and sellers' vouchers being given now, each with
 * 领取 while the company may take one more (else why not). The checkout uses them by itself.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { VOUCHER_TAB_NAMES, VOUCHER_TABS, type VoucherTab } from '../../../shared/domain/vouchers';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { errorText } from '../../ui/form/form';
import { voucherCenterQuery, voucherMineQuery } from './queries';
import { useVoucherClaim } from './mutations';
import { VoucherCard } from './VoucherCard';
import './voucher.css';

const EMPTY: Record<VoucherTab, string> = {
  usable: '还没有可用的优惠券。在下面的“领券”中领取，结算时会自动使用最划算的一张。',
  used: '还没有用过优惠券。结算时会自动使用最划算的可用券。',
  expired: '没有过期的优惠券。',
};

export function TicketPage({ tab, onTab }: { tab: VoucherTab; onTab: (t: VoucherTab) => void }) {
  const mine = useQuery(voucherMineQuery({ tab, page_size: 100 }));
  const center = useQuery(voucherCenterQuery());
  const claim = useVoucherClaim();
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(0);

  const take = async (id: number, name: string) => {
    setBusy(id);
    try {
      await claim.mutateAsync({ payload: { template_id: id }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已领取“${name}”，可在“可用”中查看，结算时自动使用` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(0);
    }
  };

  const counts = mine.data?.counts;
  const offers = center.data?.data ?? [];
  return (
    <div className="ticket-page">
      <section className="card voucher-section" aria-label="我的优惠券">
        <h2>我的优惠券</h2>
        <div className="voucher-tabs" role="group" aria-label="优惠券状态">
          {VOUCHER_TABS.map((t) => (
            <button key={t} type="button" aria-pressed={t === tab} onClick={() => onTab(t)}>
              {VOUCHER_TAB_NAMES[t]}{counts ? `（${counts[t]}）` : ''}
            </button>
          ))}
        </div>
        {mine.isPending && <p aria-busy="true">正在加载…</p>}
        {mine.isError && <p role="alert">{errorText(mine.error)}</p>}
        {mine.data && mine.data.data.length === 0 && <p className="muted voucher-empty">{EMPTY[tab]}</p>}
        {mine.data && mine.data.data.length > 0 && (
          <div className="voucher-grid" data-testid="my-vouchers">
            {mine.data.data.map((c) => (
              <VoucherCard key={c.id} terms={c} name={c.name} issuerName={c.issuer_name} sellerNames={c.seller_names} categoryNames={c.category_names}
                from={c.valid_from} until={c.valid_until} muted={c.tab !== 'usable'} testId="my-voucher">
                {c.tab === 'usable' && <Link to="/search">去使用</Link>}
                {c.tab === 'used' && (
                  <>
                    <span>已使用 −{yuan(c.discount_fen)}</span>
                    {c.order_no && <Link to="/backend/order/detail/$orderNo" params={{ orderNo: c.order_no }}>{c.order_no}</Link>}
                    {c.used_at > 0 && <span className="muted">{formatChina(c.used_at, 'YYYY-MM-DD')}</span>}
                  </>
                )}
                {c.tab === 'expired' && <span>已过期</span>}
              </VoucherCard>
            ))}
          </div>
        )}
      </section>

      <section className="card voucher-section" aria-label="领券">
        <h2>领券</h2>
        {status && <p className={`voucher-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'}>{status.text}</p>}
        {center.isPending && <p aria-busy="true">正在加载…</p>}
        {center.isError && <p role="alert">{errorText(center.error)}</p>}
        {center.data && offers.length === 0 && <p className="muted voucher-empty">现在没有可领取的优惠券，平台和卖家发券后会出现在这里。</p>}
        {offers.length > 0 && (
          <div className="voucher-grid" data-testid="voucher-center">
            {offers.map((o) => (
              <VoucherCard key={o.id} terms={o} name={o.name} issuerName={o.issuer_name} sellerNames={o.seller_names} categoryNames={o.category_names}
                from={o.valid_days > 0 ? 0 : o.start_at} until={o.valid_days > 0 ? 0 : o.end_at} testId="voucher-offer">
                {o.valid_days > 0 && <span className="muted">领取后{o.valid_days}天内有效</span>}
                <span className="muted">已领 {o.mine}/{o.per_company}</span>
                {o.claimable
                  ? <Button type="button" size="small" label="领取" loading={busy === o.id} onClick={() => void take(o.id, o.name)} aria-label={`领取 ${o.name}`} />
                  : <span>{o.reason}</span>}
              </VoucherCard>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
