import { NAME_MAX_LENGTH } from '@common/limits';
/**
 * Contact groups: what an entry may be and what keeps
 * the add group, add contact and rename modals from saving.
 */
import { parseContactItem } from '@common/contact-items';

export interface DraftItem {
  item: string;
  valid: boolean;
}

const isContactItem = (item: string) => parseContactItem(item) !== null;

/**
 * Adds typed or pasted entries, lower-cased; repeats, and entries in `present` (the group's
 * contacts), are dropped.
 */
export function addDraftItems(
  draft: readonly DraftItem[],
  entries: readonly string[],
  present: readonly string[] = [],
): DraftItem[] {
  const seen = new Set([...present, ...draft.map(({ item }) => item)]);
  const added: DraftItem[] = [];
  for (const entry of entries) {
    const item = entry.trim().toLowerCase();
    if (item === '' || seen.has(item)) continue;
    seen.add(item);
    added.push({ item, valid: isContactItem(item) });
  }
  return [...draft, ...added];
}

interface NameCheck {
  name: string;
  /** Every group's name. */
  taken: readonly string[];
  /** When renaming, the group's own name, which may be kept. */
  own?: string | null;
}

/** Why a name cannot be saved, if it cannot: missing, too long, or another group's (ignoring case). */
export function nameProblem({
  name,
  taken,
  own,
}: NameCheck): 'missing' | 'repeated' | 'tooLong' | null {
  const wanted = name.trim().toLowerCase();
  if (wanted === '') return 'missing';
  if (wanted.length > NAME_MAX_LENGTH) return 'tooLong';
  const others = taken.filter((group) => group.toLowerCase() !== own?.toLowerCase());
  return others.some((group) => group.toLowerCase() === wanted) ? 'repeated' : null;
}

/** Why entries cannot be saved, if they cannot: none given, or some invalid. */
export function itemsProblem(items: readonly DraftItem[]): 'missing' | 'invalid' | null {
  if (items.length === 0) return 'missing';
  return items.some(({ valid }) => !valid) ? 'invalid' : null;
}

/** `1 contact`, `4 contacts`. */
export const contactCount = (count: number) => `${count} ${count === 1 ? 'contact' : 'contacts'}`;
