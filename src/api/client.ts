/**
 * The one HTTP client (docs/architecture.md §3): base URL from VITE_API_BASE_URL,
 * the stored jwt as bearer token, and every failure turned into an ApiError whose
 * message is the server's sentence when it sent one.
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import { commonText } from '../i18n/common';
import { readStoredSession } from '../lib/session-token';
import { storageKeys } from '../lib/storage-keys';
import { loadMirror, loadWorkingSetRuntime } from '../offline/code';
import { markWorkingSetBehind } from '../offline/working-set/freshness';

import { absoluteBase, SECOND_FACTOR_SETUP_EVENT, SESSION_REFUSED_EVENT } from './base-url';
import { serverSentence } from './server-sentence';
import type {
  BodyOf,
  Method,
  ParamNames,
  PathOf,
  QueryOf,
  RouteKey,
  ViewOf,
} from '../domain/routes';
import { ENROLMENT_REQUIRED, STEP_UP_REQUIRED } from '../domain/second-factor';

export { absoluteBase, apiBaseUrl, SESSION_REFUSED_EVENT } from './base-url';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
    /** The server's X-Request-Id: what its log lines of this request carry. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const api = ky.create({
  prefixUrl: absoluteBase(),
  timeout: false,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = localStorage.getItem(storageKeys.token);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        const refused = response.status === 401 && request.headers.has('Authorization');
        // Sign-in and token refresh answer 401 for their own reasons.
        if (refused && !new URL(request.url).pathname.includes('/auth/')) {
          window.dispatchEvent(new Event(SESSION_REFUSED_EVENT));
        }
        if (response.status === 403 && codeOf(await bodyOf(response)) === ENROLMENT_REQUIRED) {
          window.dispatchEvent(new Event(SECOND_FACTOR_SETUP_EVENT));
        }
      },
    ],
  },
});

async function bodyOf(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}

/** The machine-readable marker of an error answer (`code`), if it has one. */
export function codeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body) {
    const code = (body as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Asks the user for a second-factor code when the server wants one before money leaves
 * (a withdrawal, a refund to another number): answers true once the code was accepted, false
 * when the user gave up. Set by the dialog the dashboard mounts (StepUpDialog).
 */
let askForCode: (() => Promise<boolean>) | null = null;
export function setStepUpHandler(handler: (() => Promise<boolean>) | null): void {
  askForCode = handler;
}

/** Turns whatever ky threw into an ApiError carrying a readable message. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    let body: unknown;
    try {
      body = await error.response.clone().json();
    } catch {
      body = undefined;
    }
    const status = error.response.status;
    // Without a sentence from our server (a proxy's 502, a dropped connection) say it plainly.
    const fallback = status >= 500 ? commonText.serverUnavailable : commonText.genericError;
    const requestId = error.response.headers.get('x-request-id') ?? undefined;
    const message = serverSentence(body) ?? fallback;
    // Our failure, not the user's: the reference lets support find the server's log lines.
    const told =
      status >= 500 && requestId ? `${message} ${commonText.reference(requestId)}` : message;
    return new ApiError(told, status, body, requestId);
  }
  if (error instanceof TimeoutError || error instanceof TypeError) {
    return new ApiError(commonText.serverUnavailable, 0);
  }
  return new ApiError(error instanceof Error ? error.message : commonText.genericError, 0);
}

/**
 * Sends a request and answers the parsed JSON, or throws an ApiError. When the server asks
 * for a fresh second-factor code first, the code dialog asks the user and the request is
 * sent once more (with the same Idempotency-Key, if it had one).
 */
export async function request<T>(run: (client: typeof api) => PromiseLike<Response>): Promise<T> {
  try {
    return await send<T>(run);
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 403 &&
      codeOf(error.body) === STEP_UP_REQUIRED &&
      askForCode &&
      (await askForCode())
    ) {
      return send<T>(run);
    }
    throw error;
  }
}

async function send<T>(run: (client: typeof api) => PromiseLike<Response>): Promise<T> {
  try {
    const response = await run(api);
    // A write the server took: an agent's next read waits for the working set to have it.
    if (agentId() !== null) markWorkingSetBehind();
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    throw await toApiError(error);
  }
}

/** The signed-in agent's id: agents' reads are mirrored for offline use. */
function agentId(): number | null {
  const stored = readStoredSession();
  return stored?.user.role === 'agent' ? stored.user.id : null;
}

/**
 * For agents, the answer of the working set on the phone (docs/architecture.md §7): every
 * agent screen reads it first, online or not. Undefined when it cannot answer this read
 * whole (not one of its paths, or the business not synced yet), or when its code could not
 * be loaded: the read then goes to the server, and the next one asks for the code again.
 */
async function fromWorkingSet(
  path: string,
  searchParams: Record<string, string | number> | undefined,
): Promise<{ data: unknown; total: number | null } | undefined> {
  const agent = agentId();
  if (agent === null) return undefined;
  const runtime = await loadWorkingSetRuntime().catch(() => undefined);
  return runtime?.readWorkingSet(agent, path, searchParams).catch(() => undefined);
}

/** An answer and its ETag; null when the server said 304 (the held answer stands). */
type Loaded<T> = { data: T; etag: string | null } | null;

/**
 * For agents, keeps what `load` answered in the offline store under `key`, with its ETag:
 * the next load sends the tag as If-None-Match, and a 304 answers the kept value without
 * the body crossing the network again. When the network is gone the last value kept is
 * answered instead of the error (docs/architecture.md §7).
 */
async function mirrored<T>(key: string, load: (etag: string | null) => Promise<Loaded<T>>) {
  const agent = agentId();
  // The offline store's code that could not be loaded: read as for a role without one (the
  // next read asks for the code again).
  const mirror = agent === null ? undefined : await loadMirror().catch(() => undefined);
  if (agent === null || !mirror) {
    const loaded = await load(null);
    if (!loaded) throw new ApiError(commonText.genericError, 304);
    return loaded.data;
  }
  const held = await mirror.recallTagged(agent, key).catch(() => undefined);
  try {
    const loaded = await load(held?.etag ?? null);
    if (!loaded) return held!.data as T;
    void mirror.remember(agent, key, loaded.data, loaded.etag).catch(() => undefined);
    return loaded.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      const seen = held ? held.data : await mirror.recall(agent, key).catch(() => undefined);
      if (seen !== undefined) return seen as T;
    }
    throw error;
  }
}

