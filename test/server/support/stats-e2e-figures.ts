import type { components } from '../../../openapi/portal.gen';

// The figures test/server/stats/stats-imap-e2e.test.ts expects from the mail of
// stats-e2e-mail.ts, computed by hand: company hours Mon–Fri 09:00–17:30 Europe/Madrid (UTC+1 in
// February) and a company holiday on Friday 2026-03-06; 2026-02-09 is a Monday. Local times are
// given in the comments.

export type Summary = components['schemas']['StatsSummary'];
export type Breakdown = components['schemas']['StatsBreakdown'];

/** The week of most of the mail, Monday 9 to Sunday 15 February, and the one after it. */
export const WEEK = { from: '2026-02-09', to: '2026-02-15' };
export const NEXT_WEEK = { from: '2026-02-16', to: '2026-02-22' };
export const hour = { avg: 3600, median: 3600, p90: 3600 };

const times = (avg: number | null, median: number | null, p90: number | null) => ({
  avg,
  median,
  p90,
});

// T9: 30 min on Thursday (17:00–17:30), nothing on the holiday or the weekend, 1 h on Monday
// (09:00–10:00): 5400 s of business time (36000 s without the holiday); calendar 3 days 17 h.
export const HOLIDAY_WEEK = { from: '2026-03-02', to: '2026-03-08' };
export const ACROSS_HOLIDAY = {
  business: times(5400, 5400, 5400),
  calendar: times(320400, 320400, 320400),
};

// Requests (business s, calendar s), answered ones:
//   T1 Mon 10:00 → 12:00:               7200 /  7200 (first of its thread)
//   T2 Mon 16:30 → Tue 10:30: 1 h + 1.5 h = 9000 / 18 h = 64800 (first)
//   T6 Tue 11:00 → Wed 09:00: 6.5 h Tue + 0 = 23400 / 22 h = 79200 (first)
//   T8a Wed 10:00 → 10:10:                600 /   600 (first)
//   T8b Wed 11:00 → Thu 09:30: 6.5 h + 0.5 h = 25200 / 22.5 h = 81000 (not first)
//   T7 waits (no time).
export const SUMMARY: Summary = {
  // Counted inbound: T1 2, T2 1, T6 1, T7 1, T8 2.
  received: 7,
  // Replies: T1 1, T2 1, T6 1 (not the forward), T8 2.
  sent: 5,
  // Every counted inbound but T7's.
  replied: 6,
  unreplied: 1,
  // T7.
  awaiting: 1,
  // T4's two messages and T6's forward (every address internal).
  internal: 3,
  // T3.
  automated: 1,
  response_time: {
    // Business sorted 600, 7200, 9000, 23400, 25200: avg 65400/5; median the middle;
    // p90 at rank 0.9·4 = 3.6: 23400 + 0.6·(25200 − 23400).
    business: times(13080, 9000, 24480),
    // Calendar sorted 600, 7200, 64800, 79200, 81000: avg 232800/5; p90 79200 + 0.6·1800.
    calendar: times(46560, 64800, 80280),
  },
  first_response_time: {
    // T1, T2, T6, T8a: 600, 7200, 9000, 23400: avg 40200/4; median (7200 + 9000)/2;
    // p90 at rank 0.9·3 = 2.7: 9000 + 0.7·(23400 − 9000).
    business: times(10050, 8100, 19080),
    // 600, 7200, 64800, 79200: avg 151800/4; median (7200 + 64800)/2; p90 64800 + 0.7·14400.
    calendar: times(37950, 36000, 74880),
  },
  // Within 2 h of business time: 600 and 7200 of the five answered.
  within_target: { target_seconds: 7200, share: 0.4 },
};

const EMPTY_TIMES = { business: times(null, null, null), calendar: times(null, null, null) };
const quiet = { received: 0, sent: 0, replied: 0, unreplied: 0, awaiting: 0, automated: 0 };

/** By counterpart domain: a request goes to its first message's sender's domain. */
export function byDomain(workspaceDomain: string): Breakdown['rows'] {
  const rows: Breakdown['rows'] = [
    {
      key: 'client.example',
      // bob 1, frank 1, heidi 2; all answered, by T2, T6, T8's two replies.
      ...{ received: 4, sent: 4, replied: 4, unreplied: 0, awaiting: 0, internal: 0 },
      automated: 0,
      response_time: {
        // 600, 9000, 23400, 25200: avg 58200/4; median (9000 + 23400)/2; p90 23400 + 0.7·1800.
        business: times(14550, 16200, 24660),
        // 600, 64800, 79200, 81000: avg 225600/4; median (64800 + 79200)/2; p90 79200 + 0.7·1800.
        calendar: times(56400, 72000, 80460),
      },
      first_response_time: {
        // T2, T6, T8a: 600, 9000, 23400: avg 33000/3; p90 at rank 1.8: 9000 + 0.8·14400.
        business: times(11000, 9000, 20520),
        // 600, 64800, 79200: avg 144600/3; p90 64800 + 0.8·14400.
        calendar: times(48200, 64800, 76320),
      },
      // 600 of four.
      within_target: { target_seconds: 7200, share: 0.25 },
    },
    {
      key: 'customer.example',
      // alice 2 (answered once), grace 1 (waiting); carol's auto-reply.
      ...{ received: 3, sent: 1, replied: 2, unreplied: 1, awaiting: 1, internal: 0 },
      automated: 1,
      // T1 alone is answered (T7's request waits): 7200 both ways.
      response_time: { business: times(7200, 7200, 7200), calendar: times(7200, 7200, 7200) },
      first_response_time: {
        business: times(7200, 7200, 7200),
        calendar: times(7200, 7200, 7200),
      },
      within_target: { target_seconds: 7200, share: 1 },
    },
    // T4 in and out.
    { key: 'partner.example', ...quiet, internal: 2, ...noTimes() },
    // T6's forward to the colleague.
    { key: workspaceDomain, ...quiet, internal: 1, ...noTimes() },
  ];
  return rows.sort((a, b) => (a.key < b.key ? -1 : 1));
}

function noTimes() {
  return {
    response_time: EMPTY_TIMES,
    first_response_time: EMPTY_TIMES,
    within_target: { target_seconds: 7200, share: null },
  };
}
