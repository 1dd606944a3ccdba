import { afterAll, beforeAll } from 'vitest';
import { createGoogleConnector } from '../../../../server/mail/google/connector';
import { startGoogleStandin, type GoogleStandin } from '../../../support/google-standin';
import type { GmailMailbox } from '../../../support/google-standin-mail';
import { DAY_MS, leasedMailbox, virtualClock, type VirtualClock } from '../../support/cloud-sync';
import { setUpTestApp, type TestSuite } from '../../support/suite';

// What the Gmail connector tests share: a connector on the test's clock, and mailboxes filled
// with a dozen days of mail of every kind Gmail holds.

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** data_from six days back: the mail below reaches twelve days back. */
export const DATA_FROM = isoDay(Date.now() - 6 * DAY_MS);
export const FROM_MS = Date.parse(`${DATA_FROM}T00:00:00Z`);

export function gmailConnector(google: GoogleStandin, clock: VirtualClock) {
  return createGoogleConnector(
    { serviceAccount: google.serviceAccount },
    { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl },
    { now: clock.now, sleep: clock.sleep, random: clock.random },
  );
}

/**
 * A Gmail test file's app and stand-in, the stand-in on a virtual clock that the connector
 * shares (`google()` once `beforeAll` has started it).
 */
export function setUpGmailTest(name: string) {
  const suite = setUpTestApp(name);
  const clock = virtualClock();
  let standin: GoogleStandin | undefined;
  beforeAll(async () => {
    standin = await startGoogleStandin({ now: clock.nowMs });
  });
  afterAll(() => standin?.close());
  const google = () => {
    if (!standin) throw new Error('the Gmail stand-in starts in beforeAll');
    return standin;
  };
  return { suite, clock, google, connector: () => gmailConnector(google(), clock) };
}

/** Labels a message may carry, and whether the sync keeps it. */
const KINDS: readonly { labels: readonly string[]; kept: boolean }[] = [
  { labels: ['INBOX', 'UNREAD'], kept: true },
  { labels: ['SENT'], kept: true },
  // Archived: no INBOX label any more.
  { labels: ['IMPORTANT'], kept: true },
  { labels: ['DRAFT'], kept: false },
  { labels: ['SPAM'], kept: false },
  { labels: ['TRASH'], kept: false },
  { labels: ['CHAT'], kept: false },
];

export interface Filled {
  /** Messages of the range the sync keeps. */
  expected: number;
  /** Ids by kind: inbox, sent, archived, draft, spam, trash, chat. */
  ids: Record<'inbox' | 'sent' | 'archived' | 'draft' | 'spam' | 'trash' | 'chat', string[]>;
}

const KIND_NAMES = ['inbox', 'sent', 'archived', 'draft', 'spam', 'trash', 'chat'] as const;

/**
 * `count` messages spread evenly over the last twelve days, of each kind in `mix` (weights in
 * KINDS order, INBOX only by default), threaded forty ways.
 */
export function fill(mailbox: GmailMailbox, count: number, mix = [1, 0, 0, 0, 0, 0, 0]): Filled {
  const span = 12 * DAY_MS;
  const total = mix.reduce((sum, weight) => sum + weight, 0);
  const filled: Filled = {
    expected: 0,
    ids: { inbox: [], sent: [], archived: [], draft: [], spam: [], trash: [], chat: [] },
  };
  for (let i = 0; i < count; i += 1) {
    let pick = i % total;
    const kind = mix.findIndex((weight) => (pick -= weight) < 0);
    const { labels, kept } = KINDS[kind]!;
    const at = new Date(Date.now() - span + ((i + 0.5) * span) / count);
    const customer = `customer${i % 17}@client.example`;
    const outbound = labels.includes('SENT') || labels.includes('DRAFT');
    const id = mailbox.add({
      at,
      labelIds: [...labels],
      threadId: `thread-${i % 40}`,
      headers: {
        From: outbound ? mailbox.email : `Customer ${i} <${customer}>`,
        To: outbound ? customer : mailbox.email,
        Subject: `${KIND_NAMES[kind]} ${i}`,
        'Message-ID': `<${KIND_NAMES[kind]}-${i}@${mailbox.email.split('@')[1]}>`,
        'X-Not-Asked': 'never stored',
      },
    });
    filled.ids[KIND_NAMES[kind]!].push(id);
    if (kept && at.getTime() >= FROM_MS) filled.expected += 1;
  }
  return filled;
}

let seq = 0;

/** A leased mailbox on the stand-in, filled by `fill`. */
export async function filledMailbox(
  suite: TestSuite,
  google: GoogleStandin,
  count: number,
  mix?: number[],
) {
  seq += 1;
  const mailbox = await leasedMailbox(suite, `desk${seq}`, DATA_FROM);
  const gmail = google.addMailbox(mailbox.target.email);
  return { mailbox, gmail, ...fill(gmail, count, mix) };
}

/** The stand-in's messages.list calls for one mailbox. */
export const listCalls = (google: GoogleStandin, email: string) =>
  google.server.calls.filter((call) => call.path === `/gmail/v1/users/${email}/messages`);
