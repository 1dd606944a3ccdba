import { describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite';

// The embedded database: one connection, on a thread of its own (server/db/pglite.ts).

describe('the embedded database', () => {
  it('runs transactions one at a time, even without row locks', async () => {
    // PGlite has one connection: a second transaction must wait for the first to finish.
    const pglite = await openPglite('memory://');
    const order: string[] = [];
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstBegan = () => {};
    const began = new Promise<void>((resolve) => (firstBegan = resolve));
    try {
      const first = pglite.transaction(async (tx) => {
        order.push('a:begin');
        firstBegan();
        await firstHolds;
        await tx.query('select 1');
        order.push('a:end');
      });
      await began;
      const second = pglite.transaction(async (tx) => {
        order.push('b:begin');
        await tx.query('select 1');
        order.push('b:end');
      });
      // Give the second transaction every chance to start while the first still holds on.
      for (let i = 0; i < 20; i += 1) await new Promise(setImmediate);
      expect(order).toEqual(['a:begin']);
      releaseFirst();
      await Promise.all([first, second]);
      expect(order).toEqual(['a:begin', 'a:end', 'b:begin', 'b:end']);
    } finally {
      await pglite.close();
    }
  });

  it('keeps a statement outside a transaction out of one that runs', async () => {
    const pglite = await openPglite('memory://');
    try {
      await pglite.runScript('create table tx_probe (n int)');
      let releaseTx = () => {};
      const holds = new Promise<void>((resolve) => (releaseTx = resolve));
      const tx = pglite.transaction(async (t) => {
        await t.query('insert into tx_probe values (1)');
        await holds;
        await t.query('insert into tx_probe values (2)');
      });
      // Asked while the transaction runs: it must see the transaction whole, not half of it.
      const seen = pglite.query<{ n: number }>('select count(*)::int as n from tx_probe');
      for (let i = 0; i < 20; i += 1) await new Promise(setImmediate);
      releaseTx();
      await tx;
      expect(await seen).toEqual([{ n: 2 }]);
    } finally {
      await pglite.close();
    }
  });

  it('leaves the event loop free while a statement runs', async () => {
    // PostgreSQL in WebAssembly runs a statement synchronously; on the server's thread no request
    // was read while it ran. Counted in turns of the event loop, not in time.
    const pglite = await openPglite('memory://');
    try {
      let done = false;
      const statement = pglite.query('select pg_sleep(0.2)').then(() => (done = true));
      let turns = 0;
      while (!done) {
        turns += 1;
        await new Promise(setImmediate);
      }
      await statement;
      expect(turns).toBeGreaterThan(100);
    } finally {
      await pglite.close();
    }
  });
});
