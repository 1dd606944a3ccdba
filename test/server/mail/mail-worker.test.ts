import { describe, expect, it } from 'vitest';
import { saveMailAccount } from '../../../server/repos/mail-accounts';
import { claimDueMailboxes, renewLease } from '../../../server/repos/mailbox-sync';
import { syncDueMailboxes } from '../../../server/mail/sync-worker';
import { startRunner, type Clock } from '../../../server/workers/runner';
import { dovecotForFile } from '../support/dovecot-file';
import {
  addSyncedMailbox,
  message,
  readFromDovecot,
  secrets,
  testClock,
  workerDeps,
} from '../support/mail-sync';
import { setUpTestApp } from '../support/suite';

const suite = setUpTestApp('worker');
const dovecot = dovecotForFile();

async function workspaceWithMailbox() {
  const ws = await suite.workspace();
  const email = `team@${ws.domain}`;
  await dovecot.addUser(email);
  await readFromDovecot(suite.db, ws.workspaceId, dovecot);
  const mailboxId = await addSyncedMailbox(suite.db, ws.workspaceId, email, '2026-02-01');
  const row = async () =>
    (
      await suite.db.query<{
        next_run_at: string;
        attempts: number;
        last_error: string | null;
        lease_owner: string | null;
        status: string;
      }>(
        `select s.next_run_at, s.attempts, s.last_error, s.lease_owner, m.status
           from mailbox_sync s join mailboxes m using (workspace_id, mailbox_id)
          where s.workspace_id = $1 and s.mailbox_id = $2`,
        [ws.workspaceId, mailboxId],
      )
    )[0]!;
  return { ws, email, mailboxId, row };
}

const run = (deps: ReturnType<typeof workerDeps>, workspaceId: number) =>
  syncDueMailboxes(deps, new AbortController().signal, { workspaceId });

