import { describe, expect, it } from 'vitest';
import { dayStart, generateDemoMail } from '../../../server/mail/demo/generator';
import { insertDemoMail } from '../../../server/mail/demo/insert';
import { summary } from '../../../server/stats/figures';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { addMailbox, setMadridHours } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// The summary reads a long range's percentiles at their ranks from an index and sorts a short
// range's; both must equal PostgreSQL's percentile_cont over the same requests, computed here
// directly from stats_requests, with ranks falling between rows and on them.

const t = setUpTestApp('pct');

/** Seconds rounded to the millisecond, as the API gives them. */
const ms = (expression: string) => `round((${expression})::numeric, 3)::float8`;

/** percentile_cont and avg of one column over the scope's requests, straight from the table. */
async function expected(workspaceId: number, from: string, to: string, mailboxIds: number[]) {
  const [row] = await t.db.query<Record<string, number | null>>(
    `select ${['business_seconds', 'calendar_seconds']
      .flatMap((column) =>
        ['true', 'is_first_of_thread'].map((filter) => {
          const f = `filter (where ${filter})`;
          const name = `${column.slice(0, 1)}_${filter === 'true' ? 'all' : 'first'}`;
          const p = (q: number) => `percentile_cont(${q}) within group (order by ${column}) ${f}`;
          return `${ms(`avg(${column}) ${f}`)} as ${name}_avg,
                  ${ms(p(0.5))} as ${name}_median, ${ms(p(0.9))} as ${name}_p90`;
        }),
      )
      .join(', ')}
       from stats_requests r join stats_state s
         on s.workspace_id = r.workspace_id and s.current_generation = r.generation
      where r.workspace_id = $1 and r.local_date between $2::date and $3::date
        and r.mailbox_id = any($4::int[])`,
    [workspaceId, from, to, mailboxIds],
  );
  const times = (prefix: string) => ({
    avg: row?.[`${prefix}_avg`] ?? null,
    median: row?.[`${prefix}_median`] ?? null,
    p90: row?.[`${prefix}_p90`] ?? null,
  });
  return {
    response_time: { business: times('b_all'), calendar: times('c_all') },
    first_response_time: { business: times('b_first'), calendar: times('c_first') },
  };
}

describe('summary percentiles', () => {
  it("equal percentile_cont's over long and short ranges, all or some mailboxes", async () => {
    const ws = await t.workspace();
    await setMadridHours(t.db, ws.workspaceId);
    const boxes = await Promise.all(
      ['a', 'b', 'c'].map((local) => addMailbox(t.db, ws.workspaceId, `${local}@${ws.domain}`)),
    );
    const options = { seed: 7, workspaceDomains: [ws.domain], timezone: 'Europe/Madrid' };
    const range = { from: dayStart('2026-08-01'), to: dayStart('2026-11-01') };
    const mail = generateDemoMail(
      options,
      boxes.map((box) => box.email),
      range,
    );
    await t.db.transaction((tx) => insertDemoMail(tx, ws.workspaceId, boxes, mail));
    const rebuilt = await rebuildWorkspaceStats(t.db, ws.workspaceId);
    expect(rebuilt.requests).toBeGreaterThan(500);
    const all = boxes.map((box) => box.mailboxId);
    const scopes: [string, string, number[]][] = [
      ['2026-08-01', '2026-10-31', all], // everything: read at ranks
      ['2026-08-01', '2026-10-31', all.slice(0, 2)],
      ['2026-09-01', '2026-10-15', all],
      ['2026-10-01', '2026-10-07', all], // a week: sorted
      ['2026-10-05', '2026-10-05', all.slice(0, 1)], // one day, few requests
      ['2026-12-01', '2026-12-31', all], // nothing
    ];
    for (const [from, to, mailboxIds] of scopes) {
      const scope = { workspaceId: ws.workspaceId, from, to, mailboxIds, groupIds: null };
      const got = await t.db.transaction((tx) => summary(tx, scope, 7200));
      expect(
        { response_time: got.response_time, first_response_time: got.first_response_time },
        `${from}..${to} over ${mailboxIds.length} mailboxes`,
      ).toEqual(await expected(ws.workspaceId, from, to, mailboxIds));
    }
  });
});
