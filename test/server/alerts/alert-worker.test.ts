import { describe, expect, it } from 'vitest';
import { startRunner, type Clock } from '../../../server/workers/runner';
import { alertEvaluationTask } from '../../../server/workers/start';
import { alertOutbox, createAlert, engineWorkspace, rebuildFacts } from '../support/alert-engine';
import { insertMessages } from '../support/stats';
import { setUpTestApp } from '../support/suite';

const t = setUpTestApp('aw');

/**
 * A clock that moves by each pause the runner asks for, at once, until `until`; there it stays
 * (the pause ends only when the runner stops), so a test sees the runs up to that instant.
 */
function clockUntil(start: string, until: string) {
  let now = Date.parse(start);
  const end = Date.parse(until);
  let parked = false;
  const clock: Clock = {
    now: () => new Date(now),
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        if (now + ms <= end) {
          now += ms;
          return resolve();
        }
        parked = true;
        signal.addEventListener('abort', () => resolve(), { once: true });
      }),
  };
  return { clock, isParked: () => parked };
}

describe('the alert worker', () => {
  it('polls every 5 s, or every interval when shorter', () => {
    expect(alertEvaluationTask(t.db, 'o', 60).intervalMs).toBe(5_000);
    expect(alertEvaluationTask(t.db, 'o', 2).intervalMs).toBe(2_000);
  });

  it('tells an overdue email at the first poll after it became overdue, not a whole interval later', async () => {
    // Company hours Mon–Fri 09:00–17:00 UTC; a 10-minute gap from Friday 16:55 ends Monday 09:05.
    const e = await engineWorkspace(t);
    const alertId = await createAlert(t, e, {
      minutesGap: 10,
      watchingSince: '2027-03-01T00:00:00Z',
    });
    await insertMessages(t.db, e.mailbox, [
      { at: '2027-03-05T16:55:00Z', from: 'ann@client.example', subject: 'Friday, late' },
    ]);
    await rebuildFacts(t.db, e);

    // Polls at 09:04:58.3 (the alert's first run, which finds the message not yet overdue),
    // 09:05:03.3, 09:05:08.3 …; with ALERT_INTERVAL_S at 60 its next periodic run is 09:05:58.3.
    const { clock, isParked } = clockUntil('2027-03-08T09:04:58.300Z', '2027-03-08T09:06:30Z');
    const task = alertEvaluationTask(t.db, 'test:worker', 60, () => clock.now());
    const runner = startRunner([task], { clock });
    await expect.poll(isParked, { timeout: 30_000 }).toBe(true);
    await runner.stop();

    const rows = await alertOutbox(t.db, e.ws.workspaceId);
    expect(rows.map((row) => [row.kind, row.alert_id])).toEqual([['alert_email', alertId]]);
    expect(new Date(rows[0]!.payload.evaluated_at).toISOString()).toBe('2027-03-08T09:05:03.300Z');
    expect(rows[0]!.payload.items.map((item) => item.subject)).toEqual(['Friday, late']);
  });
});
