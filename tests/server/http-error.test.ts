import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../server/lib/db-errors';
import { HttpError, conflict, notFound, notFoundAs } from '../../server/lib/http-error';

describe('notFoundAs: tenancy look-ups answer 404 in their own words, and hide nothing else', () => {
  const rethrown = (error: unknown) => {
    try {
      notFoundAs('Loan not found.')(error);
    } catch (thrown) {
      return thrown;
    }
    throw new Error('notFoundAs returned');
  };

  it("tells another tenant's thing as unknown, in the caller's words", () => {
    const thrown = rethrown(notFound('Business not found.'));
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ statusCode: 404, message: 'Loan not found.' });
  });

  it('lets a database failure or another refusal through unchanged, to be logged', () => {
    const database = new Error('connection terminated unexpectedly');
    expect(rethrown(database)).toBe(database);
    const refused = conflict('This business is blocked.');
    expect(rethrown(refused)).toBe(refused);
  });
});

describe('isDatabaseUnreachable: a database that restarts or fails over answers 503, not 500', () => {
  /** Drizzle's wrapper around the driver's error, as a route sees it. */
  const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('recognises the driver telling the connection is gone, under Drizzle and alone', () => {
    for (const error of [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('the database system is shutting down', '57P03'),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ]) {
      expect([error.message, isDatabaseUnreachable(error)]).toEqual([error.message, true]);
      expect(isDatabaseUnreachable(wrapped(error))).toBe(true);
    }
  });

  it('leaves what the database refused, and our own failures, to their own answers', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('invalid input syntax for type bigint', '22P02'),
      withCode('division by zero', '22012'),
      withCode('deadlock detected', '40P01'),
      new Error('Business was not found right after it was written'),
      notFound('Loan not found.'),
    ]) {
      expect(isDatabaseUnreachable(wrapped(error))).toBe(false);
    }
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});
