import { DbConstraintError, type Db, type Queryable } from '../db/types';
import {
  addUser,
  countUsers,
  createWorkspace,
  getWorkspace,
  listWorkspaces,
  removeUser,
  setDashboard,
  setFeature,
  setLimits,
  type Workspace,
} from '../repos/workspaces';
import { createOperatorSignInLink } from '../auth/demo-login';
import { operatorCaller } from '../audit/caller';
import { revokeSessions } from '../audit/sessions';
import { findUsersByEmail } from '../repos/users';
import { loadConfig } from '../config';
import { outboxLines } from '../alerts/outbox-report';
import { rotateWebhookSecret, webhookSecret } from '../alerts/webhook-secret';
import { CliInputError } from './flag-values';
import type { Command } from './parse';
import { RebuildBusyError, rebuildWorkspaceStats } from '../stats/rebuild';

// Executes a parsed command in one transaction and describes each change in one line. A
// CliInputError thrown here rolls the transaction back, so a refused command changes nothing.

type Run<N extends Command['name']> = (
  tx: Queryable,
  command: Extract<Command, { name: N }>,
) => Promise<string[]>;

type Handlers = { [N in Exclude<Command['name'], 'help' | 'stats:rebuild'>]: Run<N> };

export async function runCommand(db: Db, command: Command): Promise<string[]> {
  if (command.name === 'help') return [];
  if (command.name === 'stats:rebuild') return rebuildStats(db, command.workspaceId);
  const run = HANDLERS[command.name] as Run<typeof command.name>;
  return db.transaction((tx) => run(tx, command));
}

export async function existing(tx: Queryable, workspaceId: number): Promise<Workspace> {
  const workspace = await getWorkspace(tx, workspaceId);
  if (!workspace) throw new CliInputError(`--workspace ${workspaceId}: no such workspace`);
  return workspace;
}

/** Row fields shown in change lines: text, numbers, booleans or null. */
type Shown = string | number | boolean | null;
const show = (value: Shown) => (value === null ? 'none' : String(value));

/** One line per field whose value differs; a single "unchanged" line when none does. */
export function changes<K extends string>(
  label: string,
  before: Record<K, Shown>,
  after: Record<K, Shown>,
  keys: readonly K[],
): string[] {
  const lines = keys
    .filter((key) => before[key] !== after[key])
    .map((key) => `${label} ${key} ${show(before[key])} → ${show(after[key])}`);
  return lines.length > 0 ? lines : [`${label} unchanged`];
}

