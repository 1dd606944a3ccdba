import { isEmail } from '@common/patterns';
import type { Role } from '@/session/user-info';

/** What the rules need to know about the workspace, fixed while the modal is open. */
interface UsersFacts {
  /** Addresses (lower-case) of the workspace's users. */
  existing: ReadonlySet<string>;
  /** Addresses (lower-case) of the tracked mailboxes: a viewer needs one. */
  tracked: ReadonlySet<string>;
  maxUsers: number;
}

/** The Add new users / Edit role modal. */
export interface UsersDraft {
  /** The user whose role is edited; null when adding users. */
  editing: { id: number; email: string; role: Role } | null;
  /** The entered addresses, one chip each. */
  emails: string[];
  /** Text typed after the last chip, not yet split into entries. */
  pending: string;
  role: Role | null;
  /** A manager's grants. */
  teams: number[];
  mailboxes: string[];
  facts: UsersFacts;
}

export const EMPTY_USERS_DRAFT: UsersDraft = {
  editing: null,
  emails: [],
  pending: '',
  role: null,
  teams: [],
  mailboxes: [],
  facts: { existing: new Set(), tracked: new Set(), maxUsers: 0 },
};

export interface UsersDraftCheck {
  invalid: string[];
  /** Viewer entries without a tracked mailbox of the same address. */
  untracked: string[];
  /** Entries that are not users yet: only these take a slot. */
  newUsers: number;
  /** Slots left before this draft. */
  freeSlots: number;
  overLimit: boolean;
  /** A manager who would see nothing. */
  needsGrant: boolean;
}

/** Everything the modal says about a draft; the submit rule is built on the same check. */
export function checkUsersDraft(draft: UsersDraft): UsersDraftCheck {
  const { facts, emails, role } = draft;
  const lower = emails.map((email) => email.toLowerCase());
  const newUsers = lower.filter((email) => !facts.existing.has(email)).length;
  const freeSlots = Math.max(facts.maxUsers - facts.existing.size, 0);
  return {
    invalid: emails.filter((email) => !isEmail(email)),
    untracked:
      role === 'viewer'
        ? emails.filter((email) => isEmail(email) && !facts.tracked.has(email.toLowerCase()))
        : [],
    newUsers,
    freeSlots,
    overLimit: newUsers > freeSlots,
    needsGrant: role === 'manager' && draft.teams.length === 0 && draft.mailboxes.length === 0,
  };
}

/**
 * Submit is disabled for a manager with no teams and no mailboxes, past the user
 * limit, with text still in the input, with no address, with an invalid address or with no
 * role; and for a viewer address that is not a tracked mailbox.
 */
export function canSubmitUsers(draft: UsersDraft): boolean {
  const check = checkUsersDraft(draft);
  return (
    draft.role !== null &&
    draft.emails.length > 0 &&
    draft.pending === '' &&
    check.invalid.length === 0 &&
    check.untracked.length === 0 &&
    !check.overLimit &&
    !check.needsGrant
  );
}

/** The spec's texts, as written. */
export const USERS_TEXTS = {
  invalid: 'Please check that all email addresses are correct.',
  untrackedOne: "This user don't have a tracked mailbox",
  untrackedMany: "These users doesn't have a tracked mailboxes",
  needsGrant: 'Choose at least one team or mailbox this manager can see.',
} as const;

/** Under 3 free slots, say how many users can still be added. */
export const FEW_SLOTS = 3;
