import { DAY, HOUR, MINUTE, type LocalClock } from './clock';
import {
  customerSubject,
  internalSubject,
  nameOf,
  type DemoWorld,
  type Person,
  type Rng,
} from './world';

// One demo thread at a time: who writes, when, and how the mailbox answers. Each kind below is
// one of the shapes the statistics must handle (runs before a reply, late and missing replies,
// outbound-first, internal, auto-replies, newsletters, forwards to colleagues).

export interface DemoMessage {
  /** The mailbox's address (lower-case). */
  mailbox: string;
  providerId: string;
  threadKey: string;
  /** Epoch milliseconds. */
  sentAt: number;
  outbound: boolean;
  from: Person;
  to: readonly string[];
  cc: readonly string[];
  subject: string;
  /** Message-ID with its angle brackets, like every id below. */
  messageId: string;
  inReplyTo: string | null;
  references: readonly string[];
  autoSubmitted: string | null;
  precedence: string | null;
  listId: string | null;
}

/** No thread runs longer than this after its first message (the generator's look-back). */
export const THREAD_SPAN_DAYS = 10;

interface ThreadContext {
  rng: Rng;
  clock: LocalClock;
  world: DemoWorld;
  mailbox: Person;
  threadKey: string;
  start: number;
}

type Extra = Pick<DemoMessage, 'autoSubmitted' | 'precedence' | 'listId'>;
const PLAIN: Extra = { autoSubmitted: null, precedence: null, listId: null };

class Thread {
  readonly messages: DemoMessage[] = [];
  private readonly end: number;

  constructor(
    private readonly ctx: ThreadContext,
    readonly subject: string,
  ) {
    this.end = ctx.start + THREAD_SPAN_DAYS * DAY;
  }

  /** Adds a message unless it would fall past the thread's span; returns whether it did. */
  add(at: number, from: Person, to: readonly string[], options: Partial<DemoMessage> = {}) {
    if (at >= this.end) return false;
    const { mailbox, threadKey } = this.ctx;
    const n = this.messages.length;
    const previous = this.messages.map((message) => message.messageId);
    const domain = from.address.slice(from.address.indexOf('@') + 1);
    this.messages.push({
      mailbox: mailbox.address,
      providerId: `${threadKey}.${n}`,
      threadKey,
      sentAt: at,
      outbound: from.address === mailbox.address,
      from,
      to,
      cc: [],
      subject: n === 0 ? this.subject : `Re: ${this.subject}`,
      messageId: `<${threadKey.replace(/:/g, '.')}.${n}@${domain}>`,
      inReplyTo: previous.at(-1) ?? null,
      references: previous.slice(-8),
      ...PLAIN,
      ...options,
    });
    return true;
  }

  last(): number {
    return this.messages.at(-1)?.sentAt ?? this.ctx.start;
  }
}

/** When the mailbox answers a message sent at `at`: mostly within hours, in business hours. */
function replyTime({ rng, clock }: ThreadContext, at: number): number {
  const u = rng.next();
  if (u < 0.78) {
    const candidate = at + rng.int(8 * MINUTE, 3 * HOUR);
    if (clock.isBusiness(candidate) || rng.next() < 0.12) return candidate;
    return clock.nextOpen(candidate) + rng.int(5 * MINUTE, 90 * MINUTE);
  }
  if (u < 0.93) return clock.nextOpen(at + 14 * HOUR) + rng.int(0, 7 * HOUR);
  return clock.nextOpen(at + rng.int(2, 5) * DAY) + rng.int(0, 8 * HOUR);
}

const customerOf = ({ rng, world }: ThreadContext) => {
  const company = rng.pick(world.companies);
  return { company, person: rng.pick(company.people) };
};

function colleagueOf({ rng, world, mailbox }: ThreadContext): Person {
  const colleague = rng.pick(world.colleagues);
  return colleague.address === mailbox.address ? (world.colleagues[0] as Person) : colleague;
}

