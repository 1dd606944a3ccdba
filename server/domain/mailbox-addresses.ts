import { domainOf, isEmail } from '../../common/patterns';

// The rules for the addresses of mailboxes and users a workspace adds.

/** Trims and lower-cases addresses and drops repeats, keeping the first order seen. */
export function normalizeEmails(emails: readonly string[]): string[] {
  return [...new Set(emails.map((email) => email.trim().toLowerCase()))];
}

/** A readable name from an address's local part: "sales" → "Sales", "john.doe" → "John Doe". */
export function nameFromAddress(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@'));
  return local
    .split(/[._+-]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Why addresses cannot belong to this workspace (invalid, or of another domain), or null. */
export function addressProblem(
  emails: readonly string[],
  allowedDomains: readonly string[],
): string | null {
  const invalid = emails.filter((email) => !isEmail(email));
  if (invalid.length > 0) return `These are not valid email addresses: ${invalid.join(', ')}.`;
  const allowed = new Set(allowedDomains.map((domain) => domain.toLowerCase()));
  const foreign = emails.filter((email) => !allowed.has(domainOf(email)));
  if (foreign.length === 0) return null;
  return `These addresses are not of your workspace's domains (${[...allowed].join(', ')}): ${foreign.join(', ')}.`;
}
