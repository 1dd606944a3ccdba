import type { Schemas } from '../contract/types';
import { badRequest } from '../http/errors';
import { isDomainOrWildcard, isEmail, isWebhookUrl } from '../../common/patterns';

type AlertInput = Schemas['AlertInput'];

/** An alert body after trimming, lower-casing and removing repeats; what the repository stores. */
export interface AlertFields {
  name: string;
  minutesGap: number;
  mailboxes: string[];
  addresses: string[];
  domains: string[];
  notifyEmails: string[];
  notifyWebhook: string | null;
}

const DOMAINS_MESSAGE = 'Please check that all domains are correct';

const cleanList = (values: readonly string[]) => [
  ...new Set(values.map((v) => v.trim().toLowerCase())),
];

function cleanWebhook(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!isWebhookUrl(text)) {
    throw badRequest(
      'notify_webhook: the webhook must be an https:// URL (http:// only to this machine).',
    );
  }
  return text;
}

/** Checks and normalises an alert body beyond what the contract checks (the specification's validation rules). */
export function cleanAlertInput(input: AlertInput): AlertFields {
  const name = input.name.trim();
  if (name === '') throw badRequest('Give the alert a name.');
  const addresses = cleanList(input.addresses);
  const domains = cleanList(input.domains);
  if (!addresses.every(isEmail) || !domains.every(isDomainOrWildcard))
    throw badRequest(DOMAINS_MESSAGE);
  if (addresses.length + domains.length === 0)
    throw badRequest('Add at least one domain or address to watch.');
  const notifyEmails = cleanList(input.notify_emails);
  if (notifyEmails.length === 0 || !notifyEmails.every(isEmail)) {
    throw badRequest('Please check that all notification emails are correct.');
  }
  return {
    name,
    minutesGap: input.minutes_gap,
    mailboxes: cleanList(input.mailboxes),
    addresses,
    domains,
    notifyEmails,
    notifyWebhook: cleanWebhook(input.notify_webhook),
  };
}
