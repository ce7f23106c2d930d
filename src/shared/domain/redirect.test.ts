import { describe, expect, it } from 'vitest';
import { isSafeRedirect, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each(['/', '/backend', '/search/parts/oe?code=0446533450&r=1', '/company/12#top', '/a/b%20c'])('keeps the local path %s', (p) => {
    expect(safeRedirect(p)).toBe(p);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>',
    'evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/ /evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\u0000//evil.example',
    '/%09/evil.example',
    '/%E0%A4%A',
    '',
    ' /backend',
    '/' + 'a'.repeat(2100),
  ])('refuses %j', (p) => {
    expect(isSafeRedirect(p)).toBe(false);
    expect(safeRedirect(p)).toBe('/');
  });

  it('refuses what is not a string', () => {
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(['/backend'])).toBe('/');
    expect(safeRedirect({ href: '/x' }, '/search')).toBe('/search');
  });
});
