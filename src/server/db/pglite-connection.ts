/**
 * node-postgres talks to embedded PGlite through this connection object (pg.Client's `connection`
 * option) instead of PGlite's own node-postgres shim.
 *
 * Why our own: the shim hands every protocol message to PGlite on its own, so one
 * parameterised statement (Parse, Bind, Describe, Execute, Sync) was five calls into the WASM
 * backend. A real socket sends them as one write; so does this connection: messages are kept
 * until Sync or Flush (or a simple Query) and go to PGlite in one call. Measured on one statement
 * by primary key: 1.05 ms a statement as five calls, 0.16 ms as one. An error inside the batch
 * behaves as on a socket: the backend skips to the Sync and answers ErrorResponse and
 * ReadyForQuery, which pg handles as it always does.
 *
 * The rest mirrors the shim (PGlite 0.5): no startup or authentication (PGlite is in-process),
 * `readyForQuery` on connect, every answer emitted under its message name, 'errorMessage' for
 * ErrorResponse. Calls run strictly one after another (`chain`), as on a socket.
 */
import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

type Serialize = typeof serialize;

export class PgliteConnection extends EventEmitter {
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  // pg's prepared-statement bookkeeping lives on the connection
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  private chain: Promise<unknown>;
  private pending: Uint8Array[] = [];
  private emitMessages = false;

  constructor(private readonly pglite: PGlite) {
    super();
    this.chain = pglite.waitReady;
    this.on('newListener', (event) => {
      if (event === 'message') this.emitMessages = true;
    });
  }

  async connect() {
    this._connecting = true;
    await this.pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // kept until the Sync or Flush that ends them
  parse(p: Parameters<Serialize['parse']>[0]) { this.pending.push(serialize.parse(p)); }
  bind(p: Parameters<Serialize['bind']>[0]) { this.pending.push(serialize.bind(p)); }
  describe(p: Parameters<Serialize['describe']>[0]) { this.pending.push(serialize.describe(p)); }
  execute(p: Parameters<Serialize['execute']>[0]) { this.pending.push(serialize.execute(p)); }
  close(p: Parameters<Serialize['close']>[0]) { this.pending.push(serialize.close(p)); }
  // these end a batch
  sync() { this.send(serialize.sync()); }
  flush() { this.send(serialize.flush()); }
  query(text: string) { this.send(serialize.query(text)); }
  sendCopyFromChunk(chunk: Buffer) { this.send(serialize.copyData(chunk)); }
  endCopyFrom() { this.send(serialize.copyDone()); }
  sendCopyFail(message: string) { this.send(serialize.copyFail(message)); }
  // nothing to negotiate with an in-process database
  requestSsl() {}
  startup() {}
  cancel() {}
  password() {}
  ref() {}
  unref() {}

  end() {
    this.chain = this.chain.then(() => this.emit('end'));
    for (const event of this.eventNames()) if (event !== 'newListener') this.removeAllListeners(event);
    this.emitMessages = false;
  }

  private send(last: Uint8Array) {
    const parts = [...this.pending, last];
    this.pending = [];
    const batch = parts.length === 1 ? parts[0] : concat(parts);
    this.chain = this.chain
      .then(() => this.pglite.execProtocolStream(batch, { throwOnError: false }))
      .then((messages) => {
        for (const m of messages) {
          if (this.emitMessages) this.emit('message', m);
          this.emit(m.name === 'error' ? 'errorMessage' : m.name, m);
        }
      })
      .catch((e: unknown) => this.emit('error', e));
  }
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
