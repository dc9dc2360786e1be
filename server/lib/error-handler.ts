/**
 * The answer to every error a route throws: an HttpError as it says, the database away as
 * 503 with Retry-After, a value the database refused as 400, anything else as a logged 500
 * with a sentence that gives nothing away. Every answer has the ErrorView's shape
 * { statusCode, message, errors?, code? }.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { inputText } from '../../src/i18n/input';
import { isDatabaseUnreachable } from './db-errors';
import { databaseUnavailable, HttpError } from './http-error';

const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/** While the database is away: how soon a client should try again. */
const RETRY_AFTER_SECONDS = '5';

export function errorHandler(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) return sendHttpError(reply, error);
  if (isDatabaseUnreachable(error)) {
    // Not a bug of ours and not the client's: the database restarts or fails over. One
    // line with the driver's reason (Drizzle's own message would carry the query's
    // parameters), without the stack: a restart under load makes many.
    const { code, message } = driverError(error);
    request.log.warn({ code, reason: message }, 'database unreachable: answered 503');
    return sendHttpError(reply.header('Retry-After', RETRY_AFTER_SECONDS), databaseUnavailable());
  }
  if (isDataException(error)) {
    // A safety net, not the rule: the schemas should have refused the value first.
    request.log.warn({ err: error }, 'the database refused a value of the request');
    return reply.code(400).send({ statusCode: 400, message: inputText.unstorableValue });
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ statusCode: 500, message: INTERNAL_ERROR });
  }
  return reply.code(statusCode).send({ statusCode, message: error.message });
}

/** The innermost cause: the driver's error under Drizzle's wrapper. */
function driverError(error: Error): { code?: unknown; message: string } {
  let current: Error = error;
  for (let depth = 0; depth < 5 && current.cause instanceof Error; depth += 1) {
    current = current.cause;
  }
  return { code: (current as { code?: unknown }).code, message: current.message };
}

function sendHttpError(reply: FastifyReply, error: HttpError) {
  return reply.code(error.statusCode).send({
    statusCode: error.statusCode,
    message: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.code ? { code: error.code } : {}),
  });
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: invalid text representation, numeric
 * value out of range, untranslatable character, string too long…) are about a value the
 * client sent, not about the server; division by zero (22012) is a query's own mistake
 * and stays a 500. Drizzle wraps the driver's error: the cause chain is searched.
 */
export function isDataException(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code !== '22012';
    current = current.cause;
  }
  return false;
}