/** A customer writes one to three emails, then (mostly) a reply, sometimes a second round. */
function customerThread(ctx: ThreadContext): Thread {
  const { rng, mailbox } = ctx;
  const { company, person } = customerOf(ctx);
  const thread = new Thread(ctx, customerSubject(rng));
  const runs = rng.next() < 0.65 ? 1 : rng.next() < 0.7 ? 2 : 3;
  const cc = rng.next() < 0.2 ? [rng.pick(company.people).address] : [];
  let at = ctx.start;
  for (let round = 0; round < 2; round += 1) {
    for (let i = 0; i < (round === 0 ? runs : 1); i += 1) {
      if (!thread.add(at, person, [mailbox.address], { cc })) return thread;
      at += rng.int(10 * MINUTE, 4 * HOUR);
    }
    if (rng.next() < (round === 0 ? 0.12 : 0.2)) return thread;
    if (!thread.add(replyTime(ctx, thread.last()), mailbox, [person.address], { cc })) {
      return thread;
    }
    if (rng.next() > 0.35) return thread;
    at = thread.last() + rng.int(30 * MINUTE, DAY);
  }
  return thread;
}

/** The mailbox writes first; the customer may answer and the mailbox answer back. */
function outboundThread(ctx: ThreadContext): Thread {
  const { rng, mailbox } = ctx;
  const { person } = customerOf(ctx);
  const thread = new Thread(ctx, customerSubject(rng));
  thread.add(ctx.start, mailbox, [person.address]);
  if (rng.next() < 0.45) return thread;
  if (!thread.add(ctx.start + rng.int(HOUR, 2 * DAY), person, [mailbox.address])) return thread;
  if (rng.next() < 0.5) thread.add(replyTime(ctx, thread.last()), mailbox, [person.address]);
  return thread;
}

/** Colleagues at the workspace's domain write to each other. */
function internalThread(ctx: ThreadContext): Thread {
  const { rng, mailbox } = ctx;
  const colleague = colleagueOf(ctx);
  const thread = new Thread(ctx, internalSubject(rng));
  const [first, second] = rng.next() < 0.5 ? [colleague, mailbox] : [mailbox, colleague];
  thread.add(ctx.start, first, [second.address]);
  if (rng.next() < 0.8)
    thread.add(thread.last() + rng.int(5 * MINUTE, 3 * HOUR), second, [first.address]);
  return thread;
}

/** The mailbox writes to a customer who is away: an RFC 3834 auto-reply comes back. */
function autoReplyThread(ctx: ThreadContext): Thread {
  const { rng, mailbox } = ctx;
  const { person } = customerOf(ctx);
  const thread = new Thread(ctx, customerSubject(rng));
  thread.add(ctx.start, mailbox, [person.address]);
  thread.add(ctx.start + rng.int(5_000, 90_000), person, [mailbox.address], {
    subject: `Automatic reply: ${thread.subject}`,
    autoSubmitted: 'auto-replied',
  });
  return thread;
}

function newsletterThread(ctx: ThreadContext): Thread {
  const { rng, mailbox, world } = ctx;
  const letter = rng.pick(world.newsletters);
  const subject = letter.subject.replace('%n', String(rng.int(100, 400)));
  const thread = new Thread(ctx, subject);
  thread.add(ctx.start, letter.sender, [mailbox.address], {
    listId: letter.listId,
    precedence: 'bulk',
  });
  return thread;
}

/** A customer writes; the mailbox forwards it to a colleague, then often answers itself. */
function forwardThread(ctx: ThreadContext): Thread {
  const { rng, mailbox } = ctx;
  const { person } = customerOf(ctx);
  const colleague = colleagueOf(ctx);
  const thread = new Thread(ctx, customerSubject(rng));
  thread.add(ctx.start, person, [mailbox.address]);
  thread.add(ctx.start + rng.int(5 * MINUTE, HOUR), mailbox, [colleague.address], {
    subject: `Fwd: ${thread.subject}`,
  });
  if (rng.next() < 0.6) thread.add(replyTime(ctx, thread.last()), mailbox, [person.address]);
  return thread;
}

const KINDS: readonly (readonly [number, (ctx: ThreadContext) => Thread])[] = [
  [0.5, customerThread],
  [0.62, outboundThread],
  [0.74, internalThread],
  [0.8, autoReplyThread],
  [0.94, newsletterThread],
  [1, forwardThread],
];

/** One thread starting at ctx.start, of a kind drawn by weight. */
export function demoThread(ctx: ThreadContext): DemoMessage[] {
  const u = ctx.rng.next();
  const build = KINDS.find(([upTo]) => u < upTo)?.[1] ?? customerThread;
  return build(ctx).messages;
}

export const mailboxPerson = (address: string): Person => ({ name: nameOf(address), address });
