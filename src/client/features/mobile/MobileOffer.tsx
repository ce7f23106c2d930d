import { useEffect, useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { mobileCounterpart, PHONE_QUERY } from './counterparts';
import './mobile-offer.css';

/** The phone's answer to the offer, kept for good: `desktop` (stay on the desktop pages) or `dismissed`. */
const KEY = 'qph-mobile-offer';

export const rememberOffer = (choice: 'desktop' | 'dismissed') => {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // storage disabled: the offer comes back on the next page, nothing else is lost
  }
};

const answered = () => {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
};

const usePhone = () => {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(PHONE_QUERY);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
};

/**
 * A phone (< 576px) on a desktop page that has a phone page is offered that page, once: 打开手机版
 * goes there, × keeps the desktop pages and is remembered (as is choosing 电脑版 on a phone page).
 */
export function MobileOffer() {
  const phone = usePhone();
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  const [closed, setClosed] = useState(answered);
  if (!phone || closed) return null;
  const target = mobileCounterpart(location.pathname, Object.fromEntries(Object.entries(location.search as Record<string, unknown>).map(([k, v]) => [k, String(v)])));
  if (!target) return null;
  return (
    <aside className="m-offer" role="region" aria-label="手机版">
      <i className="pi pi-mobile" aria-hidden="true" />
      <span>这个页面有手机版，更适合在手机上使用</span>
      <a href={target} className="m-offer-go" onClick={(e) => { e.preventDefault(); void navigate({ href: target }); }}>打开手机版</a>
      <button type="button" className="m-offer-close" aria-label="不再提示" onClick={() => { rememberOffer('dismissed'); setClosed(true); }}>
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </aside>
  );
}
