import { describe, expect, it } from 'vitest';
import { firstChangeBeyond, firstUngrantable, orgText, withinOwnCodes } from './organisation';

describe('organisation rules', () => {
  it('finds the first code the company cannot grant', () => {
    expect(firstUngrantable(['M03', 'C11'], ['M03', 'C11', 'M06'])).toBeUndefined();
    expect(firstUngrantable(['M03', 'D01', 'M09'], ['M03'])).toBe('D01');
    expect(firstUngrantable([], [])).toBeUndefined();
  });

  it('lets a manager move only codes they hold, in either direction', () => {
    const own = ['M03', 'M06'];
    expect(firstChangeBeyond(['M03'], ['M03', 'M06'], own)).toBeUndefined();
    expect(firstChangeBeyond(['M03', 'M09'], ['M09'], own)).toBeUndefined();
    expect(firstChangeBeyond(['M03'], ['M03', 'M09'], own)).toBe('M09');
    expect(firstChangeBeyond(['M09'], [], own)).toBe('M09');
    // an untouched code the manager lacks is not their change
    expect(firstChangeBeyond(['M09', 'M03'], ['M09'], own)).toBeUndefined();
  });

  it('reaches only employees whose codes the manager holds too', () => {
    expect(withinOwnCodes(['M03'], ['M03', 'M06'])).toBe(true);
    expect(withinOwnCodes([], ['M06'])).toBe(true);
    expect(withinOwnCodes(['M03', 'M09'], ['M03', 'M06'])).toBe(false);
  });

  it('states the employee limit in the refusal', () => {
    expect(orgText.employeeLimit(3)).toBe('员工数量已达上限（3人），请升级会员等级');
  });
});
