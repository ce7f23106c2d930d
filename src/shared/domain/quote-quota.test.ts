import { describe, expect, it } from 'vitest';
import { quoteStanding, quoteStandingText } from './quote-quota';

describe('the daily quote limit', () => {
  it('uses the free quotes first, then the bought ones, then refuses', () => {
    expect(quoteStanding({ per_day: 3, free_used: 2, bought_used: 0, bought_left: 0 })).toMatchObject({ free_left: 1, next: 'free', used_today: 2 });
    expect(quoteStanding({ per_day: 3, free_used: 3, bought_used: 1, bought_left: 4 })).toMatchObject({ free_left: 0, next: 'bought', used_today: 4, bought_left: 4 });
    expect(quoteStanding({ per_day: 3, free_used: 3, bought_used: 5, bought_left: 0 })).toMatchObject({ free_left: 0, next: 'none', used_today: 8 });
  });
  it('a level without a limit never needs a pack; a level of 0 free quotes quotes only with bought ones', () => {
    expect(quoteStanding({ per_day: null, free_used: 500, bought_used: 0, bought_left: 0 })).toMatchObject({ free_left: null, next: 'free' });
    expect(quoteStanding({ per_day: 0, free_used: 0, bought_used: 0, bought_left: 2 }).next).toBe('bought');
    expect(quoteStanding({ per_day: 0, free_used: 0, bought_used: 0, bought_left: 0 }).next).toBe('none');
  });
  it('tells the seller what is left in Chinese', () => {
    expect(quoteStandingText(quoteStanding({ per_day: 20, free_used: 20, bought_used: 2, bought_left: 8 }))).toBe('今日已报价 22 次，每日免费 20 次（剩余 0 次），已购报价次数剩余 8 次');
    expect(quoteStandingText(quoteStanding({ per_day: null, free_used: 3, bought_used: 0, bought_left: 0 }))).toBe('今日已报价 3 次，报价不限次数');
  });
});
