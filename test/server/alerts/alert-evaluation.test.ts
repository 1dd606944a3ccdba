import { describe, expect, it } from 'vitest';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import {
  alertOutbox,
  createAlert,
  engineWorkspace,
  evaluateAt,
  rebuildFacts,
  setWatchingSince,
  toldSubjects,
} from '../support/alert-engine';
import { insertMessages } from '../support/stats';
import { setUpTestApp } from '../support/suite';

const t = setUpTestApp('ae');

// Company hours Mon–Fri 09:00–17:00 UTC. 2027-03-05 is a Friday.
const FRIDAY_16 = '2027-03-05T16:00:00Z';
// 120 business minutes after Friday 16:00: one hour on Friday, one on Monday morning.
const MONDAY_10 = '2027-03-08T10:00:00Z';
const MONDAY_0959 = '2027-03-08T09:59:00Z';
const WATCHING = '2027-03-01T00:00:00Z';

describe('when an alert fires', () => {
  it('fires after exactly the gap in business time, across a night and a weekend, once', async () => {
    const e = await engineWorkspace(t);
    const alertId = await createAlert(t, e, { watchingSince: WATCHING });
    await insertMessages(t.db, e.mailbox, [
      { at: FRIDAY_16, from: 'Ann@Shop.Client.example', subject: 'Where is my order?' },
    ]);
    await rebuildFacts(t.db, e);

    for (const at of ['2027-03-05T23:00:00Z', '2027-03-07T12:00:00Z', MONDAY_0959]) {
      expect((await evaluateAt(t.db, at)).notified).toBe(0);
    }
    expect(await evaluateAt(t.db, MONDAY_10)).toMatchObject({ notified: 1, outboxRows: 1 });
    expect(await evaluateAt(t.db, '2027-03-09T10:00:00Z')).toMatchObject({ notified: 0 });

    const [row] = await alertOutbox(t.db, e.ws.workspaceId);
    expect(row?.payload).toMatchObject({
      alert_id: alertId,
      to: [`admin@${e.ws.domain}`, `lead@${e.ws.domain}`],
      items: [
        {
          mailbox: e.mailbox.email,
          sender: 'Ann@Shop.Client.example',
          subject: 'Where is my order?',
          waiting_minutes: 120,
        },
      ],
    });
    const list = await t.admin(e.ws).get('/portal/api/alerts/');
    const [alert] = list.json<{ alerts: { last_triggered: string | null }[] }>().alerts;
    expect(alert?.last_triggered).toBe(new Date(MONDAY_10).toISOString());
  });

  it('never fires for a thread replied before the gap', async () => {
    const e = await engineWorkspace(t);
    await createAlert(t, e, { watchingSince: WATCHING });
    await insertMessages(t.db, e.mailbox, [{ at: FRIDAY_16, thread: 'r1' }]);
    await rebuildFacts(t.db, e);
    await insertMessages(t.db, e.mailbox, [
      { at: '2027-03-08T09:30:00Z', thread: 'r1', direction: 'outbound' },
    ]);
    await t.db.transaction((tx) =>
      refreshThreadFacts(tx, e.ws.workspaceId, e.mailbox.mailboxId, ['r1']),
    );
    expect((await evaluateAt(t.db, '2027-03-10T10:00:00Z')).notified).toBe(0);
  });

  it('never fires for an unwatched sender, an internal or an automated email', async () => {
    const e = await engineWorkspace(t);
    await createAlert(t, e, {
      watchingSince: WATCHING,
      domains: ['client.example'],
      addresses: ['vip@other.example'],
    });
    await insertMessages(t.db, e.mailbox, [
      { at: FRIDAY_16, thread: 'a', from: 'someone@notclient.example', subject: 'unwatched' },
      { at: FRIDAY_16, thread: 'b', from: 'x@client.example.org', subject: 'lookalike' },
      { at: FRIDAY_16, thread: 'c', from: `colleague@${e.ws.domain}`, subject: 'internal' },
      { at: FRIDAY_16, thread: 'd', from: 'bot@client.example', autoSubmitted: 'auto-replied' },
      { at: FRIDAY_16, thread: 'e', from: 'VIP@other.example', subject: 'watched address' },
    ]);
    await rebuildFacts(t.db, e);
    await evaluateAt(t.db, '2027-03-10T10:00:00Z');
    expect(Object.values(await toldSubjects(t.db, e.ws.workspaceId))).toEqual([
      ['watched address'],
    ]);
  });

  it('tells two alerts watching the same email once each', async () => {
    const e = await engineWorkspace(t);
    const first = await createAlert(t, e, { name: 'First', watchingSince: WATCHING });
    const second = await createAlert(t, e, {
      name: 'Second',
      minutesGap: 60,
      addresses: ['ann@client.example'],
      domains: [],
      watchingSince: WATCHING,
    });
    await insertMessages(t.db, e.mailbox, [
      { at: FRIDAY_16, from: 'ann@client.example', subject: 'Shared' },
    ]);
    await rebuildFacts(t.db, e);
    for (const at of ['2027-03-05T17:00:00Z', MONDAY_10, '2027-03-08T11:00:00Z']) {
      await evaluateAt(t.db, at);
    }
    expect(await toldSubjects(t.db, e.ws.workspaceId)).toEqual({
      [first]: ['Shared'],
      [second]: ['Shared'],
    });
  });
});

