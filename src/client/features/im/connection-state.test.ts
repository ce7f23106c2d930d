import { describe, expect, it } from 'vitest';
import { shownStatus, STATUS_TEXT } from './connection-state';

describe('chat connection state (requirements 001-4)', () => {
  it('shows 网络不可用 while the browser is offline, whatever the socket still says', () => {
    for (const s of ['connected', 'connecting', 'disconnected'] as const) {
      expect(shownStatus(s, false)).toBe('offline');
      expect(STATUS_TEXT[shownStatus(s, false)]).toBe('网络不可用');
    }
  });

  it('shows the transport state when online, each with its own text', () => {
    expect(STATUS_TEXT[shownStatus('connected', true)]).toBe('已连接');
    expect(STATUS_TEXT[shownStatus('connecting', true)]).toBe('连接中…');
    expect(STATUS_TEXT[shownStatus('disconnected', true)]).toBe('未连接');
  });

  it('kicked by another client stays kicked even offline (it closes the window)', () => {
    expect(shownStatus('kicked', false)).toBe('kicked');
  });
});
