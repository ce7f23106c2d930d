/**
 * Request budgets : a user or an address that sends too much is told 429 in
 * Chinese with Retry-After, others are not; heavy searches of one user run a few at a time and
 * queue behind each other, never in front of another user's call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitText } from '../../src/server/http/limits';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('request budgets on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'limits', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, {
        stockRows: 200,
        limits: { user: { perSecond: 0.001, burst: 30 }, address: { perSecond: 0.001, burst: 1000 }, heavyAtOnce: 1, heavyQueue: 3 },
      });
      buyer = (await env.login('buyer', { address: '10.1.0.1' })).access_token;
      seller = (await env.login('seller', { address: '10.1.0.2' })).access_token;
    });
    afterAll(async () => env?.close());

    it('heavy searches of one user: one at a time, three waiting, the rest refused; another user is served meanwhile', async () => {
      const flood = Array.from({ length: 8 }, () => env.api('keywordSearch', { k: '刹车片', page_size: 100 }, { token: buyer, address: '10.1.0.1' }));
      const other = await env.api('imConversations', {}, { token: seller, address: '10.1.0.2' });
      expect(other.status).toBe(200);
      const answers = await Promise.all(flood);
      // one runs, three wait; the others are refused (a search that ends before the last ones arrive frees a place)
      expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(4);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
      expect(refused[0].body.client_msg).toBe(limitText.tooManyHeavy);
    });

    it('a user past the budget is told 429 with Retry-After; another user is not', async () => {
      let last = await env.api('getPayPackages', {}, { token: buyer, address: '10.1.0.1' });
      for (let i = 0; i < 40 && last.status !== 429; i++) last = await env.api('getPayPackages', {}, { token: buyer, address: '10.1.0.1' });
      expect(last.status).toBe(429);
      expect(last.body.client_msg).toBe(limitText.tooFast);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await env.api('getPayPackages', {}, { token: seller, address: '10.1.0.2' })).status).toBe(200);
    });
  });

  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'heavy budget', () => {
    let env: TestEnv;
    beforeAll(async () => {
      env = await createTestEnv(backend, {
        stockRows: 50,
        limits: { user: { perSecond: 1000, burst: 1000 }, address: { perSecond: 1000, burst: 1000 }, heavyAtOnce: 4, heavyQueue: 8, heavyRate: { perSecond: 0.001, burst: 3 } },
      });
    });
    afterAll(async () => env?.close());

    it('a user past the heavy-call budget is refused 429 after a hold; their light calls and another user\'s searches go on', async () => {
      const buyer = (await env.login('buyer', { address: '10.1.0.3' })).access_token;
      const seller = (await env.login('seller', { address: '10.1.0.4' })).access_token;
      const search = (token: string, address: string) => env.api('keywordSearch', { k: '刹车片', page_size: 50 }, { token, address });
      for (let i = 0; i < 3; i++) expect((await search(buyer, '10.1.0.3')).status).toBe(200);
      const t = Date.now();
      const refused = await search(buyer, '10.1.0.3');
      expect(refused.status).toBe(429);
      expect(refused.body.client_msg).toBe(limitText.tooFast);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // held before it is answered, so a client that ignores Retry-After cannot spin
      expect(Date.now() - t).toBeGreaterThanOrEqual(900);
      expect((await env.api('getPayPackages', {}, { token: buyer, address: '10.1.0.3' })).status).toBe(200);
      expect((await search(seller, '10.1.0.4')).status).toBe(200);
    });
  });

  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'heavy budget priced by rows', () => {
    let env: TestEnv;
    beforeAll(async () => {
      env = await createTestEnv(backend, {
        stockRows: 50,
        limits: { user: { perSecond: 1000, burst: 1000 }, address: { perSecond: 1000, burst: 1000 }, heavyAtOnce: 4, heavyQueue: 8, heavyRate: { perSecond: 0.001, burst: 10 } },
      });
    });
    afterAll(async () => env?.close());

    it('an 800-row page costs eight 100-row pages of the budget: one fits where ten small ones do', async () => {
      const buyer = (await env.login('buyer', { address: '10.1.0.5' })).access_token;
      const seller = (await env.login('seller', { address: '10.1.0.6' })).access_token;
      const search = (token: string, size: number) => env.api('keywordSearch', { k: '刹车片', page_size: size }, { token, address: '10.1.0.5' });
      // 8 of the 10 tokens
      expect((await search(buyer, 800)).status).toBe(200);
      const second = await search(buyer, 800);
      expect(second.status).toBe(429);
      expect(second.body.client_msg).toBe(limitText.tooFast);
      // the two tokens left still answer two pages of 100 (and a refused call took nothing)
      expect((await search(buyer, 100)).status).toBe(200);
      expect((await search(buyer, 50)).status).toBe(200);
      expect((await search(buyer, 50)).status).toBe(429);
      // another user's budget is their own: ten 100-row pages
      for (let i = 0; i < 10; i++) expect((await search(seller, 100)).status).toBe(200);
    });
  });
});
