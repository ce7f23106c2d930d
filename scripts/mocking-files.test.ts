// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_FILES } from '../tests/mocking-files';

const root = new URL('..', import.meta.url).pathname;
const testFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : /\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []);

describe('unit files that mock a module', () => {
  it('run in the isolated unit-mocks project, so no mock reaches another file (tests/mocking-files.ts)', () => {
    const mocking = ['src', 'scripts', 'sw', 'tests/bench'].flatMap(testFiles)
      .filter((f) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, f), 'utf8').replace(/\/\/.*$/gm, '')))
      .filter((f) => f !== 'scripts/mocking-files.test.ts')
      .sort();
    expect(mocking).toEqual([...MOCKING_FILES].sort());
  });
});
