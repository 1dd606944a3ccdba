import type { NewApiToken } from '@/api/types';

// The create dialog's form: a name and a lifetime; the scope is the one there is.

export interface ApiTokenDraft {
  name: string;
  /** Days until it expires, one of EXPIRY_CHOICES. */
  expiresInDays: number;
}

/** The lifetimes offered, in days; the server takes 1 to 365. */
export const EXPIRY_CHOICES = [30, 90, 365] as const;

export const EMPTY_DRAFT: ApiTokenDraft = { name: '', expiresInDays: 90 };

const NAME_MAX = 100;

/** What keeps Create disabled: the reason a person reads under the field, or null. */
export function nameProblem(draft: ApiTokenDraft): string | null {
  const name = draft.name.trim();
  if (name === '') return 'Give the token a name, such as the tool that will use it.';
  if (name.length > NAME_MAX) return `At most ${NAME_MAX} characters.`;
  return null;
}

export const canCreateToken = (draft: ApiTokenDraft) => nameProblem(draft) === null;

export const tokenInput = (draft: ApiTokenDraft): NewApiToken => ({
  name: draft.name.trim(),
  scope: 'stats:read',
  expires_in_days: draft.expiresInDays,
});
