import { describe, expect, it } from 'vitest';
import { replaceCompanyHours, replaceMailboxHours } from '../../../server/repos/business-hours';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { referenceBusinessSeconds, type ReferenceHours } from '../../support/business-time';
import { setUpTestApp } from '../support/suite';
import { addMailbox, insertMessages } from '../support/stats';

const t = setUpTestApp('bt');

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
const madridWeek = {
  timezone: 'Europe/Madrid',
  business_hours: WEEK.map((weekday) => ({
    weekday,
    start_time: '09:00:00',
    end_time: '17:30:00',
  })),
};

/** A workspace with the company's hours Mon–Fri 09:00–17:30 Madrid and a rebuilt snapshot. */
async function workspaceWithHours() {
  const ws = await t.workspace();
  await t.db.transaction((tx) => replaceCompanyHours(tx, ws.workspaceId, madridWeek));
  const mailbox = await addMailbox(t.db, ws.workspaceId, `sales@${ws.domain}`);
  return { ws, mailbox };
}

async function sqlSeconds(workspaceId: number, mailboxId: number, pairs: [string, string][]) {
  const rows = await t.db.query<{ s: number }>(
    `select business_seconds($1, $2, f, t) as s
       from unnest($3::timestamptz[], $4::timestamptz[]) with ordinality as p(f, t, n)
      order by n`,
    [workspaceId, mailboxId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  return rows.map((row) => row.s);
}

/** The same waits as requests (a message, then a reply), through a rebuild's facts. */
async function requestSeconds(workspaceId: number, mailboxId: number, pairs: [string, string][]) {
  const mailbox = { workspaceId, mailboxId, email: 'x@x.example' };
  const answered = pairs.filter(([from, to]) => to > from);
  await insertMessages(
    t.db,
    mailbox,
    answered.flatMap(([from, to], i) => [
      { thread: `w${i}`, at: from },
      { thread: `w${i}`, direction: 'outbound' as const, at: to, from: mailbox.email },
    ]),
  );
  await rebuildWorkspaceStats(t.db, workspaceId);
  const rows = await t.db.query<{ s: number }>(
    `select r.business_seconds as s from stats_requests r
       join stats_state st on st.workspace_id = r.workspace_id
                          and st.current_generation = r.generation
      where r.workspace_id = $1 and r.mailbox_id = $2
      order by split_part(r.thread_key, ':w', 2)::int`,
    [workspaceId, mailboxId],
  );
  return rows.map((row) => row.s);
}

describe('business time in SQL', () => {
  it("gives the definition's example: Monday 16:30 to Tuesday 10:30 Madrid is 2 h 30 min", async () => {
    const { ws, mailbox } = await workspaceWithHours();
    await rebuildWorkspaceStats(t.db, ws.workspaceId);
    // 2026-11-23 is a Monday; Madrid is UTC+1 in November.
    const [seconds] = await sqlSeconds(ws.workspaceId, mailbox.mailboxId, [
      ['2026-11-23T15:30:00Z', '2026-11-24T09:30:00Z'],
    ]);
    expect(seconds).toBe(2.5 * 3600);
  });

  it('counts nothing over a weekend and all of it for an Ignored mailbox', async () => {
    const { ws, mailbox } = await workspaceWithHours();
    const ignored = await addMailbox(t.db, ws.workspaceId, `ignored@${ws.domain}`);
    const wholeWeek = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
    await t.db.transaction((tx) =>
      replaceMailboxHours(tx, ws.workspaceId, ignored.mailboxId, {
        timezone: 'Europe/Madrid',
        business_hours: wholeWeek.map((weekday) => ({
          weekday,
          start_time: '00:00:00',
          end_time: '23:59:59',
        })),
      }),
    );
    await rebuildWorkspaceStats(t.db, ws.workspaceId);
    const weekend: [string, string] = ['2026-11-28T10:00:00Z', '2026-11-29T20:00:00Z'];
    expect(await sqlSeconds(ws.workspaceId, mailbox.mailboxId, [weekend])).toEqual([0]);
    expect(await sqlSeconds(ws.workspaceId, ignored.mailboxId, [weekend])).toEqual([34 * 3600]);
  });

  it('agrees with the JavaScript reference over many cases, both DST changes included', async () => {
    const { ws, mailbox } = await workspaceWithHours();
    const custom = await addMailbox(t.db, ws.workspaceId, `ny@${ws.domain}`);
    // Custom hours that span the small hours, so the DST changes fall inside them.
    const nyDays = [
      { weekday: 'Sun', start_time: '00:00:00', end_time: '23:30:00' },
      { weekday: 'Mon', start_time: '01:30:00', end_time: '03:30:00' },
      { weekday: 'Sat', start_time: '08:00:00', end_time: '12:00:00' },
    ] as const;
    await t.db.transaction((tx) =>
      replaceMailboxHours(tx, ws.workspaceId, custom.mailboxId, {
        timezone: 'America/New_York',
        business_hours: [...nyDays],
      }),
    );
    await rebuildWorkspaceStats(t.db, ws.workspaceId);
    const madrid: ReferenceHours = {
      timezone: 'Europe/Madrid',
      allTime: false,
      days: {
        1: ['09:00:00', '17:30:00'],
        2: ['09:00:00', '17:30:00'],
        3: ['09:00:00', '17:30:00'],
        4: ['09:00:00', '17:30:00'],
        5: ['09:00:00', '17:30:00'],
      },
    };
    const newYork: ReferenceHours = {
      timezone: 'America/New_York',
      allTime: false,
      days: {
        7: ['00:00:00', '23:30:00'],
        1: ['01:30:00', '03:30:00'],
        6: ['08:00:00', '12:00:00'],
      },
    };
    // Deterministic pseudo-random cases around both changes of each zone, and across years.
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const anchors = [
      '2026-03-29T00:00:00Z', // Madrid springs forward
      '2026-10-25T00:00:00Z', // Madrid falls back
      '2026-03-08T06:00:00Z', // New York springs forward
      '2026-11-01T05:00:00Z', // New York falls back
      '2026-06-15T12:00:00Z',
    ];
    const pairs: [string, string][] = [];
    for (let i = 0; i < 400; i += 1) {
      const anchor = Date.parse(anchors[i % anchors.length]!);
      const from = anchor + Math.round((random() - 0.6) * 4 * 86_400) * 1000;
      const span = Math.round(random() * (i % 10 === 0 ? 200 : 6) * 86_400) * 1000;
      pairs.push([new Date(from).toISOString(), new Date(from + span).toISOString()]);
    }
    const cases = [
      { mailboxId: mailbox.mailboxId, hours: madrid },
      { mailboxId: custom.mailboxId, hours: newYork },
    ];
    for (const { mailboxId, hours } of cases) {
      const sql = await sqlSeconds(ws.workspaceId, mailboxId, pairs);
      const reference = pairs.map(([from, to]) =>
        referenceBusinessSeconds(hours, new Date(from), new Date(to)),
      );
      expect(sql).toEqual(reference);
      expect(await requestSeconds(ws.workspaceId, mailboxId, pairs)).toEqual(
        reference.filter((_, i) => pairs[i]![1] > pairs[i]![0]),
      );
    }
    // The spring-forward Sunday in New York has 22 h 30 min of its 00:00–23:30 hours.
    const [sunday] = await sqlSeconds(ws.workspaceId, custom.mailboxId, [
      ['2026-03-08T05:00:00Z', '2026-03-09T05:00:00Z'],
    ]);
    expect(sunday).toBe(22.5 * 3600);
  });
});
