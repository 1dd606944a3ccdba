import type { Db, Tx } from '../db/types';
import { appendEntry } from '../audit/append';
import { masked } from '../audit/changes';
import { withTransaction } from '../audit/recorder';
import { operatorCaller } from '../audit/caller';
import type { Json } from '../audit/canonical';
import type { Fields, Target } from '../audit/entry';
import { workspaceCreatedNow, workspaceExists } from '../repos/audit-targets';
import type { AnyCommand } from './execute';

// Operator commands in the audit log (docs/audit.md): each command that changes something is
// recorded with the OS user as the `cli` actor, its target, and its flags (secrets masked) as
// what it set, in the first transaction the command commits; a command that commits none of
// its own (stats:rebuild) is recorded once it succeeded.

type Describe<N extends AnyCommand['name']> = (
  command: Extract<AnyCommand, { name: N }>,
) => Target | null;

const workspace = (command: { workspaceId: number }): Target => ({
  type: 'workspace',
  id: String(command.workspaceId),
  name: null,
});
const user = (command: { email: string }): Target => ({
  type: 'user',
  id: null,
  name: command.email,
});
const mailAccount = (command: { name: string }): Target => ({
  type: 'mail_account',
  id: null,
  name: command.name.slice('mail:'.length),
});
const READ_ONLY = () => null;

/** Every command: what it changes, or null for one that only reads. */
const TARGETS: { [N in AnyCommand['name']]: Describe<N> } = {
  help: READ_ONLY,
  'workspace:list': READ_ONLY,
  'alerts:outbox': READ_ONLY,
  'mail:status': READ_ONLY,
  'holidays:list': READ_ONLY,
  'reports:list': READ_ONLY,
  'audit:verify': READ_ONLY,
  'migrate:status': READ_ONLY,
  // A backup changes nothing; a restore writes a database that has no audit log yet.
  backup: READ_ONLY,
  restore: READ_ONLY,
  // The workspace's audit log goes with it; the command's output is the record.
  'workspace:delete': () => null,
  'workspace:create': (c) => ({ type: 'workspace', id: null, name: c.workspace.client_name }),
  'user:add': (c) => user(c.user),
  'user:remove': user,
  'user:link': user,
  'user:unbind': user,
  'workspace:set': workspace,
  'limits:set': workspace,
  'feature:set': (c) => ({ type: 'feature', id: c.feature, name: c.feature }),
  'dashboard:set': workspace,
  'stats:rebuild': (c) => ({ type: 'statistics', id: String(c.workspaceId), name: 'Statistics' }),
  'alerts:secret': (c) =>
    c.rotate ? { type: 'webhook_secret', id: null, name: 'Alert webhook secret' } : null,
  'mail:imap': mailAccount,
  'mail:google': mailAccount,
  'mail:microsoft': mailAccount,
  'mail:demo': mailAccount,
  'mail:sync': (c) => ({ type: 'mail_sync', id: null, name: c.mailbox ?? 'every mailbox' }),
  'bi:role': (c) => ({ type: 'bi_role', id: null, name: c.role }),
  'holidays:add': (c) => ({ type: 'holiday', id: c.date, name: `${c.date} ${c.holiday}` }),
  'holidays:import': (c) => ({ type: 'holiday', id: null, name: c.country }),
  'holidays:remove': (c) => ({ type: 'holiday', id: c.date, name: c.date }),
  'reports:send': (c) => ({ type: 'report', id: null, name: c.email }),
};

/** The command's flags as what it set: no name, no workspace id, every secret masked. */
function flagsOf(command: AnyCommand): Fields {
  const { name, ...flags } = command as AnyCommand & { workspaceId?: number };
  delete flags.workspaceId;
  void name;
  return masked(JSON.parse(JSON.stringify(flags)) as Json) as Fields;
}

interface CliRecording {
  db: Db;
  finish(): Promise<void>;
}

/** The Db a command runs on, recording it in the audit log when it changes something. */
export function recordCommand(db: Db, command: AnyCommand): CliRecording {
  const target = (TARGETS[command.name] as Describe<AnyCommand['name']>)(command);
  if (!target) return { db, finish: async () => {} };
  let recorded = false;
  const append = async (tx: Tx) => {
    const workspaceId =
      'workspaceId' in command ? command.workspaceId : await workspaceCreatedNow(tx);
    if (workspaceId === null || !(await workspaceExists(tx, workspaceId))) return;
    await appendEntry(tx, {
      workspaceId,
      ...operatorCaller(),
      operation: command.name,
      target,
      before: {},
      after: flagsOf(command),
    });
    recorded = true;
  };
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await fn(tx);
      if (!recorded) await append(tx);
      return result;
    });
  return {
    db: withTransaction(db, transaction),
    finish: async () => {
      if (!recorded) await db.transaction(append);
    },
  };
}
