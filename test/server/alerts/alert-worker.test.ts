import { describe, expect, it } from 'vitest';
import { alertChannels } from '../../../server/alerts/delivery';
import { loadConfig } from '../../../server/config';
import { drainOnce } from '../../../server/outbound/forwarder';
import { addHolidays } from '../../../server/repos/holidays';
import { startRunner, type Clock } from '../../../server/workers/runner';
import { alertEvaluationTask } from '../../../server/workers/start';
import { alertOutbox, createAlert, engineWorkspace, rebuildFacts } from '../support/alert-engine';
import { startSmtp } from '../support/smtp';
import { insertMessages } from '../support/stats';
import { setUpTestApp } from '../support/suite';
import { recordingLogger } from '../support/webhook';

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

  it('does not fire on a holiday: an email of the evening before is told on the next open day', async () => {
    // Thursday 2027-03-04 16:00 with a 4-hour gap: one hour that day; Friday is a company
    // holiday and the weekend has no hours, so the other three run Monday 09:00–12:00. Without
    // the holiday it would be overdue on Friday at 12:00.
    const smtp = await startSmtp();
    const e = await engineWorkspace(t);
    await t.db.transaction((tx) =>
      addHolidays(tx, e.ws.workspaceId, [
        { date: '2027-03-05', last_date: '2027-03-05', name: 'Founders Day', source: 'manual' },
      ]),
    );
    const alertId = await createAlert(t, e, {
      minutesGap: 240,
      watchingSince: '2027-03-01T00:00:00Z',
    });
    await insertMessages(t.db, e.mailbox, [
      { at: '2027-03-04T16:00:00Z', from: 'ann@client.example', subject: 'Before the holiday' },
    ]);
    await rebuildFacts(t.db, e);

    const runUntil = async (start: string, until: string) => {
      const { clock, isParked } = clockUntil(start, until);
      const task = alertEvaluationTask(t.db, 'test:worker', 60, () => clock.now());
      const runner = startRunner([task], { clock });
      await expect.poll(isParked, { timeout: 30_000 }).toBe(true);
      await runner.stop();
    };
    // Over the holiday's noon, and a periodic run after it: nothing.
    await runUntil('2027-03-05T11:59:58.300Z', '2027-03-05T12:01:30Z');
    expect(await alertOutbox(t.db, e.ws.workspaceId)).toEqual([]);
    // Monday: told at the first poll after 12:00.
    await runUntil('2027-03-08T11:59:58.300Z', '2027-03-08T12:00:30Z');
    const rows = await alertOutbox(t.db, e.ws.workspaceId);
    expect(rows.map((row) => [row.kind, row.alert_id])).toEqual([['alert_email', alertId]]);
    expect(new Date(rows[0]!.payload.evaluated_at).toISOString()).toBe('2027-03-08T12:00:03.300Z');

    // And the email reaches the SMTP server on loopback.
    const config = loadConfig({ PUBLIC_URL: 'https://mailpulse.example', SMTP_URL: smtp.url });
    const channels = alertChannels(config, t.db, t.app.outboundGuard);
    await drainOnce(t.db, channels, recordingLogger().log, {
      now: () => new Date('2027-03-08T12:00:04Z'),
    });
    await smtp.close();
    // The forwarder drains every workspace's outbox: this one's went to its admin.
    const ours = smtp.state.received.filter((m) => m.recipients.includes(`admin@${e.ws.domain}`));
    expect(ours).toHaveLength(1);
    // Quoted-printable soft line breaks undone.
    expect(ours[0]!.raw.replace(/=\r?\n/g, '')).toContain('"Before the holiday"');
  });
});
