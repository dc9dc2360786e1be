/**
 * The client's boundaries are enforced by ESLint (eslint.config.js): these lint a few
 * lines as if they were in the repository and expect the boundary rule to refuse them.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The repository's own configuration, without type information: the rules checked here read
// imports, not types, and building the TypeScript programs for one text cost most of this
// file's processor time. The one rule that needs types is off for these texts only.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { project: false, projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

async function boundaryErrors(
  filePath: string,
  code: string,
  rule = 'import/no-restricted-paths',
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  // A file the linter could not read would pass silently: say so instead.
  const fatal = result?.messages.find((message) => message.fatal);
  if (fatal) throw new Error(fatal.message);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === rule)
    .map((message) => message.message);
}

// First, and given time: import/no-cycle walks every file an import leads to, and what
// the other rules' lints leave in eslint-plugin-import's module cache can hide a loop from
// a later lint of a text that is not on disk (npm run lint, on the files, sees it).
describe('ESLint refuses module cycles in the server', { timeout: 180_000 }, () => {
  it('refuses M-Pesa importing capital back', async () => {
    // capital/routes imports mpesa/b2c, which imports mpesa/settlers: were settlers to
    // import capital/routes, the loop the registry broke would be back.
    const errors = await boundaryErrors(
      'server/modules/mpesa/settlers.ts',
      "import { capitalRoutes } from '../capital/routes';\nexport const x = capitalRoutes;\n",
      'import/no-cycle',
    );
    expect(errors).toEqual([expect.stringContaining('Dependency cycle')]);
  });

  it('lets a module import one that does not import it back', async () => {
    const errors = await boundaryErrors(
      'server/modules/lenders/queries.ts',
      "import { findBusinesses } from '../businesses/queries';\nexport const x = findBusinesses;\n",
      'import/no-cycle',
    );
    expect(errors).toEqual([]);
  });
});

describe('ESLint keeps the client boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/loans/utils/terms.ts',
      "import { areaIn } from '../../agents/types/agent';\nexport const x = areaIn;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('refuses shared code importing a feature', async () => {
    const errors = await boundaryErrors(
      'src/lib/names.ts',
      "import { areaIn } from '../features/agents/types/agent';\nexport const x = areaIn;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Shared code never imports a feature')]);
  });

  it('lets a feature import itself and shared code', async () => {
    const errors = await boundaryErrors(
      'src/features/loans/utils/terms.ts',
      "import { personName } from '../../../lib/names';\nimport { statusLabel } from './statuses';\nexport const x = [personName, statusLabel];\n",
    );
    expect(errors).toEqual([]);
  });
});

describe('ESLint keeps SQL out of route files', { timeout: 60_000 }, () => {
  it('refuses a route file building a query', async () => {
    const errors = await boundaryErrors(
      'server/modules/loans/routes.ts',
      "import { eq } from 'drizzle-orm';\nimport { loans } from '../../db/schema';\nexport const x = [eq, loans];\n",
      'no-restricted-imports',
    );
    expect(errors).toEqual([
      expect.stringContaining('Route files hold no SQL'),
      expect.stringContaining('Route files hold no SQL'),
    ]);
  });

  it('lets a service build it', async () => {
    const errors = await boundaryErrors(
      'server/modules/loans/service.ts',
      "import { eq } from 'drizzle-orm';\nimport { loans } from '../../db/schema';\nexport const x = [eq, loans];\n",
      'no-restricted-imports',
    );
    expect(errors).toEqual([]);
  });
});

describe('ESLint keeps build, test and bench code out of the server', { timeout: 60_000 }, () => {
  it('refuses the server importing the client builder', async () => {
    const errors = await boundaryErrors(
      'server/main.ts',
      "import { buildClientIfStale } from '../build/client-build';\nexport const x = buildClientIfStale;\n",
    );
    expect(errors).toEqual([expect.stringContaining('The server never imports build')]);
  });
});
