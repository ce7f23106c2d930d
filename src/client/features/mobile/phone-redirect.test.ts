import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseDesktop, phoneRedirect, phoneTarget } from './phone-redirect';

/** matchMedia answering as a device of this width and pointer would */
const device = (width: number, coarse: boolean) => {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: q.includes('pointer: coarse') ? coarse : q.includes('max-width: 575.98px') ? width < 576 : false,
  }));
  vi.stubGlobal('screen', { width });
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const at = (pathname: string, search: Record<string, unknown> = {}) => ({ pathname, search });

describe('a phone on a desktop page with a phone page', () => {
  it('goes to the phone page, keeping what it shows; a narrow desktop window or a tablet stays', () => {
    device(390, true);
    expect(phoneTarget(at('/backend/order/purchase', { status: 'shipped' }), true)).toBe('/ofo/purchase/order?status=shipped');
    expect(phoneTarget(at('/enquiry/list/7'), true)).toBe('/ofo/enquiry/7');
    expect(phoneTarget(at('/backend/product/stockAndPrice'), true)).toBeNull();
    // a guest keeps the desktop page (every phone page is behind sign-in)
    expect(phoneTarget(at('/'), false)).toBeNull();
    device(500, false);
    expect(phoneTarget(at('/backend/order/purchase'), true)).toBeNull();
    device(768, true);
    expect(phoneTarget(at('/backend/order/purchase'), true)).toBeNull();
  });

  it('电脑版 keeps the desktop pages for the session, until the phone page is chosen again', () => {
    device(390, true);
    chooseDesktop(true);
    expect(phoneTarget(at('/enquiry/list'), true)).toBeNull();
    expect(() => phoneRedirect({ location: at('/enquiry/list'), context: { session: { user: {} } } })).not.toThrow();
    chooseDesktop(false);
    expect(phoneTarget(at('/enquiry/list'), true)).toBe('/ofo/enquiry');
    let thrown: unknown;
    try {
      phoneRedirect({ location: at('/enquiry/list'), context: { session: { user: {} } } });
    } catch (e) {
      thrown = e;
    }
    expect((thrown as { options: { href: string; replace: boolean } }).options).toMatchObject({ href: '/ofo/enquiry', replace: true });
  });
});
