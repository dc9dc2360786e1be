/** Recognises database errors worth a sentence (PGlite and node-postgres, through Drizzle). */

/** A unique violation (23505), optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint ?? '';
  return code === '23505' && (constraint === undefined || name.includes(constraint));
}

/** node-postgres's own words when its connection ended or could not be had in time. */
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/** Socket failures: refused (the server is down), reset, or nothing answering. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The database cannot be reached now (it restarts, fails over or is down), as opposed to
 * a statement it refused: PostgreSQL's connection exceptions (08xxx), an administrator's or
 * a crash's shutdown and "cannot connect now" while it starts or stops (57P01–57P03), too
 * many connections (53300), node-postgres's errors when its connection ends or cannot be
 * had in time, and socket failures. Drizzle wraps the driver's error and Node gathers the
 * refusals of each address it tried (AggregateError): both are searched.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    if (SOCKET_CODES.has(code)) return true;
  }
  if (CONNECTION_LOST.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnreachable(e, depth + 1))
  )
    return true;
  return isDatabaseUnreachable(error.cause, depth + 1);
}
