import type { Schemas } from '../contract/types';
import { badRequest } from '../http/errors';
import { isDomainOrWildcard, isEmail } from '../../common/patterns';

export type AlertInput = Schemas['AlertInput'];

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

/** Hosts a plain-http webhook may reach: only this machine, never the public network in clear text. */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

function cleanWebhook(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('The webhook is not a valid URL.');
  }
  const allowed =
    url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!allowed)
    throw badRequest('The webhook must be an https:// URL (http:// only on this machine).');
  return text;
}

/** Checks and normalises an alert body beyond what the contract checks (spec 000 §5). */
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
