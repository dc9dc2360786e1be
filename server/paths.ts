import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder holding package.json, dist/ and data/). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