function mirrorKey(path: string, searchParams?: Record<string, string | number>): string {
  return searchParams
    ? `${path}?${new URLSearchParams(
        Object.entries(searchParams).map(([name, value]) => [name, String(value)]),
      ).toString()}`
    : path;
}

/** A GET that sends If-None-Match when a tag is held; a 304 is not an error here. */
async function conditionalGet(
  path: string,
  searchParams: Record<string, string | number> | undefined,
  etag: string | null,
): Promise<Response | null> {
  try {
    const response = await api.get(stripSlash(path), {
      searchParams,
      headers: etag ? { 'If-None-Match': etag } : undefined,
      throwHttpErrors: (status) => status !== 304,
    });
    return response.status === 304 ? null : response;
  } catch (error) {
    throw await toApiError(error);
  }
}

/**
 * One page of a list the server pages: its rows and the X-Total-Count it reports
 * (mirrored for agents, like every GET). Asked without a page, the server sends the whole
 * list and no count: its length is the total.
 */
async function getRows<T>(
  path: string,
  query: Record<string, string | number>,
): Promise<{ rows: T[]; total: number }> {
  const searchParams = Object.keys(query).length ? query : undefined;
  const local = await fromWorkingSet(path, searchParams);
  if (local) {
    const rows = local.data as T[];
    return { rows, total: local.total ?? rows.length };
  }
  return mirrored(`${mirrorKey(path, searchParams)}#page`, async (etag) => {
    const response = await conditionalGet(path, searchParams, etag);
    if (!response) return null;
    try {
      const rows = (await response.json()) as unknown;
      const list = Array.isArray(rows) ? (rows as T[]) : [];
      const counted = response.headers.get('X-Total-Count');
      const total = counted === null ? list.length : Number(counted);
      const data = { rows: list, total: Number.isFinite(total) ? total : list.length };
      return { data, etag: response.headers.get('ETag') };
    } catch (error) {
      throw await toApiError(error);
    }
  });
}

/**
 * A GET; for agents, answered from the working set when it can, else from the server
 * with the answer mirrored in the offline store, and when the network is gone the last
 * answer seen is returned instead of the error (docs/architecture.md §7).
 */
async function getMirrored<T>(
  path: string,
  searchParams?: Record<string, string | number>,
): Promise<T> {
  const local = await fromWorkingSet(path, searchParams);
  if (local) return local.data as T;
  return mirrored(mirrorKey(path, searchParams), async (etag) => {
    const response = await conditionalGet(path, searchParams, etag);
    if (!response) return null;
    try {
      const text = await response.text();
      const data = (text ? JSON.parse(text) : undefined) as T;
      return { data, etag: response.headers.get('ETag') };
    } catch (error) {
      throw await toApiError(error);
    }
  });
}

/** The operation of the route table a method and path name. */
type KeyOf<M extends Method, P extends string> = Extract<RouteKey, `${M} ${P}`>;

type Values = Record<string, string | number>;

