/**
 * Named prepared statements for the embedded database. PGlite's `query` sends each
 * statement as the unnamed one, so PostgreSQL parses and plans it again on every call,
 * in six trips into WebAssembly (parse, describe, bind, describe, execute, sync). This
 * runs the same protocol as a network driver does: a statement text is parsed once under
 * a name of its own, and each call after that is one trip (bind, describe, execute,
 * sync). For the server's statements, which repeat, that is several times less work per
 * statement (bench:sync, bench:api). What a statement answers, and how it fails, is what
 * PGlite's `query` would give: the same serializers, parsers and result shape, and the
 * database's errors as they come.
 *
 * PGlite runs one thing at a time by its own locks, which its protocol calls do not take:
 * a statement outside a transaction takes both (as `query` does), one inside takes the
 * query lock only (as a transaction's `query` does).
 */
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statement texts kept prepared; the least recently used is closed past this. */
export const MAX_PREPARED = 500;

type Prepared = { name: string; paramTypes: number[] };

/** The part of a PGlite client (or transaction) drizzle calls. */
export type Queryable = Pick<Transaction, 'query'>;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PostgreSQL refuses a prepared statement whose result columns changed under it. */
const planChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test((error as Error).message);

export class PgliteStatements {
  readonly #pg: PGlite;
  /** By statement text, least recently used first (a Map keeps insertion order). */
  readonly #prepared = new Map<string, Prepared>();
  /** Names evicted from the map, closed with the next call. */
  #toClose: string[] = [];
  #named = 0;

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  /** How many statement texts are prepared now (tests). */
  get size(): number {
    return this.#prepared.size;
  }

  /** A client for drizzle: `query` and `transaction`, through named statements. */
  client(): Queryable & Pick<PGlite, 'transaction'> {
    const pg = this.#pg;
    return {
      query: (text, params, options) =>
        pg._runExclusiveTransaction(() =>
          pg._runExclusiveQuery(() => this.#run(text, params, options, false)),
        ),
      transaction: (work) =>
        pg.transaction((tx) =>
          work(
            Object.create(tx, {
              query: {
                value: (text: string, params?: unknown[], options?: QueryOptions) => {
                  if (tx.closed) throw new Error('Transaction is closed');
                  return pg._runExclusiveQuery(() => this.#run(text, params, options, true));
                },
              },
            }) as Transaction,
          ),
        ),
    };
  }

  async #run<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      return await this.#execute<T>(text, params ?? [], options, inTransaction);
    } catch (error) {
      if (!planChanged(error)) throw error;
      // The table changed shape since the statement was prepared: prepare it anew.
      this.#forget(text);
      return this.#execute<T>(text, params ?? [], options, inTransaction);
    }
  }

  async #execute<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const statement = await this.#prepare(text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#pg.serializers[statement.paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const closing = this.#toClose.map((name) => serialize.close({ type: 'S', name }));
    this.#toClose = [];
    const { messages } = await this.#pg.execProtocol(
      concat([
        ...closing,
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      // Outside a transaction each statement commits: as `query` does, write it through.
      { syncToFs: !inTransaction },
    );
    // The instance's parsers only (see keptAsText in ./client.ts): a statement's own would
    // make PGlite copy the whole table for it.
    const answer = parse.parseResults(messages, this.#pg.parsers, {
      ...options,
      parsers: undefined,
    });
    return answer[0] as Results<T>;
  }

  async #prepare(text: string): Promise<Prepared> {
    const known = this.#prepared.get(text);
    if (known) {
      this.#prepared.delete(text);
      this.#prepared.set(text, known);
      return known;
    }
    const name = `mkopo_${(this.#named += 1)}`;
    const { messages } = await this.#pg.execProtocol(
      concat([
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#prepared.set(text, prepared);
    if (this.#prepared.size > MAX_PREPARED) {
      const [oldest] = this.#prepared.keys();
      if (oldest !== undefined) this.#forget(oldest);
    }
    return prepared;
  }

  #forget(text: string) {
    const prepared = this.#prepared.get(text);
    if (!prepared) return;
    this.#prepared.delete(text);
    this.#toClose.push(prepared.name);
  }
}
