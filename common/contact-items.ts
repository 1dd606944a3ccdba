import { isDomain, isEmail } from './patterns';

// What a contact group's entry may be, and the messages both the modal and the API give.

export const NAME_REPEATED = 'Please check that the name is not repeated';
export const CONTACTS_INVALID = 'Please check that all email addresses are correct.';

export interface ContactItem {
  kind: 'address' | 'domain';
  value: string;
}

/** An entry with @ is an address, otherwise a domain; trimmed and lower-cased, null if invalid. */
export function parseContactItem(entry: string): ContactItem | null {
  const value = entry.trim().toLowerCase();
  if (value.includes('@')) return isEmail(value) ? { kind: 'address', value } : null;
  return isDomain(value) ? { kind: 'domain', value } : null;
}
