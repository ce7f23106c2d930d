/**
 * A phone (narrow and touched) opening a desktop page that has a phone page goes there directly
 * (docs/architecture.md, Devices): the root route's beforeLoad asks `phoneRedirect` on every
 * navigation, so a link, the address bar and a reload all land on the phone page. 电脑版 on a phone
 * page chooses the desktop pages for the rest of the tab's session (sessionStorage); the offer on
 * a desktop page (MobileOffer) takes the choice back. A rotation changes no address, so it never
 * moves a page (nor loses what was typed in it).
 */
import { redirect } from '@tanstack/react-router';
import { mobileCounterpart, PHONE_QUERY, TOUCH_QUERY } from './counterparts';

const CHOICE = 'qph-desktop-chosen';

/**
 * Touched, and a narrow window or screen: a phone's layout viewport widens to fit a desktop page
 * that overflows it, so the screen's width tells a phone on such a page too.
 */
export const isPhone = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TOUCH_QUERY).matches
  && (window.matchMedia(PHONE_QUERY).matches || (window.screen?.width ?? Infinity) < 576);

/** the user chose the desktop pages on this phone for this session (电脑版) */
export const desktopChosen = () => {
  try {
    return sessionStorage.getItem(CHOICE) === '1';
  } catch {
    return false;
  }
};

export const chooseDesktop = (on: boolean) => {
  try {
    if (on) sessionStorage.setItem(CHOICE, '1');
    else sessionStorage.removeItem(CHOICE);
  } catch {
    // storage disabled: the phone pages come back on the next page, nothing else is lost
  }
};

const asStrings = (search: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));

/**
 * The phone page to send this navigation to, or null: only a signed-in user (every phone page is
 * behind sign-in; a guest keeps the desktop page, the home and search fit a phone), only on a
 * phone, only when the desktop pages were not chosen.
 */
export const phoneTarget = (location: { pathname: string; search: Record<string, unknown> }, signedIn: boolean): string | null =>
  signedIn && isPhone() && !desktopChosen() ? mobileCounterpart(location.pathname, asStrings(location.search)) : null;

/** The root route's beforeLoad: throws the redirect to the phone page. */
export const phoneRedirect = ({ location, context }: { location: { pathname: string; search: Record<string, unknown> }; context: { session: { user: unknown } } }) => {
  const to = phoneTarget(location, !!context.session.user);
  if (to) throw redirect({ href: to, replace: true });
};
