import type {
  MailConnector,
  ProbeResult,
  SyncBatch,
  SyncCursor,
  SyncTarget,
  SyncedMessage,
} from '../connector';
import { countDemoMail, dayStart, generateDemoMail, type DemoMailOptions } from './generator';
import type { DemoMessage } from './threads';
import { foreignDomain, unknownToProvider } from '../probe-reasons';
import type { Provider } from '../../repos/workspaces';

// The demo workspace's provider: its mail comes from the generator, from the mailbox's data_from
// up to now. The cursor is the instant up to which everything was delivered, so each later run
// brings only what the generator has "sent" since, minute by minute.

interface DemoConnectorOptions {
  seed: number;
  now: () => Date;
  workspaceDomains: string[];
  /** Business hours are taken in this zone (default Europe/Madrid, the demo company's). */
  timezone?: string;
  /** When given, only these addresses exist (the demo company's staff); otherwise any at the domains. */
  directory?: readonly string[];
  /** The provider the demo workspace stands for, named when an address is unknown (default G). */
  provider?: Provider;
  /** Messages per batch. */
  batchSize?: number;
}

export const DEMO_TIMEZONE = 'Europe/Madrid';

interface DemoCursor {
  /** Epoch ms: every message sent before it has been delivered. */
  until: number;
  /** Set once the history back to data_from is in; until then progress counts from data_from. */
  history?: true;
}

const isDemoCursor = (cursor: SyncCursor | null): cursor is SyncCursor & DemoCursor =>
  typeof cursor?.until === 'number' && Number.isFinite(cursor.until);

function toSynced(message: DemoMessage): SyncedMessage {
  const ids = (list: readonly string[]) => (list.length > 0 ? list.join(', ') : null);
  return {
    providerId: message.providerId,
    threadKey: message.threadKey,
    folder: message.outbound ? 'Sent' : 'INBOX',
    labels: [],
    categories: [],
    inSentFolder: message.outbound,
    sentAt: new Date(message.sentAt),
    headers: {
      from: `"${message.from.name}" <${message.from.address}>`,
      to: ids(message.to),
      cc: ids(message.cc),
      bcc: null,
      subject: message.subject,
      messageId: message.messageId,
      inReplyTo: message.inReplyTo,
      references: message.references.length > 0 ? message.references.join(' ') : null,
      autoSubmitted: message.autoSubmitted,
      precedence: message.precedence,
      listId: message.listId,
      contentType: null,
      listUnsubscribe: null,
      originalFrom: null,
      returnPath: null,
      autoReply: null,
      replyTo: null,
    },
  };
}

export function createDemoConnector(options: DemoConnectorOptions): MailConnector {
  const domains = options.workspaceDomains.map((domain) => domain.toLowerCase());
  const directory = options.directory && new Set(options.directory.map((a) => a.toLowerCase()));
  const mail: DemoMailOptions = {
    seed: options.seed,
    workspaceDomains: domains,
    timezone: options.timezone ?? DEMO_TIMEZONE,
  };
  const batchSize = options.batchSize ?? 500;

  return {
    async probe(address: string): Promise<ProbeResult> {
      const email = address.trim().toLowerCase();
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!domains.includes(domain)) return { ok: false, reason: foreignDomain(domain) };
      if (directory && !directory.has(email)) {
        return { ok: false, reason: unknownToProvider(options.provider ?? 'G') };
      }
      const to = options.now().getTime();
      return {
        ok: true,
        messageCount: countDemoMail(mail, [email], { from: to - 90 * 864e5, to }),
      };
    },

    async *sync(target: SyncTarget, cursor: SyncCursor | null, signal: AbortSignal) {
      const start = dayStart(target.dataFrom);
      const from = isDemoCursor(cursor) ? cursor.until : start;
      const to = Math.max(from, options.now().getTime());
      const range = { from, to };
      // A history load resumed part-way reports its progress over the whole history.
      const loaded = isDemoCursor(cursor) && cursor.history === true;
      const counted = (end: number) =>
        countDemoMail(mail, [target.email], { from: start, to: end });
      const base = loaded ? 0 : counted(from);
      const total = loaded ? countDemoMail(mail, [target.email], range) : counted(to);
      let batch: DemoMessage[] = [];
      let done = base;
      const make = (until: number, last: boolean): SyncBatch => {
        done += batch.length;
        const messages = batch.map(toSynced);
        batch = [];
        const next: DemoCursor = last ? { until, history: true } : { until };
        return { messages, cursor: { ...next }, historyLoaded: last, progress: { done, total } };
      };
      for (const message of generateDemoMail(mail, [target.email], range)) {
        signal.throwIfAborted();
        // A batch ends between two instants, so the cursor never splits equal times.
        const previous = batch.at(-1);
        if (batch.length >= batchSize && previous && previous.sentAt < message.sentAt) {
          yield make(message.sentAt, false);
        }
        batch.push(message);
      }
      yield make(to, true);
    },

    async close() {},
  };
}
