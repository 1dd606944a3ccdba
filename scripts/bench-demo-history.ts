/**
 * The demo workspace with each mailbox's whole history loaded, back to the day it was added (up
 * to two years) instead of the seed's 90 days: about 100,000 messages, the size issue 13's
 * dashboard timings are measured on. The older mail comes from the same generator and seed, so
 * it joins the seeded mail seamlessly; its statistics are rebuilt afterwards.
 */
import { openDatabase } from '../server/db/open';
import { dayStart, generateDemoMail } from '../server/mail/demo/generator';
import { insertDemoMail } from '../server/mail/demo/insert';
import { rebuildWorkspaceStats } from '../server/stats/rebuild';

interface HistoryMailbox {
  mailbox_id: number;
  email: string;
  data_from: string;
  added: string;
}

/** Loads the history of workspace `workspaceId` (the seeded Acme) in `dataDir`; returns its message count. */
export async function loadDemoHistory(dataDir: string, workspaceId = 1): Promise<number> {
  const db = await openDatabase({ dataDir });
  try {
    await db.transaction(async (tx) => {
      const [account] = await tx.query<{ seed: number; timezone: string; domains: string[] }>(
        `select (a.settings->>'seed')::int as seed, a.settings->>'timezone' as timezone,
                w.allowed_domains as domains
           from mail_accounts a join workspaces w on w.workspace_id = a.workspace_id
          where a.workspace_id = $1 and a.provider = 'demo'`,
        [workspaceId],
      );
      if (!account) throw new Error(`workspace ${workspaceId} has no demo mail account`);
      const options = {
        seed: account.seed,
        timezone: account.timezone,
        workspaceDomains: account.domains,
      };
      const mailboxes = await tx.query<HistoryMailbox>(
        `select mailbox_id, lower(email) as email, data_from::text as data_from,
                (created_at at time zone 'UTC')::date::text as added
           from mailboxes where workspace_id = $1 and data_from is not null
            and (created_at at time zone 'UTC')::date < data_from`,
        [workspaceId],
      );
      for (const mailbox of mailboxes) {
        const range = { from: dayStart(mailbox.added), to: dayStart(mailbox.data_from) };
        const mail = generateDemoMail(options, [mailbox.email], range);
        await insertDemoMail(
          tx,
          workspaceId,
          [{ mailboxId: mailbox.mailbox_id, email: mailbox.email }],
          mail,
        );
      }
      await tx.query(
        `update mailboxes set data_from = (created_at at time zone 'UTC')::date
          where workspace_id = $1 and mailbox_id = any($2::int[])`,
        [workspaceId, mailboxes.map((mailbox) => mailbox.mailbox_id)],
      );
    });
    await rebuildWorkspaceStats(db, workspaceId);
    const [row] = await db.query<{ count: number }>(
      `select count(*)::int as count from messages where workspace_id = $1`,
      [workspaceId],
    );
    return row?.count ?? 0;
  } finally {
    await db.close();
  }
}
