import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { normalizeOe } from '../../../shared/domain/oe';
import { nav } from '../../api/navigation';
import { followListQuery } from './queries';
import { useFollowWrite } from './mutations';
import { useT } from '../../i18n/lang';
import './basket.css';

type Target = { kind: 'seller'; sellerId: number; name?: string } | { kind: 'oe'; oe: string; name?: string };

/**
 * 关注卖家 / 关注配件 and back (docs/basket-follows.md): on a shop page, an offer row or an OE
 * result. A guest goes to the login page; the company's own shop gets no button.
 */
export function FollowButton(target: Target) {
  const t = useT();
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const list = useQuery({ ...followListQuery(user?.uuid ?? ''), enabled: !!user });
  const write = useFollowWrite();
  const [busy, setBusy] = useState(false);
  if (target.kind === 'seller' && user?.company_id === target.sellerId) return null;
  const followed = (list.data?.items ?? []).some((f) => target.kind === 'seller' ? f.kind === 'seller' && f.sellerId === target.sellerId : f.kind === 'oe' && f.oeNorm === normalizeOe(target.oe));
  const toggle = async () => {
    if (!user) {
      nav.assign(`/login?redirect=${encodeURIComponent(nav.here())}`);
      return;
    }
    setBusy(true);
    try {
      const payload = target.kind === 'seller' ? { kind: 'seller' as const, seller_id: target.sellerId, name: target.name ?? '' } : { kind: 'oe' as const, oe: target.oe, name: target.name ?? '' };
      await write(followed ? 'followRemove' : 'followAdd', payload);
    } catch {
      // the page's message shows why
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={`p-button p-component p-button-sm follow-button ${followed ? 'p-button-secondary' : 'p-button-outlined'}`} disabled={busy}
      aria-pressed={followed} onClick={() => void toggle()}>
      <i className={`pi ${followed ? 'pi-heart-fill' : 'pi-heart'}`} aria-hidden="true" /> {target.kind === 'seller' ? (followed ? t('已关注卖家') : t('关注卖家')) : followed ? t('已关注配件') : t('关注配件')}
    </button>
  );
}
