import { describe, expect, it } from 'vitest';
import { migratedBefore } from '../support/migrated-db';

// An upgrade to migration 0029 on a workspace with stored mail and a rebuild planned for 00:01:
// 0029 adds the cancellation flag, unknown (null) for mail stored before it until its mailbox is
// read again, and makes the rebuild due at once, so mail from noreply@ and the like is automated
// in past figures without waiting for the night. A fresh in-memory PGlite, migrated up to 0029.

const before = migratedBefore(29);

describe('migration 0029 on a workspace from before it', () => {
  it('leaves stored mail unknown as to cancellations and rebuilds its figures at once', async () => {
    const db = before.db();
    await db.runScript(`
      insert into workspaces (workspace_id, client_name, allowed_domains, provider)
        values (1, 'Acme', '{acme.example}', 'G');
      insert into mailboxes (workspace_id, mailbox_id, email) values (1, 1, 'team@acme.example');
      insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction, sent_at,
                            from_address)
        values (1, 1, 'p1', 't1', 'inbound', '2026-11-23T09:00:00Z', 'noreply@shop.example');
      insert into stats_state (workspace_id, next_rebuild_at)
        values (1, now() + interval '10 hours');`);
    await before.migrate();
    expect(await db.query('select meeting_cancellation from messages')).toEqual([
      { meeting_cancellation: null },
    ]);
    expect(await db.query('select next_rebuild_at <= now() as due from stats_state')).toEqual([
      { due: true },
    ]);
  });
});
