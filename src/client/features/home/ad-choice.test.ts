import { describe, expect, it } from 'vitest';
import { adsForViewer, showsTrialInvite, showsTrialPopup, viewerOf } from './ad-choice';

const paid = { level_type: 'paid' as const, is_trial: false };
const trial = { level_type: 'free' as const, is_trial: true };
const registered = { level_type: 'free' as const, is_trial: false };

describe('ads by the viewer\'s level', () => {
  it('names the viewer from sign-in and level', () => {
    expect(viewerOf(false, undefined)).toBe('guest');
    expect(viewerOf(true, undefined)).toBe('unknown');
    expect(viewerOf(true, null)).toBe('unknown');
    expect(viewerOf(true, paid)).toBe('formal');
    expect(viewerOf(true, trial)).toBe('trial');
    expect(viewerOf(true, registered)).toBe('registered');
  });
  it('a formal member never sees the trial invitation nor the pop-up; a guest and a trial member see the invitation', () => {
    expect(showsTrialInvite('formal')).toBe(false);
    expect(showsTrialPopup('formal')).toBe(false);
    expect(showsTrialInvite('guest')).toBe(true);
    expect(showsTrialInvite('trial')).toBe(true);
    expect(showsTrialInvite('registered')).toBe(true);
    expect(showsTrialPopup('trial')).toBe(true);
    expect(showsTrialPopup('registered')).toBe(false);
  });
  it('while the level is loading, nothing of the kind shows', () => {
    expect(showsTrialInvite('unknown')).toBe(false);
    expect(showsTrialPopup('unknown')).toBe(false);
  });
  it('a page\'s ads lose the trial slots for a formal member, keep them for a guest', () => {
    const ads = [{ code: 'JQR001' }, { code: 'JQR002' }, { code: 'CJ000' }, { code: 'GG000' }];
    expect(adsForViewer(ads, 'formal').map((a) => a.code)).toEqual(['JQR002', 'CJ000']);
    expect(adsForViewer(ads, 'unknown').map((a) => a.code)).toEqual(['JQR002', 'CJ000']);
    expect(adsForViewer(ads, 'guest')).toEqual(ads);
  });
});
