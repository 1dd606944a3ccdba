import { HOUR, LocalClock, MINUTE } from './clock';
import { THREAD_SPAN_DAYS, demoThread, mailboxPerson, type DemoMessage } from './threads';
import { Rng, buildWorld, hashText, type DemoWorld } from './world';

// The demo workspace's mail: pure and deterministic (a seeded PRNG, the range passed in, no
// clock of its own). Each mailbox's threads are drawn per local day from (seed, address, day)
// alone, so any split of a range into smaller ones yields exactly the same messages, and a
// range ending a minute later brings what was sent in that minute.

export interface DemoMailOptions {
  seed: number;
  /** The workspace's domains; colleagues live at the first. */
  workspaceDomains: readonly string[];
  /** Business hours (Mon–Fri 09:00–18:00) are taken in this IANA zone. */
  timezone: string;
}

interface DemoRange {
  /** Epoch ms, included. */
  from: number;
  /** Epoch ms, excluded. */
  to: number;
}

interface Prepared {
  seed: number;
  world: DemoWorld;
  clock: LocalClock;
}

function prepare(options: DemoMailOptions): Prepared {
  const domain = options.workspaceDomains[0]?.toLowerCase();
  if (!domain) throw new Error('the demo mail needs at least one workspace domain');
  return {
    seed: options.seed,
    world: buildWorld(options.seed, domain),
    clock: new LocalClock(options.timezone),
  };
}

/** Threads begun on one local day by one mailbox: a few dozen messages a weekday, fewer at weekends. */
function dayThreads(p: Prepared, address: string, localDay: number): DemoMessage[] {
  const mailboxHash = hashText(address, p.seed);
  const rng = new Rng(hashText(`${localDay}`, mailboxHash));
  const workday = LocalClock.isWorkday(localDay);
  const base = 9 + (mailboxHash % 7);
  const count = workday ? base + rng.int(-3, 3) : rng.int(0, 3);
  const mailbox = mailboxPerson(address);
  const key = `demo:${mailboxHash.toString(36)}:${localDay}`;
  const messages: DemoMessage[] = [];
  for (let k = 0; k < count; k += 1) {
    // Workdays: mostly in office hours; otherwise spread over the waking day.
    const inHours = workday && rng.next() < 0.8;
    const start = inHours
      ? rng.int(LocalClock.OPEN, LocalClock.CLOSE - 1)
      : rng.int(7 * HOUR, 23 * HOUR - MINUTE);
    const ctx = {
      rng,
      clock: p.clock,
      world: p.world,
      mailbox,
      threadKey: `${key}:${k}`,
      start: p.clock.at(localDay, start),
    };
    for (const message of demoThread(ctx)) messages.push(message);
  }
  return messages;
}

const byTime = (a: DemoMessage, b: DemoMessage) =>
  a.sentAt - b.sentAt || (a.providerId < b.providerId ? -1 : 1);

/**
 * One mailbox's messages sent in [from, to), oldest first. Streams day by day: a day's messages
 * are final once the threads begun that day are drawn, since later threads start later.
 */
function* mailboxMail(p: Prepared, address: string, range: DemoRange): Generator<DemoMessage> {
  if (range.to <= range.from) return;
  const firstDay = p.clock.localDay(range.from) - THREAD_SPAN_DAYS;
  const lastDay = p.clock.localDay(range.to - 1);
  let pending: DemoMessage[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    const begun = dayThreads(p, address, day);
    pending = pending.concat(begun).sort(byTime);
    const dayEnd = p.clock.at(day + 1);
    let cut = 0;
    while (cut < pending.length && (pending[cut] as DemoMessage).sentAt < dayEnd) cut += 1;
    for (let i = 0; i < cut; i += 1) {
      const message = pending[i] as DemoMessage;
      if (message.sentAt >= range.from && message.sentAt < range.to) yield message;
    }
    pending = pending.slice(cut);
  }
  for (const message of pending) {
    if (message.sentAt >= range.from && message.sentAt < range.to) yield message;
  }
}

/** The mail of each mailbox in turn (each oldest first) for the range. */
export function* generateDemoMail(
  options: DemoMailOptions,
  mailboxes: readonly string[],
  range: DemoRange,
): Generator<DemoMessage> {
  const prepared = prepare(options);
  for (const address of mailboxes) yield* mailboxMail(prepared, address.toLowerCase(), range);
}

/** How many messages the range holds for these mailboxes (the connector's progress total). */
export function countDemoMail(
  options: DemoMailOptions,
  mailboxes: readonly string[],
  range: DemoRange,
): number {
  const messages = generateDemoMail(options, mailboxes, range);
  let count = 0;
  while (!messages.next().done) count += 1;
  return count;
}

/** Midnight UTC of a YYYY-MM-DD day, as epoch ms (where a mailbox's data_from starts). */
export const dayStart = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`);
