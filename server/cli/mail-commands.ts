import { readFile } from 'node:fs/promises';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/types';
import { sql } from '../db/sql';
import type { Secrets } from '../mail/secrets';
import { syncDueMailboxes, type SyncWorkerDeps } from '../mail/sync-worker';
import { saveMailAccount, type MailAccount } from '../repos/mail-accounts';
import { markDue } from '../repos/mailbox-sync';
import { getWorkspace } from '../repos/workspaces';
import { syncWorkerDeps } from '../workers/start';
import { CliInputError } from './flag-values';
import type { MailCommand } from './mail-parse';

// The mail commands. Settings and sealed secrets are written in one statement; mail:sync --wait
// syncs in this process, outside any transaction, like a worker.

interface MailCommandDeps {
  db: Db;
  config: Config;
  /** Opened only by the commands that seal a secret or sync. */
  secrets: () => Promise<Secrets>;
  /** Progress lines while syncing on a terminal. */
  progress?: (line: string) => void;
  worker?: Partial<SyncWorkerDeps>;
}

interface MailCommandResult {
  lines: string[];
  exitCode: number;
}

async function readSecretFile(path: string, flag: string): Promise<string> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliInputError(`--${flag}: cannot read ${path} (${error.code ?? error.message})`);
  });
  const trimmed = text.trim();
  if (trimmed === '') throw new CliInputError(`--${flag}: ${path} is empty`);
  return trimmed;
}

async function existing(db: Queryable, workspaceId: number) {
  if (!(await getWorkspace(db, workspaceId))) {
    throw new CliInputError(`--workspace ${workspaceId}: no such workspace`);
  }
}

/** The service account's key file: JSON with client_email and private_key. */
function serviceAccount(text: string): { client_email: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliInputError('--service-account-file is not JSON (download the key as JSON)');
  }
  const fields = (parsed ?? {}) as Record<string, unknown>;
  for (const field of ['client_email', 'private_key']) {
    if (typeof fields[field] !== 'string' || fields[field] === '') {
      throw new CliInputError(
        `--service-account-file has no ${field}: is it a service account key?`,
      );
    }
  }
  return { client_email: fields.client_email as string };
}

async function accountOf(command: MailCommand, deps: MailCommandDeps): Promise<MailAccount> {
  switch (command.name) {
    case 'mail:imap': {
      const { host, port, tls, masterUser, masterLogin, sentFolder } = command;
      const password = await readSecretFile(command.passwordFile, 'master-password-file');
      const settings = { host, port, tls, masterUser, masterLogin, sentFolder };
      return { provider: 'imap', settings, secret: (await deps.secrets()).seal(password) };
    }
    case 'mail:google': {
      const text = await readSecretFile(command.serviceAccountFile, 'service-account-file');
      const settings = { clientEmail: serviceAccount(text).client_email };
      return { provider: 'google', settings, secret: (await deps.secrets()).seal(text) };
    }
    case 'mail:microsoft': {
      const secret = await readSecretFile(command.clientSecretFile, 'client-secret-file');
      const settings = { tenant: command.tenant, clientId: command.clientId };
      return { provider: 'microsoft', settings, secret: (await deps.secrets()).seal(secret) };
    }
    default:
      return { provider: 'demo', settings: {}, secret: null };
  }
}

async function status(db: Db, workspaceId: number): Promise<string[]> {
  const rows = await db.query<{
    email: string;
    status: string;
    messages: number;
    last_synced_at: string | null;
    last_error: string | null;
  }>(sql`
    select m.email, m.status,
           (select count(*)::int from messages g
             where g.workspace_id = m.workspace_id and g.mailbox_id = m.mailbox_id) as messages,
           s.last_synced_at, s.last_error
      from mailboxes m
      left join mailbox_sync s on s.workspace_id = m.workspace_id and s.mailbox_id = m.mailbox_id
     where m.workspace_id = ${workspaceId} and m.removed_at is null
     order by lower(m.email)`);
  return rows.map((row) =>
    [row.email, row.status, row.messages, row.last_synced_at ?? '', row.last_error ?? ''].join(
      '\t',
    ),
  );
}

async function sync(
  command: Extract<MailCommand, { name: 'mail:sync' }>,
  deps: MailCommandDeps,
): Promise<MailCommandResult> {
  const emails = command.mailbox ? [command.mailbox] : undefined;
  const due = await markDue(deps.db, command.workspaceId, new Date(), emails);
  if (command.mailbox && due.length === 0) {
    throw new CliInputError(
      `--mailbox ${command.mailbox}: not a tracked mailbox of this workspace`,
    );
  }
  if (!command.wait) {
    return {
      lines: [`workspace ${command.workspaceId}: ${due.length} mailboxes due now`],
      exitCode: 0,
    };
  }
  const workerDeps = syncWorkerDeps(deps.db, deps.config, await deps.secrets(), {
    onBatch: (mailbox, batch) => {
      const { done, total } = batch.progress;
      const share = total ? ` ${Math.floor((100 * done) / Math.max(total, 1))}%` : '';
      deps.progress?.(`${mailbox.email}:${share} (${done}/${total ?? '?'})`);
    },
    ...deps.worker,
  });
  const outcomes = await syncDueMailboxes(workerDeps, new AbortController().signal, {
    workspaceId: command.workspaceId,
    emails: due,
  });
  outcomes.sort((a, b) => a.email.localeCompare(b.email));
  const lines = outcomes.map((o) => (o.ok ? `${o.email}: in` : `${o.email}: failed: ${o.error}`));
  const missed = due.filter((email) => !outcomes.some((o) => o.email === email));
  lines.push(...missed.map((email) => `${email}: failed: another process is syncing it`));
  const failed = missed.length > 0 || outcomes.some((o) => !o.ok);
  return { lines, exitCode: failed ? 1 : 0 };
}

export async function runMailCommand(
  command: MailCommand,
  deps: MailCommandDeps,
): Promise<MailCommandResult> {
  await existing(deps.db, command.workspaceId);
  if (command.name === 'mail:status')
    return { lines: await status(deps.db, command.workspaceId), exitCode: 0 };
  if (command.name === 'mail:sync') return sync(command, deps);
  const account = await accountOf(command, deps);
  const replaced = await saveMailAccount(deps.db, command.workspaceId, account);
  const shown = Object.entries(account.settings)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
  const secret = account.secret ? '; credential sealed' : '';
  return {
    lines: [
      `workspace ${command.workspaceId}: mail account ${replaced ? 'replaced' : 'set'}: ` +
        `${account.provider}${shown ? ` (${shown})` : ''}${secret}`,
    ],
    exitCode: 0,
  };
}
