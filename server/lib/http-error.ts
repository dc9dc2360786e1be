/** An error a user can read: the HTTP status and one sentence (docs/architecture.md §3). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** A machine-readable marker a client acts on (e.g. asking for a second-factor code). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * What a request hears while the database cannot be reached (a restart, a failover): the
 * error handler in server/app.ts answers it for every such failure, with Retry-After, so
 * the client tries again rather than the request hanging or looking like a bug (500).
 */
export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a moment.';
export const databaseUnavailable = () => new HttpError(503, DATABASE_UNAVAILABLE);

/**
 * For `.catch()` on a tenancy look-up: its "not found" is told in the caller's own words
 * (another lender's thing is as unknown as a missing one); anything else, a database
 * failure above all, goes on as it was, to be logged.
 */
export function notFoundAs(message: string) {
  return (error: unknown): never => {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(message);
    throw error;
  };
}

/**
 * A row read back inside the transaction that wrote it: it is there, or the write went
 * wrong and the transaction must roll back (a 500, logged) rather than answer without it.
 */
export function writtenRow<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`${what} was not found right after it was written`);
  return row;
}
