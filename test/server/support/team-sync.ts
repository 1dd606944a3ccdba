import { afterAll, beforeAll } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import type { MailConnector } from '../../../server/mail/connector';
import { syncDueMailboxes } from '../../../server/mail/sync-worker';
import { markDue } from '../../../server/repos/mailbox-sync';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import type { Dovecot } from '../../support/dovecot';
import { startGoogleStandin, type GoogleStandin } from '../../support/google-standin';
import { startGraphStandin, type GraphStandin } from '../../support/graph-standin';
import { gmailConnector } from '../mail/google/gmail-fixtures';
import { graphConnector } from '../mail/microsoft/graph-fixtures';
import { client } from './app';
import { virtualClock, type VirtualClock } from './cloud-sync';
import { dovecotForFile } from './dovecot-file';
import { addSyncedMailbox, message, readFromDovecot, workerDeps } from './mail-sync';
import type { TestSuite } from './suite';

// The team's conversation through the real sync (docs/statistics.md, definitions 1, 6, 7, 8):
// one workspace's mailboxes sales@, alice@ and bob@, each read through the connector under test
// (Dovecot for IMAP, the Gmail or the Graph stand-in), with mail put in as each provider keeps it.

/** One message as a mailbox holds it. */
export interface TeamMail {
  /** The mailbox's own thread: Gmail's threadId, Graph's conversationId (IMAP threads by links). */
  thread: string;
  /** An ISO instant. */
  at: string;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
}

interface TeamProvider {
  /** A sent copy carries In-Reply-To and References (Graph's sent items carry no headers). */
  sentLinks: boolean;
  open(suite: TestSuite, workspaceId: number, emails: readonly string[]): Promise<void>;
  /** Puts the message in the mailbox's inbox or sent folder; the returned call trashes it. */
  put(email: string, folder: 'inbox' | 'sent', mail: TeamMail): Promise<() => Promise<void>>;
  connectorFor?: () => Promise<MailConnector>;
}

function imapTeam(dovecot: Dovecot): TeamProvider {
  return {
    sentLinks: true,
    open: async (suite, workspaceId, emails) => {
      for (const email of emails) await dovecot.addUser(email);
      await readFromDovecot(suite.db, workspaceId, dovecot);
    },
    put: async (email, folder, mail) => {
      const imapFolder = folder === 'inbox' ? 'INBOX' : 'Sent';
      const raw = message({
        from: mail.from,
        to: mail.to.join(', '),
        cc: mail.cc?.join(', '),
        subject: mail.subject,
        id: mail.messageId,
        inReplyTo: mail.inReplyTo,
        references: mail.references?.join(' '),
        date: mail.at,
      });
      await dovecot.append(email, imapFolder, [raw]);
      // As a mail client deletes: IMAP MOVE to Trash.
      return () => dovecot.move(email, imapFolder, 'Trash', [mail.messageId]);
    },
  };
}

function gmailTeam(google: GoogleStandin, clock: VirtualClock): TeamProvider {
  return {
    sentLinks: true,
    open: async (_suite, _workspaceId, emails) => {
      for (const email of emails) google.addMailbox(email);
    },
    put: async (email, folder, mail) => {
      const box = google.mailbox(email);
      const id = box.add({
        at: new Date(mail.at),
        labelIds: [folder === 'inbox' ? 'INBOX' : 'SENT'],
        threadId: mail.thread,
        headers: {
          From: mail.from,
          To: mail.to.join(', '),
          ...(mail.cc ? { Cc: mail.cc.join(', ') } : {}),
          Subject: mail.subject,
          'Message-ID': mail.messageId,
          ...(mail.inReplyTo ? { 'In-Reply-To': mail.inReplyTo } : {}),
          ...(mail.references ? { References: mail.references.join(' ') } : {}),
        },
      });
      // users.messages.trash: the TRASH label on, INBOX off (a sent message keeps SENT).
      return async () => box.relabel(id, { add: ['TRASH'], remove: ['INBOX'] });
    },
    connectorFor: () => Promise.resolve(gmailConnector(google, clock)),
  };
}

