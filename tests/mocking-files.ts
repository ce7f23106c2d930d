/**
 * The unit test files that mock a module (vi.mock / vi.doMock). The unit projects share one module
 * scope per worker (isolate: false, docs/testing.md "Time budget"), where a mock and the modules
 * loaded through it would stay cached for the files that run after: these files run in the
 * `unit-mocks` project instead, each in a module scope of its own. `scripts/mocking-files.test.ts`
 * fails when a test file mocks a module and is not listed here.
 */
export const MOCKING_FILES = [
  'src/client/features/cart/mutations.test.ts',
  'src/client/features/im/rong-transport.test.ts',
  'src/client/features/im/select-transport.test.ts',
  'src/client/features/search/queries.test.ts',
];