/** A path's parameters, by name (none for a path without any). */
type ParamsPart<P extends string> = [ParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<P>, string | number> };

type QueryPart<K extends RouteKey> =
  QueryOf<K> extends undefined ? { query?: undefined } : { query?: QueryOf<K> };

/** The body: optional when the operation takes none, or takes one whose fields all are. */
type BodyPart<K extends RouteKey> =
  BodyOf<K> extends undefined
    ? { body?: undefined }
    : object extends BodyOf<K>
      ? { body?: BodyOf<K> }
      : { body: BodyOf<K> };

/** What a GET of the table's path `P` takes: its parameters and its query. */
export type GetOptions<P extends PathOf<'GET'>> = ParamsPart<P> & QueryPart<KeyOf<'GET', P>>;

/** What a write takes: its path's parameters and the JSON body of the operation. */
export type WriteOptions<M extends Method, P extends PathOf<M>> = ParamsPart<P> &
  BodyPart<KeyOf<M, P>>;

/** A write of multipart/form-data: its path's parameters and the form. */
export type FormOptions<P extends string> = ParamsPart<P> & { body: FormData };

/** The options as an argument: left out when nothing in them is required. */
type Args<O> = object extends O ? [options?: O] : [options: O];

/** The path with its parameters written in: '/borrower/:id' with { id: 7 } → '/borrower/7'. */
export function pathWith(path: string, params?: Values): string {
  if (!params) return path;
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The query as search parameters; none when it names no field. */
function searchOf(query: Partial<Values> | undefined): Values | undefined {
  if (!query) return undefined;
  const given = Object.entries(query).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  return given.length ? Object.fromEntries(given) : undefined;
}

/** The element of a list the operation answers. */
export type RowOf<K extends RouteKey> = ViewOf<K> extends readonly (infer Row)[] ? Row : never;

/**
 * One page of a list the server pages (see `getRows`), typed from the route table: its
 * rows are the elements of the operation's view.
 */
export function getPage<P extends PathOf<'GET'>>(
  path: P,
  ...[options]: Args<GetOptions<P>>
): Promise<{ rows: RowOf<KeyOf<'GET', P>>[]; total: number }> {
  const given = options as { params?: Values; query?: Partial<Values> } | undefined;
  return getRows<RowOf<KeyOf<'GET', P>>>(
    pathWith(path, given?.params),
    searchOf(given?.query) ?? {},
  );
}

/** A JSON write of the table's method `M`: its path, parameters and body, and its view. */
type JsonWrite<M extends Method> = <P extends PathOf<M>>(
  path: P,
  ...options: Args<WriteOptions<M, P>>
) => Promise<ViewOf<KeyOf<M, P>>>;

/** A multipart write of the table's method `M`. */
type FormWrite<M extends Method> = <P extends PathOf<M>>(
  path: P,
  options: FormOptions<P>,
) => Promise<ViewOf<KeyOf<M, P>>>;

const verbOf = (method: Method) => method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';

function write<M extends Exclude<Method, 'GET'>>(method: M): JsonWrite<M> {
  const verb = verbOf(method);
  return ((path: string, given?: { params?: Values; body?: unknown }) => {
    const target = stripSlash(pathWith(path, given?.params));
    return request((c) => c[verb](target, given?.body === undefined ? {} : { json: given.body }));
  }) as JsonWrite<M>;
}

function writeForm<M extends 'POST' | 'PUT' | 'PATCH'>(method: M): FormWrite<M> {
  const verb = verbOf(method);
  return ((path: string, given: { params?: Values; body: FormData }) => {
    const target = stripSlash(pathWith(path, given.params));
    return request((c) => c[verb](target, { body: given.body }));
  }) as FormWrite<M>;
}

/**
 * The API's calls, typed by the route table (src/domain/routes.ts): the path is the
 * table's (`'/borrower/:id'`), its parameters, query and body are checked against the
 * operation, and the answer is the operation's view, so a fetcher cannot name a view the
 * route does not answer.
 */
export const http = {
  get: <P extends PathOf<'GET'>>(
    path: P,
    ...[options]: Args<GetOptions<P>>
  ): Promise<ViewOf<KeyOf<'GET', P>>> => {
    const given = options as { params?: Values; query?: Partial<Values> } | undefined;
    return getMirrored(pathWith(path, given?.params), searchOf(given?.query));
  },
  post: write('POST'),
  put: write('PUT'),
  patch: write('PATCH'),
  delete: write('DELETE'),
  postForm: writeForm('POST'),
  patchForm: writeForm('PATCH'),
  putForm: writeForm('PUT'),
};

// ky's prefixUrl refuses inputs starting with a slash; the table writes paths with one.
function stripSlash(path: string): string {
  return path.replace(/^\/+/, '');
}
