/**
 * `npm test` runs this first: it builds the server and the PWA when they are older than
 * their sources, once, before test processes that run side by side look (each pass's
 * global setup would otherwise build the same folder at the same time).
 */
import { buildClientIfStale, buildServerIfStale } from './client-build';

const log = (line: string) => process.stdout.write(`${line}\n`);
buildServerIfStale(log);
buildClientIfStale(log);
