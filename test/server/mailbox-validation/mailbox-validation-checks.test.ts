import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startValidationApp, type ValidationApp } from '../support/validation-app';
import { createWorkspace } from '../../../server/repos/workspaces';
import { saveMailAccount } from '../../../server/repos/mail-accounts';
import { createTestWorkspace } from '../support/app';

// The live mailbox validation's checks, on a real socket of the real app, against the seeded demo
// workspace, whose demo connector knows the demo staff of acme.example.

const UNKNOWN_GOOGLE = "We couldn't find this mailbox in your Google Workspace";

let t: ValidationApp;
beforeAll(async () => {
  t = await startValidationApp();
});
afterAll(() => t.close());

const signedIn = () => t.signedIn();

describe('checking mailboxes', () => {
  it('answers each address, in order, with the reason it cannot be added', async () => {
    const socket = await signedIn();
    const results = await socket.check([
      ' Olivia.Chen@ACME.example ',
      'not-an-email',
      'someone@example.org',
      'sales@acme.example',
      'olivia.chen@acme.example',
      'nobody@acme.example',
      'ethan.walker@acme.example',
      '',
    ]);
    expect(results).toEqual([
      { email: 'olivia.chen@acme.example', status: 'OK', message: '' },
      { email: 'not-an-email', status: 'ERROR', message: 'This is not a valid email address' },
      {
        email: 'someone@example.org',
        status: 'ERROR',
        message: "The domain example.org is not one of your company's domains",
      },
      {
        email: 'sales@acme.example',
        status: 'ERROR',
        message: 'This mailbox is already being tracked',
      },
      {
        email: 'olivia.chen@acme.example',
        status: 'ERROR',
        message: 'This address is repeated in the list',
      },
      { email: 'nobody@acme.example', status: 'ERROR', message: UNKNOWN_GOOGLE },
      { email: 'ethan.walker@acme.example', status: 'OK', message: '' },
      { email: '', status: 'ERROR', message: 'This is not a valid email address' },
    ]);
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from mailboxes where workspace_id = $1',
      [t.demo.workspaceId],
    );
    expect(row?.n).toBe(12);
    socket.close();
  });

  it("ignores another workspace's tracked mailboxes", async () => {
    await t.db.transaction(async (tx) => {
      const other = await createWorkspace(tx, {
        client_name: 'Other',
        allowed_domains: ['acme.example'],
        provider: 'G',
        max_mailboxes: 5,
        max_users: 5,
        max_alerts: 5,
      });
      await tx.query(
        `insert into mailboxes (workspace_id, email, status, data_from)
         values ($1, 'henry.schmidt@acme.example', 'working', current_date)`,
        [other.workspace_id],
      );
    });
    const socket = await signedIn();
    expect(await socket.check(['henry.schmidt@acme.example'])).toEqual([
      { email: 'henry.schmidt@acme.example', status: 'OK', message: '' },
    ]);
    socket.close();
  });

  it("asks the demo connector of any demo workspace: the demo company's staff at its domain, anyone elsewhere", async () => {
    const demoWorkspace = async (domain: string, provider: 'G' | 'M') => {
      const ws = await createTestWorkspace(t.db, { domain, provider });
      await saveMailAccount(t.db, ws.workspaceId, { provider: 'demo', settings: {}, secret: null });
      return t.signedIn(ws.admin.token);
    };
    const m365 = await demoWorkspace('acme.example', 'M');
    expect(await m365.check(['olivia.chen@acme.example', 'nobody@acme.example'])).toEqual([
      { email: 'olivia.chen@acme.example', status: 'OK', message: '' },
      {
        email: 'nobody@acme.example',
        status: 'ERROR',
        message: "We couldn't find this mailbox in your Microsoft 365 organization",
      },
    ]);
    m365.close();
    const elsewhere = await demoWorkspace('demo-elsewhere.example', 'G');
    expect(await elsewhere.check(['anyone@demo-elsewhere.example'])).toEqual([
      { email: 'anyone@demo-elsewhere.example', status: 'OK', message: '' },
    ]);
    elsewhere.close();
  });

  it('answers 500 addresses one by one in order, and refuses 501 on a socket that stays usable', async () => {
    const socket = await signedIn();
    const emails = Array.from({ length: 500 }, (_, i) => `person${i}@acme.example`);
    const results = await socket.check(emails);
    expect(results.map((r) => r.email)).toEqual(emails);
    expect(results.every((r) => r.status === 'ERROR' && r.message === UNKNOWN_GOOGLE)).toBe(true);
    // The next frame answers the next message: no extra result was sent.
    socket.send({ type: 'command', command: 'check_mailboxes', mailboxes: [...emails, 'x@y.z'] });
    expect(await socket.next()).toEqual({
      type: 'error',
      message:
        'You can check at most 500 addresses at a time, and this list has 501. Split it into smaller lists.',
    });
    expect(await socket.check(['legal@acme.example'])).toEqual([
      { email: 'legal@acme.example', status: 'OK', message: '' },
    ]);
    socket.close();
  });

  it('answers bad frames with an error, keeps the socket usable and the server up', async () => {
    const socket = await signedIn();
    const unknown =
      'This message is not one the server understands. Send {"type": "auth", "token": "…"} first, ' +
      'then {"type": "command", "command": "check_mailboxes", "mailboxes": […]}.';
    const cases: [unknown, string][] = [
      ['{"type": "command", ', 'This message could not be read: messages must be JSON text.'],
      [[1, 2], unknown],
      [null, unknown],
      [{ type: 'hello' }, unknown],
      [
        { type: 'command', command: 'check_mailboxes', mailboxes: ['a@acme.example'], x: 1 },
        unknown,
      ],
      [
        { type: 'command', command: 'delete_all', mailboxes: [] },
        'This command is not known. The only command is check_mailboxes.',
      ],
      [
        { type: 'command', command: 'check_mailboxes', mailboxes: 'a@acme.example' },
        'The mailboxes to check must be a list of addresses, each one as text.',
      ],
      [
        { type: 'command', command: 'check_mailboxes', mailboxes: [] },
        'The list of mailboxes to check is empty. Add at least one address.',
      ],
      [
        { type: 'command', command: 'check_mailboxes', mailboxes: ['a'.repeat(300_000)] },
        'This message is too large. Send at most 500 addresses at a time.',
      ],
    ];
    for (const [frame, message] of cases) {
      socket.send(frame);
      expect(await socket.next()).toEqual({ type: 'error', message });
    }
    socket.sendBinary(Buffer.from([0, 1, 2]));
    expect(await socket.next()).toEqual({
      type: 'error',
      message: 'This message could not be read: messages must be JSON text.',
    });
    expect(await socket.check(['press@acme.example'])).toHaveLength(1);
    socket.close();
    expect((await fetch(`${t.httpUrl}/healthz`)).status).toBe(200);
  });

  it('survives a client that leaves in the middle of a check', async () => {
    const socket = await signedIn();
    const emails = Array.from({ length: 500 }, (_, i) => `gone${i}@acme.example`);
    socket.send({ type: 'command', command: 'check_mailboxes', mailboxes: emails });
    socket.close();
    await socket.closed;
    const next = await signedIn();
    expect(await next.check(['careers@acme.example'])).toHaveLength(1);
    next.close();
    expect((await fetch(`${t.httpUrl}/healthz`)).status).toBe(200);
  });
});
