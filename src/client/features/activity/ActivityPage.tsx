/**
 * 活动 (/activity, docs/activities.md, "Buying"): the running and coming activities, each with its
 * approved parts at the activity price beside the everyday price struck through, how many are
 * left, and 立即抢购 (to /activity/order/getinfo) while it runs. Cards in a grid that folds to
 * one column on a phone. A 满减 activity shows its tiers and its parts at their everyday price with
 * 加入购物车: the reduction is taken in the cart and at the checkout (docs/activities.md "满减").
 * A 组合套装 card lists its rows × pieces, the bundle price beside the everyday sum struck through,
 * the saving and the bundles left, with 立即购买 (docs/activities.md "组合套装").
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { errorText } from '../../ui/form/form';
import { activityListQuery } from './queries';
import { useCartWrite } from '../cart/mutations';
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
            <span className="muted">{when(a.start_at)} 至 {when(a.end_at)} · {a.kind === 'seckill' ? `每家企业每种限购${a.per_buyer}件` : a.kind === 'bundle' ? `每家企业每个套装限购${a.per_buyer}套` : `同一卖家订单中活动配件${a.tiers_text}`}</span>
          </header>
          {a.description && <p className="muted">{a.description}</p>}
          {items.length === 0 && <p className="muted">卖家报名审核通过后，活动商品会出现在这里。</p>}
          <div className="activity-grid">
            {items.map((i) => (a.kind === 'full_reduction' ? (
              <article key={i.item_id} className="activity-card" data-testid="activity-item">
                <div className="activity-part"><strong data-user-text>{i.supplier_oe}</strong> <span data-user-text>{i.name}</span></div>
                <div className="muted"><span data-user-text>{i.brand_name}</span> · <span data-user-text>{i.company_name}</span></div>
                <div className="activity-prices"><span className="muted">日常价</span> <span className="activity-price">{yuan(i.ordinary_fen)}</span></div>
                {a.phase === 'running' ? <AddButton stockId={i.stock_id} label={`加入购物车 ${i.supplier_oe}`} /> : <span className="muted">{when(a.start_at)} 开始</span>}
              </article>
            ) : a.kind === 'bundle' ? (
              <article key={i.item_id} className="activity-card" data-testid="activity-item">
                <div className="activity-part"><span className="bundle-tag">组合套装</span> <span className="muted" data-user-text>{i.company_name}</span></div>
                <ul className="bundle-rows" aria-label="套装配件">
                  {i.lines.map((l) => <li key={l.stock_id}><strong data-user-text>{l.supplier_oe}</strong> <span data-user-text>{l.name}</span> ×{l.qty}{l.uom_name && <span data-user-text>{l.uom_name}</span>}</li>)}
                </ul>
                <div className="activity-prices">
                  <span className="activity-price">{yuan(i.activity_price_fen)}</span>
                  <s className="muted">{yuan(i.ordinary_fen)}</s>
                  <span className="bundle-save">省{yuan(i.ordinary_fen - i.activity_price_fen)}</span>
                </div>
                <div className="activity-left">
                  <progress max={i.activity_qty} value={i.activity_qty - i.left} aria-label="已售" />
                  <span>{i.left > 0 ? `剩 ${i.left} 套` : '已售完'}</span>
                </div>
                {a.phase === 'running' && i.left > 0
                  ? <Link className="p-button p-button-sm activity-buy" to="/activity/order/getinfo" search={{ item: i.item_id, qty: 1 }} aria-label={`购买套装 ${i.supplier_oe}`}>立即购买</Link>
                  : <span className="muted">{a.phase === 'upcoming' ? `${when(a.start_at)} 开售` : '已售完'}</span>}
              </article>
            ) : (
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
            )))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** 加入购物车 of a 满减 part: one piece into the cart, where the reduction shows */
function AddButton({ stockId, label }: { stockId: number; label: string }) {
  const write = useCartWrite();
  const [state, setState] = useState<'idle' | 'busy' | 'added'>('idle');
  const add = async () => {
    setState('busy');
    try {
      await write('cartAdd', { stock_id: stockId, qty: 1 });
      setState('added');
    } catch {
      setState('idle');
    }
  };
  return (
    <button type="button" className={`p-button p-component p-button-sm activity-buy ${state === 'added' ? 'p-button-success' : ''}`} disabled={state === 'busy'} aria-label={label} onClick={() => void add()}>
      <span className="p-button-label">{state === 'added' ? '已加入购物车' : '加入购物车'}</span>
    </button>
  );
}
