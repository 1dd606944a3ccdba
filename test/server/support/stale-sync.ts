import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import { drainOnce } from '../../../server/outbound/forwarder';
import { markDue } from '../../../server/repos/mailbox-sync';
import { addUser } from '../../../server/repos/workspaces';
import { syncDueMailboxes } from '../../../server/mail/sync-worker';
import { syncAlertChannels } from '../../../server/sync-alerts/delivery';
import { startDovecot, type Dovecot } from '../../support/dovecot';
import { addSyncedMailbox, message, readFromDovecot, testClock, workerDeps } from './mail-sync';
import type { TestSuite } from './suite';
import { recordingLogger } from './webhook';

// Fixtures of the stale-sync alerts: a workspace with two admins (and its manager and viewer)
// reading a Dovecot of its own, which a test stops and starts again on the same port and mail,
// a sync and a forwarder pass at the test's clock.

export const PUBLIC_URL = 'https://mailpulse.example';

/** Dovecot on a kept mail folder, so it can be stopped and started again where it was. */
async function ownDovecot() {
  const home = await mkdtemp(join(tmpdir(), 'mailpulse-stale-home-'));
  const users: string[] = [];
  let current: Dovecot | null = await startDovecot({ home });
  const port = current.port;
  const running = () => {
    if (!current) throw new Error('Dovecot is stopped');
    return current;
  };
  return {
    get server() {
      return running();
    },
    async addUser(address: string) {
      users.push(address);
      await running().addUser(address);
    },
    async stop() {
      await current?.close();
      current = null;
    },
    async start() {
      current = await startDovecot({ home, port });
      for (const address of users) await current.addUser(address);
    },
    async close() {
      await current?.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** A workspace with a second admin, a mailbox on its own Dovecot, and a clock at `start`. */
export async function staleSyncWorkspace(t: TestSuite, start: string, name?: string) {
  const dovecot = await ownDovecot();
  const ws = await t.workspace(name ? { name } : {});
  await addUser(t.db, ws.workspaceId, {
    email: `second-admin@${ws.domain}`,
    full_name: 'Second Admin',
    role: 'admin',
  });
  const email = `sales@${ws.domain}`;
  await dovecot.addUser(email);
  await dovecot.server.append(email, 'INBOX', [
    message({ from: 'ann@client.example', to: email, date: '2027-03-01T09:00:00Z' }),
  ]);
  await readFromDovecot(t.db, ws.workspaceId, dovecot.server);
  await addSyncedMailbox(t.db, ws.workspaceId, email, '2027-02-01');
  const clock = testClock(new Date(start));
  /** A sync of the mailbox now, as the worker runs it when it is due. */
  const sync = async () => {
    await markDue(t.db, ws.workspaceId, clock.now(), [email]);
    const [outcome] = await syncDueMailboxes(
      workerDeps(t.db, { now: clock.now }),
      new AbortController().signal,
      { workspaceId: ws.workspaceId, emails: [email] },
    );
    return outcome;
  };
  return { ws, email, dovecot, clock, sync };
}

/** A forwarder pass of the sync-alert channel to `smtpUrl` at the injected instant. */
export function drainer(db: Db, smtpUrl: string) {
  const config = loadConfig({ PUBLIC_URL, SMTP_URL: smtpUrl });
  const channels = syncAlertChannels(config);
  return (at: Date) => drainOnce(db, channels, recordingLogger().log, { now: () => at });
}

/** Headers unfolded and quoted-printable undone enough to read the parts. */
export const decoded = (raw: string) =>
  raw
    .replace(/\r?\n(?=[ \t])/g, '')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
