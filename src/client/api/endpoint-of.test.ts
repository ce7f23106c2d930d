import { describe, expect, it, vi } from 'vitest';
import { endpointIndex } from '../../shared/contracts/endpoint-index.gen';
import { endpointOf } from './endpoint-of';

describe('endpointOf', () => {
  it('finds a storefront call in the entry index and an operator call in its own chunk', async () => {
    expect(await endpointOf('cartList')).toEqual(endpointIndex.cartList);
    expect(endpointIndex.opHomeSummary).toBeUndefined();
    expect(await endpointOf('opHomeSummary')).toMatchObject({ method: 'get', path: '/operation/home' });
  });

  it('loads the operator chunk again after a failed load (offline, or a deploy replaced it)', async () => {
    vi.resetModules();
    const fresh = await import('./endpoint-of');
    const real = fresh.operationIndexLoader.load;
    const load = vi.spyOn(fresh.operationIndexLoader, 'load').mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(fresh.endpointOf('opHomeSummary')).rejects.toThrow('Failed to fetch');
    load.mockImplementation(real);
    expect(await fresh.endpointOf('opHomeSummary')).toMatchObject({ path: '/operation/home' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
