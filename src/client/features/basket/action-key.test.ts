import { describe, expect, it } from 'vitest';
import { createActionKey } from './action-key';

describe('one Idempotency-Key per user action (一键加入购物车)', () => {
  it('a retry of the same lines sends the same key; after success, or for other lines, a new one', () => {
    let n = 0;
    const key = createActionKey(() => `key-${++n}`);
    const first = key.for('a,b');
    // the answer was lost: the user presses again
    expect(key.for('a,b')).toBe(first);
    key.done();
    const second = key.for('a,b');
    expect(second).not.toBe(first);
    // another selection is another action
    expect(key.for('a,c')).not.toBe(second);
  });
});
