import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { dovecotForFile } from '../support/dovecot-file';
import { addSyncedMailbox, message, readFromDovecot, secrets } from '../support/mail-sync';
import { countCalls } from '../support/count-calls';
import { statsScenario } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// Figures are reused while nothing they depend on has changed, and identical concurrent requests
// share one computation; a change (a synced message, a team's members) shows at once.

type Summary = components['schemas']['StatsSummary'];
type Breakdown = components['schemas']['StatsBreakdown'];
type UnrepliedPage = components['schemas']['StatsUnrepliedPage'];

const t = setUpTestApp('cache');
const dovecot = dovecotForFile();

const RANGE = 'from=2026-03-01&to=2026-03-31';

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
    // The figure is computed once, in a transaction of its own; the fifty sessions are read by
    // one statement and the mailboxes and stamp the fifty share by another.
    expect(await countCalls(t.db, async () => (replies = await fifty()))).toEqual({
      transactions: 1,
      statements: 2,
    });
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1);
    expect(replies[0]?.json<Breakdown>().rows).toEqual([]);
    expect(await countCalls(t.db, fifty)).toEqual({ transactions: 0, statements: 2 });

    // A team is read live: its creation changes the figure at once.
    const team = await admin.post('/portal/api/settings/teams/', {
      name: 'Desk',
      members: [sales.email],
    });
    expect(team.statusCode, team.body).toBe(201);
    expect((await countCalls(t.db, async () => (replies = await fifty()))).transactions).toBe(1);
    expect(replies[0]?.json<Breakdown>().rows.map((row) => row.key)).toEqual(['Desk']);
  });

  it('lists the unreplied once while the mail is unchanged, its waiting times as of each second', async () => {
    const { ws, insert, rebuild } = await statsScenario(t);
    await insert([{ at: '2026-03-10T09:00:00Z' }]);
    await rebuild();
    const admin = t.admin(ws);
    const url = `/portal/api/stats/unreplied?${RANGE}&order=longest&page=1&page_size=10`;
    const waited = async () => {
      const reply = await admin.get(url);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<UnrepliedPage>().unreplied.map((row) => row.waiting.calendar);
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-10T10:00:00Z'));
      let first: number[] = [];
      expect((await countCalls(t.db, async () => (first = await waited()))).transactions).toBe(1);
      expect(first).toEqual([3600]);
      // A minute on, the same page with the times of now, and no list computed again.
      vi.setSystemTime(new Date('2026-03-10T10:01:00Z'));
      let later: number[] = [];
      expect((await countCalls(t.db, async () => (later = await waited()))).transactions).toBe(0);
      expect(later).toEqual([3660]);
    } finally {
      vi.useRealTimers();
    }
  });
});
