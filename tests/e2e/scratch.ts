/**
 * Where the browser tests keep their PGlite data folders: the machine's shared memory (/dev/shm)
 * when it has room, as the integration tests do, else the temporary folder. The seeded folder
 * (global-setup.ts) is about 290 MB and every file copies it (harness.ts): on /tmp, a disk on CI
 * machines, a copy and its removal took 5.8–6.9 s of wall time and 0.65–0.83 s of CPU under load,
 * on /dev/shm 2.1–2.2 s and 0.27 s (docs/testing.md, "Time budget").
 */
import { existsSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { hostname, tmpdir } from 'node:os';
import { alive } from '../process-alive';

/**
 * Room for the seeded folder (about 290 MB), a copy for every worker (E2E_WORKERS, 2 by default), a
 * spare, and a gigabyte for the PGlite integration pass that may run at the same time in /dev/shm
 * (docs/testing.md): 2 GiB at least; a small /dev/shm (a container's 64 MB) is not used.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
const NEEDED_BYTES = Math.max(2 * 1024 ** 3, (workers + 2) * 400 * 1024 ** 2 + 1024 ** 3);

export const scratchRoot = (() => {
  let chosen: string | undefined;
  return () => {
    if (chosen) return chosen;
    chosen = tmpdir();
    if (existsSync('/dev/shm')) {
      try {
        const fs = statfsSync('/dev/shm');
        if (fs.bavail * fs.bsize >= NEEDED_BYTES) chosen = '/dev/shm';
      } catch {
        // not a file system we can ask: the temporary folder
      }
    }
    return chosen;
  };
})();

/**
 * The machine's name in a folder's name: a process id means something only on the machine (and in
 * the process namespace) that gave it, so a run never judges another container's folders by it.
 */
const host = hostname().replace(/[^A-Za-z0-9]+/g, '_');

/** A folder's name prefix that carries the machine and the id of the process that made it: `qph-e2e-<kind>-<host>-<pid>-`. */
export const scratchPrefix = (kind: 'seed' | 'file') => `qph-e2e-${kind}-${host}-${process.pid}-`;

/**
 * A run that was killed (Ctrl-C, npm test stopping it after another step failed, a CI time limit)
 * left its folders behind, in memory when they are in /dev/shm: removes this machine's folders whose
 * process is gone, from both places a run may have used (a full /dev/shm sends the next run to the
 * temporary folder, which must not leave the old folders in memory for ever). A folder that cannot
 * be removed (another user's) is left as it is.
 */
export const removeLeftovers = () => {
  const mine = new RegExp(`^qph-e2e-(?:seed|file)-${host}-(\\d+)-`);
  for (const root of new Set(['/dev/shm', tmpdir()])) {
    let names: string[];
    try {
      names = readdirSync(root);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = mine.exec(name)?.[1];
      if (!pid || alive(Number(pid))) continue;
      try {
        rmSync(join(root, name), { recursive: true, force: true });
      } catch {
        // not ours to remove
      }
    }
  }
};
