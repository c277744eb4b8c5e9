// The connection pool of the PostgreSQL store and the two primitives every invariant rests on:
// a transaction that commits whole or not at all, and a lock that serialises one key's writers
// across every process and node sharing the database.
import pg from 'pg';

/** A client inside a transaction, or the pool itself for single statements. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

const INT8 = 20;

/**
 * Times and ids are BIGINT; pg answers them as strings unless told otherwise. Every value this
 * store keeps stays below 2^53 (milliseconds since the epoch, row counts), so a number is exact;
 * anything larger is refused rather than rounded.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`a BIGINT value ${text} is beyond what a number holds exactly`);
  return value;
}

/** A pool on `url` whose BIGINTs arrive as numbers; the type parser is this pool's own, not pg's global one. */
export function openPool(url: string): pg.Pool {
  const builtIn = pg.types.getTypeParser.bind(pg.types) as (oid: number, format?: 'text' | 'binary') => unknown;
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown => (oid === INT8 && format !== 'binary' ? parseInt8 : builtIn(oid, format))) as typeof pg.types.getTypeParser,
  };
  // A connection not made within 10 s fails the call instead of leaving it waiting on an
  // unreachable server; lock waits, once connected, are the serialisation and may take their time.
  const pool = new pg.Pool({ connectionString: url, types, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client's connection dropped by the server is reported here; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` in one transaction on one client: committed when it resolves, rolled back when it rejects. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    // A client whose rollback failed is in an unknown state: destroy it rather than reuse it.
    client.release(broken);
  }
}

/** The lock spaces of pg_advisory_xact_lock's first argument: one per kind of serialised writer. */
export const LOCKS = { migrations: 1, admission: 2, rate: 3, idempotency: 4, webhooks: 5 } as const;

/**
 * Takes a transaction-scoped advisory lock on `(space, key)`, held until commit or rollback. The
 * key is hashed to 32 bits: two keys may share a lock, which only makes them wait for each other.
 */
export async function lockKey(client: Queryable, space: number, key: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [space, key]);
}
