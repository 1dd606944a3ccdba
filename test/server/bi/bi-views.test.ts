import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import type { Db } from '../../../server/db/types';
import { setUpTestApp } from '../support/suite';
import { BI_WEEK, biScenario } from '../support/bi-fixtures';
import { addMailbox, statsScenario } from '../support/stats';

// The BI views (migration 0009) give the API's numbers: the summary's counts are sums of
// bi_daily and of bi_messages, its times aggregates of bi_requests. Runs on PGlite and PostgreSQL.

type Summary = components['schemas']['StatsSummary'];

const t = setUpTestApp('biv');

const ms = (expression: string) => `round((${expression})::numeric, 3)::float8`;
const times = (column: string, where: string) => `json_build_object(
    'avg', ${ms(`avg(${column}) filter (where ${where})`)},
    'median', ${ms(`percentile_cont(0.5) within group (order by ${column}) filter (where ${where})`)},
    'p90', ${ms(`percentile_cont(0.9) within group (order by ${column}) filter (where ${where})`)})`;

/** The summary computed from the views, for the workspace, the range and some mailboxes. */
async function fromViews(db: Db, workspaceId: number, mailboxIds: number[]): Promise<Summary> {
  const params = [workspaceId, BI_WEEK.from, BI_WEEK.to, mailboxIds];
  const where = `workspace_id = $1 and mailbox_id = any($4::int[])`;
  const [daily] = await db.query<Record<string, number>>(
    `select coalesce(sum(received), 0)::int as received, coalesce(sum(sent), 0)::int as sent,
            coalesce(sum(replied), 0)::int as replied, coalesce(sum(unreplied), 0)::int as unreplied,
            coalesce(sum(internal), 0)::int as internal, coalesce(sum(automated), 0)::int as automated,
            coalesce(sum(awaiting), 0)::int as awaiting
       from bi_daily where ${where} and day between $2::date and $3::date`,
    params,
  );
  const [requests] = await db.query<
    Pick<Summary, 'response_time' | 'first_response_time'> & {
      share: number | null;
    }
  >(
    `select json_build_object('business', ${times('business_seconds', 'true')},
                              'calendar', ${times('calendar_seconds', 'true')}) as response_time,
            json_build_object('business', ${times('business_seconds', 'first_of_thread = 1')},
                              'calendar', ${times('calendar_seconds', 'first_of_thread = 1')})
              as first_response_time,
            ${ms(`(count(*) filter (where business_seconds <= 7200))::float8 / nullif(sum(answered), 0)`)}
              as share
       from bi_requests where ${where} and request_date between $2::date and $3::date`,
    params,
  );
  if (!daily || !requests) throw new Error('no rows');
  const { share, ...rest } = requests;
  return {
    ...(daily as unknown as Pick<Summary, 'received' | 'sent'>),
    ...rest,
    within_target: { target_seconds: 7200, share },
  } as Summary;
}

/** The summary's counts again, summed from bi_messages. */
async function messageCounts(db: Db, workspaceId: number) {
  const [row] = await db.query(
    `select sum(received)::int as received, sum(sent)::int as sent, sum(replied)::int as replied,
            sum(unreplied)::int as unreplied, sum(internal)::int as internal,
            sum(automated)::int as automated
       from bi_messages where workspace_id = $1 and message_date between $2::date and $3::date`,
    [workspaceId, BI_WEEK.from, BI_WEEK.to],
  );
  return row;
}

