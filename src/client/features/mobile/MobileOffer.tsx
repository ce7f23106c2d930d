import { useEffect, useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { mobileCounterpart } from './counterparts';
import { chooseDesktop, desktopChosen, isPhone } from './phone-redirect';
import './mobile-offer.css';

/** × on the offer, for the tab's session */
const DISMISSED = 'qph-mobile-offer-dismissed';

const dismissed = () => {
  try {
    return sessionStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
};

const dismiss = () => {
  try {
    sessionStorage.setItem(DISMISSED, '1');
  } catch {
    // storage disabled: the offer comes back on the next page, nothing else is lost
  }
};

const usePhone = () => {
  const [phone, setPhone] = useState(isPhone);
  useEffect(() => {
    const on = () => setPhone(isPhone());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return phone;
};

/**
 * A phone goes to the phone page of a desktop page by itself (phone-redirect.ts). One that chose
 * 电脑版 for the session is offered the phone page back on a desktop page that has one: 打开手机版
 * goes there and ends the choice, × hides the offer for the session.
 */
export function MobileOffer() {
  const phone = usePhone();
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  const [closed, setClosed] = useState(dismissed);
  if (!phone || closed || !desktopChosen()) return null;
  const target = mobileCounterpart(location.pathname, Object.fromEntries(Object.entries(location.search as Record<string, unknown>).map(([k, v]) => [k, String(v)])));
  if (!target) return null;
  return (
    <aside className="m-offer" role="region" aria-label="手机版">
      <i className="pi pi-mobile" aria-hidden="true" />
      <span>这个页面有手机版，更适合在手机上使用</span>
      <a href={target} className="m-offer-go" onClick={(e) => { e.preventDefault(); chooseDesktop(false); void navigate({ href: target }); }}>打开手机版</a>
      <button type="button" className="m-offer-close" aria-label="不再提示" onClick={() => { dismiss(); setClosed(true); }}>
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </aside>
  );
}
