// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointIndexSource, isOperationPath, operationEndpointIndexSource } from '../../../scripts/gen-endpoint-index';
import { endpointIndex } from './endpoint-index.gen';
import { operationEndpointIndex } from './endpoint-index-operation.gen';
import { endpoints } from './index';

describe('endpoint index', () => {
  it('is the endpoint table (with which writes are idempotent) without its schemas (regenerate: npx tsx scripts/gen-endpoint-index.ts)', () => {
    expect(readFileSync(new URL('./endpoint-index.gen.ts', import.meta.url), 'utf8')).toBe(endpointIndexSource());
    expect(readFileSync(new URL('./endpoint-index-operation.gen.ts', import.meta.url), 'utf8')).toBe(operationEndpointIndexSource());
    for (const [name, e] of Object.entries(endpoints)) {
      const idempotent = (e as { idempotent?: boolean }).idempotent === true ? { idempotent: true } : {};
      const [home, other] = isOperationPath(e.path) ? [operationEndpointIndex, endpointIndex] : [endpointIndex, operationEndpointIndex];
      expect(home[name as keyof typeof home], name).toEqual({ method: e.method, path: e.path, access: e.access, ...idempotent });
      expect(other[name as keyof typeof other], name).toBeUndefined();
    }
  });

  it('keeps the operator platform\'s calls out of the entry bundle\'s index', () => {
    expect(Object.keys(operationEndpointIndex).length).toBeGreaterThan(100);
    expect(Object.values(endpointIndex).filter((e) => e !== undefined && isOperationPath(e.path))).toEqual([]);
  });
});
