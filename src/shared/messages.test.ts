import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import './contracts/zh-messages';
import { msg } from './messages';
import { refusalText } from './field-names';

describe('the edge refusal text', () => {
  it('is the rule as the contract words it, with no English key, when the rule names its field', () => {
    expect(msg.invalidPayload('price0', '批发价(不含税)最多两位小数')).toBe('批发价(不含税)最多两位小数');
  });
  it('names the field in Chinese, never by its key, for the library fallbacks (docs/api.md, "Messages name fields in Chinese")', () => {
    const r = v.safeParse(v.object({ qty: v.number() }), { qty: 'x' });
    expect(r.success).toBe(false);
    const detail = r.success ? '' : r.issues[0].message;
    expect(detail).toBe('应为数字');
    expect(refusalText('qty', detail)).toBe('数量应为数字');
    expect(refusalText('lines.0.qty', detail)).toBe('数量应为数字');
    expect(refusalText('targetId', '缺少必填项')).toBe('请填写聊天对象');
    expect(refusalText('k', msg.nulCharacter)).toBe('搜索内容不能包含空字符（\\0）');
    // a key without a name is not shown either
    expect(refusalText('constructor', detail)).toBe('参数有误：应为数字');
    expect(msg.invalidPayload('', '请求体不是有效的 JSON')).toBe('请求体不是有效的 JSON');
  });
});
