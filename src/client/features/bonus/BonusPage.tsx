/**
 * 财务 · 业绩奖励 (/backend/accounting/bonus; docs/bonus.md): a seller's own performance bonus —
 * this month's sales of its rows marked in 业绩设置, the band reached, the bonus so far and what
 * is left to the next band, the platform's rule, and the settled months (each paid into the
 * wallet: 我的财务 shows the entry 业绩奖励).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatChina } from '../../../shared/domain/china-time';
import { bandText, bonusText, rateText } from '../../../shared/domain/bonus';
import { yuan } from '../../../shared/domain/money';
import { errorText } from '../../ui/form/form';
import { bonusMineQuery } from './queries';
import './bonus.css';

export function BonusPage() {
  const q = useQuery(bonusMineQuery());
  if (q.isPending) return <p aria-busy="true">正在加载…</p>;
  if (q.isError) return <p role="alert">{errorText(q.error)}</p>;
  const { month, bands, current: c, history } = q.data;
  return (
    <div className="bonus-page">
      <h2>业绩奖励</h2>
      <section className="bonus-head" aria-label={`${month} 业绩`} data-testid="bonus-current">
        <div className="bonus-figure"><small>{month} 业绩销售额</small><b>{yuan(c.sales_fen)}</b></div>
        <div className="bonus-figure"><small>预计奖励</small><b className="bonus-amount">{yuan(c.bonus_fen)}</b></div>
        <div className="bonus-figure">
          <small>达到档位</small>
          <b>{c.band === 0 ? '—' : `第${c.band}档 ${rateText(c.rate_bp)}`}</b>
          {c.band > 0 && <span className="bonus-muted">{c.to_next_fen === 0 ? '已达最高档' : `距下一档（${rateText(c.next_rate_bp)}）还差 ${yuan(c.to_next_fen)}`}</span>}
        </div>
      </section>
      {bands ? (
        <div>
          <p className="bonus-rule">本月规则：库存“业绩设置”中参与的商品，卖给所选省份（全国则不限）的买家、订单完成后计入业绩，扣除已完成的退款。全月销售额达到哪一档，就按该档比例计奖；次月结算后记入钱包。</p>
          <ol className="bonus-rule">
            {bands.map((b, i) => <li key={i} className={i + 1 === c.band ? 'reached' : undefined}>{bandText(b)}</li>)}
          </ol>
        </div>
      ) : <p className="bonus-rule">{bonusText.none}：本月业绩照常统计，奖励为 0。</p>}
      <h3>已结算月份</h3>
      {history.length === 0 ? <p className="bonus-muted">还没有结算过的月份。每月结束后，平台结算上月业绩，奖励记入<Link to="/backend/accounting/wallet">我的财务</Link>的钱包。</p> : (
        <ul className="bonus-months" aria-label="已结算月份">
          {history.map((h) => (
            <li key={h.id}>
              <div>
                <strong>{h.month}</strong>
                <span className="bonus-muted">业绩 {yuan(h.sales_fen)} · 第{h.band}档 {rateText(h.rate_bp)} · {h.order_count} 单</span>
              </div>
              <div>
                <span className="bonus-paid">{yuan(h.bonus_fen)}</span>
                <span className="bonus-muted">{h.bonus_fen > 0 ? '已记入钱包' : '无奖励'} · {formatChina(h.settled_at, 'YYYY-MM-DD')}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
