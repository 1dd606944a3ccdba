import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMicrosoftConnector } from '../../../../server/mail/microsoft/connector';
import { startGraphStandin, type GraphStandin } from '../../../support/graph-standin';
import {
  DAY_MS,
  leasedMailbox,
  recordingSleep,
  storedMessages,
  syncAndStore,
  type SyncedMailbox,
} from '../../support/cloud-sync';
import { setUpTestApp } from '../../support/suite';

// Outlook users archive, and rules file mail into folders under folders; spam goes to Junk
// Email, deleted mail to Deleted Items. The sync reads every folder but those, Drafts, Outbox and
// Sync Issues, stores a message once, and sets aside what is moved to Deleted Items or Junk.

const suite = setUpTestApp('graphfolders');
let graph: GraphStandin;

beforeAll(async () => {
  graph = await startGraphStandin();
});
afterAll(() => graph.close());

const DATA_FROM = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
const connector = () =>
  createMicrosoftConnector(
    graph.account,
    { loginBaseUrl: graph.loginBaseUrl, graphBaseUrl: graph.graphBaseUrl },
    { sleep: recordingSleep().sleep },
  );

let seq = 0;
async function filedMailbox() {
  seq += 1;
  const mailbox = await leasedMailbox(suite, `filed${seq}`, DATA_FROM);
  const box = graph.addMailbox(mailbox.target.email);
  const customers = box.folders.create('inbox', 'Customers');
  const acme = box.folders.create(customers, 'Acme');
  const carla = { name: 'Carla', address: 'carla@customer.example' };
  const own = { address: mailbox.target.email };
  const add = (folder: string, subject: string, hoursAgo: number, sent = false) =>
    box.add(folder, {
      received: new Date(Date.now() - hoursAgo * 3_600_000),
      from: sent ? own : carla,
      to: [sent ? carla : own],
      subject,
      internetMessageId: `<${subject.replace(/\W/g, '')}.${seq}@customer.example>`,
    });
  const ids = {
    inbox: add('inbox', 'In the inbox', 10),
    archived: add('archive', 'Archived', 20),
    filed: add(acme, 'Filed by a rule', 30),
    sent: add('sentitems', 'Sent', 40, true),
    trash: add('deleteditems', 'Deleted', 50),
    junk: add('junkemail', 'Junk', 60),
    draft: add('drafts', 'Draft', 70, true),
    outbox: add('outbox', 'Outbox', 80, true),
    conflict: add('conflicts', 'Conflict', 90),
  };
  return { mailbox, box, ids };
}

const rows = async (mailbox: SyncedMailbox) =>
  (await storedMessages(suite.db, mailbox)).map((m) => [m.subject, m.folder, m.set_aside]);

describe('Microsoft 365: every folder but deleted items, junk, drafts, outbox and sync issues', () => {
  it('stores archived mail and mail filed into child folders, nothing from the others', async () => {
    const { mailbox } = await filedMailbox();
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await rows(mailbox)).toEqual([
      ['Sent', 'Sent Items', null],
      ['Filed by a rule', 'Inbox/Customers/Acme', null],
      ['Archived', 'Archive', null],
      ['In the inbox', 'Inbox', null],
    ]);
  });

  it('a move changes only the folder; Deleted Items and Junk set aside; moving back restores', async () => {
    const { mailbox, box, ids } = await filedMailbox();
    await syncAndStore(suite.db, connector(), mailbox);
    box.move(ids.inbox, 'archive');
    const filed = box.move(ids.filed, 'deleteditems');
    const archived = box.move(ids.archived, 'junkemail');
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await rows(mailbox)).toEqual([
      ['Sent', 'Sent Items', null],
      ['Filed by a rule', 'Inbox/Customers/Acme', 'trash'],
      ['Archived', 'Archive', 'spam'],
      ['In the inbox', 'Archive', null],
    ]);
    box.move(filed, 'inbox');
    box.move(archived, 'archive');
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await rows(mailbox)).toEqual([
      ['Sent', 'Sent Items', null],
      ['Filed by a rule', 'Inbox', null],
      ['Archived', 'Archive', null],
      ['In the inbox', 'Archive', null],
    ]);
  });

  it('reads every folder over a cursor from when only the inbox and sent items were read', async () => {
    const { mailbox } = await filedMailbox();
    await suite.db.query(
      `update mailbox_sync set cursor = $3::jsonb where workspace_id = $1 and mailbox_id = $2`,
      [
        mailbox.store.workspaceId,
        mailbox.store.mailboxId,
        JSON.stringify({
          count: 2,
          total: 2,
          inbox: { link: `${graph.graphBaseUrl}/x`, loaded: true },
        }),
      ],
    );
    await syncAndStore(suite.db, connector(), mailbox);
    expect((await rows(mailbox)).map(([subject]) => subject)).toContain('Archived');
  });
});