describe('the BI views', () => {
  it('sum to the summary of the API, for every mailbox, one mailbox and a team', async () => {
    const s = await biScenario(t);
    const other = await biScenario(t);
    const all = [s.sales.mailboxId, s.support.mailboxId];
    const summary = await s.get<Summary>('summary', BI_WEEK);
    // Sent: the three replies and the outreach message.
    expect(summary).toMatchObject({ received: 6, sent: 4, replied: 4, unreplied: 2, awaiting: 2 });
    expect(summary).toMatchObject({ internal: 1, automated: 1 });
    expect(await fromViews(t.db, s.ws.workspaceId, all)).toEqual(summary);
    const { response_time, first_response_time, within_target, ...counts } = summary;
    expect(await messageCounts(t.db, s.ws.workspaceId)).toEqual(
      Object.fromEntries(Object.entries(counts).filter(([key]) => key !== 'awaiting')),
    );
    const support = await s.get<Summary>('summary', { ...BI_WEEK, mailboxes: s.support.email });
    expect(await fromViews(t.db, s.ws.workspaceId, [s.support.mailboxId])).toEqual(support);
    const front = await s.get<Summary>('summary', { ...BI_WEEK, teams: String(s.teamId) });
    const [team] = await t.db.query<{ ids: number[] }>(
      `select array_agg(mailbox_id) as ids from bi_mailbox_teams
        where workspace_id = $1 and team = 'Front'`,
      [s.ws.workspaceId],
    );
    expect(await fromViews(t.db, s.ws.workspaceId, team?.ids ?? [])).toEqual(front);
    expect(response_time.business).toEqual({ avg: 4800, median: 3600, p90: 7920 });
    expect(first_response_time.calendar).toEqual({ avg: 23400, median: 3600, p90: 52560 });
    expect(within_target.share).toBe(0.667);
    expect(
      await fromViews(t.db, other.ws.workspaceId, [other.sales.mailboxId, other.support.mailboxId]),
    ).toEqual(summary);
  });

  it('name things for a BI user: addresses, teams, company-timezone dates, both times', async () => {
    const s = await biScenario(t);
    const rows = await t.db.query(
      `select mailbox_address, teams, subject, counterpart, counterpart_domain, received_local,
              request_date, request_week, replied_local, business_seconds, calendar_seconds,
              answered, awaiting, first_of_thread
         from bi_requests where workspace_id = $1 order by received_at, mailbox_address`,
      [s.ws.workspaceId],
    );
    const sales = s.sales.email;
    const support = s.support.email;
    const customer = 'customer@client.example';
    expect(rows).toEqual([
      row(
        sales,
        'Front',
        customer,
        '2026-11-23 09:00',
        '2026-11-23',
        '2026-11-23 10:00',
        3600,
        3600,
      ),
      row(
        sales,
        'Front',
        customer,
        '2026-11-23 16:30',
        '2026-11-23',
        '2026-11-24 10:30',
        9000,
        64800,
      ),
      {
        ...row(
          support,
          null,
          "o'brien@client.example",
          '2026-11-24 11:00',
          '2026-11-24',
          null,
          null,
          null,
        ),
      },
      row(
        support,
        null,
        customer,
        '2026-11-25 11:00',
        '2026-11-25',
        '2026-11-25 11:30',
        1800,
        1800,
      ),
      {
        ...row(support, null, customer, '2026-11-26 13:00', '2026-11-26', null, null, null),
        first_of_thread: 0,
      },
    ]);
    const [heat] = await t.db.query(
      `select weekday, hour, direction, sent_local from bi_messages
        where workspace_id = $1 and thread_key like '%:madrid' and direction = 'inbound'`,
      [s.ws.workspaceId],
    );
    expect(heat).toEqual({
      weekday: 1,
      hour: 16,
      direction: 'inbound',
      sent_local: '2026-11-23T16:30:00.000Z',
    });
    // bi_messages.sent and bi_daily.sent count the outreach message that begins its thread.
    const outreach = await t.db.query(
      `select m.sent, d.sent as day_sent from bi_messages m
         join bi_daily d on d.workspace_id = m.workspace_id and d.mailbox_id = m.mailbox_id
                        and d.day = m.message_date
        where m.workspace_id = $1 and m.thread_key like '%:outreach'`,
      [s.ws.workspaceId],
    );
    expect(outreach).toEqual([{ sent: 1, day_sent: 1 }]);
  });

  it('show only the current generation: a rebuild in progress stays out of sight', async () => {
    const s = await biScenario(t);
    const count = async () =>
      (
        await t.db.query<{ n: number }>(
          `select count(*)::int as n from bi_messages where workspace_id = $1`,
          [s.ws.workspaceId],
        )
      )[0]?.n;
    const before = await count();
    // What a rebuild writes before its swap: facts of the next generation.
    await t.db.query(
      `insert into stats_message_facts (workspace_id, generation, mailbox_id, message_id,
         thread_key, direction, sent_at, local_date, is_internal, is_automated, is_excluded,
         is_counted, is_sent, is_reply, is_replied, counterparts)
       select workspace_id, generation + 1, mailbox_id, message_id, thread_key, direction, sent_at,
              local_date, is_internal, is_automated, is_excluded, is_counted, is_sent, is_reply,
              is_replied, counterparts
         from stats_message_facts where workspace_id = $1`,
      [s.ws.workspaceId],
    );
    expect(await count()).toBe(before);
    await s.rebuild();
    expect(await count()).toBe(before);
  });
});

function row(
  mailbox: string,
  teams: string | null,
  counterpart: string,
  receivedLocal: string,
  date: string,
  repliedLocal: string | null,
  business: number | null,
  calendar: number | null,
) {
  const iso = (local: string | null) => (local ? `${local.replace(' ', 'T')}:00.000Z` : null);
  return {
    mailbox_address: mailbox,
    teams,
    subject: 'Question',
    counterpart,
    counterpart_domain: 'client.example',
    received_local: iso(receivedLocal),
    request_date: date,
    request_week: '2026-11-23',
    replied_local: iso(repliedLocal),
    business_seconds: business,
    calendar_seconds: calendar,
    answered: repliedLocal ? 1 : 0,
    awaiting: repliedLocal ? 0 : 1,
    first_of_thread: 1,
  };
}

describe('the BI views over a team', () => {
  it('count a message two mailboxes received once, by ahead_mailbox_ids, as the API does', async () => {
    const s = await statsScenario(t);
    const bob = await addMailbox(t.db, s.ws.workspaceId, `bob@${s.ws.domain}`);
    const question = {
      thread: 'q',
      at: '2026-11-23T09:00:00Z',
      from: 'carla@client.example',
      to: [s.sales.email],
      cc: [bob.email],
      messageId: '<q@client.example>',
    };
    await s.insert([question]);
    await s.insert([question], bob);
    await s.rebuild();
    const both = [s.sales.mailboxId, bob.mailboxId];
    const [views] = await t.db.query<{ received: number; requests: number; awaiting: number }>(
      `select (select count(*) from bi_messages
                where workspace_id = $1 and mailbox_id = any($2::int[]) and received = 1
                  and not (ahead_mailbox_ids && $2::int[]))::int as received,
              (select count(*) from bi_requests
                where workspace_id = $1 and mailbox_id = any($2::int[])
                  and not (ahead_mailbox_ids && $2::int[]))::int as requests,
              (select coalesce(sum(awaiting), 0) from bi_requests
                where workspace_id = $1 and mailbox_id = $3)::int as awaiting`,
      [s.ws.workspaceId, both, bob.mailboxId],
    );
    expect(views).toEqual({ received: 1, requests: 1, awaiting: 1 });
    const api = await s.get<Summary>('summary', { from: '2026-11-23', to: '2026-11-29' });
    expect(api).toMatchObject({ received: 1, unreplied: 1, awaiting: 1 });
  });
});
