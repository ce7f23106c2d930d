import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import './contracts/zh-messages';
import { msg } from './messages';

describe('the edge refusal text', () => {
  it('is the rule as the contract words it, with no English key, when the rule names its field', () => {
    expect(msg.invalidPayload('price0', '批发价(不含税)最多两位小数')).toBe('批发价(不含税)最多两位小数');
  });
  it('names the key only for the library fallbacks, which say nothing of the field', () => {
    const r = v.safeParse(v.object({ qty: v.number() }), { qty: 'x' });
    expect(r.success).toBe(false);
    const detail = r.success ? '' : r.issues[0].message;
    expect(detail).toBe('应为数字');
    expect(msg.invalidPayload('qty', detail)).toBe('参数 qty 有误：应为数字');
    expect(msg.invalidPayload('k', msg.nulCharacter)).toBe('参数 k 有误：不能包含空字符（\\0）');
    expect(msg.invalidPayload('', '请求体不是有效的 JSON')).toBe('请求体不是有效的 JSON');
  });
});
