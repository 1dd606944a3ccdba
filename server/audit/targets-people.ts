import type { Tx } from '../db/types';
import type { Fields } from './entry';
import type { Item } from './changes';
import type { Json } from './canonical';
import { normalizeEmails } from '../domain/mailbox-addresses';
import { listAlerts, type Alert } from '../repos/alerts';
import { listMailboxes } from '../repos/mailboxes';
import { listSubscriptions } from '../repos/reports';
import { listTeams } from '../repos/teams';
import { findUsersByEmail, listUsers } from '../repos/users';
import { queuedNow, sessionLive } from '../repos/audit-targets';

// How the audit log reads the mailboxes, users, teams, alerts, report subscriptions, sessions
// and requests an operation changes (server/audit/operations.ts).

const asJson = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

export async function mailboxItems(tx: Tx, workspaceId: number, emails: readonly string[]) {
  const mailboxes = await listMailboxes(tx, workspaceId, normalizeEmails(emails));
  return mailboxes.map((m) => ({
    id: m.email.toLowerCase(),
    name: m.email,
    fields: { full_name: m.full_name, data_from: m.data_from, bhs_status: m.bhs_status },
  }));
}

export async function userItemsByEmail(tx: Tx, workspaceId: number, emails: readonly string[]) {
  const found = await findUsersByEmail(tx, workspaceId, normalizeEmails(emails));
  return [...found].map(([email, user]) => ({
    id: user.id,
    name: email,
    fields: { role: user.role },
  }));
}

export async function managerItems(tx: Tx, workspaceId: number, ids: readonly number[]) {
  const users = await listUsers(tx, workspaceId, [...new Set(ids)]);
  return users.map((user) => ({
    id: user.id,
    name: user.email,
    fields: asJson(user.can_see_data_for) as Fields,
  }));
}

/** A team as the log's item (its name and members). */
export const teamItem = (team: { id: number; name: string; members: string[] }): Item => ({
  id: team.id,
  name: team.name,
  fields: { name: team.name, members: team.members },
});

export async function teamItems(tx: Tx, workspaceId: number, ids: readonly number[]) {
  return (await listTeams(tx, workspaceId, [...new Set(ids)])).map(teamItem);
}

export async function teamItemsNamed(tx: Tx, workspaceId: number, name: string) {
  const wanted = name.trim().toLowerCase();
  const teams = await listTeams(tx, workspaceId);
  return teams.filter((team) => team.name.toLowerCase() === wanted).map(teamItem);
}

export async function alertItems(tx: Tx, workspaceId: number, ids: readonly number[]) {
  const wanted = new Set(ids);
  if (wanted.size === 0) return [];
  return (await listAlerts(tx, workspaceId)).filter((alert) => wanted.has(alert.id)).map(alertItem);
}

/** An alert as the log's item (its webhook URL, a credential, is masked when recorded). */
export const alertItem = (alert: Alert): Item => ({
  id: alert.id,
  name: alert.name,
  fields: asJson({
    name: alert.name,
    minutes_gap: alert.minutes_gap,
    mailboxes: alert.mailboxes,
    addresses: alert.addresses,
    domains: alert.domains,
    notify_emails: alert.notify_emails,
    notify_webhook: alert.notify_webhook,
    is_active: alert.is_active,
  }) as Fields,
});

export async function reportItems(
  tx: Tx,
  workspaceId: number,
  filter: { ids: readonly number[] } | { email: string },
) {
  const all = await listSubscriptions(
    tx,
    workspaceId,
    null,
    'ids' in filter ? [...filter.ids] : null,
  );
  const wanted = 'email' in filter ? filter.email.trim().toLowerCase() : null;
  return all
    .filter((report) => wanted === null || report.email.toLowerCase() === wanted)
    .map((report) => ({
      id: report.id,
      name: `${report.frequency} report to ${report.email}`,
      fields: asJson({
        email: report.email,
        frequency: report.frequency,
        mailboxes: report.mailboxes,
        teams: report.teams.map((team) => team.name),
      }) as Fields,
    }));
}

export async function sessionItems(
  tx: Tx,
  input: {
    workspaceId: number;
    userId: number | null;
    email: string | null;
    tokenHash: string | null;
  },
) {
  if (input.userId === null || input.tokenHash === null) return [];
  const live = await sessionLive(tx, input.workspaceId, input.tokenHash);
  return [{ id: input.userId, name: input.email ?? '', fields: { signed_in: live } }];
}

export async function queuedItems(tx: Tx, workspaceId: number, kind: 'feedback' | 'integration') {
  const rows = await queuedNow(tx, workspaceId, kind);
  return rows.map((row) => ({
    id: row.id,
    name: row.integration_name ?? row.feedback_type ?? kind,
    fields: asJson(
      kind === 'feedback'
        ? { type: row.feedback_type, from: row.email }
        : { integration: row.integration_name, from: row.email },
    ) as Fields,
  }));
}
