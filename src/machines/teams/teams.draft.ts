import { NAME_MAX_LENGTH } from '@common/limits';

/** The Create new team / Edit team modal. */
export interface TeamDraft {
  /** The team being edited; null for a new team. */
  id: number | null;
  name: string;
  /** Mailbox addresses. */
  members: string[];
  /** Lower-cased names of the other teams: a name must not repeat, ignoring case. */
  takenNames: ReadonlySet<string>;
}

export const EMPTY_TEAM_DRAFT: TeamDraft = {
  id: null,
  name: '',
  members: [],
  takenNames: new Set(),
};

export const TEAM_NAME_TAKEN = 'This team name already exists';

export const isTeamNameTaken = (draft: TeamDraft) =>
  draft.takenNames.has(draft.name.trim().toLowerCase());

export const isTeamNameTooLong = (draft: TeamDraft) => draft.name.trim().length > NAME_MAX_LENGTH;

/** A team needs a name of 1 to 100 characters that no other team has, and at least one mailbox. */
export const canSubmitTeam = (draft: TeamDraft) =>
  draft.name.trim() !== '' &&
  !isTeamNameTooLong(draft) &&
  draft.members.length > 0 &&
  !isTeamNameTaken(draft);
