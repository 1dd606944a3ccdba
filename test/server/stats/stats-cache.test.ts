import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import { startDovecot, type Dovecot } from '../../support/dovecot';
import { addSyncedMailbox, message, readFromDovecot, secrets } from '../support/mail-sync';
import { statsScenario } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// Figures are reused while nothing they depend on has changed, and identical concurrent requests
// share one computation; a change (a synced message, a team's members) shows at once.

type Summary = components['schemas']['StatsSummary'];
type Breakdown = components['schemas']['StatsBreakdown'];

const t = setUpTestApp('cache');
let dovecot: Dovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
});
afterAll(async () => {
  await dovecot?.close();
});

const RANGE = 'from=2026-03-01&to=2026-03-31';

/** Counts the transactions `db` runs while `work` does: a request's own, and computations. */
async function countTransactions(db: Db, work: () => Promise<unknown>): Promise<number> {
  const transaction = db.transaction.bind(db);
  let count = 0;
  const counting: Db['transaction'] = (fn) => {
    count += 1;
    return transaction(fn);
  };
  Object.assign(db, { transaction: counting });
  try {
    await work();
  } finally {
    Object.assign(db, { transaction });
  }
  return count;
}

describe('statistics reused while nothing changed', () => {
  it('reads a message synced a moment ago at once, never the figure before it', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const sales = `sales@${ws.domain}`;
    const summary = async () => {
      const reply = await admin.get(`/portal/api/stats/summary?${RANGE}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<Summary>();
    };
    const sync = async () => {
      const line = `mail:sync --workspace ${ws.workspaceId} --mailbox ${sales} --wait`;
      const context = { db: t.db, config: loadConfig({}), secrets: () => Promise.resolve(secrets) };
      expect((await executeArgv(context, line.split(' '))).code).toBe(0);
    };
    await dovecot.addUser(sales);
    await readFromDovecot(t.db, ws.workspaceId, dovecot);
    await addSyncedMailbox(t.db, ws.workspaceId, sales, '2026-03-01');
    const question = message({
      from: 'ann@customer.example',
      to: sales,
      subject: 'Price?',
      date: '2026-03-10T09:00:00Z',
    });
    await dovecot.append(sales, 'INBOX', [question]);
    await sync();
    expect(await summary()).toMatchObject({ received: 1, sent: 0, awaiting: 1 });
    expect(await summary()).toMatchObject({ received: 1, sent: 0, awaiting: 1 });

    const answer = message({
      from: sales,
      to: 'ann@customer.example',
      subject: 'Re: Price?',
      date: '2026-03-10T10:00:00Z',
      inReplyTo: question.id,
      references: question.id,
    });
    await dovecot.append(sales, 'Sent', [answer]);
    await sync();
    expect(await summary()).toMatchObject({ received: 1, sent: 1, replied: 1, awaiting: 0 });
  });

  it('computes identical concurrent requests once, and again after a change', async () => {
    const { ws, sales, insert, rebuild } = await statsScenario(t);
    await insert([{ at: '2026-03-10T09:00:00Z' }]);
    await rebuild();
    const admin = t.admin(ws);
    const url = `/portal/api/stats/breakdown?${RANGE}&by=team`;
    const fifty = () => Promise.all(Array.from({ length: 50 }, () => admin.get(url)));
    let replies: Awaited<ReturnType<typeof fifty>> = [];
    // Each request resolves its scope in a transaction of its own; the figure takes one more.
    expect(await countTransactions(t.db, async () => (replies = await fifty()))).toBe(51);
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1);
    expect(replies[0]?.json<Breakdown>().rows).toEqual([]);
    expect(await countTransactions(t.db, fifty)).toBe(50);

    // A team is read live: its creation changes the figure at once.
    const team = await admin.post('/portal/api/settings/teams/', {
      name: 'Desk',
      members: [sales.email],
    });
    expect(team.statusCode, team.body).toBe(201);
    expect(await countTransactions(t.db, async () => (replies = await fifty()))).toBe(51);
    expect(replies[0]?.json<Breakdown>().rows.map((row) => row.key)).toEqual(['Desk']);
  });
});
