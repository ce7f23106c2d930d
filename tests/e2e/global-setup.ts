/**
 * Once per e2e run (vitest globalSetup): one Chromium that every *.e2e.ts file connects to, and one
 * migrated and seeded PGlite folder that every file copies (copying takes under a second, migrating
 * and seeding 20,000 stock rows about 13 s), in shared memory when the machine has room for it
 * (scratch.ts). Both go away when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { chromiumOptions } from './browser';
import { removeLeftovers, scratchPrefix, scratchRoot } from './scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the shared Chromium's endpoint for chromium.connect */
    chromiumWsEndpoint: string;
    /** a migrated, seeded PGlite data folder to copy, never to open */
    seededPgliteDir: string;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  removeLeftovers();
  const [browserServer, seededDir] = await Promise.all([
    chromium.launchServer(chromiumOptions),
    (async () => {
      const dir = mkdtempSync(join(scratchRoot(), scratchPrefix('seed')));
      const pglite = await PGlite.create(join(dir, 'pglite'));
      const database = await openDatabase({ pglite });
      try {
        await migrate(database.db);
        await seed(database.db);
      } finally {
        await database.close();
        await pglite.close();
      }
      return dir;
    })(),
  ]);
  console.log(`e2e: Chromium started and the database seeded once in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('chromiumWsEndpoint', browserServer.wsEndpoint());
  project.provide('seededPgliteDir', join(seededDir, 'pglite'));
  return async () => {
    await browserServer.close();
    rmSync(seededDir, { recursive: true, force: true });
  };
}