const HANDLERS: Handlers = {
  'workspace:create': async (tx, { workspace }) => {
    const created = await createWorkspace(tx, workspace);
    return [
      `created workspace ${created.workspace_id} "${created.client_name}": ` +
        `domains ${created.allowed_domains.join(', ')}; provider ${created.provider}; ` +
        `limits ${created.max_mailboxes} mailboxes, ${created.max_users} users, ` +
        `${created.max_alerts} alerts`,
    ];
  },

  'workspace:list': async (tx) => {
    const workspaces = await listWorkspaces(tx);
    if (workspaces.length === 0) return ['no workspaces'];
    return workspaces.map(
      (w) =>
        `${w.workspace_id}\t${w.client_name}\tprovider ${w.provider}\t` +
        `domains ${w.allowed_domains.join(',')}\t` +
        `microsoft tenants ${w.microsoft_tenants.join(',') || 'none'}\t` +
        `google workspace ${w.google_workspace_domain ? 'yes' : 'no'}\t` +
        `mailboxes ${w.mailboxes}/${w.max_mailboxes}\t` +
        `users ${w.users}/${w.max_users}\talerts ${w.alerts}/${w.max_alerts}`,
    );
  },

  'user:add': async (tx, { workspaceId, user }) => {
    const workspace = await existing(tx, workspaceId);
    const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
    if (!workspace.allowed_domains.includes(domain)) {
      throw new CliInputError(
        `--email ${user.email}: ${domain} is not an allowed domain of workspace ${workspaceId} ` +
          `(${workspace.allowed_domains.join(', ')})`,
      );
    }
    if ((await countUsers(tx, workspaceId)) >= workspace.max_users) {
      throw new CliInputError(
        `--workspace ${workspaceId} is at its limit of ${workspace.max_users} users ` +
          '(raise it with limits:set --max-users)',
      );
    }
    try {
      const added = await addUser(tx, workspaceId, user);
      return [
        `workspace ${workspaceId}: added ${added.role} ${added.email} (user ${added.user_id})`,
      ];
    } catch (error) {
      if (error instanceof DbConstraintError && error.constraint === 'users_email_key') {
        throw new CliInputError(
          `--email ${user.email}: already a user (emails are unique across workspaces)`,
        );
      }
      throw error;
    }
  },

  'user:remove': async (tx, { workspaceId, email }) => {
    await existing(tx, workspaceId);
    const found = await findUsersByEmail(tx, workspaceId, [email.toLowerCase()]);
    const users = [...found].map(([address, user]) => ({ id: user.id, email: address }));
    await revokeSessions(tx, workspaceId, users, 'user removed', operatorCaller());
    const removed = await removeUser(tx, workspaceId, email);
    if (!removed)
      throw new CliInputError(`--email ${email}: no such user in workspace ${workspaceId}`);
    return [
      `workspace ${workspaceId}: removed ${removed.role} ${removed.email} (user ${removed.user_id})`,
    ];
  },

  // A sign-in link for one user, printed once (only its hash is stored), built on PUBLIC_URL.
  'user:link': async (tx, { workspaceId, email }) => {
    await existing(tx, workspaceId);
    const link = await createOperatorSignInLink(tx, workspaceId, email, loadConfig().publicUrl);
    if (!link)
      throw new CliInputError(`--email ${email}: no such user in workspace ${workspaceId}`);
    return [`sign-in ${email}: ${link}`];
  },

  'limits:set': async (tx, { workspaceId, limits }) => {
    const before = await existing(tx, workspaceId);
    const after = await setLimits(tx, workspaceId, limits);
    if (!after) throw new Error(`workspace ${workspaceId} vanished`);
    return changes(`workspace ${workspaceId}:`, before, after, [
      'max_mailboxes',
      'max_users',
      'max_alerts',
    ]);
  },

  'feature:set': async (tx, { workspaceId, feature, flags }) => {
    const before = (await existing(tx, workspaceId)).features[feature];
    const after = await setFeature(tx, workspaceId, feature, flags);
    if (!after) throw new Error(`workspace ${workspaceId} vanished`);
    return changes(`workspace ${workspaceId}: feature ${feature}`, before, after, [
      'enabled',
      'read_only',
    ]);
  },

  'dashboard:set': async (tx, { workspaceId, dashboard }) => {
    const before = (await existing(tx, workspaceId)).dashboard;
    const after = await setDashboard(tx, workspaceId, dashboard);
    if (!after) throw new Error(`workspace ${workspaceId} vanished`);
    return changes(`workspace ${workspaceId}: dashboard`, before, after, [
      'platform',
      'dashboard_uuid',
      'dashboard_url',
      'embedded_url',
      'name',
    ]);
  },

  'alerts:outbox': async (tx, { workspaceId }) => {
    await existing(tx, workspaceId);
    return outboxLines(tx, workspaceId);
  },

  'alerts:secret': async (tx, { workspaceId, rotate }) => {
    await existing(tx, workspaceId);
    if (!rotate) return [await webhookSecret(tx, workspaceId)];
    const secret = await rotateWebhookSecret(tx, workspaceId);
    return [`workspace ${workspaceId}: webhook secret replaced`, secret];
  },
};

// stats:rebuild runs its own transactions (snapshot, compute, swap), so it takes the Db.
async function rebuildStats(db: Db, workspaceId: number): Promise<string[]> {
  await db.transaction((tx) => existing(tx, workspaceId));
  try {
    const result = await rebuildWorkspaceStats(db, workspaceId);
    return [
      `workspace ${workspaceId}: statistics rebuilt (generation ${result.generation}, ` +
        `${result.messages} messages, ${result.requests} requests)`,
    ];
  } catch (error) {
    if (error instanceof RebuildBusyError) throw new CliInputError(error.message);
    throw error;
  }
}
