import { describe, expect, it } from 'vitest';
import { endpointIndex } from '../../shared/contracts/endpoint-index.gen';
import { endpointOf } from './endpoint-of';

describe('endpointOf', () => {
  it('finds a storefront call in the entry index and an operator call in its own chunk', async () => {
    expect(await endpointOf('cartList')).toEqual(endpointIndex.cartList);
    expect(endpointIndex.opHomeSummary).toBeUndefined();
    expect(await endpointOf('opHomeSummary')).toMatchObject({ method: 'get', path: '/operation/home' });
  });
});
