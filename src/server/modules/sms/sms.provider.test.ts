import { describe, expect, it } from 'vitest';
import { createSmsProvider } from './sms.provider';

describe('the SMS provider chosen at start', () => {
  it('the log provider warns once that codes go to the log, for development only', () => {
    const lines: Array<[string, string]> = [];
    createSmsProvider({ provider: 'log' }, (level, text) => lines.push([level, text]));
    expect(lines).toHaveLength(1);
    expect(lines[0][0]).toBe('warn');
    expect(lines[0][1]).toContain('仅供开发和演示使用');
  });
  it('the webhook provider says nothing at start', () => {
    const lines: unknown[] = [];
    createSmsProvider({ provider: 'webhook', webhookUrl: 'http://127.0.0.1:9/sms' }, (...a) => lines.push(a));
    expect(lines).toEqual([]);
  });
});
