/**
 * Once per integration pass (vitest globalSetup): a name prefix for the pass's PostgreSQL template
 * databases (harness.ts: the migrated and seeded database each environment copies) and a folder for
 * its PGlite data folders (the seeded one each environment copies, and the copies), and, when the
 * pass ends, the dropping of every database with that prefix and the folder's removal. Another pass
 * running at the same time has its own prefix and folder, so neither touches the other's.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { alive } from '../process-alive';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `qph_tpl_<random>_`: the start of this pass's template databases' names */
    pgTemplatePrefix: string;
    /** this pass's folder for PGlite data folders: in memory (/dev/shm) where the machine has it */
    pgliteRoot: string;
  }
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default function setup(project: TestProject) {
  const prefix = `qph_tpl_${randomBytes(4).toString('hex')}_`;
  project.provide('pgTemplatePrefix', prefix);
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  // a pass that was killed (Ctrl-C, a CI time limit) left its folder in memory: remove those whose
  // process is gone (the name carries the pid)
  for (const name of readdirSync(base)) {
    const pid = /^qph-int-(\d+)-/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(join(base, name), { recursive: true, force: true });
  }
  const pgliteRoot = mkdtempSync(join(base, `qph-int-${process.pid}-`));
  project.provide('pgliteRoot', pgliteRoot);
  return async () => {
    rmSync(pgliteRoot, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
    try {
      await admin.connect();
    } catch {
      return; // no PostgreSQL: the pass made no template
    }
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
