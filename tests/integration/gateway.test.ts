import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { clientFor, runsBackendFreeTests } from './harness';
import WebSocket from 'ws';
import { startServer } from '../../src/server/server';

describe.runIf(runsBackendFreeTests)('WebSocket gateway', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', pglite: await PGlite.create() });
  });
  afterAll(async () => server?.close());

  const login = async (device: string) =>
    (await clientFor(server.url).api('userAuth', { username: 'buyer', password: 'demo123456' }, { device })).body.data.access_token;

  const connect = (token: string) =>
    new Promise<{ ws: WebSocket; messages: unknown[]; closed: Promise<number> }>((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, ['qph', `bearer.${token}`]);
      const messages: unknown[] = [];
      const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
      ws.on('message', (m) => {
        messages.push(JSON.parse(String(m)));
        if (messages.length === 1) resolve({ ws, messages, closed });
      });
      ws.on('error', reject);
    });

  it('refuses a connection without a valid token, and a token in the address', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, ['qph', 'bearer.nope']);
    const err = await new Promise<Error>((r) => ws.on('error', r));
    expect(err.message).toContain('401');
    const inAddress = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${await login('h5')}`);
    expect((await new Promise<Error>((r) => inAddress.on('error', r))).message).toContain('401');
  });

  it('closes a socket that sends a frame over 4 KB (1009) or floods it with messages (1008), and the server keeps serving', async () => {
    const big = await connect(await login('pad'));
    big.ws.send('x'.repeat(1024 * 1024));
    expect(await big.closed).toBe(1009);
    const chatty = await connect(await login('h5'));
    for (let i = 0; i < 70; i++) chatty.ws.send('{}');
    expect(await chatty.closed).toBe(1008);
    const fine = await connect(await login('app'));
    expect(fine.messages[0]).toMatchObject({ type: 'hello' });
    fine.ws.close();
  });

  it('answers with the qph subprotocol', async () => {
    const conn = await connect(await login('pad'));
    expect(conn.ws.protocol).toBe('qph');
    conn.ws.close();
  });

  it('tells an open tab at once when its session is signed out elsewhere', async () => {
    const first = await login('pc');
    const conn = await connect(first);
    expect(conn.messages[0]).toMatchObject({ type: 'hello', user: '00000000-0000-4000-8000-000000000004' });
    const other = await connect(await login('app'));
    await login('pc');
    expect(await conn.closed).toBe(4908);
    expect(conn.messages[1]).toEqual({ type: 'signedOut', code: 908 });
    // the session on another device type stays connected
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.ws.close();
  });

  it('tells a disabled employee\'s open tab at once (员工 停用)', async () => {
    const client = clientFor(server.url);
    const as = async (username: string) => (await client.api('userAuth', { username, password: 'demo123456' })).body.data.access_token;
    const conn = await connect(await as('clerk'));
    const seller = await as('seller');
    const setActive = (id: number, active: boolean) => client.api('employeeSetActive', { id, active }, { token: seller });
    const list = (await client.api('employeeList', { keyword: 'clerk' }, { token: seller })).body;
    const id = list.data.data[0].id;
    expect((await setActive(id, false)).status).toBe(200);
    expect(await conn.closed).toBe(4908);
    expect(conn.messages[1]).toEqual({ type: 'signedOut', code: 908 });
    expect((await setActive(id, true)).status).toBe(200);
  });
});
