import { itemsProblem, nameProblem, type DraftItem } from '@/domain/contact-groups';
import type { GroupFormAction } from './contact-groups.actors';

/** The add group, add contacts and rename form: what it edits and what it checks against. */
export interface GroupDraft {
  action: GroupFormAction;
  /** The group acted on (AddContact, RenameContactGroup); null for a new group. */
  target: string | null;
  name: string;
  items: DraftItem[];
  /** Every group's name: a name must not repeat one. */
  taken: string[];
  /** The group's contacts (AddContact): entries already there are dropped. */
  present: string[];
}

export const EMPTY_GROUP_DRAFT: GroupDraft = {
  action: 'AddContactGroup',
  target: null,
  name: '',
  items: [],
  taken: [],
  present: [],
};

/** The remove contacts and remove group modals: what goes, and what the text names. */
export interface RemovalDraft {
  kind: 'contacts' | 'group';
  group: string;
  ids: number[];
  /** Every contact of the group chosen: the group goes too. */
  all: boolean;
  /** The group's contact count (remove group), else how many contacts are chosen. */
  count: number;
  /** The one chosen contact's entry, when only one is. */
  item: string | null;
}

export const EMPTY_REMOVAL_DRAFT: RemovalDraft = {
  kind: 'contacts',
  group: '',
  ids: [],
  all: false,
  count: 0,
  item: null,
};

/** What keeps the form from saving; the modal shows the matching messages. */
export function draftProblems(draft: GroupDraft) {
  const { action, name, items, taken, target } = draft;
  return {
    name:
      action === 'AddContact'
        ? null
        : nameProblem({ name, taken, own: action === 'RenameContactGroup' ? target : null }),
    items: action === 'RenameContactGroup' ? null : itemsProblem(items),
  };
}

export const isDraftValid = (draft: GroupDraft) => {
  const problems = draftProblems(draft);
  return problems.name === null && problems.items === null;
};
