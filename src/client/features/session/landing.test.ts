import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_OFFICE_HOME_CODES, landingFor, onPhone } from './landing';
import { afterSignIn } from './actions';
import { BACKOFFICE_CODES } from '../../app/backoffice-rule';
import { MEMBER_CODES, OPERATOR_CODES } from '../../../shared/domain/permissions';

// the demo accounts (src/server/db/seed.ts)
const ALL_M_AND_C = MEMBER_CODES.filter((c) => c.startsWith('M') || c.startsWith('C'));
const operator = { company_id: 1, is_seller: false, allow_im: true, permissions: [...OPERATOR_CODES, ...MEMBER_CODES] };
const seller = { company_id: 2, is_seller: true, allow_im: true, permissions: ALL_M_AND_C };
const clerk = { company_id: 2, is_seller: true, allow_im: false, permissions: ['M03', 'C11'] };
const buyer = { company_id: 3, is_seller: false, allow_im: true, permissions: ['C07', 'C08', 'C09', 'C12', 'C14', 'C15', 'M02'] };
const member = { company_id: 4, is_seller: false, allow_im: false, permissions: ['C07', 'C15'] };

describe('landing after sign-in', () => {
  it('on a desktop or tablet: a seller and its employee the back office, an operator the platform, a buyer search', () => {
    expect(landingFor(seller, false)).toBe('/backend');
    expect(landingFor(clerk, false)).toBe('/backend');
    expect(landingFor(operator, false)).toBe('/operation');
    expect(landingFor(buyer, false)).toBe('/search');
    expect(landingFor(member, false)).toBe('/search');
  });

  it('on a phone: a buyer the phone search, a seller chat, an employee without chat the phone search, an operator the platform', () => {
    expect(landingFor(buyer, true)).toBe('/ofo/search');
    expect(landingFor(member, true)).toBe('/ofo/search');
    expect(landingFor(seller, true)).toBe('/im');
    expect(landingFor(clerk, true)).toBe('/ofo/search');
    expect(landingFor({ ...clerk, allow_im: true }, true)).toBe('/im');
    expect(landingFor(operator, true)).toBe('/operation');
  });

  it('a buyer holding a back-office code (采购订单 M02) still lands on search: the company does not sell', () => {
    expect(buyer.permissions).toContain('M02');
    expect(landingFor(buyer, false)).toBe('/search');
  });

  it("a seller's employee with only buying codes lands on search; with only the front-office sales code, on the sales orders", () => {
    expect(landingFor({ ...clerk, permissions: ['C07', 'C08'] }, false)).toBe('/search');
    expect(landingFor({ ...clerk, permissions: ['C10'] }, false)).toBe('/backend/order/sales');
    expect(landingFor({ ...clerk, permissions: ['C07', 'C08'] }, true)).toBe('/ofo/search');
    // on a phone without chat, the sales employee gets the phone sales orders
    expect(landingFor({ ...clerk, permissions: ['C10'] }, true)).toBe('/ofo/sales/order');
  });

  it('a buyer of a Vietnamese company lands on the Vietnam mall, on a desktop and on a phone', () => {
    const vn = { ...buyer, country: 'VN' };
    expect(landingFor(vn, false)).toBe('/vnmall');
    expect(landingFor(vn, true)).toBe('/vnmall');
    expect(landingFor({ ...buyer, country: 'CN' }, false)).toBe('/search');
  });

  it('a head-company user without an operator code is not sent to the platform', () => {
    expect(landingFor({ ...operator, permissions: ['C07'] }, false)).toBe('/search');
    // and an operator code outside the head company opens nothing there
    expect(landingFor({ ...buyer, permissions: ['D00'] }, false)).toBe('/search');
  });

  it('the codes that open the back-office home are the back office rule\'s', () => {
    expect([...BACK_OFFICE_HOME_CODES].sort()).toEqual([...BACKOFFICE_CODES].sort());
  });
});

describe('the page after signing in', () => {
  it('a remembered local target wins; at /login the role decides; the chat and operator logins keep their area', () => {
    expect(afterSignIn('/login', '/cart', false)(seller)).toBe('/cart');
    expect(afterSignIn('/login', 'https://evil.example/', false)(seller)).toBe('/backend');
    expect(afterSignIn('/login', undefined, false)(seller)).toBe('/backend');
    expect(afterSignIn('/login', undefined, true)(buyer)).toBe('/ofo/search');
    expect(afterSignIn('/im/login', undefined, false)(seller)).toBe('/im');
    expect(afterSignIn('/operation/login', undefined, true)(operator)).toBe('/operation');
  });
});

describe('onPhone', () => {
  afterEach(() => vi.unstubAllGlobals());
  const media = (coarse: boolean, narrow: boolean, touchPoints = 0) => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('coarse') ? coarse : q.includes('max-width') ? narrow : false }));
    vi.stubGlobal('navigator', { ...navigator, maxTouchPoints: touchPoints });
  };
  it('is a narrow touch screen, not a narrow desktop window nor a touch tablet', () => {
    media(true, true);
    expect(onPhone()).toBe(true);
    media(false, true, 5);
    expect(onPhone()).toBe(true);
    media(false, true);
    expect(onPhone()).toBe(false);
    media(true, false);
    expect(onPhone()).toBe(false);
  });
});
