import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The client's boundaries (docs/architecture.md): a feature imports shared code and
 * itself, never another feature; shared code (components, lib, api, domain, i18n,
 * offline) never imports a feature; only src/app composes features.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both need to shared code.',
}));
const sharedZone = {
  target: [
    './src/components',
    './src/lib',
    './src/api',
    './src/domain',
    './src/i18n',
    './src/offline',
  ],
  from: ['./src/features', './src/app'],
  message: 'Shared code never imports a feature or the app.',
};

const noSqlInRoutes =
  "Route files hold no SQL: put the query in the module's service.ts or queries.ts.";

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'data',
      'coverage',
      'bench/lighthouse',
      'server/db/migrations',
      'test-results',
      '.tmp',
      'tests/client-gen/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // One program for the app, the server, the tests and the benches
        // (tsconfig.eslint.json): with a program per tsconfig, the server's types and their
        // packages' were loaded once for the server and again for the end-to-end tests.
        project: [
          './tsconfig.eslint.json',
          './sw/tsconfig.json',
          './tests/client-gen/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // The files an import leads to are TypeScript too: without this the import rules
      // cannot read them, and import/no-cycle never sees a loop.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Loops are ours to find: the packages' files are not read (reading all of them made
      // import/no-cycle cost two minutes of lint).
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        // Zones are read from the repository root whatever the process's directory is.
        { basePath: import.meta.dirname, zones: [...featureZones, sharedZone] },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'build/**/*.ts',
      'tests/**/*.ts',
      'bench/**/*.{ts,mjs}',
      '*.{js,cjs,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // build/server.ts compiles what server/ imports into the release: the build tools, the
    // tests and the benches stay out of it.
    files: ['server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './server',
              from: ['./build', './tests', './bench'],
              message: 'The server never imports build, test or bench code: it ships without them.',
            },
          ],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A route file validates, checks access, calls its module's service and answers; the
    // SQL lives in the module's service.ts or queries.ts (docs/architecture.md §1).
    files: ['server/modules/**/routes.ts', 'server/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: noSqlInRoutes }],
          patterns: [{ group: ['**/db/schema', '**/db/schema/*'], message: noSqlInRoutes }],
        },
      ],
    },
  },
  {
    // Money is integer cents (docs/architecture.md §4): where shillings are computed, no float parsing
    // or rounding; src/domain/money.ts is the one place amounts cross that edge.
    files: [
      'src/domain/**/*.ts',
      'server/modules/{capital,repayments,fines,refunds,matching,mpesa,loans}/**/*.ts',
      'server/jobs/**/*.ts',
    ],
    ignores: ['src/domain/money.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'parseFloat',
          message: 'Money is integer cents: use toCents() from src/domain/money.',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Number',
          property: 'parseFloat',
          message: 'Money is integer cents: use toCents() from src/domain/money.',
        },
        {
          property: 'toFixed',
          message: 'Money is integer cents: format with centsToDecimal() or the formatters.',
        },
      ],
    },
  },
  {
    // The public pages render before sign-in and never load the query layer
    // (docs/architecture.md §8); bench:bundle shows what the landing page loads in all.
    files: ['src/features/{landing,auth}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              message: 'Public pages do not load the query layer: call the fetcher.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
);
