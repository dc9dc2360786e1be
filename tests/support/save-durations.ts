/**
 * Writes tests/durations.json, the seconds each test file took in the last local runs
 * (vitest's results cache), which vitest.config.ts starts the longest files first by. Run it
 * after a whole `npm test` on a quiet machine like CI's; the file only orders the files, so
 * it needs refreshing when one grows much longer or shorter, not at every change. Only the
 * files of today's projects are kept (the cache remembers every file and project it saw).
 *
 * The server tests' pass on PostgreSQL is timed apart: after it, run this with
 * TEST_DB=postgres, which writes its files' seconds under `<project>@postgres:` and keeps the
 * rest of the file; without it, the other keys are written and those are kept.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createVitest } from 'vitest/node';
import { durationsPass } from '../../vitest.config';

const root = path.join(import.meta.dirname, '..', '..');
const cacheDir = path.join(root, 'node_modules', '.vite', 'vitest');
const durationsFile = path.join(root, 'tests', 'durations.json');

const vitest = await createVitest('test', { watch: false });
const current = new Set(
  (await vitest.globTestSpecifications()).map(
    (spec) => `${spec.project.name}:${path.relative(root, spec.moduleId)}`,
  ),
);
await vitest.close();

/**
 * Where a cached result goes: under its own key, or on PostgreSQL's pass, a server project's
 * under `<project>@postgres:` (that pass runs nothing else: null).
 */
function timedKey(key: string): string | null {
  const [project, ...file] = key.split(':');
  if (!durationsPass) return key;
  return project!.startsWith('server') ? `${project}${durationsPass}:${file.join(':')}` : null;
}

// What the other pass measured stays as it is.
const kept: Record<string, number> = existsSync(durationsFile)
  ? (JSON.parse(readFileSync(durationsFile, 'utf8')) as Record<string, number>)
  : {};
const durations: Record<string, number> = Object.fromEntries(
  Object.entries(kept).filter(
    ([key]) => key.split(':')[0]!.endsWith('@postgres') !== !!durationsPass,
  ),
);
for (const entry of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
  const file = path.join(cacheDir, entry, 'results.json');
  if (!existsSync(file)) continue;
  const { results } = JSON.parse(readFileSync(file, 'utf8')) as {
    results: [string, { duration: number; failed: boolean }][];
  };
  for (const [key, { duration }] of results) {
    const timed = timedKey(key);
    if (current.has(key) && timed) durations[timed] = Math.round(duration / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
const missing = [...current].filter((key) => {
  const timed = timedKey(key);
  return timed && !(timed in durations);
});
console.log(`${Object.keys(sorted).length} files' durations written to ${durationsFile}`);
if (missing.length) console.log(`Not timed yet (run them first): ${missing.join(', ')}`);