describe('a paused alert', () => {
  it('never fires while paused and on resume tells only what arrived in the last 7 days', async () => {
    const e = await engineWorkspace(t);
    const alertId = await createAlert(t, e, { minutesGap: 60, watchingSince: WATCHING });
    const pause = await t.admin(e.ws).patch(`/portal/api/alerts/${alertId}`, {
      alert: { is_active: false },
    });
    expect(pause.statusCode).toBe(200);
    await insertMessages(t.db, e.mailbox, [
      { at: '2027-03-02T10:00:00Z', thread: 'old', subject: 'Ten days before resume' },
      { at: '2027-03-08T10:00:00Z', thread: 'new', subject: 'Four days before resume' },
    ]);
    await rebuildFacts(t.db, e);
    await evaluateAt(t.db, '2027-03-11T12:00:00Z');
    expect(await alertOutbox(t.db, e.ws.workspaceId)).toEqual([]);

    const resume = await t.admin(e.ws).patch(`/portal/api/alerts/${alertId}`, {
      alert: { is_active: true },
    });
    expect(resume.statusCode).toBe(200);
    await setWatchingSince(t.db, e.ws.workspaceId, alertId, '2027-03-12T10:00:00Z');
    await evaluateAt(t.db, '2027-03-12T10:00:00Z');
    await evaluateAt(t.db, '2027-03-15T10:00:00Z');
    expect(await toldSubjects(t.db, e.ws.workspaceId)).toEqual({
      [alertId]: ['Four days before resume'],
    });
  });
});

describe('which senders and messages count', () => {
  it('matches a *.domain as the domain and its subdomains, never a host that only ends like it', async () => {
    const e = await engineWorkspace(t);
    await createAlert(t, e, { domains: ['*.client.example'], watchingSince: WATCHING });
    await insertMessages(t.db, e.mailbox, [
      { at: FRIDAY_16, thread: 'a', from: 'ann@client.example', subject: 'the domain' },
      { at: FRIDAY_16, thread: 'b', from: 'bo@evil-client.example', subject: 'lookalike' },
      { at: FRIDAY_16, thread: 'c', from: 'cy@deep.shop.client.example', subject: 'subdomain' },
    ]);
    await rebuildFacts(t.db, e);
    await evaluateAt(t.db, '2027-03-10T10:00:00Z');
    expect(Object.values(await toldSubjects(t.db, e.ws.workspaceId))).toEqual([
      ['the domain', 'subdomain'],
    ]);
  });

  it('with a gap longer than a week of hours, still tells an older message not overdue at the start', async () => {
    const e = await engineWorkspace(t);
    // 50 business hours; the watch starts Monday 2027-03-15 09:00, after 40 hours a week.
    const alertId = await createAlert(t, e, {
      minutesGap: 3000,
      watchingSince: '2027-03-15T09:00:00Z',
    });
    await insertMessages(t.db, e.mailbox, [
      // 63 business hours before the start: overdue already, and older than 7 days.
      { at: '2027-03-03T10:00:00Z', thread: 'old', subject: 'Overdue before the watch' },
      // 40 business hours before the start: it reaches 50 on Tuesday at 11:00.
      { at: '2027-03-06T12:00:00Z', thread: 'sat', subject: 'Saturday, nine days before' },
    ]);
    await rebuildFacts(t.db, e);
    expect((await evaluateAt(t.db, '2027-03-16T10:59:00Z')).notified).toBe(0);
    expect((await evaluateAt(t.db, '2027-03-16T11:00:00Z')).notified).toBe(1);
    await evaluateAt(t.db, '2027-03-22T11:00:00Z');
    expect(await toldSubjects(t.db, e.ws.workspaceId)).toEqual({
      [alertId]: ['Saturday, nine days before'],
    });
  });
});
