import { useState } from 'react';
import type { ChipsValue } from '@/domain/chips';
import type { ChipTone } from './ChipsInput';

export interface CheckedEntry {
  item: string;
  valid: boolean;
}

interface ChipEdits {
  /** The entries as the machine holds them, each checked. */
  items: readonly CheckedEntry[];
  onAdd: (items: string[]) => void;
  onRemove: (item: string) => void;
}

/**
 * `value`, `onChange` and `toneOf` for a ChipsInput whose entries a machine keeps through add
 * and remove events (it cleans and checks them). The text being typed stays here: no rule of
 * these machines reads it, and leaving the field turns it into entries.
 */
export function useChipEdits({ items, onAdd, onRemove }: ChipEdits) {
  const [pending, setPending] = useState('');
  const values = items.map(({ item }) => item);
  return {
    value: { values, pending },
    onChange: (next: ChipsValue) => {
      setPending(next.pending);
      const added = next.values.filter((entry) => !values.includes(entry));
      if (added.length > 0) onAdd(added);
      for (const entry of values) if (!next.values.includes(entry)) onRemove(entry);
    },
    toneOf: (entry: string): ChipTone =>
      items.some(({ item, valid }) => item === entry && !valid) ? 'invalid' : 'default',
  };
}
