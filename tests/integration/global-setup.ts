/**
 * Once per integration pass (vitest globalSetup): a name prefix for the pass's PostgreSQL template
 * databases (harness.ts: the migrated and seeded database each environment copies), and, when the
 * pass ends, the dropping of every database with that prefix. Another pass running at the same
 * time has its own prefix, so neither drops the other's.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `qph_tpl_<random>_`: the start of this pass's template databases' names */
    pgTemplatePrefix: string;
  }
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default function setup(project: TestProject) {
  const prefix = `qph_tpl_${randomBytes(4).toString('hex')}_`;
  project.provide('pgTemplatePrefix', prefix);
  return async () => {
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
