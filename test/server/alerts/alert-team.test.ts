import { describe, expect, it } from 'vitest';
import {
  alertOutbox,
  createAlert,
  engineWorkspace,
  evaluateAt,
  rebuildFacts,
} from '../support/alert-engine';
import { addMailbox, insertMessages } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// Alerts over a team (docs/statistics.md, definitions 3 and 4): a request several watched
// mailboxes received alerts once, and one a colleague answered from her own mailbox never.
// Company hours Mon–Fri 09:00–17:00 UTC; 2027-03-05 is a Friday; the gap is 120 minutes.

const t = setUpTestApp('alert-team');
const FRIDAY_16 = '2027-03-05T16:00:00Z';
const MONDAY_10 = '2027-03-08T10:00:00Z';

describe('an alert over several mailboxes', () => {
  it('fires once for a request two of them received, never for one a colleague answered', async () => {
    const e = await engineWorkspace(t);
    const bob = await addMailbox(t.db, e.ws.workspaceId, `bob@${e.ws.domain}`);
    const alice = await addMailbox(t.db, e.ws.workspaceId, `alice@${e.ws.domain}`);
    await createAlert(t, e, {
      watchingSince: '2027-03-01T00:00:00Z',
      mailboxes: [e.mailbox.email, bob.email],
    });
    const order = {
      at: FRIDAY_16,
      from: 'ann@client.example',
      to: [e.mailbox.email],
      cc: [bob.email],
      subject: 'Where is my order?',
      messageId: '<order@client.example>',
    };
    await insertMessages(t.db, e.mailbox, [{ thread: 'o', ...order }]);
    await insertMessages(t.db, bob, [{ thread: 'o', ...order }]);
    // Ben's question, answered half an hour later by Alice from her own mailbox only.
    await insertMessages(t.db, e.mailbox, [
      { thread: 'i', at: FRIDAY_16, from: 'ben@client.example', messageId: '<i@client.example>' },
    ]);
    await insertMessages(t.db, alice, [
      {
        thread: 'a',
        at: '2027-03-05T16:30:00Z',
        direction: 'outbound',
        to: ['ben@client.example'],
        inReplyTo: '<i@client.example>',
      },
    ]);
    await rebuildFacts(t.db, e);
    expect(await evaluateAt(t.db, MONDAY_10)).toMatchObject({ notified: 1, outboxRows: 1 });
    const [row] = await alertOutbox(t.db, e.ws.workspaceId);
    expect(row?.payload).toMatchObject({
      items: [{ mailbox: e.mailbox.email, subject: 'Where is my order?', waiting_minutes: 120 }],
    });
    expect(await evaluateAt(t.db, '2027-03-09T10:00:00Z')).toMatchObject({ notified: 0 });
  });
});
