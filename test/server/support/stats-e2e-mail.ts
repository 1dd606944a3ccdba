import { message } from './mail-sync';

// The mail of test/server/stats/stats-imap-e2e.test.ts, put into a real Dovecot and synced over
// IMAP; its hand-computed figures are in stats-e2e-figures.ts. 2026-02-09 is a Monday; local
// times (Europe/Madrid, UTC+1 in February) are given in the comments.

const alice = 'Alice <alice@customer.example>';
const bob = 'bob@client.example';
const carol = 'carol@customer.example';
const dave = 'dave@partner.example';
const eve = 'eve@noise.example';
const frank = 'frank@client.example';
const grace = 'Grace <grace@customer.example>';
const heidi = 'heidi@client.example';

type Spec = Parameters<typeof message>[0];

/** The week's mail: what lands in INBOX and what in Sent, threaded by In-Reply-To/References. */
export function week(sales: string, colleague: string) {
  const inbox: ReturnType<typeof message>[] = [];
  const sent: ReturnType<typeof message>[] = [];
  const got = (spec: Omit<Spec, 'to'>) => {
    const m = message({ ...spec, to: sales });
    inbox.push(m);
    return m;
  };
  const send = (spec: Omit<Spec, 'from'>) => {
    const m = message({ from: sales, ...spec });
    sent.push(m);
    return m;
  };
  const thread = (...ids: { id: string }[]) => ({
    inReplyTo: ids.at(-1)?.id,
    references: ids.map((m) => m.id).join(' '),
  });
  // T1, a run of two before a reply: Mon 10:00 and 11:00, answered Mon 12:00.
  const a1 = got({ from: alice, subject: 'Order', date: '2026-02-09T09:00:00Z' });
  const a2 = got({
    from: alice,
    subject: 'Re: Order',
    date: '2026-02-09T10:00:00Z',
    ...thread(a1),
  });
  send({ to: alice, subject: 'Re: Order', date: '2026-02-09T11:00:00Z', ...thread(a1, a2) });
  // T2, across a night: Mon 16:30, answered Tue 10:30.
  const b1 = got({ from: bob, subject: 'Invoice', date: '2026-02-09T15:30:00Z' });
  send({ to: bob, subject: 'Re: Invoice', date: '2026-02-10T09:30:00Z', ...thread(b1) });
  // T3, an auto-reply (RFC 3834): automated, counted nowhere else.
  got({
    from: carol,
    subject: 'Out of office',
    date: '2026-02-09T12:00:00Z',
    headers: ['Auto-Submitted: auto-replied'],
  });
  // T4, internal: partner.example becomes an internal domain; both messages are internal.
  const d1 = got({ from: dave, subject: 'Lunch', date: '2026-02-10T08:00:00Z' });
  send({ to: dave, subject: 'Re: Lunch', date: '2026-02-10T08:30:00Z', ...thread(d1) });
  // T5, an excluded sender (and the reply to it, whose recipient is excluded): nowhere.
  const e1 = got({ from: eve, subject: 'Offer', date: '2026-02-10T11:00:00Z' });
  send({ to: eve, subject: 'Re: Offer', date: '2026-02-10T11:15:00Z', ...thread(e1) });
  // T6, Tue 11:00, forwarded to a colleague at 11:30 (internal, not a reply), answered Wed 09:00.
  const f1 = got({ from: frank, subject: 'Contract', date: '2026-02-10T10:00:00Z' });
  const f2 = send({
    to: colleague,
    subject: 'Fwd: Contract',
    date: '2026-02-10T10:30:00Z',
    ...thread(f1),
  });
  send({ to: frank, subject: 'Re: Contract', date: '2026-02-11T08:00:00Z', ...thread(f1, f2) });
  // T7, unreplied: Wed 14:00.
  got({ from: grace, subject: 'Where is my parcel?', date: '2026-02-11T13:00:00Z' });
  // T8, two requests: Wed 10:00 answered 10:10; again Wed 11:00, answered Thu 09:30.
  const h1 = got({ from: heidi, subject: 'Setup', date: '2026-02-11T09:00:00Z' });
  const h2 = send({ to: heidi, subject: 'Re: Setup', date: '2026-02-11T09:10:00Z', ...thread(h1) });
  const h3 = got({
    from: heidi,
    subject: 'Re: Setup',
    date: '2026-02-11T10:00:00Z',
    ...thread(h1, h2),
  });
  send({ to: heidi, subject: 'Re: Setup', date: '2026-02-12T08:30:00Z', ...thread(h1, h2, h3) });
  // T9, three weeks on, across the company holiday of Friday 6 March: Thu 5 17:00, answered
  // Mon 9 10:00.
  const i1 = got({ from: bob, subject: 'Before the holiday', date: '2026-03-05T16:00:00Z' });
  send({ to: bob, subject: 'Re: Before the holiday', date: '2026-03-09T09:00:00Z', ...thread(i1) });
  return { inbox, sent };
}

/**
 * The next week, in the folders people file mail into: a customer's message archived before the
 * first sync, answered from Sent; spam, trash and a draft that count nowhere; and a waiting
 * message in INBOX that is moved to the trash after the first sync.
 */
export function nextWeek(sales: string) {
  const ivan = 'Ivan <ivan@client.example>';
  // Mon 16 10:00, answered 11:00.
  const archived = message({
    from: ivan,
    to: sales,
    subject: 'Archived order',
    date: '2026-02-16T09:00:00Z',
  });
  const reply = message({
    from: sales,
    to: ivan,
    subject: 'Re: Archived order',
    inReplyTo: archived.id,
    references: archived.id,
    date: '2026-02-16T10:00:00Z',
  });
  const spam = message({
    from: 'win@lottery.example',
    to: sales,
    subject: 'You won',
    date: '2026-02-17T09:00:00Z',
  });
  const trash = message({
    from: 'judy@client.example',
    to: sales,
    subject: 'Ignore me',
    date: '2026-02-17T10:00:00Z',
  });
  const draft = message({ from: sales, to: ivan, subject: 'Draft', date: '2026-02-17T11:00:00Z' });
  // Wed 18 10:00, waiting.
  const waiting = message({
    from: 'kim@client.example',
    to: sales,
    subject: 'Hello?',
    date: '2026-02-18T09:00:00Z',
  });
  return { archived, reply, spam, trash, draft, waiting };
}
