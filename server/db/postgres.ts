import pg from 'pg';
import { statementOf, toDbError, type Db, type Tx } from './types';
import type { Sql } from './sql';
import { ARRAY_ELEMENT_OIDS, SCALAR_PARSERS, type ValueParser } from './values';
import { endableTx, TxScope } from './tx-scope';

type Nested = string | null | Nested[];

/** Per-pool parsers (never the global pg.types), mirroring what PGlite returns. */
function typeOverrides(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  for (const [oid, parse] of Object.entries(SCALAR_PARSERS)) {
    types.setTypeParser(Number(oid), parse);
  }
  // pg's text[] parser (oid 1009) splits any array literal into (nested) strings and nulls;
  // @types/pg declares parsers as taking an oid, hence the cast.
  const splitArray = types.getTypeParser(1009) as unknown as (text: string) => Nested[];
  for (const [arrayOid, elementOid] of Object.entries(ARRAY_ELEMENT_OIDS)) {
    const parseElement = SCALAR_PARSERS[elementOid];
    if (!parseElement) continue;
    types.setTypeParser(Number(arrayOid), (text) => mapNested(splitArray(text), parseElement));
  }
  return types;
}

function mapNested(values: Nested[], parse: ValueParser): unknown[] {
  return values.map((v) => (Array.isArray(v) ? mapNested(v, parse) : v === null ? null : parse(v)));
}

/** What run() needs of a pool or a checked-out client. */
interface Sender {
  query(sql: string, values?: unknown[]): Promise<pg.QueryResult | pg.QueryResult[]>;
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

async function run<R extends object>(
  client: Sender,
  statement: Sql | string,
  parameters: readonly unknown[] | undefined,
): Promise<R[]> {
  const { text, values, name } = statementOf(statement, parameters);
  try {
    // Without values pg uses the simple protocol, which returns one result per statement; with
    // a name, pg prepares the statement on the connection the first time and binds it after.
    const params = values ? [...values] : undefined;
    const result = await (name
      ? client.query({ name, text, values: params })
      : client.query(text, params));
    const last = Array.isArray(result) ? result.at(-1) : result;
    return (last?.rows ?? []) as R[];
  } catch (error) {
    throw toDbError(error);
  }
}

async function useUtc(client: pg.ClientBase): Promise<void> {
  await client.query("SET TIME ZONE 'UTC'");
}

export function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    types: typeOverrides(),
    // pg-pool awaits this hook before handing the connection out (and drops it on failure);
    // @types/pg declares it as returning void.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: useUtc,
  });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => console.error('postgres: idle connection failed:', error.message));
  const scope = new TxScope();

  async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    scope.assertOutside('transaction');
    const client = await pool.connect();
    const { tx, end } = endableTx((sql, params) => run(client, sql, params));
    try {
      await client.query('BEGIN');
      const result = await scope.run(() => fn(tx));
      await run(client, 'COMMIT', undefined);
      end();
      client.release();
      return result;
    } catch (error) {
      end();
      await client.query('ROLLBACK').then(
        () => client.release(),
        (rollbackError: Error) => client.release(rollbackError), // destroys the connection
      );
      throw error;
    }
  }

  return Promise.resolve({
    kind: 'postgres',
    async query<R extends object>(sql: Sql | string, params?: readonly unknown[]): Promise<R[]> {
      scope.assertOutside('query');
      return run<R>(pool, sql, params);
    },
    async runScript(text: string): Promise<void> {
      scope.assertOutside('runScript');
      await run(pool, text, undefined);
    },
    transaction,
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  });
}
