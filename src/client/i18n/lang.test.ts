/**
 * A guest's language (docs/i18n.md, "Choosing the language"): Vietnamese on the Vietnamese
 * registration when nothing was chosen on the device, shown and not kept, so that the next page is
 * Chinese again; a chosen language wins everywhere.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { currentLang, guestLang, setLang, showGuestLang, storedLang } from './lang';

describe('a guest\'s language', () => {
  beforeEach(async () => {
    await setLang('zh', { keep: false });
    localStorage.clear();
  });
  afterAll(async () => {
    await setLang('zh', { keep: false });
    localStorage.clear();
  });

  it('is Vietnamese on the Vietnamese registration however its path is written, Chinese elsewhere', () => {
    expect(guestLang('/login/register/vn')).toBe('vi');
    expect(guestLang('/login/register/vn/')).toBe('vi');
    expect(guestLang('/Login/Register/VN')).toBe('vi');
    expect(guestLang('/login/register')).toBe('zh');
    expect(guestLang('/login/password/reset')).toBe('zh');
  });

  it('is the one chosen on the device, whatever the page', async () => {
    await setLang('zh');
    expect(guestLang('/login/register/vn')).toBe('zh');
    await setLang('vi');
    expect(guestLang('/login/register')).toBe('vi');
  });

  it('on a navigation with nothing chosen: the registration\'s Vietnamese shown, not kept, and Chinese again on the next page', async () => {
    await showGuestLang('/login/register/vn');
    expect(currentLang()).toBe('vi');
    expect(storedLang()).toBeNull();
    // nothing to do on the same page
    expect(showGuestLang('/login/register/vn')).toBeUndefined();
    await showGuestLang('/login/register');
    expect(currentLang()).toBe('zh');
    expect(storedLang()).toBeNull();
  });

  it('on a navigation with a language chosen: nothing changes', async () => {
    await setLang('vi');
    expect(showGuestLang('/login/register')).toBeUndefined();
    expect(currentLang()).toBe('vi');
    await setLang('zh');
    expect(showGuestLang('/login/register/vn')).toBeUndefined();
    expect(currentLang()).toBe('zh');
  });
});
