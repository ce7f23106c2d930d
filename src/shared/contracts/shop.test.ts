import { describe, expect, it } from 'vitest';
import { isShopUrl } from './shop';

describe('shop image and video addresses', () => {
  it('takes http(s) addresses and paths on this site', () => {
    for (const ok of ['https://img.example.com/a.png', 'http://v.example.com/tour.mp4?t=1', '/shop/banner.svg', '/api/uploads/abc.png']) expect(isShopUrl(ok), ok).toBe(true);
  });
  it('refuses other schemes, other hosts without a scheme, bare slashes and spaces', () => {
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x/y.png', '//evil.example/x.png', '/', 'https://', 'shop/banner.svg', '/a b.png', 'https://a.example/x y.png']) {
      expect(isShopUrl(bad), bad).toBe(false);
    }
  });
});
