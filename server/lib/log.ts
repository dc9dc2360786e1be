/**
 * What the server writes to its log about requests and errors, without the secrets some
 * of them carry: reset and invitation tokens and document-link signatures in query
 * strings, the M-Pesa and SMS callback paths' secret segment, and the values a failed query was
 * bound to (a password hash, a token hash) that drizzle puts into its error message.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';
/** Query parameters whose value lets its holder in: ?token= (reset, invite), ?signature= (file links). */
const SECRET_QUERY_PARAMS = new Set(['token', 'signature']);
const CALLBACK_SECRET_SEGMENT = /(\/(?:mpesa|sms)\/callback\/)[^/?#]+/;

/** The URL with secret query values and the callback secret replaced by [redacted]. */
export function redactUrl(url: string): string {
  const withoutSecretPath = url.replace(CALLBACK_SECRET_SEGMENT, `$1${REDACTED}`);
  const queryStart = withoutSecretPath.indexOf('?');
  if (queryStart === -1) return withoutSecretPath;
  const query = withoutSecretPath
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as it came.
      }
      return SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${withoutSecretPath.slice(0, queryStart)}?${query}`;
}

/** Fastify's own request fields, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Drizzle's "Failed query: …\nparams: …" loses everything from "params:" on. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);
}

/** PostgreSQL's detail can quote a row ("Failing row contains (…)") or a key's value. */
function withoutValues(detail: string): string {
  return detail
    .replace(/(Failing row contains )[\s\S]*$/, `$1${REDACTED}`)
    .replace(/\)=\([\s\S]*?\)( |$)/g, `)=(${REDACTED})$1`);
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };
const MAX_CAUSE_DEPTH = 5;

/** An error's type, message, stack and own fields, bound parameters left out, causes included. */
export function serializeError(error: Error, depth = 0): SerializedError {
  // Whatever was logged under `err` that is not an Error is logged as text.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const message = withoutParams(error.message);
  const stack = error.stack ?? '';
  const frames = stack.includes(error.message)
    ? stack.slice(stack.indexOf(error.message) + error.message.length)
    : `\n${stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')}`;
  const serialized: SerializedError = {
    type: error.constructor.name,
    message,
    stack: `${error.name}: ${message}${frames}`,
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'parameters' || key === 'cause') continue;
    serialized[key] = key === 'detail' && typeof value === 'string' ? withoutValues(value) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    serialized.cause =
      error.cause instanceof Error ? serializeError(error.cause, depth + 1) : error.cause;
  }
  return serialized;
}

/** The logger options with our serializers; a test's stream or level is kept. */
export function withLogSerializers(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined || logger === null) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, req: serializeRequest, err: serializeError },
  };
}
