/** Starts the engine child (engine.ts), feeds it the stock rows and runs query lists in it. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../src/server/db/schema';
import type { EngineQuery, EngineRow } from './engine';

const CHUNK = 20_000;

export const startEngine = async (db: Kysely<DB>) => {
  const child = fork(fileURLToPath(new URL('./engine.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) => new Promise<T>((resolve, reject) => {
    const onMsg = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('message', onMsg);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`搜索引擎子进程意外退出（${code}）`));
    child.on('message', onMsg);
    child.once('exit', onExit);
  });
  await next('ready');
  let last = 0;
  for (;;) {
    const { rows } = await sql<EngineRow>`
      select s.id, s.name, s.supplier_vehicle as vehicle, s.oe_norm as oe, b.name as brand, m.name as make,
        s.rank_key, s.quantity, s.price0, s.price99
      from stock s left join part_brand b on b.id = s.part_brand_id left join make m on m.id = s.make_id
      where s.state = 'on' and s.id > ${last} order by s.id limit ${CHUNK}`.execute(db);
    if (rows.length === 0) break;
    last = Number(rows[rows.length - 1].id);
    const ack = next('ack');
    child.send({ type: 'rows', rows: rows.map((r) => ({ ...r, id: Number(r.id), rank_key: Number(r.rank_key) })) });
    await ack;
  }
  const built = next<{ build_s: number; rss_mb: number; docs: number }>('built');
  child.send({ type: 'built' });
  const b = await built;
  return {
    build_s: b.build_s,
    rss_mb: b.rss_mb,
    docs: b.docs,
    run: async (queries: EngineQuery[]) => {
      const ran = next<{ ms: number[]; rows: number[] }>('ran');
      child.send({ type: 'run', queries });
      return ran;
    },
    stop: () => {
      child.send({ type: 'exit' });
    },
  };
};
