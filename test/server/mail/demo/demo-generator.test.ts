import { describe, expect, it } from 'vitest';
import { LocalClock } from '../../../../server/mail/demo/clock';
import { generateDemoMail } from '../../../../server/mail/demo/generator';
import type { DemoMessage } from '../../../../server/mail/demo/threads';

const OPTIONS = { seed: 7, workspaceDomains: ['acme.example'], timezone: 'Europe/Madrid' };
const MAILBOXES = ['sales@acme.example', 'support@acme.example', 'liam.ortiz@acme.example'];
const DAY = 86_400_000;
// Monday 2026-09-07 00:00 UTC, then 8 weeks.
const FROM = Date.parse('2026-09-07T00:00:00Z');
const TO = FROM + 56 * DAY;

const mail = (seed = 7, from = FROM, to = TO, boxes = MAILBOXES) => [
  ...generateDemoMail({ ...OPTIONS, seed }, boxes, { from, to }),
];

const internal = (address: string) => address.endsWith('@acme.example');

function threads(messages: readonly DemoMessage[]) {
  const byKey = new Map<string, DemoMessage[]>();
  for (const message of messages) {
    const key = `${message.mailbox} ${message.threadKey}`;
    byKey.set(key, [...(byKey.get(key) ?? []), message]);
  }
  return [...byKey.values()].map((list) => list.sort((a, b) => a.sentAt - b.sentAt));
}

describe('demo mail generator', () => {
  const all = mail();
  const full = mail(7, FROM - 20 * DAY, TO + 20 * DAY);

  it('gives the same mail for the same seed, other mail for another', () => {
    expect(mail()).toEqual(all);
    const other = mail(8);
    expect(other.map((m) => m.subject)).not.toEqual(all.map((m) => m.subject));
  });

  it('yields the same messages whatever the range is split into', () => {
    const cut = FROM + 17 * DAY + 36_000_123;
    const split = [...mail(7, FROM, cut), ...mail(7, cut, TO)];
    const key = (m: DemoMessage) => `${m.mailbox} ${m.providerId}`;
    expect(split.map(key).sort()).toEqual(all.map(key).sort());
    expect(all.every((m) => m.sentAt >= FROM && m.sentAt < TO)).toBe(true);
  });

  it('keeps every message id unique and every reply after the message it answers', () => {
    const ids = new Map(full.map((m) => [`${m.mailbox} ${m.messageId}`, m]));
    expect(ids.size).toBe(full.length);
    // Threads last at most ten days: every original of a reply sent from FROM on is in `full`.
    const answers = full.filter((m) => m.inReplyTo !== null && m.sentAt >= FROM);
    expect(answers.length).toBeGreaterThan(1000);
    for (const reply of answers) {
      const original = ids.get(`${reply.mailbox} ${reply.inReplyTo}`);
      expect(original?.threadKey).toBe(reply.threadKey);
      expect(original!.sentAt).toBeLessThan(reply.sentAt);
      expect(reply.references.at(-1)).toBe(reply.inReplyTo);
    }
  });

  it('sends a few dozen messages a weekday per mailbox, fewer at weekends', () => {
    const clock = new LocalClock('Europe/Madrid');
    const perDay = new Map<number, number>();
    for (const m of all) {
      const day = clock.localDay(m.sentAt);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const days = [...perDay.entries()];
    const average = (workday: boolean) => {
      const counts = days.filter(([day]) => LocalClock.isWorkday(day) === workday);
      return counts.reduce((sum, [, n]) => sum + n, 0) / counts.length / MAILBOXES.length;
    };
    expect(average(true)).toBeGreaterThan(20);
    expect(average(true)).toBeLessThan(60);
    expect(average(false)).toBeLessThan(average(true) / 3);
  });

  it('draws each kind of thread the statistics must handle', () => {
    const list = threads(all);
    const kinds = {
      newsletters: all.filter((m) => m.listId && m.precedence === 'bulk').length,
      autoReplies: all.filter((m) => m.autoSubmitted === 'auto-replied').length,
      internalThreads: list.filter((t) =>
        t.every((m) => [m.from.address, ...m.to, ...m.cc].every(internal)),
      ).length,
      forwards: all.filter((m) => m.subject.startsWith('Fwd: ') && m.to.every(internal)).length,
      outboundFirst: list.filter((t) => t[0]!.outbound && !t.some((m) => m.autoSubmitted)).length,
      runsBeforeReply: list.filter((t) => !t[0]!.outbound && t[1] && !t[1].outbound).length,
      neverAnswered: list.filter(
        (t) => !t[0]!.outbound && !internal(t[0]!.from.address) && !t[0]!.listId && t.length === 1,
      ).length,
    };
    expect(kinds).toEqual({
      newsletters: 221,
      autoReplies: 83,
      internalThreads: 172,
      forwards: 99,
      outboundFirst: 300,
      runsBeforeReply: 235,
      neverAnswered: 62,
    });
  });

  it('answers customers mostly in business hours and within hours, some days later', () => {
    const clock = new LocalClock('Europe/Madrid');
    const replies = threads(all).flatMap((t) =>
      t.flatMap((m, i) => {
        const asked = t[i - 1];
        const external = m.to.some((address) => !internal(address));
        return m.outbound && asked && !asked.outbound && external ? [[asked, m] as const] : [];
      }),
    );
    const share = (test: (gap: number, reply: DemoMessage) => boolean) =>
      replies.filter(([asked, reply]) => test(reply.sentAt - asked.sentAt, reply)).length /
      replies.length;
    expect(share((_, reply) => clock.isBusiness(reply.sentAt))).toBeGreaterThan(0.75);
    expect(share((gap) => gap < 8 * 3_600_000)).toBeGreaterThan(0.5);
    expect(share((gap) => gap > 2 * DAY)).toBeGreaterThan(0.04);
  });

  it('brings new mail minute by minute in a weekday business hour', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `box${i}@acme.example`);
    // Tuesday 2026-09-08, 10:00–11:00 in Madrid (08:00 UTC).
    const start = Date.parse('2026-09-08T08:00:00Z');
    const hour = mail(7, start, start + 3_600_000, twelve);
    expect(hour.length).toBeGreaterThan(30);
    const minutes = new Set(hour.map((m) => Math.floor((m.sentAt - start) / 60_000)));
    expect(minutes.size).toBeGreaterThan(25);
  });
});
