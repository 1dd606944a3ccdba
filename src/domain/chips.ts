// The value of a chips field (entries plus the text still being typed) and how typed or pasted
// text becomes entries; pure, so machines hold drafts of it and the field only draws them.
import { splitEntries } from '@common/patterns';

export interface ChipsValue {
  values: string[];
  /** Text typed after the last chip and not split yet. */
  pending: string;
}

/**
 * `words`: entries end at white space, commas and semicolons (addresses, domains).
 * `lines`: entries may hold spaces and end at a line break or Enter (free text).
 */
export type ChipsSplit = 'words' | 'lines';

const splitLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const SPLITS: Record<ChipsSplit, { entries: (text: string) => string[]; last: RegExp }> = {
  words: { entries: splitEntries, last: /[^\s,;]*$/ },
  lines: { entries: splitLines, last: /[^\r\n]*$/ },
};

/**
 * Splits typed or pasted text into entries (repeats, ignoring case, are dropped). Unless
 * `final`, a last entry with no separator after it is still being typed and stays pending.
 */
export function takeEntries(
  value: ChipsValue,
  text: string,
  final: boolean,
  split: ChipsSplit = 'words',
): ChipsValue {
  const cut = final ? text.length : text.search(SPLITS[split].last);
  const seen = new Set(value.values.map((entry) => entry.toLowerCase()));
  const values = [...value.values];
  for (const entry of SPLITS[split].entries(text.slice(0, cut))) {
    if (seen.has(entry.toLowerCase())) continue;
    seen.add(entry.toLowerCase());
    values.push(entry);
  }
  return { values, pending: text.slice(cut) };
}
