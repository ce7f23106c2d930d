/**
 * The signing examples the /open guide shows (src/client/features/open-docs/examples.ts,
 * docs/open-platform.md "The document"), run as a partner would run them: the bash recipe (with
 * openssl; curl replaced by a function that prints what it would send) and the Node script (its
 * fetch replaced the same way). Each signature must be the one src/shared/domain/open-signature.ts
 * makes for the same call, the one the server checks.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { curlExample, EXAMPLE_PATH, nodeExample } from '../../src/client/features/open-docs/examples';
import { signOpenRequest } from '../../src/shared/domain/open-signature';
import { runsBackendFreeTests } from './harness';

const ORIGIN = 'https://open.example.test';
const KEY_ID = 'ak_exampleKey0123456789abcd';
const SECRET = 'sk_example_secret_0123456789';
const dir = mkdtempSync(join(tmpdir(), 'open-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** the headers a run printed, and the signature signOpenRequest makes for them */
const expected = async (headers: Record<string, string>, method: string, body = '') =>
  (await signOpenRequest({ keyId: KEY_ID, secret: SECRET, method, pathWithQuery: EXAMPLE_PATH, body, timestamp: Number(headers['X-Open-Timestamp']), nonce: headers['X-Open-Nonce'] }))['X-Open-Signature'];

describe.skipIf(!runsBackendFreeTests)('the /open signing examples', () => {
  it('the curl recipe signs as the server checks', async () => {
    const script = curlExample(ORIGIN)
      .replace("KEY_ID='你的密钥ID'", `KEY_ID='${KEY_ID}'`)
      .replace("SECRET='你的密钥'", `SECRET='${SECRET}'`)
      // curl prints its arguments instead of sending them
      .replace('#!/usr/bin/env bash', "#!/usr/bin/env bash\ncurl() { printf '%s\\n' \"$@\"; }");
    const file = join(dir, 'call.sh');
    writeFileSync(file, script);
    const args = execFileSync('bash', [file], { encoding: 'utf8' }).split('\n');
    expect(args).toContain(`${ORIGIN}${EXAMPLE_PATH}`);
    const headers = Object.fromEntries(args.filter((_, i) => args[i - 1] === '-H').map((h) => h.split(': ') as [string, string]));
    expect(headers['open-key']).toBe(KEY_ID);
    expect(headers['X-Open-Nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(headers['X-Open-Signature']).toBe(await expected(headers, 'GET'));
  });

  it('the Node script signs as the server checks', async () => {
    const file = join(dir, 'call.mjs');
    writeFileSync(file, [
      // fetch prints what it would send and answers as the server would
      "globalThis.fetch = async (url, init) => { console.error(JSON.stringify({ url, init })); return new Response(JSON.stringify({ code: 200, msg: 'success', data: { ok: true } })); };",
      nodeExample(ORIGIN),
    ].join('\n'));
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', OPEN_KEY_ID: KEY_ID, OPEN_SECRET: SECRET } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('ok: true');
    const sent = JSON.parse(run.stderr.trim().split('\n').at(-1) as string) as { url: string; init: { method: string; headers: Record<string, string> } };
    expect(sent.url).toBe(`${ORIGIN}${EXAMPLE_PATH}`);
    expect(sent.init.headers['open-key']).toBe(KEY_ID);
    expect(sent.init.headers['X-Open-Signature']).toBe(await expected(sent.init.headers, sent.init.method));
  });
});
