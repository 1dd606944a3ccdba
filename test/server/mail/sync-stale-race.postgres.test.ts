import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open';
import type { Db } from '../../../server/db/types';
import { claimDueMailboxes, failSync } from '../../../server/repos/mailbox-sync';
import { addUser } from '../../../server/repos/workspaces';
import { checkStaleMailboxes, tellStaleMailboxes } from '../../../server/sync-alerts/check';
import { createTestWorkspace } from '../support/app';
import { addSyncedMailbox } from '../support/mail-sync';
import { createTestDbLocation, type TestDbLocation } from '../support/test-db';

// Two workers on one PostgreSQL, each with its own connection pool as two processes have: while
// one has told a failing mailbox's admins and not yet committed, the other's check at the same
// instant finds nothing to tell, and finds nothing after the commit either. The first check is
// held open by running its statement in a transaction of the test's own. Only PostgreSQL has
// several connections.

let location: TestDbLocation;
const dbs: Db[] = [];

beforeAll(async () => {
  location = await createTestDbLocation();
  dbs.push(await openDatabase(location.options), await openDatabase(location.options));
});

afterAll(async () => {
  await Promise.all(dbs.map((db) => db.close()));
  await location.dispose();
});

const FAILED_AT = new Date('2027-03-08T10:00:00Z');
const CHECK_AT = new Date('2027-03-08T11:01:00Z');

describe('two workers checking for mailboxes that stopped syncing', () => {
  it('queue one email per admin between them', async () => {
    const [first, second] = dbs as [Db, Db];
    const ws = await createTestWorkspace(first, { domain: 'stale-race.example' });
    await addUser(first, ws.workspaceId, {
      email: 'second-admin@stale-race.example',
      full_name: 'Second Admin',
      role: 'admin',
    });
    await addSyncedMailbox(first, ws.workspaceId, 'sales@stale-race.example');
    const [claimed] = await claimDueMailboxes(first, 'worker', FAILED_AT, 120, 1);
    if (!claimed) throw new Error('the mailbox was not due');
    const failure = { message: 'Connection refused', transient: true, failedAt: FAILED_AT };
    await failSync(first, claimed, 'worker', { ...failure, retryAt: FAILED_AT });

    await first.transaction(async (tx) => {
      const [told] = await tx.query(tellStaleMailboxes(CHECK_AT, 60));
      expect(told).toEqual({ mailboxes: 1, emails: 2 });
      expect(await checkStaleMailboxes(second, CHECK_AT, 60)).toEqual({ mailboxes: 0, emails: 0 });
    });
    expect(await checkStaleMailboxes(second, CHECK_AT, 60)).toEqual({ mailboxes: 0, emails: 0 });
    const rows = await second.query<{ to: string }>(
      `select payload ->> 'to' as to from outbound_requests
        where workspace_id = $1 and kind = 'sync_alert_email' order by 1`,
      [ws.workspaceId],
    );
    expect(rows.map((row) => row.to)).toEqual([
      'admin@stale-race.example',
      'second-admin@stale-race.example',
    ]);
  });
});
