// Lint gate of `npm run lint` (docs/decisions.md §13): typescript-eslint with type information,
// React hook rules for the SPA. Zero warnings: run with `--max-warnings 0`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The rules that follow an `any` value on; off where `any` is the data's honest type. */
const unsafeAnyAllowed = Object.fromEntries(
  ['no-unsafe-assignment', 'no-unsafe-member-access', 'no-unsafe-argument', 'no-unsafe-call', 'no-unsafe-return'].map((r) => [
    `@typescript-eslint/${r}`,
    'off',
  ]),
);

export default tseslint.config(
  { ignores: ['dist*/', 'node_modules/', 'test-results/', 'playwright-report/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // One program per runtime, as `npm run typecheck` builds them; a file belongs to the first that holds it.
        project: ['tsconfig.browser.json', 'tsconfig.server.json', 'tsconfig.tests.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // `any` stays at the dynamic-table boundaries (Kysely over runtime entity tables); the no-unsafe-*
      // rules still flag every place where such a value flows on unchecked.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Its autofix drops the `{} as T` markers XState's setup() infers from and the casts that steer
      // contextual typing; it judges them against the receiver, not against inference.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // `async` marks Fastify plugins and hooks and implementations of promise-returning interfaces;
      // a body without `await` is their normal shape, not a lost promise (no-floating-promises stays on).
      '@typescript-eslint/require-await': 'off',
      // Log lines and error texts interpolate unknown values on purpose; String() of them is the intent.
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      // `RowId | 'new'`, `string | '*'`: the union names the special value a reader must know of.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    // Kysely<any> over the entity tables the registry defines at run time (docs/architecture.md), the lease
    // core over any leased table (indexing actions, jobs), and the
    // frozen migrations (docs/decisions.md §10) that cannot be edited to type their rows.
    files: ['server/entities/**', 'server/db/**', 'server/services/indexing/store.ts', 'server/services/jobs/lease.ts'],
    rules: unsafeAnyAllowed,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules of the recommended set; its React Compiler rules (refs, purity,
    // static-components…) judge code for a compiler this project does not run.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['tests/**', 'bench/**', 'machines/model/**', 'machines/*.model.ts'],
    rules: {
      // Tests, benchmarks and the path generator read untyped JSON answers and snapshots on purpose:
      // a wrong shape fails the assertion that reads it.
      ...unsafeAnyAllowed,
      // Fakes reject and throw the plain `{ status, data }` objects ofetch's errors carry, and spies are
      // read as `expect(obj.method)`, never called unbound.
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
