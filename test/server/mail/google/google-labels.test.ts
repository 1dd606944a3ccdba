import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleConnector } from '../../../../server/mail/google/connector';
import { startGoogleStandin, type GoogleStandin } from '../../../support/google-standin';
import {
  DAY_MS,
  leasedMailbox,
  recordingSleep,
  storedMessages,
  syncAndStore,
  type SyncedMailbox,
} from '../../support/cloud-sync';
import { setUpTestApp } from '../../support/suite';

// Gmail keeps one message under many labels: archived mail has no INBOX label, a filter files
// mail under a user label, and spam, trash, drafts and chats are labels too. The sync reads all
// of the mailbox's mail but drafts and chats, and sets aside what goes to spam or trash.

const suite = setUpTestApp('gmaillabels');
let google: GoogleStandin;

beforeAll(async () => {
  google = await startGoogleStandin();
});
afterAll(() => google.close());

const DATA_FROM = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
const connector = () =>
  createGoogleConnector(
    { serviceAccount: google.serviceAccount },
    { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl },
    { sleep: recordingSleep().sleep },
  );

let seq = 0;
async function labelledMailbox() {
  seq += 1;
  const mailbox = await leasedMailbox(suite, `desk${seq}`, DATA_FROM);
  const gmail = google.addMailbox(mailbox.target.email);
  const add = (subject: string, labelIds: string[], hoursAgo: number) =>
    gmail.add({
      at: new Date(Date.now() - hoursAgo * 3_600_000),
      labelIds,
      threadId: subject,
      headers: {
        From: labelIds.includes('SENT') ? gmail.email : 'Carla <carla@customer.example>',
        To: labelIds.includes('SENT') ? 'carla@customer.example' : gmail.email,
        Subject: subject,
        'Message-ID': `<${subject.replace(/\W/g, '')}.${seq}@customer.example>`,
      },
    });
  const ids = {
    inbox: add('In the inbox', ['INBOX', 'UNREAD'], 10),
    archived: add('Archived', ['IMPORTANT'], 20),
    filed: add('Filed by a filter', ['Label_7'], 30),
    sent: add('Sent', ['SENT'], 40),
    spam: add('Spam', ['SPAM'], 50),
    trash: add('Deleted', ['TRASH'], 60),
    draft: add('Draft', ['DRAFT'], 70),
    chat: add('Chat', ['CHAT'], 80),
  };
  return { mailbox, gmail, ids };
}

const subjects = async (mailbox: SyncedMailbox) =>
  (await storedMessages(suite.db, mailbox)).map((m) => [m.subject, m.set_aside]);

describe('Gmail: every label but drafts and chats', () => {
  it('stores archived and filter-labelled mail, never spam, trash, drafts or chats', async () => {
    const { mailbox } = await labelledMailbox();
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await subjects(mailbox)).toEqual([
      ['Sent', null],
      ['Filed by a filter', null],
      ['Archived', null],
      ['In the inbox', null],
    ]);
  });

  it('archiving changes nothing; spam and trash set a message aside, and moving back restores it', async () => {
    const { mailbox, gmail, ids } = await labelledMailbox();
    await syncAndStore(suite.db, connector(), mailbox);
    gmail.relabel(ids.inbox, { remove: ['INBOX'] });
    gmail.relabel(ids.filed, { add: ['SPAM'], remove: ['Label_7'] });
    gmail.relabel(ids.archived, { add: ['TRASH'] });
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await subjects(mailbox)).toEqual([
      ['Sent', null],
      ['Filed by a filter', 'spam'],
      ['Archived', 'trash'],
      ['In the inbox', null],
    ]);
    gmail.relabel(ids.archived, { remove: ['TRASH'], add: ['INBOX'] });
    gmail.relabel(ids.filed, { remove: ['SPAM'] });
    await syncAndStore(suite.db, connector(), mailbox);
    expect((await subjects(mailbox)).every(([, aside]) => aside === null)).toBe(true);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(4);
  });

  it('lists the whole mailbox again over a cursor from when only INBOX and SENT were read', async () => {
    const { mailbox, gmail } = await labelledMailbox();
    const profile = gmail.profile().body as { historyId: string };
    // The cursor an earlier version stored after listing INBOX and SENT.
    await suite.db.query(
      `update mailbox_sync set cursor = $3::jsonb where workspace_id = $1 and mailbox_id = $2`,
      [
        mailbox.store.workspaceId,
        mailbox.store.mailboxId,
        JSON.stringify({ historyId: profile.historyId, count: 2, total: 8 }),
      ],
    );
    await syncAndStore(suite.db, connector(), mailbox);
    expect((await subjects(mailbox)).map(([subject]) => subject)).toContain('Archived');
  });
});
