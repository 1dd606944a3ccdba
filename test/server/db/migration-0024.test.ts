import { describe, expect, it } from 'vitest';
import { migratedBefore } from '../support/migrated-db';

// An upgrade over migration 0022 on a workspace with synced mail and a rebuild planned for
// 00:01: migration 0023 marks the mailbox as read by an earlier version (its next sync reads it
// again), and 0024 makes the rebuild due at once, so the new rules of the facts reach past
// figures without waiting for the night. A fresh in-memory PGlite, migrated to 0022.

const before = migratedBefore(23);

describe('migrations 0023 and 0024 on a workspace from before them', () => {
  it('read its mail again at the next sync and rebuild its figures at once', async () => {
    const db = before.db();
    await db.runScript(`
      insert into workspaces (workspace_id, client_name, allowed_domains, provider)
        values (1, 'Acme', '{acme.example}', 'G');
      insert into mailboxes (workspace_id, mailbox_id, email) values (1, 1, 'team@acme.example');
      insert into mailbox_sync (workspace_id, mailbox_id, cursor)
        values (1, 1, '{"historyId": "4711"}');
      insert into stats_state (workspace_id, next_rebuild_at)
        values (1, now() + interval '10 hours');`);
    await before.migrate();
    expect(await db.query('select read_version, cursor from mailbox_sync')).toEqual([
      { read_version: 0, cursor: { historyId: '4711' } },
    ]);
    expect(await db.query('select next_rebuild_at <= now() as due from stats_state')).toEqual([
      { due: true },
    ]);
  });
});
