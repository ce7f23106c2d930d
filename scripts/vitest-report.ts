/**
 * Reads the JSON a vitest run wrote with `--reporter=json --outputFile.json=FILE` and tells its
 * failures: each failing test's full name and the first lines of its first assertion message (a
 * file that failed outside any test, in beforeAll say, counts as one failure named by its path).
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface Failure {
  test: string;
  message: string;
}

interface JsonReport {
  numTotalTests?: number;
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName?: string; title: string; status: string; failureMessages?: string[] }>;
  }>;
}

// eslint-disable-next-line no-control-regex
export const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * The message without its stack (the lines before the first "    at …"), then the line of the test
 * that failed: the stack's first frame in a test file (a timeout in a test that waits several
 * times says which wait it was).
 */
const firstLines = (message: string, max = 8) => {
  const lines = stripAnsi(message).split('\n');
  const stack = lines.findIndex((l) => /^\s+at /.test(l));
  const head = lines.slice(0, stack === -1 ? lines.length : stack).filter((l) => l.trim() !== '').slice(0, max);
  const frame = lines.slice(stack === -1 ? lines.length : stack).map((l) => /((?:^|[/\s(])tests\/[^\s():]+:\d+:\d+)/.exec(l)?.[1]).find(Boolean);
  if (frame) head.push(`at ${frame.replace(/^[/\s(]/, '')}`);
  return head.join('\n');
};

export const readReport = (file: string): { total: number; passed: number; failures: Failure[] } | null => {
  if (!existsSync(file)) return null;
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  } catch {
    return null;
  }
  const failures: Failure[] = [];
  for (const file of report.testResults ?? []) {
    const path = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failures.push({ test: `${path} > ${a.fullName ?? a.title}`, message: firstLines(a.failureMessages?.[0] ?? '') });
    if (failed.length === 0 && file.status === 'failed') failures.push({ test: path, message: firstLines(file.message ?? '(the file failed outside its tests)') });
  }
  return { total: report.numTotalTests ?? 0, passed: report.numPassedTests ?? 0, failures };
};
