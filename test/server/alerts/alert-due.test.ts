import { describe, expect, it } from 'vitest';
import {
  createAlert,
  engineWorkspace,
  evaluateAt,
  nextEvaluationAt,
  rebuildFacts,
  toldSubjects,
} from '../support/alert-engine';
import { replaceMailboxHours } from '../../../server/repos/business-hours';
import { addMailbox, insertMessages } from '../support/stats';
import { setUpTestApp } from '../support/suite';

const t = setUpTestApp('ad');

// Company hours Mon–Fri 09:00–17:00 UTC. 2027-03-05 is a Friday.
const WATCHING = '2027-03-01T00:00:00Z';
const WEEK_S = 7 * 86_400;
const iso = (at: string) => new Date(at).toISOString();

describe('when an alert is next evaluated', () => {
  it('wakes at the instant its waiting message becomes overdue, and fires then, not a second before', async () => {
    const e = await engineWorkspace(t);
    const alertId = await createAlert(t, e, { minutesGap: 10, watchingSince: WATCHING });
    await insertMessages(t.db, e.mailbox, [
      { at: '2027-03-05T16:55:00Z', from: 'ann@client.example', subject: 'Friday, late' },
    ]);
    await rebuildFacts(t.db, e);
    const next = () => nextEvaluationAt(t.db, e.ws.workspaceId, alertId);

    const told = () => toldSubjects(t.db, e.ws.workspaceId);

    // Five minutes on Friday, five on Monday; the interval still bounds it for new mail.
    await evaluateAt(t.db, '2027-03-05T17:00:00Z');
    expect(await next()).toBe(iso('2027-03-05T17:01:00Z'));
    await evaluateAt(t.db, '2027-03-05T17:01:00Z', WEEK_S);
    expect(await next()).toBe(iso('2027-03-08T09:05:00Z'));

    // Not due one second before; evaluated then anyway (as after an edit), it tells nothing
    // and keeps the instant.
    await evaluateAt(t.db, '2027-03-08T09:04:59Z', WEEK_S);
    expect(await next()).toBe(iso('2027-03-08T09:05:00Z'));
    await t.db.query(`update alerts set next_evaluation_at = '-infinity' where alert_id = $1`, [
      alertId,
    ]);
    await evaluateAt(t.db, '2027-03-08T09:04:59Z', WEEK_S);
    expect(await told()).toEqual({});
    expect(await next()).toBe(iso('2027-03-08T09:05:00Z'));

    await evaluateAt(t.db, '2027-03-08T09:05:00Z');
    expect(await told()).toEqual({ [alertId]: ['Friday, late'] });
    // Nothing waits any more: the interval.
    expect(await next()).toBe(iso('2027-03-08T09:06:00Z'));
  });

  it('takes the earliest of its waiting messages, by address or domain, in the window or too recent for it', async () => {
    const e = await engineWorkspace(t);
    const alertId = await createAlert(t, e, {
      domains: ['client.example'],
      addresses: ['vip@other.example'],
      watchingSince: WATCHING,
    });
    await insertMessages(t.db, e.mailbox, [
      { at: '2027-03-05T10:00:00Z', thread: 'c', from: 'bob@client.example', subject: 'Overdue' },
      // Before the hours: its two business hours end at 11:00.
      { at: '2027-03-08T08:00:00Z', thread: 'a', from: 'ann@shop.client.example', subject: 'A' },
      { at: '2027-03-08T10:00:00Z', thread: 'b', from: 'VIP@other.example', subject: 'B' },
    ]);
    await rebuildFacts(t.db, e);
    const next = () => nextEvaluationAt(t.db, e.ws.workspaceId, alertId);

    const told = async () => (await toldSubjects(t.db, e.ws.workspaceId))[alertId];

    await evaluateAt(t.db, '2027-03-08T10:30:00Z', WEEK_S);
    expect(await told()).toEqual(['Overdue']);
    expect(await next()).toBe(iso('2027-03-08T11:00:00Z'));
    await evaluateAt(t.db, '2027-03-08T11:00:00Z', WEEK_S);
    expect(await told()).toEqual(['Overdue', 'A']);
    expect(await next()).toBe(iso('2027-03-08T12:00:00Z'));
    await evaluateAt(t.db, '2027-03-08T12:00:00Z', 3600);
    expect(await told()).toEqual(['Overdue', 'A', 'B']);
    expect(await next()).toBe(iso('2027-03-08T13:00:00Z'));
  });

  it("takes each mailbox's own hours", async () => {
    const e = await engineWorkspace(t);
    const alertId = await createAlert(t, e, { minutesGap: 10, watchingSince: WATCHING });
    // A second watched mailbox, Ignored: every second counts, weekends too.
    const night = await addMailbox(t.db, e.ws.workspaceId, `night@${e.ws.domain}`);
    const allWeek = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
    await t.db.transaction(async (tx) => {
      await replaceMailboxHours(tx, e.ws.workspaceId, night.mailboxId, {
        timezone: 'UTC',
        business_hours: allWeek.map((weekday) => ({
          weekday,
          start_time: '00:00:00',
          end_time: '23:59:59',
        })),
      });
      await tx.query(
        `insert into alert_mailboxes (workspace_id, alert_id, mailbox_id) values ($1, $2, $3)`,
        [e.ws.workspaceId, alertId, night.mailboxId],
      );
    });
    await insertMessages(t.db, e.mailbox, [{ at: '2027-03-05T16:55:00Z', thread: 'f' }]);
    await insertMessages(t.db, night, [{ at: '2027-03-06T12:00:00Z', thread: 's' }]);
    await rebuildFacts(t.db, e);
    // Friday's message is due Monday 09:05; Saturday's, on the Ignored mailbox, at 12:10.
    await evaluateAt(t.db, '2027-03-06T12:05:00Z', WEEK_S);
    expect(await nextEvaluationAt(t.db, e.ws.workspaceId, alertId)).toBe(
      iso('2027-03-06T12:10:00Z'),
    );
  });

  it('waits the interval when nothing waits: replied, unwatched, or left out by the 7-day rule', async () => {
    const e = await engineWorkspace(t);
    const alertId = await createAlert(t, e, {
      minutesGap: 3000,
      watchingSince: '2027-03-15T09:00:00Z',
    });
    await insertMessages(t.db, e.mailbox, [
      // 63 of the gap's 50 business hours before the watch began, and older than 7 days: left
      // out, so never told and never waited for.
      { at: '2027-03-03T10:00:00Z', thread: 'old', subject: 'Old' },
      { at: '2027-03-15T10:00:00Z', thread: 'r' },
      { at: '2027-03-15T10:05:00Z', thread: 'r', direction: 'outbound' },
      { at: '2027-03-15T10:10:00Z', thread: 'u', from: 'someone@elsewhere.example' },
    ]);
    await rebuildFacts(t.db, e);
    await evaluateAt(t.db, '2027-03-15T10:30:00Z', 3600);
    expect(await toldSubjects(t.db, e.ws.workspaceId)).toEqual({});
    expect(await nextEvaluationAt(t.db, e.ws.workspaceId, alertId)).toBe(
      iso('2027-03-15T11:30:00Z'),
    );
  });
});

