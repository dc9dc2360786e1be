/**
 * Reading multipart uploads safely: every file is checked by its content (magic bytes),
 * not its name, and by size, before anything is stored. Only JPEG, PNG, WebP and PDF.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { inputText } from '../../src/i18n/input';
import { badRequest, HttpError } from '../lib/http-error';
import { hasForbiddenCharacter, refuseForbiddenCharacters } from '../lib/input-guard';
import { loadLater } from '../lib/load-later';
import type { FileStorage } from './storage';

export const ACCEPTED_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;

export type UploadedFile = {
  field: string;
  fileName: string;
  contentType: keyof typeof ACCEPTED_TYPES;
  size: number;
  sha256: string;
  body: Buffer;
};

export type MultipartForm = { fields: Record<string, string>; files: Map<string, UploadedFile> };

const fileType = loadLater(() => import('file-type'));

const humanSize = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const tooLarge = (file: string, maxBytes: number) =>
  `${file || 'The file'} is larger than ${humanSize(maxBytes)}.`;

/** Reads all parts; refuses the request (nothing stored) on the first bad file. */
export async function readMultipart(
  request: FastifyRequest,
  options: { maxFileBytes: number; fileFields: readonly string[] },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Send this form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files = new Map<string, UploadedFile>();
  const reading = { file: '' };
  try {
    await readParts(request, options, fields, files, reading);
  } catch (error) {
    // The size limit can surface from the parts iterator rather than the file's own
    // read, depending on how the body arrives: the same sentence either way.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(tooLarge(reading.file, options.maxFileBytes));
    }
    // The parser's own complaints (no boundary, a body cut short) carry no status: the
    // body is malformed, which is the client's doing.
    if (error instanceof HttpError || (error as { statusCode?: unknown }).statusCode) throw error;
    throw badRequest(inputText.badMultipart);
  }
  request.multipartDigest = digestOf(fields, files);
  return { fields, files };
}

async function readParts(
  request: FastifyRequest,
  options: { maxFileBytes: number; fileFields: readonly string[] },
  fields: Record<string, string>,
  files: Map<string, UploadedFile>,
  reading: { file: string },
): Promise<void> {
  for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      // The same refusal as JSON bodies get (server/lib/input-guard.ts), before anything is read further.
      refuseForbiddenCharacters({ [part.fieldname]: part.value });
      continue;
    }
    if (hasForbiddenCharacter(part.filename) || hasForbiddenCharacter(part.fieldname)) {
      throw badRequest(inputText.badFileName);
    }
    reading.file = part.filename || part.fieldname;
    const file = await readFilePart(part, options.maxFileBytes);
    if (!file) continue;
    if (!options.fileFields.includes(file.field)) {
      throw badRequest(`The file field "${file.field}" is not expected here.`);
    }
    files.set(file.field, file);
  }
}

/** What a multipart body said: its fields and its files' names and contents. */
function digestOf(fields: Record<string, string>, files: Map<string, UploadedFile>): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(fields).sort()) hash.update(`${name}=${fields[name]}\n`);
  for (const name of [...files.keys()].sort()) {
    const file = files.get(name)!;
    hash.update(`${name}:${file.fileName}:${file.sha256}\n`);
  }
  return hash.digest('hex');
}

async function readFilePart(
  part: MultipartFile,
  maxFileBytes: number,
): Promise<UploadedFile | null> {
  const body = await part.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(tooLarge(part.filename || part.fieldname, maxFileBytes));
    }
    throw error;
  });
  if (body.length === 0) return null; // an empty file input
  const detected = await (await fileType()).fileTypeFromBuffer(body);
  if (!detected || !(detected.mime in ACCEPTED_TYPES)) {
    throw badRequest(
      `${part.filename || part.fieldname} is not a JPEG, PNG, WebP or PDF file. Please upload a photo or a PDF.`,
    );
  }
  return {
    field: part.fieldname,
    fileName: part.filename,
    contentType: detected.mime as UploadedFile['contentType'],
    size: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
    body,
  };
}

/** Stores files under fresh keys; on any failure removes what it stored and rethrows. */
export async function storeFiles(
  storage: FileStorage,
  prefix: string,
  files: UploadedFile[],
): Promise<Map<UploadedFile, string>> {
  const stored = new Map<UploadedFile, string>();
  try {
    for (const file of files) {
      const key = `${prefix}/${randomUUID()}.${ACCEPTED_TYPES[file.contentType]}`;
      await storage.put(key, file.body, file.contentType);
      stored.set(file, key);
    }
    return stored;
  } catch (error) {
    await removeFiles(storage, [...stored.values()]);
    throw error;
  }
}

export async function removeFiles(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/**
 * Stores a write's uploaded files first, so no storage call is made while a database
 * transaction is open, then runs the write; the files are removed again when the write
 * fails, or when it was a repeat answered from the Idempotency-Key store.
 */
export async function writeWithFiles<O extends { replayed: boolean }>(
  storage: FileStorage,
  prefix: string,
  files: UploadedFile[],
  write: (keys: Map<UploadedFile, string>) => Promise<O>,
): Promise<O> {
  const keys = await storeFiles(storage, prefix, files);
  try {
    const outcome = await write(keys);
    if (outcome.replayed) await removeFiles(storage, [...keys.values()]);
    return outcome;
  } catch (error) {
    await removeFiles(storage, [...keys.values()]);
    throw error;
  }
}
