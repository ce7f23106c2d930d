/**
 * Where the browser tests keep their PGlite data folders: the machine's shared memory (/dev/shm)
 * when it has room, as the integration tests do, else the temporary folder. The seeded folder
 * (global-setup.ts) is about 290 MB and every file copies it (harness.ts): on /tmp, a disk on CI
 * machines, a copy and its removal took 5.8–6.9 s of wall time and 0.65–0.83 s of CPU under load,
 * on /dev/shm 2.1–2.2 s and 0.27 s (docs/testing.md, "Time budget").
 */
import { existsSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

/** room for the seeded folder, both workers' copies and a spare: a small /dev/shm (a container's 64 MB) is not used */
const NEEDED_BYTES = 2 * 1024 ** 3;

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

/** Whether a process of this id runs (signal 0 only asks). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A folder's name prefix that carries the id of the process that made it: `qph-e2e-<kind>-<pid>-`. */
export const scratchPrefix = (kind: 'seed' | 'file') => `qph-e2e-${kind}-${process.pid}-`;

/**
 * A run that was killed (Ctrl-C, npm test stopping it after another step failed, a CI time limit)
 * left its folders behind, in memory when they are in /dev/shm: removes those whose process is gone.
 */
export const removeLeftovers = () => {
  const root = scratchRoot();
  for (const name of readdirSync(root)) {
    const pid = /^qph-e2e-(?:seed|file)-(\d+)-/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(join(root, name), { recursive: true, force: true });
  }
};
