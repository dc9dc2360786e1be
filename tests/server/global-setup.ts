import { buildServerIfStale } from '../../build/client-build';

/**
 * Some server tests run the compiled entry points (dist-server/) as child processes, as an
 * operator runs them: never yesterday's.
 */
export default function setup() {
  buildServerIfStale((line) => process.stdout.write(`${line}\n`));
}
