import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  storedCursor,
  setAsideIds,
  storedMessages,
  syncAndStore,
  syncState,
} from '../../support/cloud-sync';
import { filledMailbox, FROM_MS, listCalls, setUpGmailTest } from './gmail-fixtures';

// The Gmail connector's later syncs: history.list from the stored historyId. A message is stored
// once whatever its labels; archiving changes no count; spam and trash set a stored message
// aside (kept, marked), and taking it out again restores it.

const { suite, google, connector } = setUpGmailTest('ghist');

describe('Google connector: later syncs', () => {
  it('reads only the history since the stored historyId, archived and new mail alike', async () => {
    const { mailbox, gmail, expected, ids } = await filledMailbox(suite, google(), 60, [2, 1]);
    await syncAndStore(suite.db, connector(), mailbox);
    const callsBefore = google().server.calls.length;
    const now = new Date();
    gmail.add({ at: now, labelIds: ['INBOX'], headers: { From: 'new@client.example' } });
    gmail.add({ at: now, labelIds: ['SENT'], headers: { From: gmail.email, Subject: 'Answer' } });
    gmail.add({ at: now, labelIds: ['DRAFT'], headers: { Subject: 'Draft' } });
    gmail.add({ at: now, labelIds: ['CHAT'], headers: { Subject: 'Chat' } });
    gmail.add({ at: new Date(FROM_MS - DAY_MS), labelIds: ['INBOX'], headers: { Subject: 'Old' } });
    // Archived: INBOX taken off a stored message. It stays stored, once, as it was counted.
    const archived = ids.inbox.at(-1)!;
    gmail.relabel(archived, { remove: ['INBOX'] });
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(2);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected + 2);
    expect(stored.find((m) => m.provider_id === archived)).toMatchObject({
      labels: ['UNREAD'],
      direction: 'inbound',
    });
    const later = google().server.calls.slice(callsBefore);
    expect(later.some((call) => call.path.endsWith('/history'))).toBe(true);
    expect(later.some((call) => call.path.endsWith('/messages'))).toBe(false);
    const profile = gmail.profile().body as { historyId: string };
    expect(await storedCursor(suite.db, mailbox)).toMatchObject({ historyId: profile.historyId });
  });

  it('sets a stored message aside when labelled spam or trash, or deleted, and back when unlabelled', async () => {
    const { mailbox, gmail, expected, ids } = await filledMailbox(suite, google(), 40, [1, 1]);
    await syncAndStore(suite.db, connector(), mailbox);
    const [spam, trash, deleted] = ids.inbox.slice(-3) as [string, string, string];
    gmail.relabel(spam, { add: ['SPAM'], remove: ['INBOX'] });
    gmail.relabel(trash, { add: ['TRASH'], remove: ['INBOX'] });
    gmail.delete(deleted);
    await syncAndStore(suite.db, connector(), mailbox);
    // Kept, marked, never stored twice.
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    expect(await setAsideIds(suite.db, mailbox)).toEqual({
      [spam]: 'spam',
      [trash]: 'trash',
      [deleted]: 'trash',
    });
    gmail.relabel(spam, { add: ['INBOX'], remove: ['SPAM'] });
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await setAsideIds(suite.db, mailbox)).toEqual({ [trash]: 'trash', [deleted]: 'trash' });
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
  });

  it('reads the mailbox in full again when the history expired, storing nothing twice', async () => {
    const { mailbox, gmail, expected } = await filledMailbox(suite, google(), 50, [4, 1]);
    await syncAndStore(suite.db, connector(), mailbox);
    gmail.add({ at: new Date(), labelIds: ['INBOX'], headers: { Subject: 'While away' } });
    gmail.expireHistory();
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(1);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected + 1);
    expect(new Set(stored.map((m) => m.provider_id)).size).toBe(stored.length);
    expect(listCalls(google(), mailbox.target.email)).toHaveLength(2);
    expect(await syncState(suite.db, mailbox)).toMatchObject({ status: 'working' });
  });

  it('sets aside what went to spam or trash while the history it was in expired', async () => {
    const { mailbox, gmail, expected, ids } = await filledMailbox(suite, google(), 30, [1, 1]);
    await syncAndStore(suite.db, connector(), mailbox);
    const [spam, trash] = ids.inbox.slice(-2) as [string, string];
    gmail.relabel(spam, { add: ['SPAM'], remove: ['INBOX'] });
    gmail.relabel(trash, { add: ['TRASH'], remove: ['INBOX'] });
    gmail.expireHistory();
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    expect(await setAsideIds(suite.db, mailbox)).toEqual({ [spam]: 'spam', [trash]: 'trash' });
  });
});