function graphTeam(graph: GraphStandin): TeamProvider {
  const recipients = (addresses: readonly string[] = []) =>
    addresses.map((address) => ({ address }));
  return {
    sentLinks: false,
    open: async (_suite, _workspaceId, emails) => {
      for (const email of emails) graph.addMailbox(email);
    },
    put: async (email, folder, mail) => {
      const box = graph.mailbox(email);
      const links = {
        ...(mail.inReplyTo ? { 'In-Reply-To': mail.inReplyTo } : {}),
        ...(mail.references ? { References: mail.references.join(' ') } : {}),
      };
      const id = box.add(folder === 'inbox' ? 'inbox' : 'sentitems', {
        received: new Date(mail.at),
        from: { address: mail.from },
        to: recipients(mail.to),
        cc: recipients(mail.cc),
        subject: mail.subject,
        conversationId: mail.thread,
        internetMessageId: mail.messageId,
        // internetMessageHeaders only for mail that crossed a transport: a sent item has none,
        // in Sent Items or after it is moved.
        ...(folder === 'inbox' ? { headers: links } : {}),
      });
      return async () => box.move(id, 'deleteditems');
    },
    connectorFor: () => Promise.resolve(graphConnector(graph)),
  };
}

type Summary = components['schemas']['StatsSummary'];

/** A fresh workspace whose sales@, alice@ and bob@ the sync worker reads through `provider`. */
export async function teamWorkspace(suite: TestSuite, provider: TeamProvider) {
  const ws = await suite.workspace();
  const [sales, alice, bob] = ['sales', 'alice', 'bob'].map((local) => `${local}@${ws.domain}`);
  const emails = [sales!, alice!, bob!];
  for (const email of emails) await addSyncedMailbox(suite.db, ws.workspaceId, email, '2026-02-01');
  await provider.open(suite, ws.workspaceId, emails);
  const connectorFor = provider.connectorFor;
  const deps = workerDeps(suite.db, {
    ...(connectorFor ? { connectorFor } : {}),
    // As the server's worker does (server/workers/start.ts): each batch refreshes its threads.
    onThreadsChanged: (tx, workspaceId, mailboxId, threads) =>
      refreshThreadFacts(tx, workspaceId, mailboxId, [...threads]),
  });
  /** Syncs these mailboxes (all three when none is named), in the order given. */
  const sync = async (...only: string[]) => {
    for (const email of only.length > 0 ? only : emails) {
      await markDue(suite.db, ws.workspaceId, new Date(), [email]);
      const outcomes = await syncDueMailboxes(deps, new AbortController().signal, {
        workspaceId: ws.workspaceId,
        emails: [email],
      });
      if (outcomes.length !== 1 || !outcomes.every((outcome) => outcome.ok)) {
        throw new Error(`${email} did not sync: ${JSON.stringify(outcomes)}`);
      }
    }
  };
  /** The admin's summary of these days, of these mailboxes (all when none is named). */
  const summary = async (days: { from: string; to: string }, ...mailboxes: string[]) => {
    const query = new URLSearchParams({
      ...days,
      ...(mailboxes.length > 0 ? { mailboxes: mailboxes.join(',') } : {}),
    });
    const reply = await client(suite.app, ws.admin.token).get(
      `/portal/api/stats/summary?${query.toString()}`,
    );
    if (reply.statusCode !== 200) throw new Error(`summary: ${reply.statusCode} ${reply.body}`);
    return reply.json<Summary>();
  };
  const rebuild = () => rebuildWorkspaceStats(suite.db, ws.workspaceId);
  return { ws, sales: sales!, alice: alice!, bob: bob!, sync, summary, rebuild };
}

/**
 * A test file's three providers: one Dovecot and one stand-in of each cloud for the whole file
 * (started before its tests, stopped after), each test taking a fresh workspace.
 */
export function teamProvidersForFile(): { name: string; provider: () => TeamProvider }[] {
  const dovecot = dovecotForFile();
  const clock = virtualClock();
  let google: GoogleStandin | undefined;
  let graph: GraphStandin | undefined;
  beforeAll(async () => {
    [google, graph] = await Promise.all([
      startGoogleStandin({ now: clock.nowMs }),
      startGraphStandin(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([google?.close(), graph?.close()]);
  });
  const started = <T>(standin: T | undefined) => {
    if (!standin) throw new Error('the stand-ins start in beforeAll');
    return standin;
  };
  return [
    { name: 'IMAP (Dovecot)', provider: () => imapTeam(dovecot) },
    { name: 'Gmail', provider: () => gmailTeam(started(google), clock) },
    { name: 'Microsoft 365 (Graph)', provider: () => graphTeam(started(graph)) },
  ];
}
