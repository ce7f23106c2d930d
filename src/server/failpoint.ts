/**
 * Test-only failpoints (docs/operations.md, "Failpoints"): with NODE_ENV=test and
 * QIPEI_FAILPOINT naming a point, the server kills itself there with SIGKILL, as a crash or
 * `kill -9` would, so a test can prove that what was half done is finished exactly once after a
 * restart. Without NODE_ENV=test the variable is ignored.
 */
export type FailpointName = 'after-notice-verified';

export const failpoint = (name: FailpointName) => {
  if (process.env.NODE_ENV !== 'test' || process.env.QIPEI_FAILPOINT !== name) return;
  process.stderr.write(`FAILPOINT ${name}: killing the server (SIGKILL)\n`);
  process.kill(process.pid, 'SIGKILL');
};
