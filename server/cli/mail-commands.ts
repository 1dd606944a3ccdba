import { readFile } from 'node:fs/promises';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/types';
import { sql } from '../db/sql';
import type { Secrets } from '../mail/secrets';
import { syncDueMailboxes, type SyncOutcome, type SyncWorkerDeps } from '../mail/sync-worker';
import { saveMailAccount, type MailAccount } from '../repos/mail-accounts';
import { liveLeaseHolders, markDue, readAgain } from '../repos/mailbox-sync';
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
  /** Prints a line at once (mail:sync --wait waiting for another process); else it is returned. */
  notice?: (line: string) => void;
  /** Waits between looks at a mailbox another process holds (tests inject it). */
  pause?: (ms: number) => Promise<void>;
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

/** A private CA's certificate (PEM), kept in the settings: public, so not sealed. */
async function readCa(path: string): Promise<string> {
  const text = await readSecretFile(path, 'ca-file');
  if (!/-----BEGIN CERTIFICATE-----/.test(text)) {
    throw new CliInputError(`--ca-file: ${path} holds no PEM certificate`);
  }
  return text;
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
  const { workspaceId } = command;
  const seal = async (plain: string, provider: MailAccount['provider']) =>
    (await deps.secrets()).seal(plain, { workspaceId, provider });
  switch (command.name) {
    case 'mail:imap': {
      const { host, port, tls, masterUser, masterLogin, masterSeparator, sentFolder } = command;
      const password = await readSecretFile(command.passwordFile, 'master-password-file');
      const ca = command.caFile ? await readCa(command.caFile) : null;
      const settings = {
        ...{ host, port, tls, ...(ca ? { ca } : {}), masterUser, masterLogin },
        ...{ masterSeparator, sentFolder },
      };
      return { provider: 'imap', settings, secret: await seal(password, 'imap') };
    }
    case 'mail:google': {
      const text = await readSecretFile(command.serviceAccountFile, 'service-account-file');
      const settings = { clientEmail: serviceAccount(text).client_email };
      return { provider: 'google', settings, secret: await seal(text, 'google') };
    }
    case 'mail:microsoft': {
      const secret = await readSecretFile(command.clientSecretFile, 'client-secret-file');
      const settings = { tenant: command.tenant, clientId: command.clientId };
      return { provider: 'microsoft', settings, secret: await seal(secret, 'microsoft') };
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

/** Seconds of a sync lease taken by mail:sync --wait (the worker's default). */
const LEASE_S = 120;
/** How often mail:sync --wait looks again at a mailbox another process is syncing. */
const POLL_MS = 1000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Syncs the due mailboxes in this process. A mailbox another live process is syncing is waited
 * for (whose lease and until when is said once), then synced from where that process left it;
 * one whose holder stopped renewing is taken over by the claim itself.
 */
async function syncWaiting(
  deps: MailCommandDeps,
  workerDeps: SyncWorkerDeps,
  workspaceId: number,
  due: readonly string[],
) {
  const outcomes: SyncOutcome[] = [];
  const said: string[] = [];
  const told = new Set<string>();
  let waiting = [...due];
  let unheld = 0;
  while (waiting.length > 0) {
    const filter = { workspaceId, emails: waiting };
    outcomes.push(...(await syncDueMailboxes(workerDeps, new AbortController().signal, filter)));
    waiting = waiting.filter((email) => !outcomes.some((o) => o.email === email));
    if (waiting.length === 0) break;
    const now = workerDeps.now();
    const leaseS = workerDeps.leaseS ?? LEASE_S;
    const holders = await liveLeaseHolders(deps.db, workspaceId, waiting, now, leaseS);
    // Released between the claim and the look (or not claimable at all): one more try.
    unheld = holders.length === 0 ? unheld + 1 : 0;
    if (unheld > 1) break;
    for (const { email, owner, expiresAt } of holders) {
      if (told.has(`${email} ${owner}`)) continue;
      told.add(`${email} ${owner}`);
      const line = `${email}: waiting: ${owner} is syncing it (its lease runs until ${expiresAt})`;
      if (deps.notice) deps.notice(line);
      else said.push(line);
    }
    await (deps.pause ?? pause)(POLL_MS);
    await markDue(deps.db, workspaceId, workerDeps.now(), waiting);
  }
  return { outcomes, said, missed: waiting };
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
  if (command.again) await readAgain(deps.db, command.workspaceId, new Date(), due);
  if (!command.wait) {
    const again = command.again ? ', to be read again from their data_from' : '';
    return {
      lines: [`workspace ${command.workspaceId}: ${due.length} mailboxes due now${again}`],
      exitCode: 0,
    };
  }
  const workerDeps = syncWorkerDeps(deps.db, deps.config, await deps.secrets(), {
    leaseS: LEASE_S,
    onBatch: (mailbox, batch) => {
      const { done, total } = batch.progress;
      const share = total ? ` ${Math.floor((100 * done) / Math.max(total, 1))}%` : '';
      deps.progress?.(`${mailbox.email}:${share} (${done}/${total ?? '?'})`);
    },
    log: { warn: (detail, message) => deps.notice?.(`${message} ${JSON.stringify(detail)}`) },
    ...deps.worker,
  });
  const { outcomes, said, missed } = await syncWaiting(deps, workerDeps, command.workspaceId, due);
  outcomes.sort((a, b) => a.email.localeCompare(b.email));
  const lines = [
    ...said,
    ...outcomes.map((o) => (o.ok ? `${o.email}: in` : `${o.email}: failed: ${o.error}`)),
    ...missed.map((email) => `${email}: failed: another process is syncing it`),
  ];
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
    .map(([key, value]) => (key === 'ca' ? 'ca from --ca-file' : `${key} ${String(value)}`))
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
