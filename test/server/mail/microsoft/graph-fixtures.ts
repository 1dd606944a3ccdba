import { createMicrosoftConnector } from '../../../../server/mail/microsoft/connector';
import type { GraphStandin } from '../../../support/graph-standin';
import type { GraphMailbox } from '../../../support/graph-standin-mail';
import {
  DAY_MS,
  leasedMailbox,
  recordingSleep,
  type SyncedMailbox,
} from '../../support/cloud-sync';
import type { TestSuite } from '../../support/suite';

// What the Microsoft connector tests share: a connector whose sleeps return at once, mailboxes
// filled with a dozen days of mail in the folders people keep, and the stand-in's calls.

export const DATA_FROM = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
export const FROM_MS = Date.parse(`${DATA_FROM}T00:00:00Z`);

export function graphConnector(
  graph: GraphStandin,
  sleep: (ms: number) => Promise<void> = recordingSleep().sleep,
) {
  return createMicrosoftConnector(
    graph.account,
    { loginBaseUrl: graph.loginBaseUrl, graphBaseUrl: graph.graphBaseUrl },
    { sleep, random: () => 1 },
  );
}

/**
 * `count` messages in `folder` spread evenly over the last twelve days: customers writing in,
 * or (in Sent Items) the mailbox answering; a fifth with a List-Id and an In-Reply-To. Returns
 * how many are in range and their ids.
 */
export function fill(box: GraphMailbox, folder: string, count: number) {
  const span = 12 * DAY_MS;
  const sent = folder === 'sentitems';
  const ids: string[] = [];
  let inRange = 0;
  for (let i = 0; i < count; i += 1) {
    const received = new Date(Date.now() - span + ((i + 0.5) * span) / count);
    const customer = { name: `Customer ${i}`, address: `customer${i % 17}@client.example` };
    const own = { name: 'Sales, Desk', address: box.email };
    ids.push(
      box.add(folder, {
        received,
        // A sent item's receivedDateTime is when it was saved, a moment after it was sent.
        sent: new Date(received.getTime() - 60_000),
        from: sent ? own : customer,
        to: [sent ? customer : own],
        subject: `${folder} ${i}`,
        conversationId: `conv-${i % 40}`,
        internetMessageId: `<${folder.replace(/\W/g, '-')}-${i}@${box.email}>`,
        categories: i % 2 === 0 ? ['Customer'] : [],
        headers:
          i % 5 === 0
            ? { 'List-Id': '<news.client.example>', 'In-Reply-To': `<q${i}@client.example>` }
            : {},
      }),
    );
    if (received.getTime() >= FROM_MS) inRange += 1;
  }
  return { inRange, ids };
}

let seq = 0;

/** A leased mailbox on the stand-in. */
export async function graphMailbox(suite: TestSuite, graph: GraphStandin) {
  seq += 1;
  const mailbox = await leasedMailbox(suite, `team${seq}`, DATA_FROM);
  return { mailbox, box: graph.addMailbox(mailbox.target.email) };
}

/** The stand-in's calls on one mailbox's folder (`…/mailFolders/<id>/messages[/delta]`). */
export function folderCalls(graph: GraphStandin, mailbox: SyncedMailbox, folderId: string) {
  const prefix = `/v1.0/users/${mailbox.target.email}/mailFolders/${folderId}/messages`;
  return graph.server.calls.filter((call) => call.path.startsWith(prefix));
}
