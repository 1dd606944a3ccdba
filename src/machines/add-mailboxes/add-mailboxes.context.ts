import type { MailboxCheck } from '@/api/types';
import { isEmail, NOT_AN_EMAIL } from '@common/patterns';

// The Add mailboxes page's context and the rules on it: what its machine's guards and its view
// read from the context, in one place so both always agree.

export interface AddMailboxesContext {
  maxMailboxes: number;
  /** Mailboxes the workspace tracked when the page opened. */
  tracked: number;
  text: string;
  /** The entered text split into addresses; invalid ones are still listed (shown in red). */
  addresses: string[];
  historic: boolean;
  /** The addresses of the current run, in order; `checks[i]` answers `submitted[i]`. */
  submitted: string[];
  checks: MailboxCheck[];
  /** The run's entries that are no address (shown in red): refused here, never sent. */
  refused: MailboxCheck[];
  /** Reconnections since the socket last signed in. */
  reconnects: number;
  /** Why validation stopped or adding failed, as the server put it. */
  error: string | null;
}

/** Spec section 9: the historic-data option reaches two years back. */
const HISTORY_YEARS = 2;

type Context = AddMailboxesContext;

export const remainingSlots = (c: Context) => Math.max(c.maxMailboxes - c.tracked, 0);
/** True when adding `count` mailboxes would pass the workspace's limit. */
export const exceedsLimit = (c: Context, count: number) => count > remainingSlots(c);
/** The addresses that can be added, each once: a drop between two copies can let both pass. */
export const validChecks = (c: Context) =>
  c.checks.filter(
    (check, index) =>
      check.status === 'OK' && c.checks.findIndex((other) => other.email === check.email) === index,
  );
/** The refused entries and the server's refusals, in the order they were entered. */
export const invalidChecks = (c: Context) => {
  const entered = c.addresses.map((address) => address.trim().toLowerCase());
  const order = (check: MailboxCheck) => entered.indexOf(check.email.toLowerCase());
  return [...c.refused, ...c.checks.filter((check) => check.status === 'ERROR')].sort(
    (a, b) => order(a) - order(b),
  );
};

/** A run's split: the addresses the server checks, and the entries refused before sending. */
export function splitRun(addresses: readonly string[]) {
  return {
    submitted: addresses.filter(isEmail),
    refused: addresses
      .filter((address) => !isEmail(address))
      .map((email): MailboxCheck => ({ email, status: 'ERROR', message: NOT_AN_EMAIL })),
  };
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The `data_from` day: two years back with historic data, otherwise today (local dates). */
export function dataFromDay(historic: boolean, today: Date): string {
  const day = new Date(today);
  if (historic) day.setFullYear(day.getFullYear() - HISTORY_YEARS);
  return isoDay(day);
}