describe('an alert changed by an admin', () => {
  it('is due at once after an edit and after a resume, whatever its planned instant', async () => {
    const e = await engineWorkspace(t);
    const alertId = await createAlert(t, e, { watchingSince: WATCHING });
    const dueAtOnce = async () => {
      const [row] = await t.db.query<{ at_once: boolean }>(
        `select next_evaluation_at = '-infinity' as at_once from alerts where alert_id = $1`,
        [alertId],
      );
      return row?.at_once;
    };
    await evaluateAt(t.db, '2027-03-05T17:00:00Z', WEEK_S);
    expect(await dueAtOnce()).toBe(false);

    const edit = await t.admin(e.ws).patch(`/portal/api/alerts/${alertId}`, {
      name: 'Customers waiting',
      minutes_gap: 10,
      base: 'unreplied_emails',
      mailboxes: [e.mailbox.email],
      addresses: [],
      domains: ['client.example'],
      notify_emails: [`admin@${e.ws.domain}`],
      notify_webhook: null,
    });
    expect(edit.statusCode).toBe(200);
    expect(await dueAtOnce()).toBe(true);

    await evaluateAt(t.db, '2027-03-05T17:00:00Z', WEEK_S);
    const toggle = (is_active: boolean) =>
      t.admin(e.ws).patch(`/portal/api/alerts/${alertId}`, { alert: { is_active } });
    expect((await toggle(false)).statusCode).toBe(200);
    expect(await dueAtOnce()).toBe(false);
    expect((await toggle(true)).statusCode).toBe(200);
    expect(await dueAtOnce()).toBe(true);
  });
});
