import type { Alert, AlertInput } from '@/api/types';
import { isDomainOrWildcard, isEmail, isWebhookUrl } from '@common/patterns';
import type { ChipsValue } from '@/domain/chips';

/** The Create new alert / Edit alert modal. */
export interface AlertDraft {
  /** The alert being edited; null for a new alert. */
  id: number | null;
  name: string;
  /** Tracked mailbox addresses the alert watches. */
  mailboxes: string[];
  /** The gap in hours as typed: digits only. */
  hours: string;
  /** Domains, subdomain patterns and addresses, in one input. */
  targets: ChipsValue;
  notifyEmails: ChipsValue;
  /** Not edited in the modal; an edit sends it back unchanged. */
  notifyWebhook: string | null;
}

const NO_CHIPS: ChipsValue = { values: [], pending: '' };

export const EMPTY_ALERT_DRAFT: AlertDraft = {
  id: null,
  name: '',
  mailboxes: [],
  hours: '',
  targets: NO_CHIPS,
  notifyEmails: NO_CHIPS,
  notifyWebhook: null,
};

export const ALERT_TEXTS = {
  hours: 'Enter a whole number of hours above 0.',
  /** "Please check that all domains are correct": a domain, a wildcard domain or an address. */
  targets: 'Please check that all domains are correct',
  /** "Please check that all notification emails are correct." */
  notifyEmails: 'Please check that all email addresses are correct',
  webhook: 'Enter an https:// URL (http:// only to this machine).',
} as const;

/** The gap in whole hours above 0, or null while the field holds anything else. */
export function gapHours(hours: string): number | null {
  if (!/^\d+$/.test(hours)) return null;
  const value = Number(hours);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Entries with `@` are addresses, the others domains or subdomain patterns (`*.acme.com`). */
const isAddressEntry = (entry: string) => entry.includes('@');
export const isValidTarget = (entry: string) =>
  isAddressEntry(entry) ? isEmail(entry) : isDomainOrWildcard(entry);

export interface AlertDraftCheck {
  invalidTargets: string[];
  invalidNotifyEmails: string[];
  /** Hours typed but not a whole number above 0 (an empty field only blocks the submit). */
  hoursInvalid: boolean;
  /** A webhook typed that the server would refuse (empty means none). */
  webhookInvalid: boolean;
}

const webhookOf = (draft: AlertDraft) => draft.notifyWebhook?.trim() || null;

/** What the modal marks as wrong; the submit rule builds on the same check. */
export function checkAlertDraft(draft: AlertDraft): AlertDraftCheck {
  return {
    invalidTargets: draft.targets.values.filter((entry) => !isValidTarget(entry)),
    invalidNotifyEmails: draft.notifyEmails.values.filter((email) => !isEmail(email)),
    hoursInvalid: draft.hours !== '' && gapHours(draft.hours) === null,
    webhookInvalid: webhookOf(draft) !== null && !isWebhookUrl(webhookOf(draft) ?? ''),
  };
}

/**
 * Submit needs a name, at least one mailbox, whole hours above 0, at least one domain or address
 * and all of them valid, at least one notification email and all of them valid, and no text
 * left pending in the inputs.
 */
export function canSubmitAlert(draft: AlertDraft): boolean {
  const check = checkAlertDraft(draft);
  return (
    draft.name.trim() !== '' &&
    draft.mailboxes.length > 0 &&
    gapHours(draft.hours) !== null &&
    draft.targets.values.length > 0 &&
    check.invalidTargets.length === 0 &&
    draft.notifyEmails.values.length > 0 &&
    check.invalidNotifyEmails.length === 0 &&
    !check.webhookInvalid &&
    draft.targets.pending === '' &&
    draft.notifyEmails.pending === ''
  );
}

/** What keeps Create alert disabled, said under the button; null when it can be pressed. */
export function alertDraftMissing(draft: AlertDraft): string | null {
  const check = checkAlertDraft(draft);
  const missing = [
    draft.name.trim() === '' && 'a name',
    draft.mailboxes.length === 0 && 'a mailbox',
    gapHours(draft.hours) === null && 'whole hours above 0',
    draft.targets.values.length === 0 && 'a domain or address to watch',
    draft.notifyEmails.values.length === 0 && 'a notification email',
  ].filter((part): part is string => part !== false);
  const wrong = check.invalidTargets.length + check.invalidNotifyEmails.length > 0;
  if (missing.length === 0) return wrong ? 'Correct the entries marked in red.' : null;
  return `Still needed: ${missing.join(', ')}.`;
}

/** The body of POST and PATCH: hours are sent as minutes, entries split by their `@`. */
export function alertBody(draft: AlertDraft): AlertInput {
  const entries = draft.targets.values;
  return {
    name: draft.name.trim(),
    minutes_gap: (gapHours(draft.hours) ?? 0) * 60,
    base: 'unreplied_emails',
    mailboxes: draft.mailboxes,
    addresses: entries.filter(isAddressEntry),
    domains: entries.filter((entry) => !isAddressEntry(entry)),
    notify_emails: draft.notifyEmails.values,
    notify_webhook: webhookOf(draft),
  };
}

/** The modal's draft for an alert fetched before editing. */
export function draftFromAlert(alert: Alert): AlertDraft {
  return {
    id: alert.id,
    name: alert.name,
    mailboxes: alert.mailboxes,
    // Gaps made here are whole hours; any other shows as is and must be corrected to save.
    hours: String(alert.minutes_gap / 60),
    targets: { values: [...alert.domains, ...alert.addresses], pending: '' },
    notifyEmails: { values: alert.notify_emails, pending: '' },
    notifyWebhook: alert.notify_webhook,
  };
}
