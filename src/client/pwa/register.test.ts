import { describe, expect, it } from 'vitest';
import { shouldWarm } from './register';

describe('the warm-up after sign-in', () => {
  it('fetches every page ahead on a tablet or desktop, not on a phone or a connection saving data', () => {
    expect(shouldWarm({ narrow: false, saveData: false })).toBe(true);
    expect(shouldWarm({ narrow: true, saveData: false })).toBe(false);
    expect(shouldWarm({ narrow: false, saveData: true })).toBe(false);
  });
});
