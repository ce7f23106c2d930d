/**
 * 活动 (/activity, docs/activities.md, "Buying"): the running and coming activities, each with its
 * approved parts at the activity price beside the everyday price struck through, how many are
 * left, and 立即抢购 (to /activity/order/getinfo) while it runs. Cards in a grid that folds to
 * one column on a phone.
 */
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { errorText } from '../../ui/form/form';
import { activityListQuery } from './queries';
import './activity.css';

const when = (s: number) => formatChina(s, 'MM-DD HH:mm');

export function ActivityPage() {
  const list = useQuery(activityListQuery());
  const shown = list.data?.data ?? [];
  return (
    <div className="activity-page">
      <h1 className="activity-title">活动</h1>
      {list.isPending && <p aria-busy="true">正在加载…</p>}
      {list.isError && <p role="alert">{errorText(list.error)}</p>}
      {list.data && shown.length === 0 && <p className="muted">现在没有进行中的活动，平台发布秒杀后会出现在这里。</p>}
      {shown.map(({ activity: a, items }) => (
        <section key={a.id} className="card activity-section" aria-label={a.name} data-testid="activity">
          <header className="activity-head">
            <h2>{a.kind_name} · {a.name}</h2>
            <span className={`activity-phase ${a.phase}`}>{a.phase_name}</span>
            <span className="muted">{when(a.start_at)} 至 {when(a.end_at)} · 每家企业每种限购{a.per_buyer}件</span>
          </header>
          {a.description && <p className="muted">{a.description}</p>}
          {items.length === 0 && <p className="muted">卖家报名审核通过后，活动商品会出现在这里。</p>}
          <div className="activity-grid">
            {items.map((i) => (
              <article key={i.item_id} className="activity-card" data-testid="activity-item">
                <div className="activity-part"><strong data-user-text>{i.supplier_oe}</strong> <span data-user-text>{i.name}</span></div>
                <div className="muted"><span data-user-text>{i.brand_name}</span> · <span data-user-text>{i.company_name}</span></div>
                <div className="activity-prices">
                  <span className="activity-price">{yuan(i.activity_price_fen)}</span>
                  <s className="muted">{yuan(i.ordinary_fen)}</s>
                </div>
                <div className="activity-left">
                  <progress max={i.activity_qty} value={i.activity_qty - i.left} aria-label="已抢" />
                  <span>{i.left > 0 ? `剩 ${i.left} 件` : '已抢光'}</span>
                </div>
                {a.phase === 'running' && i.left > 0
                  ? <Link className="p-button p-button-sm activity-buy" to="/activity/order/getinfo" search={{ item: i.item_id, qty: 1 }} aria-label={`抢购 ${i.supplier_oe}`}>立即抢购</Link>
                  : <span className="muted">{a.phase === 'upcoming' ? `${when(a.start_at)} 开抢` : '已抢光'}</span>}
              </article>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
