/**
 * After a failed end-to-end test: what each open page showed and what its context said
 * lately (support.ts, describeOpenPages). A wait that timed out in CI said only what it
 * waited for; this says what the screen held instead.
 */
import { afterEach } from 'vitest';
import { describeOpenPages } from './support';

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const pages = await describeOpenPages();
  if (pages)
    process.stdout.write(`\nThe open pages when "${context.task.name}" failed:\n${pages}\n`);
});
