import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const QUERY_KEY_RULES = [
  {
    selector: "Property[key.name='queryKey'] > ArrayExpression",
    message: "Query keys come from the feature's key factory in queries.ts, never a literal array.",
  },
  {
    selector: "CallExpression[callee.property.name=/^(setQueryData|getQueryData|getQueryState|ensureQueryData|fetchQuery|prefetchQuery)$/] > ArrayExpression.arguments",
    message: "Query keys come from the feature's key factory in queries.ts, never a literal array.",
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'src/client/routeTree.gen.ts', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'client and shared code must not import server code' }] }],
    },
  },
  {
    // CommonJS config files (.dependency-cruiser.cjs)
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['src/server/**', 'tests/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // the client floor plan (docs/architecture.md): a component reads through its feature's
    // queries.ts and writes through its mutations.ts; every query key comes from a key factory
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/**/queries.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_KEY_RULES],
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_KEY_RULES, {
        selector: "CallExpression[callee.name=/^(request|fileRequest|sendQueued)$/]",
        message: "A component does not call the API itself: reads are query options in its feature's queries.ts, writes are mutation hooks in its mutations.ts.",
      }],
    },
  },
  {
    files: ['src/client/**/*.ts'],
    ignores: ['src/client/**/*.test.ts', 'src/client/**/queries.ts', 'src/client/**/mutations.ts', 'src/client/api/**', 'src/client/features/im/*transport.ts', 'src/client/features/session/actions.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_KEY_RULES, {
        selector: "CallExpression[callee.name='request'][arguments.0.value=/^(post|put|delete|patch)$/]",
        message: "Every write is a mutation hook in its feature's mutations.ts (the chat transports and sign-in/out excepted).",
      }],
    },
  },
  {
    // browser and benchmark tests read arbitrary JSON answers; the integration tests call the API
    // through the client typed from the contract (tests/integration/harness.ts)
    files: ['tests/**'],
    ignores: ['tests/integration/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
