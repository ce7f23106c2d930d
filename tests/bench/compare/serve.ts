/**
 * serve_rss_mb: the resident memory of the real server (src/server/main.ts, one process) serving a
 * PGlite database of N stock rows from its folder, started on existing data, after 200 mixed
 * searches over HTTP. The folder (.tmp/bench-serve-N) is seeded once by a child process and kept
 * for later runs. Never imported by the app.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface ServeRequest { path: string; body?: unknown }

const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(/\d+/.exec(status.split('\n').find((l) => l.startsWith(key)) ?? '0')?.[0] ?? 0);
  return { rss_mb: Math.round(kb('VmRSS:') / 1024), hwm_mb: Math.round(kb('VmHWM:') / 1024) };
};

const runNode = (args: string[], env: Record<string, string>) => spawn(process.execPath, ['--import', 'tsx', ...args], {
  env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
});

export const serveDataDir = (rows: number) => resolve(`.tmp/bench-serve-${rows}`);

/** Seeds the folder when it has no database yet (a child process, so the bench's memory is not the server's). */
export const ensureServeData = async (rows: number) => {
  const dir = serveDataDir(rows);
  if (existsSync(join(dir, 'pglite', 'PG_VERSION')) && existsSync(join(dir, 'seeded'))) return { seeded_s: 0 };
  mkdirSync(dir, { recursive: true });
  const t = Date.now();
  const code = `
    import { migrateAndSeed } from ${JSON.stringify(resolve('src/server/db/seed-run.ts'))};
    import { parseEnv } from ${JSON.stringify(resolve('src/server/env.ts'))};
    import { writeFileSync } from 'node:fs';
    const p = parseEnv({ DATA_DIR: ${JSON.stringify(dir)} });
    if (!p.ok) throw new Error(p.message);
    await migrateAndSeed(p.env, { seed: true, stockRows: ${rows}, rowsGiven: true });
    writeFileSync(${JSON.stringify(join(dir, 'seeded'))}, '${rows}');`;
  const child = runNode(['--input-type=module', '-e', code], {});
  child.stdout?.pipe(process.stderr);
  const status = await new Promise<number | null>((r) => child.on('exit', r));
  if (status !== 0) throw new Error(`演示数据写入失败（退出码 ${status}）`);
  return { seeded_s: Math.round((Date.now() - t) / 1000) };
};

/** Starts the server on the folder, signs in as buyer, sends the requests, reads its memory, stops it. */
export const measureServe = async (rows: number, requests: ServeRequest[]) => {
  const dir = serveDataDir(rows);
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const started = Date.now();
  const server = runNode([resolve('src/server/main.ts')], {
    DATA_DIR: dir, PORT: port, HOST: '127.0.0.1', STATIC_DIR: dir,
    RATE_LIMIT_USER: '100000/100000', RATE_LIMIT_ADDRESS: '100000/100000', HEAVY_RATE: '100000/100000',
  });
  const exited = new Promise<number | null>((r) => server.on('exit', r));
  try {
    await new Promise<void>((ok, fail) => {
      let out = '';
      server.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('已启动')) ok();
      });
      void exited.then((c) => fail(new Error(`服务器启动失败（退出码 ${c}）`)));
    });
    const startS = (Date.now() - started) / 1000;
    const base = `http://127.0.0.1:${port}`;
    const afterStart = rssOf(server.pid!);
    const login = await fetch(`${base}/api/user/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'buyer', password: 'demo123456' }) });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    let failed = 0;
    for (const r of requests) {
      const res = await fetch(base + r.path, r.body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(r.body) });
      const body = (await res.json()) as { code: number };
      if (body.code !== 200) failed++;
    }
    const after = rssOf(server.pid!);
    return { serve_start_s: Number(startS.toFixed(1)), serve_rss_start_mb: afterStart.rss_mb, serve_rss_mb: after.rss_mb, serve_rss_peak_mb: after.hwm_mb, serve_failed: failed };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
};
