/**
 * The offline store's code, each file loaded when first needed by one loader that everyone
 * who needs it shares. After a failed load (a connection dropped halfway through the file,
 * which a browser keeps as that module's answer for good), the next call fetches the file
 * again (retryable-import.ts), and every caller then has that one module, not one of its own.
 */
import { retryableImport } from '../lib/retryable-import';

/** The working set: its sync, its reads and its forgetting (working-set/runtime.ts). */
export const loadWorkingSetRuntime = retryableImport(() => import('./working-set/runtime'));

/** The answers kept for reading offline (mirror.ts). */
export const loadMirror = retryableImport(() => import('./mirror'));
