import { describe, expect, it } from 'vitest';
import { migratedBefore } from '../support/migrated-db';

// Migration 0013 on mail stored before it, when each folder's copy of a message was a row of its
// own: one row per Message-ID is kept, outbound when any copy was (it sat in Sent), and the
// alert notifications of the copies move onto it. A fresh in-memory PGlite, migrated to 0012.

const before = migratedBefore(13);

describe('migration 0013_mail_folders', () => {
  it('keeps one row per message of a mailbox, outbound if any copy was, its alert notifications moved', async () => {
    const db = before.db();
    await db.runScript(`
      insert into workspaces (workspace_id, client_name, allowed_domains, provider)
        values (1, 'Acme', '{acme.example}', 'G');
      insert into mailboxes (workspace_id, mailbox_id, email) values (1, 1, 'team@acme.example');
      insert into messages (workspace_id, mailbox_id, message_id, provider_id, thread_key,
                            direction, sent_at, folder, message_id_header)
        values (1, 1, 1, 'INBOX:1:1', 't', 'inbound', now(), 'INBOX', '<a@x>'),
               (1, 1, 2, 'Sent:1:1', 't', 'outbound', now(), 'Sent', '<a@x>'),
               (1, 1, 3, 'INBOX:1:2', 'u', 'inbound', now(), 'INBOX', '<b@x>'),
               (1, 1, 4, 'INBOX:1:3', 'v', 'inbound', now(), 'INBOX', null),
               (1, 1, 5, 'INBOX:1:4', 'w', 'inbound', now(), 'INBOX', null);
      insert into alerts (workspace_id, alert_id, name, minutes_gap, domains, notify_emails,
                          created_by_email)
        values (1, 1, 'Slow', 60, '{x}', '{boss@acme.example}', 'boss@acme.example');
      insert into alert_notified (workspace_id, alert_id, mailbox_id, message_id, notified_at)
        values (1, 1, 1, 2, now());`);
    await before.migrate(13);
    expect(
      await db.query('select message_id, direction from messages order by message_id'),
    ).toEqual([
      { message_id: 1, direction: 'outbound' },
      { message_id: 3, direction: 'inbound' },
      { message_id: 4, direction: 'inbound' },
      { message_id: 5, direction: 'inbound' },
    ]);
    expect(await db.query('select message_id from alert_notified')).toEqual([{ message_id: 1 }]);
    // A second copy can no longer be stored.
    await expect(
      db.query(
        `insert into messages (workspace_id, mailbox_id, message_id, provider_id, thread_key,
                               direction, sent_at, message_id_header)
         values (1, 1, 6, 'Archive:1:1', 't', 'inbound', now(), '<a@x>')`,
      ),
    ).rejects.toMatchObject({ constraint: 'messages_header_key' });
  });
});
