/**
 * A small program written against the client @hey-api/openapi-ts generates from the API
 * document (tests/server/client-gen.test.ts generates it into ./generated, type-checks
 * this file with tsc, then runs it against the real server). It uses the typed error
 * (ErrorView) and a multipart call without a cast: if the document loses either, this
 * file stops compiling.
 */
import { createClient, createConfig } from './generated/client';
import {
  getBorrowerById,
  postAuthByRoleLogin,
  postBorrowerRegister,
  type ErrorView,
  type PostBorrowerRegisterData,
} from './generated';

export type Api = ReturnType<typeof createClient>;

export function api(baseUrl: string, token?: string): Api {
  return createClient(createConfig({ baseUrl, ...(token ? { auth: () => token } : {}) }));
}

/** Signs in; a refusal comes back as the document's ErrorView, its sentence readable. */
export async function signIn(
  client: Api,
  role: 'lender' | 'agent' | 'admin',
  email: string,
  password: string,
): Promise<{ token: string } | { refused: ErrorView; status: number }> {
  const { data, error, response } = await postAuthByRoleLogin({
    client,
    path: { role },
    body: { email, password },
  });
  if (error) {
    const refused: ErrorView = error;
    return { refused, status: response.status };
  }
  // An account with a second factor answers a challenge instead (the code step follows).
  if (!data.token) throw new Error(`${email} has a second factor: answer its code step first`);
  return { token: data.token.accessToken };
}

/** Registers a borrower with a passport photo: a multipart call, fields and a file. */
export async function registerBorrower(
  client: Api,
  fields: Omit<PostBorrowerRegisterData['body'], 'passportPhoto'>,
  photo: Blob,
  idempotencyKey: string,
): Promise<{ id: number; name: string } | { refused: ErrorView }> {
  const { data, error } = await postBorrowerRegister({
    client,
    body: { ...fields, passportPhoto: photo },
    headers: { 'idempotency-key': idempotencyKey },
  });
  if (error) return { refused: error };
  return { id: data.data.id, name: `${data.data.firstName} ${data.data.lastName}` };
}

/** Reads the borrower back; a missing one is a typed 404. */
export async function borrowerName(client: Api, id: number): Promise<string | ErrorView> {
  const { data, error } = await getBorrowerById({ client, path: { id: String(id) } });
  if (error) return error;
  return data.firstName;
}
