import type { Db } from '../../../server/db/types';

/**
 * Counts what `db` runs while `work` does: transactions (e.g. the computations of
 * figures) and
 * statements outside them (e.g. the reads each request makes).
 */
export async function countCalls(db: Db, work: () => Promise<unknown>) {
  const transaction = db.transaction.bind(db);
  const query = db.query.bind(db);
  const anyQuery = query as (...args: unknown[]) => Promise<object[]>;
  const counts = { transactions: 0, statements: 0 };
  const counting: Pick<Db, 'transaction' | 'query'> = {
    transaction: (fn) => {
      counts.transactions += 1;
      return transaction(fn);
    },
    query: (...args: unknown[]) => {
      counts.statements += 1;
      return anyQuery(...args);
    },
  };
  Object.assign(db, counting);
  try {
    await work();
  } finally {
    Object.assign(db, { transaction, query });
  }
  return counts;
}
