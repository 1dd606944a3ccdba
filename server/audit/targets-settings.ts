import type { Tx } from '../db/types';
import type { Item } from './changes';
import type { Json } from './canonical';
import type { Schemas } from '../contract/types';
import type { BusinessHoursEntry } from '../domain/business-hours';
import * as hours from '../repos/business-hours';
import { findGroup, listContacts } from '../repos/contact-groups';
import { readFiltering, type StoredFiltering } from '../repos/filtering';
import { findHoliday, findMailboxHolidays, type Holiday } from '../repos/holidays';
import { groupName } from '../repos/audit-targets';
import { findApiToken, type ApiToken } from '../repos/api-tokens';

// How the audit log reads business hours, holidays, metric adjustments, contact groups and API
// tokens (server/audit/operations.ts).

/** A mailbox's own zone, days and holiday calendar. */
interface OwnHours {
  timezone: string;
  business_hours: BusinessHoursEntry[];
  holidays: Schemas['MailboxHolidays'];
}

const asJson = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

export const companyHoursItems = async (tx: Tx, workspaceId: number): Promise<Item[]> =>
  companyHoursItemsOf(await hours.findCompanyHours(tx, workspaceId));

/** The company hours as the log's item: none set is no fields. */
export function companyHoursItemsOf(saved: hours.BusinessHours | null): Item[] {
  const fields: Item['fields'] = saved
    ? { timezone: saved.timezone, business_hours: asJson(saved.business_hours) }
    : {};
  return [{ id: 'company', name: 'Company business hours', fields }];
}

/** A mailbox's own hours and holidays; none (it follows the company's) is no fields. */
export async function mailboxHoursItems(
  tx: Tx,
  workspaceId: number,
  email: string,
): Promise<Item[]> {
  const mailbox = await hours.findMailbox(tx, workspaceId, email);
  if (!mailbox) return [];
  if (mailbox.timezone === null) return mailboxHoursItemsOf(email, null);
  return mailboxHoursItemsOf(email, {
    timezone: mailbox.timezone,
    business_hours: await hours.findMailboxHours(tx, workspaceId, mailbox.mailboxId),
    holidays: await findMailboxHolidays(tx, workspaceId, mailbox.mailboxId),
  });
}

/** A mailbox's own hours as the log's item: null (it follows the company's) is no fields. */
export function mailboxHoursItemsOf(email: string, own: OwnHours | null): Item[] {
  const name = email.toLowerCase();
  return [{ id: name, name, fields: own ? (asJson(own) as Item['fields']) : {} }];
}

export async function holidayItems(tx: Tx, workspaceId: number, dates: readonly string[]) {
  const items: Item[] = [];
  for (const date of dates) {
    const holiday = await findHoliday(tx, workspaceId, date);
    if (holiday) items.push(holidayItem(holiday));
  }
  return items;
}

/** Company holidays as the log's items, by first date. */
export const holidayItemsOf = (holidays: readonly Holiday[]): Item[] =>
  [...holidays].sort((a, b) => a.date.localeCompare(b.date)).map(holidayItem);

const holidayItem = (holiday: Holiday): Item => ({
  id: holiday.date,
  name: `${holiday.date} ${holiday.name}`,
  fields: asJson(holiday) as Item['fields'],
});

export const filteringItems = async (tx: Tx, workspaceId: number): Promise<Item[]> =>
  filteringItemsOf(await readFiltering(tx, workspaceId));

/** The metric adjustments as the log's item. */
export function filteringItemsOf(saved: StoredFiltering): Item[] {
  const fields = {
    excluded_filters: asJson(saved.excludedFilters),
    internal_domains: saved.internalDomains,
  };
  return [{ id: 'metric_adjustments', name: 'Metric adjustments', fields }];
}

/** A contact group found by name, or (after a rename) by the id read before the change. */
export async function groupItems(
  tx: Tx,
  workspaceId: number,
  name: string,
  previous: readonly Item[] | null,
): Promise<Item[]> {
  const known = previous?.[0]?.id;
  const groupId = typeof known === 'number' ? known : await findGroup(tx, workspaceId, name);
  if (groupId === null) return [];
  const current = await groupName(tx, workspaceId, groupId);
  if (current === null) return [];
  const contacts = (await listContacts(tx, workspaceId, groupId)).map((contact) => contact.item);
  return [{ id: groupId, name: current, fields: { name: current, contacts } }];
}

/**
 * An API token as the log's item: its name, scope, first characters and dates, never its hash
 * (and no field name holds "token", which the log would mask).
 */
export const apiTokenItemOf = (saved: ApiToken): Item => ({
  id: saved.id,
  name: saved.name,
  fields: {
    name: saved.name,
    scope: saved.scope,
    prefix: saved.prefix,
    expires_at: saved.expires_at,
    revoked_at: saved.revoked_at,
  },
});

export async function apiTokenItems(tx: Tx, workspaceId: number, id: number): Promise<Item[]> {
  const saved = await findApiToken(tx, workspaceId, id);
  return saved ? [apiTokenItemOf(saved)] : [];
}
