import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { client } from '../support/app';
import { auditRows } from '../support/audit';
import { addMailbox, statsScenario } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// The requests as CSV (docs/statistics.md, "Closed by hand"): each request once, with what
// became of it, and for one closed by hand who closed it and when; only the caller's mailboxes.
// 2026-11-23 is a Monday; Madrid is UTC+1; company hours 09:00-17:30 (08:00-16:30 UTC).

type Unreplied = components['schemas']['StatsUnrepliedPage'];

const clock = new Date('2026-11-24T12:00:00Z');
const t = setUpTestApp('requests-csv', { sessionClock: () => clock });
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const CSV = `/portal/api/stats/requests.csv?from=${WEEK.from}&to=${WEEK.to}`;
const HEADER =
  'mailbox,from,subject,received,status,replied,response_business_seconds,' +
  'response_calendar_seconds,closed_by,closed_at';

/** sales@ with four requests; Frank's answered from alice@, which no one but the admin sees. */
async function scenario() {
  const s = await statsScenario(t);
  const alice = await addMailbox(t.db, s.ws.workspaceId, `alice@${s.ws.domain}`);
  await s.insert([
    { thread: 'c1', at: '2026-11-23T09:00:00Z', from: 'carla@client.example', subject: 'Invoice' },
    { thread: 'd1', at: '2026-11-23T10:00:00Z', from: 'dan@other.example', subject: 'Hello' },
    {
      thread: 'd1',
      at: '2026-11-23T11:00:00Z',
      direction: 'outbound',
      to: ['dan@other.example'],
      subject: 'Re: Hello',
    },
    { thread: 'e1', at: '2026-11-23T11:30:00Z', from: 'erin@shop.example', subject: '=1+1' },
    {
      thread: 'f1',
      at: '2026-11-23T12:00:00Z',
      from: 'frank@homes.example',
      subject: 'Quote',
      messageId: '<f1@homes.example>',
    },
  ]);
  await s.insert(
    [
      {
        thread: 'a1',
        at: '2026-11-23T13:00:00Z',
        direction: 'outbound',
        to: ['frank@homes.example'],
        subject: 'Re: Quote',
        inReplyTo: '<f1@homes.example>',
      },
    ],
    alice,
  );
  await s.rebuild();
  await t.db.query(
    `insert into manager_mailboxes (workspace_id, user_id, mailbox_id) values ($1, $2, $3)`,
    [s.ws.workspaceId, s.ws.manager.userId, s.sales.mailboxId],
  );
  const list = await s.get<Unreplied>('unreplied', WEEK);
  const invoice = list.unreplied.find((row) => row.subject === 'Invoice');
  if (!invoice) throw new Error('the invoice request is not listed');
  const closure = `/portal/api/stats/unreplied/${encodeURIComponent(invoice.id)}/closure`;
  const closed = await client(t.app, s.ws.admin.token).request('PUT', closure);
  expect(closed.statusCode, closed.body).toBe(204);
  return s;
}

describe('the requests CSV', () => {
  it('lists each request with what became of it, and who closed one by hand and when', async () => {
    const s = await scenario();
    const reply = await client(t.app, s.ws.admin.token).get(CSV);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(
      'attachment; filename="mailpulse-requests.csv"',
    );
    const sales = s.sales.email;
    expect(reply.body.split('\r\n')).toEqual([
      HEADER,
      `${sales},carla@client.example,Invoice,2026-11-23T09:00:00Z,closed,,,,${s.ws.admin.email},2026-11-24T12:00:00Z`,
      `${sales},dan@other.example,Hello,2026-11-23T10:00:00Z,replied,2026-11-23T11:00:00Z,3600,3600,,`,
      // A formula-like subject is text in a spreadsheet.
      `${sales},erin@shop.example,'=1+1,2026-11-23T11:30:00Z,waiting,,,,,`,
      `${sales},frank@homes.example,Quote,2026-11-23T12:00:00Z,replied,2026-11-23T13:00:00Z,3600,3600,,`,
      '',
    ]);
    const last = (await auditRows(t.db, s.ws.workspaceId)).at(-1);
    expect([last?.operation, last?.target_type]).toEqual(['exportRequestsCsv', 'export']);
  });

  it("shows a manager his mailboxes' requests, answered by a colleague he cannot see, and a viewer none", async () => {
    const s = await scenario();
    const manager = await client(t.app, s.ws.manager.token).get(CSV);
    expect(manager.statusCode, manager.body).toBe(200);
    const rows = manager.body.split('\r\n').slice(1, -1);
    expect(rows.map((row) => row.split(',').slice(2, 6))).toEqual([
      ['Invoice', '2026-11-23T09:00:00Z', 'closed', ''],
      ['Hello', '2026-11-23T10:00:00Z', 'replied', '2026-11-23T11:00:00Z'],
      ["'=1+1", '2026-11-23T11:30:00Z', 'waiting', ''],
      ['Quote', '2026-11-23T12:00:00Z', 'replied', '2026-11-23T13:00:00Z'],
    ]);
    expect(manager.body).not.toContain('alice@');

    const viewer = await client(t.app, s.ws.viewer.token).get(CSV);
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(viewer.body).toBe(`${HEADER}\r\n`);
    const other = await client(t.app, s.ws.manager.token).get(
      `${CSV}&mailboxes=alice@${s.ws.domain}`,
    );
    expect(other.statusCode).toBe(403);
  });
});
