import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { toApiError } from '../../src/api/client';

function httpError(status: number, body: unknown, headers: Record<string, string> = {}) {
  const request = new Request('http://127.0.0.1/api/loan/1');
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return new HTTPError(response, request, {} as never);
}

describe('API failures as the user reads them', () => {
  it('a failure on our side carries the reference that finds its log lines', async () => {
    const error = await toApiError(
      httpError(
        500,
        { statusCode: 500, message: 'Something went wrong on our side. Please try again.' },
        { 'x-request-id': '4f3a9c21-e4b0-4c1e-9d7a-0a1b2c3d4e5f' },
      ),
    );
    expect(error.status).toBe(500);
    expect(error.requestId).toBe('4f3a9c21-e4b0-4c1e-9d7a-0a1b2c3d4e5f');
    expect(error.message).toBe(
      'Something went wrong on our side. Please try again. (Reference: 4f3a9c21)',
    );
  });

  it('a refusal of what the user sent is their sentence alone', async () => {
    const error = await toApiError(
      httpError(
        400,
        { statusCode: 400, message: 'Invalid phone number' },
        { 'x-request-id': '4f3a9c21-e4b0-4c1e-9d7a-0a1b2c3d4e5f' },
      ),
    );
    expect(error.message).toBe('Invalid phone number');
    expect(error.requestId).toBe('4f3a9c21-e4b0-4c1e-9d7a-0a1b2c3d4e5f');
  });
});
