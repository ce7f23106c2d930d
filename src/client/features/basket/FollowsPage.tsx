import { useState } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { FollowItem } from '../../local/basket-store';
import { Price } from '../currency/Price';
import { followListQuery } from './queries';
import { useFollowWrite } from './mutations';
import './basket.css';

/**
 * 我的关注 (/follows, docs/basket-follows.md): the sellers and parts the user follows. A followed
 * part shows its lowest price in stock now; when it drops or the part comes back in stock the
 * message assistant says so (once a day per part). Kept on the device: opens offline too.
 */
export function FollowsPage({ kind }: { kind?: 'seller' | 'oe' }) {
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user })!;
  const q = useQuery(followListQuery(user.uuid));
  const write = useFollowWrite();
  const [status, setStatus] = useState('');
  const all = q.data?.items ?? [];
  const items = kind ? all.filter((f) => f.kind === kind) : all;
  const unfollow = async (f: FollowItem) => {
    try {
      const outcome = await write('followRemove', f.kind === 'seller' ? { kind: 'seller', seller_id: f.sellerId } : { kind: 'oe', oe: f.oe || f.oeNorm });
      setStatus(outcome === 'queued' ? '已取消关注（离线，联网后同步）' : '已取消关注');
    } catch (e) {
      setStatus(e instanceof Error ? e.message : String(e));
    }
  };
  const tab = (k: 'seller' | 'oe' | undefined, label: string) => (
    <Link to="/follows" search={{ kind: k }} className={kind === k ? 'active' : ''} aria-current={kind === k ? 'page' : undefined}>
      {label}（{k ? all.filter((f) => f.kind === k).length : all.length}）
    </Link>
  );
  return (
    <div className="basket-page card">
      <header className="basket-head">
        <h2>我的关注</h2>
        {q.data?.offline && <span className="basket-offline" role="status"><i className="pi pi-wifi" aria-hidden="true" /> 离线：显示本机保存的关注</span>}
        <Link to="/basket" className="basket-aside">常购清单</Link>
      </header>
      <nav className="cart-tabs follow-tabs" aria-label="关注类型">{tab(undefined, '全部')}{tab('oe', '配件')}{tab('seller', '卖家')}</nav>
      {status && <p className="basket-status" role="status">{status}</p>}
      {q.isPending ? <p aria-busy="true">正在加载关注…</p>
        : q.isError ? <p role="alert">{q.error.message}</p>
        : items.length === 0 ? (
          <div className="basket-empty">
            <i className="pi pi-heart" aria-hidden="true" />
            <p>还没有关注。在OE号搜索结果中点“关注配件”，或在卖家店铺点“关注卖家”；关注的配件降价或到货时，消息助手会通知您。</p>
            <Link to="/search">去搜索配件</Link>
          </div>
        ) : (
          <ul className="follow-list">
            {items.map((f) => (
              <li key={f.id} className="follow-item">
                <i className={f.kind === 'seller' ? 'pi pi-shop' : 'pi pi-cog'} aria-hidden="true" />
                {f.kind === 'seller' ? (
                  <div className="follow-what">
                    <Link to="/company/$id" params={{ id: String(f.sellerId) }}><strong>{f.sellerName || `卖家 ${f.sellerId}`}</strong></Link>
                    <small>卖家</small>
                  </div>
                ) : (
                  <div className="follow-what">
                    <Link to="/search/parts/oe" search={{ code: f.oeNorm }}><strong>{f.oe || f.oeNorm}</strong></Link>
                    <small>{f.name && `${f.name} · `}{f.inStock ? <>最低 <Price fen={f.lowPrice} /></> : <span className="muted">暂时无货</span>}</small>
                  </div>
                )}
                <button type="button" className="p-button p-component p-button-sm p-button-outlined" onClick={() => void unfollow(f)}
                  aria-label={`取消关注 ${f.kind === 'seller' ? f.sellerName : f.oe}`}>取消关注</button>
              </li>
            ))}
          </ul>
        )}
    </div>
  );
}
