/**
 * Writes tests/durations.json, the seconds each test file took in the last local runs
 * (vitest's results cache), which vitest.config.ts starts the longest files first by. Run it
 * after a whole `npm test` on a quiet machine like CI's; the file only orders the files, so
 * it needs refreshing when one grows much longer or shorter, not at every change. Only the
 * files of today's projects are kept (the cache remembers every file and project it saw).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createVitest } from 'vitest/node';

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

const durations: Record<string, number> = {};
for (const entry of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
  const file = path.join(cacheDir, entry, 'results.json');
  if (!existsSync(file)) continue;
  const { results } = JSON.parse(readFileSync(file, 'utf8')) as {
    results: [string, { duration: number; failed: boolean }][];
  };
  for (const [key, { duration }] of results) {
    if (current.has(key)) durations[key] = Math.round(duration / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
const missing = [...current].filter((key) => !(key in durations));
console.log(`${Object.keys(sorted).length} files' durations written to ${durationsFile}`);
if (missing.length) console.log(`Not timed yet (run them first): ${missing.join(', ')}`);
