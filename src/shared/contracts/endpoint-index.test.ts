// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointIndexSource } from '../../../scripts/gen-endpoint-index';
import { endpointIndex } from './endpoint-index.gen';
import { endpoints } from './index';

describe('endpoint index', () => {
  it('is the endpoint table (with which writes are idempotent) without its schemas (regenerate: npx tsx scripts/gen-endpoint-index.ts)', () => {
    expect(readFileSync(new URL('./endpoint-index.gen.ts', import.meta.url), 'utf8')).toBe(endpointIndexSource());
    for (const [name, e] of Object.entries(endpoints)) {
      const idempotent = (e as { idempotent?: boolean }).idempotent === true ? { idempotent: true } : {};
      expect(endpointIndex[name as keyof typeof endpointIndex]).toEqual({ method: e.method, path: e.path, access: e.access, ...idempotent });
    }
  });
});
