import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Server tests that read no database, or only PGlite: when `npm test` runs the server tests
 * on PostgreSQL beside PGlite (TEST_DB=postgres), that pass leaves these to the other.
 */
const withoutDatabase = [
  'answer-cache-builds',
  'client-gen',
  'config',
  'database-lock',
  'documents-access',
  'http-error',
  'jwt',
  'lint-boundaries',
  'openapi',
  'pglite-parsers',
  'pglite-statements',
  's3-storage',
].map((name) => `tests/server/${name}.test.ts`);

/** The security walk, in parts that run side by side (tests/server/security/walk.ts). */
const walk = ['tests/server/security-*.test.ts'];

/**
 * How long a test or a hook (a server started, a business set up) may take before it counts
 * as hung. CI has run on 2-core machines of very different speeds: Lighthouse's
 * benchmarkIndex about 3,500 on some, 1,100 to 1,600 on others, where the same run takes
 * two to three times as long and a server's set-up under full load passed 60 s.
 */
const hangAfter = { test: 90_000, hook: 180_000 };

/**
 * The server tests' pass on PostgreSQL has durations of its own (`server@postgres:…`): a file
 * that restarts PostgreSQL ten times takes a minute and a half there and is skipped on
 * PGlite, and timed as the PGlite pass saw it, it started last and ended the whole stage.
 */
export const durationsPass = process.env.TEST_DB === 'postgres' ? '@postgres' : '';

/**
 * The order test files start in: the longest first, across projects, so a file that takes a
 * minute does not start last and leave the other workers idle while it ends.
 *
 * Vitest's own order takes a file's duration from its results cache, which a clean clone
 * (CI) does not have, and falls back to each project's files in turn, the largest first:
 * there the accessibility audits and the security walk, four-line files that take the
 * longest, started last. So each file's expected seconds come from tests/durations.json,
 * measured on a 2-core machine like CI's (`npx tsx tests/support/save-durations.ts` writes
 * it from vitest's cache of the last local runs). A file missing there is placed by vitest's
 * cache, then by its size, ahead of the timed ones.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let durations: Record<string, number> = {};
    try {
      durations = JSON.parse(
        readFileSync(path.join(import.meta.dirname, 'tests', 'durations.json'), 'utf8'),
      ) as Record<string, number>;
    } catch {
      // No table: vitest's own order.
    }
    const seconds = (spec: TestSpecification) => {
      const file = path.relative(this.ctx.config.root, spec.moduleId);
      return (
        durations[`${spec.project.name}${durationsPass}:${file}`] ??
        durations[`${spec.project.name}:${file}`]
      );
    };
    const timed = files.filter((spec) => seconds(spec) !== undefined);
    timed.sort((a, b) => seconds(b)! - seconds(a)!);
    const untimed = await super.sort(files.filter((spec) => seconds(spec) === undefined));
    return [...untimed, ...timed];
  }
}

export default defineConfig({
  test: {
    // The longest files start first, whatever their project (tests/durations.json).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          // The files of a worker share one process, its happy-dom window and its loaded
          // modules (React, Mantine, the app's): each file renders its own screens and
          // Testing Library empties the document after each test. Measured on 2 workers:
          // 39 → 20 CPU s for the project, and every test passes in any order (shuffled).
          isolate: false,
          // A form rendered whole in happy-dom takes a second alone, and over 5 s (vitest's
          // default) while the server tests load both cores.
          testTimeout: hangAfter.test,
        },
      },
      {
        test: {
          name: 'offline',
          include: ['tests/offline/**/*.test.ts'],
          // Node's own fetch, FormData and Blob talk to the real server; IndexedDB is
          // fake-indexeddb's.
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
          testTimeout: hangAfter.test,
          hookTimeout: hangAfter.hook,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...walk, ...(process.env.TEST_DB === 'postgres' ? withoutDatabase : [])],
          environment: 'node',
          // Child processes run the compiled entry points, rebuilt first when stale.
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: hangAfter.test,
          hookTimeout: hangAfter.hook,
          // The files of a worker share one process and its loaded modules: each starts its
          // own server (own database, port, clock) and closes it, so they share nothing else,
          // and loading the server's modules and PGlite's WebAssembly once per worker instead
          // of once per file saves about a third of the project's processor time.
          isolate: false,
        },
      },
      {
        test: {
          // The security walk sets up its server and data when its module loads (walk.ts),
          // once per file: each of its files needs a process of its own.
          name: 'server-walk',
          include: walk,
          environment: 'node',
          testTimeout: hangAfter.test,
          hookTimeout: hangAfter.hook,
        },
      },
      {
        test: {
          name: 'e2e',
          // Each file has its own server, port, data directory and browser, so files run
          // side by side (tests/run-all.sh sets how many at a time).
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A failed test reports what its open pages showed (tests/e2e/setup.ts).
          setupFiles: ['tests/e2e/setup.ts'],
          // As the server tests: each file starts and closes its own server and browser, and
          // the files of a worker share the modules loaded (the server's, Playwright, axe).
          isolate: false,
          testTimeout: 2 * hangAfter.test,
          hookTimeout: 2 * hangAfter.hook,
          // A browser on a busy 2-core machine: expect.poll waits as long as Playwright's
          // own waits do, not vitest's default 1 s.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
