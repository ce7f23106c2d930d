import { describe, expect, it } from 'vitest';
import { areaHomeFor, guard, loginPageFor } from './guards';
import { OPERATOR_CODES } from './permissions';

const operator = { company_id: 1, permissions: ['D00', 'D01-01', 'M03'] };
const seller = { company_id: 2, permissions: ['M01-00', 'M03', 'C11'] };
const member = { company_id: 4, permissions: ['C07'] };

describe('login pages', () => {
  it('send a signed-in user on to /search, /im or /operation', () => {
    expect(guard('/login', {}, seller)).toEqual({ to: '/search' });
    expect(guard('/im/login', {}, seller)).toEqual({ to: '/im' });
    expect(guard('/operation/login', {}, operator)).toEqual({ to: '/operation' });
    expect(guard('/login/', {}, seller)).toEqual({ to: '/search' });
  });
  it('let a guest in', () => {
    expect(guard('/login', {}, null)).toBeNull();
    expect(guard('/im/login', {}, null)).toBeNull();
    expect(guard('/operation/login', {}, null)).toBeNull();
  });
});

describe('signed-out users', () => {
  it('go to the matching login page with the target remembered', () => {
    expect(guard('/backend', { auth: true }, null, '/backend?tab=1')).toEqual({ to: '/login', redirect: '/backend?tab=1' });
    expect(guard('/operation', { auth: true, headCompanyOnly: true }, null)).toEqual({ to: '/operation/login', redirect: '/operation' });
    expect(guard('/im', { auth: true }, null)).toEqual({ to: '/im/login', redirect: '/im' });
    expect(guard('/im/profile', { auth: true }, null)).toEqual({ to: '/im/login', redirect: '/im/profile' });
  });
  it('may open public pages', () => {
    expect(guard('/', {}, null)).toBeNull();
    expect(guard('/404', {}, null)).toBeNull();
  });
  it('a route that only names permissions still needs a sign-in', () => {
    expect(guard('/backend/product', { permissions: ['M03'] }, null)).toEqual({ to: '/login', redirect: '/backend/product' });
  });
});

describe('permissions', () => {
  it('pass when the required codes intersect the user\'s', () => {
    expect(guard('/backend/product', { auth: true, permissions: ['M03', 'M11'] }, seller)).toBeNull();
    expect(guard('/backend', { auth: true }, member)).toBeNull();
  });
  it('otherwise redirect to the area home: /operation, /backend or /', () => {
    expect(guard('/backend/sales', { auth: true, permissions: ['M01-00'] }, member)).toEqual({ to: '/backend' });
    expect(guard('/operation/report', { auth: true, headCompanyOnly: true, permissions: ['D12-03'] }, operator)).toEqual({ to: '/operation' });
    expect(guard('/quote', { auth: true, permissions: ['C14'] }, seller)).toEqual({ to: '/' });
  });
  it('never loops on an area home the user may not enter', () => {
    expect(guard('/backend', { auth: true, permissions: ['M01-00', 'M03'] }, member)).toEqual({ to: '/' });
  });
  it('an empty requirement passes', () => {
    expect(guard('/backend', { auth: true, permissions: [] }, member)).toBeNull();
  });
});

describe('head company only', () => {
  it('admits company 1 and sends others to /', () => {
    expect(guard('/operation', { auth: true, headCompanyOnly: true }, operator)).toBeNull();
    expect(guard('/operation', { auth: true, headCompanyOnly: true }, seller)).toEqual({ to: '/' });
    expect(guard('/operation/users', { auth: true, headCompanyOnly: true, permissions: ['D01-01'] }, seller)).toEqual({ to: '/' });
  });
  it('the operations check: a head-company user without any operator code goes to /, not round in a loop', () => {
    const rule = { auth: true, headCompanyOnly: true, permissions: OPERATOR_CODES };
    expect(guard('/operation', rule, operator)).toBeNull();
    expect(guard('/operation', rule, { company_id: 1, permissions: ['C07', 'M02'] })).toEqual({ to: '/' });
  });
});

describe('helpers', () => {
  it('pick the login page and the area home by path', () => {
    expect(loginPageFor('/operation/system/logs')).toBe('/operation/login');
    expect(loginPageFor('/im/cart')).toBe('/im/login');
    expect(loginPageFor('/basket')).toBe('/login');
    expect(areaHomeFor('/operation/x')).toBe('/operation');
    expect(areaHomeFor('/backend/x')).toBe('/backend');
    expect(areaHomeFor('/cart')).toBe('/');
  });
});
