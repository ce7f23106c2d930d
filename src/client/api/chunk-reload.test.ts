import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, shouldReloadForChunk } from './chunk-reload';

describe('chunk reload guard', () => {
  it('reloads the first time and then at most once a minute', () => {
    expect(shouldReloadForChunk(null, 1_000)).toBe(true);
    expect(shouldReloadForChunk(1_000, 1_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReloadForChunk(1_000, 1_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });

  it('does not reload while offline', () => {
    expect(shouldReloadForChunk(null, 1_000, false)).toBe(false);
  });
});