describe('sync worker scheduling', () => {
  it('schedules the next run SYNC_INTERVAL_S later and runs it only then', async () => {
    const box = await workspaceWithMailbox();
    await dovecot.append(box.email, 'INBOX', [
      message({ from: 'c@customer.example', to: box.email, date: '2026-02-10T09:00:00Z' }),
    ]);
    const clock = testClock(new Date());
    const deps = workerDeps(suite.db, { now: clock.now, intervalS: 300 });
    expect(await run(deps, box.ws.workspaceId)).toHaveLength(1);
    const after = await box.row();
    expect(new Date(after.next_run_at).getTime()).toBe(clock.now().getTime() + 300_000);
    expect(after.lease_owner).toBeNull();
    clock.advance(299);
    expect(await run(deps, box.ws.workspaceId)).toEqual([]);
    clock.advance(2);
    expect(await run(deps, box.ws.workspaceId)).toEqual([
      { email: box.email, workspaceId: box.ws.workspaceId, ok: true },
    ]);
  });

  it('backs off after a transient failure, doubling, keeping the status', async () => {
    const box = await workspaceWithMailbox();
    await saveMailAccount(suite.db, box.ws.workspaceId, {
      provider: 'imap',
      settings: { host: '127.0.0.1', port: 1, tls: false, masterUser: 'x' },
      secret: secrets.seal('pw', { workspaceId: box.ws.workspaceId, provider: 'imap' }),
    });
    const clock = testClock(new Date());
    const deps = workerDeps(suite.db, { now: clock.now });
    const [first] = await run(deps, box.ws.workspaceId);
    expect(first?.error).toBe(
      "We couldn't reach the IMAP server 127.0.0.1:1 (connection refused). Check the host and port, or try again later.",
    );
    const once = await box.row();
    expect(once).toMatchObject({ attempts: 1, last_error: first?.error, status: 'loading_data' });
    expect(new Date(once.next_run_at).getTime()).toBe(clock.now().getTime() + 30_000);
    clock.advance(30);
    await run(deps, box.ws.workspaceId);
    const twice = await box.row();
    expect(twice.attempts).toBe(2);
    expect(new Date(twice.next_run_at).getTime()).toBe(clock.now().getTime() + 60_000);
  });

  it('marks the mailbox sync_error when retrying cannot help, and clears it once it syncs', async () => {
    const box = await workspaceWithMailbox();
    await saveMailAccount(suite.db, box.ws.workspaceId, {
      provider: 'imap',
      settings: { host: '127.0.0.1', port: dovecot.port, tls: false, masterUser: 'mailpulse' },
      secret: secrets.seal('not-the-password', {
        workspaceId: box.ws.workspaceId,
        provider: 'imap',
      }),
    });
    const clock = testClock(new Date());
    const deps = workerDeps(suite.db, { now: clock.now });
    await run(deps, box.ws.workspaceId);
    expect(await box.row()).toMatchObject({
      status: 'sync_error',
      last_error: expect.stringContaining('refused the login') as unknown,
    });
    await readFromDovecot(suite.db, box.ws.workspaceId, dovecot);
    clock.advance(31);
    await run(deps, box.ws.workspaceId);
    expect(await box.row()).toMatchObject({ status: 'working', attempts: 0, last_error: null });
  });

  it('claims a mailbox again once the lease of a vanished process expires', async () => {
    const box = await workspaceWithMailbox();
    const clock = testClock(new Date());
    const claimed = await claimDueMailboxes(suite.db, 'killed', clock.now(), 120, 10, {
      workspaceId: box.ws.workspaceId,
    });
    expect(claimed).toHaveLength(1);
    const deps = workerDeps(suite.db, { now: clock.now, owner: 'survivor' });
    expect(await run(deps, box.ws.workspaceId)).toEqual([]);
    clock.advance(121);
    expect(await run(deps, box.ws.workspaceId)).toEqual([
      { email: box.email, workspaceId: box.ws.workspaceId, ok: true },
    ]);
  });

  it('takes over a lease whose holder stopped renewing it after one renewal period, not the whole lease', async () => {
    const box = await workspaceWithMailbox();
    const clock = testClock(new Date());
    const claim = (owner: string) =>
      claimDueMailboxes(suite.db, owner, clock.now(), 120, 10, { workspaceId: box.ws.workspaceId });
    const [held] = await claim('stopped');
    expect(held).toBeDefined();
    // Renewed every 40 s: a renewal on time keeps it.
    clock.advance(40);
    expect(await renewLease(suite.db, held!, 'stopped', clock.now(), 120)).toBe(true);
    clock.advance(49);
    expect(await claim('other')).toEqual([]);
    // 50 s without a renewal (its period and a quarter): taken over, 70 s before the lease ends.
    clock.advance(1);
    expect(await claim('other')).toHaveLength(1);
    expect(await renewLease(suite.db, held!, 'stopped', clock.now(), 120)).toBe(false);
  });

  it('a workspace without mail settings is retried later, its mailboxes untouched', async () => {
    const ws = await suite.workspace();
    await addSyncedMailbox(suite.db, ws.workspaceId, `nobody@${ws.domain}`);
    const [outcome] = await run(workerDeps(suite.db), ws.workspaceId);
    expect(outcome?.error).toMatch(/^This workspace has no mail settings yet/);
  });

  it('a mailbox added through the API is due for sync at once', async () => {
    const ws = await suite.workspace();
    const added = await suite.admin(ws).post('/portal/api/settings/mailboxes/', {
      emails: [`new@${ws.domain}`],
      data_from: '2026-02-01',
    });
    expect(added.statusCode).toBeLessThan(300);
    const claimed = await claimDueMailboxes(suite.db, 'w', new Date(), 60, 10, {
      workspaceId: ws.workspaceId,
    });
    expect(claimed.map((c) => c.email)).toEqual([`new@${ws.domain}`]);
  });
});

describe('worker runner', () => {
  it('runs each task every interval on the injected clock and stops cleanly', async () => {
    const sleeps: Array<() => void> = [];
    const clock: Clock = {
      now: () => new Date(),
      sleep: (_ms, signal) =>
        new Promise((resolve) => {
          sleeps.push(resolve);
          signal.addEventListener('abort', () => resolve(), { once: true });
        }),
    };
    let runs = 0;
    let failures = 0;
    const runner = startRunner(
      [
        {
          name: 'count',
          intervalMs: 1000,
          run: async () => {
            runs += 1;
            if (runs === 2) throw new Error('boom');
          },
        },
      ],
      { clock, log: { error: () => (failures += 1) } },
    );
    const tick = async () => {
      await expect.poll(() => sleeps.length).toBeGreaterThan(0);
      sleeps.shift()!();
    };
    await tick();
    await tick();
    await expect.poll(() => runs).toBe(3);
    expect(failures).toBe(1);
    await runner.stop();
    expect(runs).toBe(3);
  });
});
