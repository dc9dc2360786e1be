/**
 * A client generated from the published document is usable as it is: @hey-api/openapi-ts
 * writes it into tests/client-gen/generated (git-ignored), tsc type-checks
 * tests/client-gen/usage.ts against it (typed errors, a multipart call, no cast), and the
 * usage runs against the real server: a refused sign-in reads as an ErrorView, a borrower
 * registered by multipart reads back, a missing one is a typed 404.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from '@hey-api/openapi-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROWER_CONSENT_VERSION } from '../../src/domain/borrowers';
import { activeAgent, approvedLender } from '../support/fixtures';
import { png } from '../support/files';
import { call, startTestServer, type TestServer } from '../support/test-server';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const here = path.join(root, 'tests/client-gen');
const generated = path.join(here, 'generated');

/** What the test calls of tests/client-gen/usage.ts (tsc checks the file itself). */
type Usage = {
  api: (baseUrl: string, token?: string) => unknown;
  signIn: (
    client: unknown,
    role: string,
    email: string,
    password: string,
  ) => Promise<
    { token: string } | { refused: { statusCode: number; message: string }; status: number }
  >;
  registerBorrower: (
    client: unknown,
    fields: Record<string, unknown>,
    photo: Blob,
    key: string,
  ) => Promise<{ id: number } | { refused: unknown }>;
  borrowerName: (client: unknown, id: number) => Promise<unknown>;
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const doc = await call(server, 'GET', '/openapi.json');
  rmSync(generated, { recursive: true, force: true });
  mkdirSync(generated, { recursive: true });
  const input = path.join(generated, 'openapi.json');
  writeFileSync(input, JSON.stringify(doc.body));
  await createClient({ input, output: generated, logs: { level: 'silent' } });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('a client generated from the document', () => {
  it('type-checks the usage file (typed errors, a multipart call, no cast)', async () => {
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.json')], {
      cwd: root,
    }).catch((error: { stdout?: string; stderr?: string }) => error);
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
  }, 120_000);

  it('works against the real server: an error, a multipart write, a 404', async () => {
    // Loaded by path: the generated client it imports exists only once beforeAll ran.
    const usage = (await import(pathToFileURL(path.join(here, 'usage.ts')).href)) as Usage;
    const lender = await approvedLender(server);
    const agent = await activeAgent(server, lender);
    const anonymous = usage.api(server.api);
    const refused = await usage.signIn(anonymous, 'agent', agent.email, 'Wrong#2026');
    expect(refused).toMatchObject({ status: 401, refused: { statusCode: 401 } });
    expect('refused' in refused && refused.refused.message.length).toBeGreaterThan(10);

    const signedIn = await usage.signIn(anonymous, 'agent', agent.email, agent.password);
    if (!('token' in signedIn)) throw new Error(JSON.stringify(signedIn));
    const client = usage.api(server.api, signedIn.token);
    const photo = new Blob([png().bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' });
    const registered = await usage.registerBorrower(
      client,
      {
        firstName: 'Achieng',
        lastName: 'Generated',
        phoneNumber: '0733111222',
        lenderBusinessId: lender.businessId,
        lenderBusinessAreaId: agent.areaId,
        gender: 'female',
        dob: '1991-02-03',
        nextOfKinName: 'Juma Generated',
        nextOfKinNumber: '0711000222',
        nextOfKinRelation: 'Brother',
        idNumber: '28765432',
        consent: 'true',
        consentVersion: BORROWER_CONSENT_VERSION,
      },
      photo,
      'client-gen-borrower-1',
    );
    if (!('id' in registered)) throw new Error(JSON.stringify(registered));
    expect(await usage.borrowerName(client, registered.id)).toBe('Achieng');
    expect(await usage.borrowerName(client, registered.id + 1000)).toMatchObject({
      statusCode: 404,
    });
  });
});
