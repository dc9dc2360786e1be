import { buildClientIfStale } from '../../build/client-build';

/** The end-to-end tests drive the built PWA, as `npm start` serves it. */
export default function setup() {
  buildClientIfStale((line) => process.stdout.write(`${line}\n`));
}
