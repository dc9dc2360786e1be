import { describe, expect, it } from 'vitest';
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
