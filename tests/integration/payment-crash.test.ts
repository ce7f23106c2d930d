/**
 * kill -9 between a provider's notice and its effect (docs/money.md, "Payment providers"): the
 * real server runs as a child process with Alipay pointed at the local fake; the test-only
 * failpoint QIPEI_FAILPOINT=after-notice-verified makes it SIGKILL itself right after it verified
 * Alipay's notice and before it applied it. Restarted, the payment sweep asks Alipay and credits
 * the wallet, and Alipay's repeated notice then changes nothing: credited exactly once, and the
 * full reconciliation check passes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, clientFor, createPostgresDatabase, skipReason } from './harness';
import { startFakeAlipay, type FakeAlipay } from './fake-alipay';

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

interface Child { proc: ChildProcess; out: string[]; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }

/** the server as `npm start` runs it (src/server/main.ts), in this very process (no tsx parent), until its start line is printed */
const startChild = async (env: Record<string, string | undefined>): Promise<Child> => {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(process.cwd(), 'src', 'server', 'main.ts')], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => proc.once('exit', (code, signal) => r({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      out.push(chunk.toString());
      if (out.join('').includes('已启动')) resolve();
    };
    proc.stdout!.on('data', seen);
    proc.stderr!.on('data', (c: Buffer) => out.push(c.toString()));
    void exited.then(() => reject(new Error(`the server stopped while starting:\n${out.join('')}`)));
    setTimeout(() => reject(new Error(`the server did not start in 90 s:\n${out.join('')}`)), 90_000);
  });
  return { proc, out, exited };
};

describe.each(backends)('kill -9 between the provider\'s notice and the wallet credit, on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'restart', () => {
    const cleanups: Array<() => Promise<void> | void> = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('the restarted server credits the payment exactly once, and the ledger reconciles', async () => {
      const fake: FakeAlipay = await startFakeAlipay();
      cleanups.push(() => fake.stop());
      const dir = mkdtempSync(join(tmpdir(), 'qph-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const pg = backend === 'postgres' ? await createPostgresDatabase() : undefined;
      if (pg) cleanups.push(() => pg.drop());
      const open = (): Promise<Database> => openDatabase(pg ? { databaseUrl: pg.url } : { dataDir: join(dir, 'data', 'pglite') });

      // a seeded database whose provider is Alipay (set where the deployment is configured: docs/operations.md, "Payments")
      const prepared = await open();
      await migrate(prepared.db);
      await seed(prepared.db, { scryptN: 1024, stockRows: 0 });
      await prepared.db.updateTable('system_param').set({ value: 'alipay' }).where('key', '=', 'pay_provider').execute();
      await prepared.close();

      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const { DATABASE_URL: _ignored, ...inherited } = process.env;
      const env = {
        ...inherited, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), STATIC_DIR: dir,
        ...(pg ? { DATABASE_URL: pg.url } : {}),
        ALIPAY_APP_ID: fake.appId, ALIPAY_PRIVATE_KEY: fake.appPrivateKey, ALIPAY_PUBLIC_KEY: fake.alipayPublicKey,
        ALIPAY_GATEWAY: fake.gateway, ALIPAY_NOTIFY_BASE_URL: url,
      };

      // first life: dies at the failpoint
      const first = await startChild({ ...env, QIPEI_FAILPOINT: 'after-notice-verified' });
      cleanups.push(() => void first.proc.kill('SIGKILL'));
      const api = clientFor(url);
      const login = await api.api('userAuth', { username: 'buyer', password: 'demo123456' });
      const token = login.body.data.access_token;
      const before = (await api.api('walletGet', undefined, { token })).body.data;
      const r = (await api.api('walletRecharge', { amount_fen: 52_000 }, { token, idempotencyKey: `crash-${backend}-recharge-0001` })).body.data;
      expect(r.provider).toBe('alipay');
      expect((await fetch(r.checkout_url)).status).toBe(200);
      fake.pay(r.recharge_no);
      // Alipay's notice: verified, then the server is gone before it answers
      await expect(fake.notify(r.recharge_no)).rejects.toThrow();
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
      expect(first.out.join('')).toContain('FAILPOINT after-notice-verified');

      // second life: the sweep at start asks Alipay and credits the payment
      const second = await startChild(env);
      cleanups.push(() => void second.proc.kill('SIGKILL'));
      const token2 = (await api.api('userAuth', { username: 'buyer', password: 'demo123456' })).body.data.access_token;
      await expect.poll(async () => (await api.api('walletRechargeGet', { recharge_no: r.recharge_no }, { token: token2 })).body.data?.state, { timeout: 30_000, interval: 250 }).toBe('paid');
      expect(fake.calls.some((c) => c.method === 'alipay.trade.query' && c.biz.out_trade_no === r.recharge_no)).toBe(true);
      // Alipay repeats its notice (no `success` came back): it is answered, and changes nothing
      expect(await fake.notify(r.recharge_no)).toBe('success');
      expect(await fake.notify(r.recharge_no)).toBe('success');
      const after = (await api.api('walletGet', undefined, { token: token2 })).body.data;
      expect(after.available_fen).toBe(before.available_fen + 52_000);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);

      // stopped as an operator would, the database says the same: one credit, and the ledger reconciles
      second.proc.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
      const db = await open();
      try {
        const credits = await db.db.selectFrom('ledger_transaction').select(['id', 'kind']).where('reference', '=', r.recharge_no).execute();
        expect(credits).toEqual([expect.objectContaining({ kind: 'recharge' })]);
        expect(await db.db.selectFrom('wallet_recharge').select(['state', 'trade_no']).where('recharge_no', '=', r.recharge_no).executeTakeFirst())
          .toEqual({ state: 'paid', trade_no: fake.trade(r.recharge_no).trade_no });
        const report = await reconcile(db.db);
        expect(report.problems).toEqual([]);
        expect(report.ok).toBe(true);
      } finally {
        await db.close();
      }
    }, 240_000);
  });
});
