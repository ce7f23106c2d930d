/**
 * The WebSocket endpoint (/ws). A client connects with its access token as the subprotocol
 * `bearer.<token>` beside `qph` (never in the address, which proxies and logs keep); the server
 * pushes events to it. Today: {type:'signedOut', code:908} when its session is revoked (logout,
 * sign-in elsewhere, refresh-token reuse), so an open tab learns at once; and chat events
 * (im.service): {type:'imMessage'} to every open socket of both sides of a new message and
 * {type:'imRead'} to the reader's sockets.
 *
 * Pushes and sign-outs go through the bus (bus/bus.ts): in one process straight to its own
 * sockets; with Redis to the sockets of every process, so a user connected to another process
 * than the sender's still gets the message live, and a session signed out on one process is closed
 * on all. When the bus reports that messages may have been lost (Redis was down), every socket is
 * closed with 1012: the client reconnects with backoff, fetches what it missed (messages are
 * stored first) and a session revoked meanwhile is refused at the handshake. While the bus is
 * down the heartbeat also asks the database which open sessions were revoked.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ResultCode } from '../../shared/contracts';
import type { Caller } from '../http/context';
import { AppError } from '../http/errors';
import type { Bus, BusMessage } from '../bus/bus';

const HEARTBEAT_MS = 30_000;
/**
 * Clients send nothing over /ws but pings (chat goes through HTTP calls): a frame over 4 KB is
 * refused by the library before it is buffered (close 1009), instead of its 100 MiB default that
 * let four large frames take half a gigabyte. Any data frame counts against a budget of
 * WS_MESSAGES_PER_MINUTE; past it the socket is closed (1008).
 */
export const WS_MAX_PAYLOAD = 4 * 1024;
export const WS_MESSAGES_PER_MINUTE = 60;
export const WS_PROTOCOL = 'qph';
const BEARER = 'bearer.';

const tokenOf = (req: IncomingMessage): string => {
  const offered = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  return offered.find((p) => p.startsWith(BEARER))?.slice(BEARER.length) ?? '';
};

export interface GatewayDeps {
  resolveCaller: (token: string) => Promise<Caller>;
  bus: Bus;
  /** which of these sessions can no longer be used (revoked, user disabled, gone): asked while the bus is down */
  revokedAmong?: (sessionIds: number[]) => Promise<number[]>;
}

export const createGateway = ({ resolveCaller, bus, revokedAmong }: GatewayDeps) => {
  const wss = new WebSocketServer({
    noServer: true, maxPayload: WS_MAX_PAYLOAD, handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  const bySession = new Map<number, Set<WebSocket>>();
  const byUser = new Map<number, Set<WebSocket>>();
  const alive = new WeakMap<WebSocket, boolean>();

  const closeSessions = (ids: number[]) => {
    for (const id of ids) {
      for (const ws of bySession.get(id) ?? []) {
        ws.send(JSON.stringify({ type: 'signedOut', code: ResultCode.signedOut }));
        ws.close(4908, 'signed out');
      }
    }
  };

  bus.subscribe((m: BusMessage) => {
    if (m.type === 'push') {
      const text = JSON.stringify(m.event);
      for (const ws of byUser.get(m.userId) ?? []) if (ws.readyState === ws.OPEN) ws.send(text);
    } else if (m.type === 'revoked') closeSessions(m.sessionIds);
    else for (const ws of wss.clients) ws.close(1012, 'resync');
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) { ws.terminate(); continue; }
      alive.set(ws, false);
      ws.ping();
    }
    // sign-outs published on other processes do not arrive while the bus is down
    if (revokedAmong && !bus.connected() && bySession.size > 0) void revokedAmong([...bySession.keys()]).then(closeSessions, () => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') { socket.destroy(); return; }
    let caller: Caller;
    try {
      caller = await resolveCaller(tokenOf(req));
    } catch (e) {
      const code = e instanceof AppError ? e.code : ResultCode.serverError;
      socket.end(`HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ code })}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.set(ws, true);
      ws.on('pong', () => alive.set(ws, true));
      // a refused frame (too large, malformed) is reported here; the library closes the socket itself.
      // Without a listener the error would be thrown and take the whole server down.
      ws.on('error', () => ws.terminate());
      let windowStart = Date.now();
      let received = 0;
      ws.on('message', () => {
        const now = Date.now();
        if (now - windowStart >= 60_000) {
          windowStart = now;
          received = 0;
        }
        if (++received > WS_MESSAGES_PER_MINUTE) ws.close(1008, 'too many messages');
      });
      const set = bySession.get(caller.sessionId) ?? new Set();
      set.add(ws);
      bySession.set(caller.sessionId, set);
      const mine = byUser.get(caller.userId) ?? new Set();
      mine.add(ws);
      if (mine.size === 1) bus.setOnline(caller.userId, true);
      byUser.set(caller.userId, mine);
      ws.on('close', () => {
        set.delete(ws);
        if (set.size === 0) bySession.delete(caller.sessionId);
        mine.delete(ws);
        if (mine.size === 0 && byUser.get(caller.userId) === mine) {
          byUser.delete(caller.userId);
          bus.setOnline(caller.userId, false);
        }
      });
      // sentTime: the server's time now, from which a chat client fetches what it misses while disconnected
      ws.send(JSON.stringify({ type: 'hello', user: caller.uuid, sentTime: Date.now() }));
    });
  };

  return {
    attach(server: Server) {
      server.on('upgrade', (req, socket, head) => void onUpgrade(req, socket, head));
    },
    /** tells and closes the sockets of these sessions, on every process */
    sessionsRevoked(ids: number[]) {
      if (ids.length > 0) bus.publish({ type: 'revoked', sessionIds: ids });
    },
    /** sends an event to every open socket of the user, on every process */
    pushToUser(userId: number, event: object) {
      bus.publish({ type: 'push', userId, event });
    },
    /** whether the user has an open socket on any process */
    isOnline: (userId: number) => bus.isOnline(userId),
    close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
};
