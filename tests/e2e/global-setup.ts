import { buildClientIfStale, buildServerIfStale } from '../../build/client-build';

/**
 * The end-to-end tests drive the built PWA, as `npm start` serves it, and run the operator's
 * scripts compiled, as `npm run` does.
 */
export default function setup() {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  buildClientIfStale(log);
  buildServerIfStale(log);
}
