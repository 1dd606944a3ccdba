import type { Db } from '../../../server/db/types';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { client, type TestWorkspace } from './app';
import { addMailbox, insertMessages, setMadridHours, type StatsMailbox } from './stats';
import type { TestSuite } from './suite';

// A workspace for the report tests: Madrid company hours, the viewer's mailbox and sales@ and
// billing@, a team Sales (sales@) and a team Billing (billing@), and the manager granted the
// team Sales only.

export interface ReportsWorkspace {
  ws: TestWorkspace;
  viewerBox: StatsMailbox;
  sales: StatsMailbox;
  billing: StatsMailbox;
  teams: { sales: number; billing: number };
}

type Reply = Awaited<ReturnType<ReturnType<typeof client>['get']>>;

export function expectOk(reply: Reply): Reply {
  if (reply.statusCode >= 300) throw new Error(`${reply.statusCode}: ${reply.body}`);
  return reply;
}

export async function reportsWorkspace(suite: TestSuite): Promise<ReportsWorkspace> {
  const ws = await suite.workspace();
  await setMadridHours(suite.db, ws.workspaceId);
  const [viewer] = await suite.db.query<{ mailbox_id: number }>(
    `select mailbox_id from mailboxes where workspace_id = $1 and email = $2`,
    [ws.workspaceId, ws.viewer.email],
  );
  const viewerBox = {
    workspaceId: ws.workspaceId,
    mailboxId: viewer!.mailbox_id,
    email: ws.viewer.email,
  };
  const sales = await addMailbox(suite.db, ws.workspaceId, `sales@${ws.domain}`);
  const billing = await addMailbox(suite.db, ws.workspaceId, `billing@${ws.domain}`);
  const admin = suite.admin(ws);
  const team = async (name: string, member: string) =>
    expectOk(await admin.post('/portal/api/settings/teams/', { name, members: [member] })).json<{
      id: number;
    }>().id;
  const teams = {
    sales: await team('Sales', sales.email),
    billing: await team('Billing', billing.email),
  };
  expectOk(
    await admin.post('/portal/api/settings/managers/', {
      manager_ids: [ws.manager.userId],
      mailboxes: [],
      teams: [teams.sales],
    }),
  );
  return { ws, viewerBox, sales, billing, teams };
}

/** A week of mail in each mailbox: answered, unanswered and internal threads. */
export async function weekOfMail(
  db: Db,
  r: ReportsWorkspace,
  monday: string,
  busier = false,
): Promise<void> {
  const day = (n: number, time: string) => {
    const date = new Date(`${monday}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + n);
    return `${date.toISOString().slice(0, 10)}T${time}Z`;
  };
  for (const [index, box] of [r.viewerBox, r.sales, r.billing].entries()) {
    const thread = (name: string) => `${box.email}-${monday}-${name}`;
    await insertMessages(db, box, [
      {
        thread: thread('a'),
        at: day(0, '09:00:00'),
        from: `ann${index}@client.example`,
        subject: 'Order',
      },
      {
        thread: thread('a'),
        direction: 'outbound',
        at: day(0, '10:30:00'),
        to: [`ann${index}@client.example`],
      },
      {
        thread: thread('b'),
        at: day(1, '11:00:00'),
        from: 'bob@client.example',
        subject: 'Refund',
      },
      {
        thread: thread('b'),
        direction: 'outbound',
        at: day(2, '15:00:00'),
        to: ['bob@client.example'],
      },
      {
        thread: thread('c'),
        at: day(2, '16:00:00'),
        from: 'cy@other.example',
        subject: `Waiting ${index}`,
      },
      {
        thread: thread('d'),
        at: day(3 + index, '09:30:00'),
        from: 'dee@other.example',
        subject: 'Still here',
      },
      {
        thread: thread('e'),
        at: day(4, '12:00:00'),
        from: 'eve@client.example',
        subject: 'Quick one',
      },
      {
        thread: thread('e'),
        direction: 'outbound',
        at: day(4, '12:20:00'),
        to: ['eve@client.example'],
      },
    ]);
    if (!busier) continue;
    await insertMessages(db, box, [
      { thread: thread('f'), at: day(1, '10:00:00'), from: 'fay@client.example', subject: 'More' },
      { thread: thread('f'), direction: 'outbound', at: day(3, '10:00:00') },
      { thread: thread('g'), at: day(4, '17:00:00'), from: 'gus@client.example', subject: 'Late' },
    ]);
  }
}

/** The Mondays of the two weeks of mail; the weekly report of the second is due on REPORT_DAY. */
export const WEEKS = ['2026-11-09', '2026-11-16'] as const;
export const REPORT_DAY = '2026-11-23';
/** 08:00 on REPORT_DAY in Madrid (CET, UTC+1). */
export const REPORT_DUE = '2026-11-23T07:00:00Z';

/** The workspace with two weeks of mail in each mailbox and its statistics built. */
export async function reportsWithMail(suite: TestSuite): Promise<ReportsWorkspace> {
  const r = await reportsWorkspace(suite);
  await weekOfMail(suite.db, r, WEEKS[0]);
  await weekOfMail(suite.db, r, WEEKS[1], true);
  await rebuildWorkspaceStats(suite.db, r.ws.workspaceId);
  return r;
}

/** Subscribes the session's user (or, for an admin, `body.email`); the subscription's id. */
export async function subscribe(
  suite: TestSuite,
  token: string,
  body: Record<string, unknown>,
): Promise<number> {
  const reply = expectOk(await client(suite.app, token).post('/portal/api/reports/', body));
  return reply.json<{ id: number }>().id;
}

/** The decoded text/plain part of a raw multipart message (quoted-printable or base64). */
export function textPart(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1] ?? '';
  const part = raw.split(`--${boundary}`).find((p) => /Content-Type: text\/plain/i.test(p)) ?? '';
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part
    .slice(split)
    .replace(/^\r?\n\r?\n/, '')
    .replace(/\r?\n$/, '');
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
  }
  return body.replace(/\r\n/g, '\n');
}
