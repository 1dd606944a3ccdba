import { useId, useRef, type ReactNode } from 'react';
import { takeEntries, type ChipsSplit, type ChipsValue } from '@/domain/chips';
import { describedBy, Field } from './Field';
import { CloseIcon } from './icons';
import './ChipsInput.css';

export type ChipTone = 'default' | 'invalid' | 'warning';

/** An entry listed before the editable ones that cannot be removed, e.g. a workspace's own domain. */
interface FixedChip {
  entry: string;
  /** A short note shown in the chip, e.g. Default. */
  note: string;
}

interface ChipsInputProps {
  label: string;
  hideLabel?: boolean;
  value: ChipsValue;
  onChange: (value: ChipsValue) => void;
  /** Invalid entries are drawn in red, flagged ones in amber. */
  toneOf: (entry: string) => ChipTone;
  fixed?: readonly FixedChip[];
  split?: ChipsSplit;
  /**
   * `box`: a list area a few lines tall, its placeholder an example shown while it is empty.
   * `line`: one control's height, growing with its chips, the placeholder kept after them.
   */
  size?: 'box' | 'line';
  disabled?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
}

interface ChipProps {
  entry: string;
  tone: ChipTone;
  note?: string;
  onRemove?: () => void;
}

function Chip({ entry, tone, note, onRemove }: ChipProps) {
  return (
    <li className={`chip chip-${tone}`}>
      <span className="chip-text">{entry}</span>
      {tone === 'invalid' && <span className="visually-hidden"> (invalid)</span>}
      {note && <span className="chip-note">{note}</span>}
      {onRemove && (
        <button
          type="button"
          className="chip-remove"
          aria-label={`Remove ${entry}`}
          onClick={onRemove}
        >
          <CloseIcon size={12} />
        </button>
      )}
    </li>
  );
}

/** A field that turns each entry into a chip (Enter, a separator, a paste or leaving it). */
export function ChipsInput({
  label,
  hideLabel,
  value,
  onChange,
  toneOf,
  fixed = [],
  split = 'words',
  size = 'box',
  disabled,
  placeholder,
  hint,
  error,
  required,
}: ChipsInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const take = (text: string, final: boolean) => onChange(takeEntries(value, text, final, split));
  const remove = (entry: string) =>
    onChange({ ...value, values: value.values.filter((other) => other !== entry) });
  const example = size === 'box' && value.values.length > 0;

  return (
    <Field
      id={id}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      required={required}
    >
      <div
        className={`chips-box chips-box-${size}`}
        data-invalid={error ? true : undefined}
        data-disabled={disabled || undefined}
        onClick={() => input.current?.focus()}
      >
        {fixed.length + value.values.length > 0 && (
          <ul className="chips-list" aria-label={`${label} entries`}>
            {fixed.map(({ entry, note }) => (
              <Chip key={entry} entry={entry} tone="default" note={note} />
            ))}
            {value.values.map((entry) => (
              <Chip
                key={entry}
                entry={entry}
                tone={toneOf(entry)}
                onRemove={disabled ? undefined : () => remove(entry)}
              />
            ))}
          </ul>
        )}
        <input
          ref={input}
          id={id}
          className="chips-input"
          value={value.pending}
          disabled={disabled}
          placeholder={disabled || example ? undefined : placeholder}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
          onChange={(event) => take(event.target.value, false)}
          onBlur={() => value.pending !== '' && take(value.pending, true)}
          // A pasted list becomes chips at once, line breaks included (an input drops them).
          onPaste={(event) => {
            event.preventDefault();
            take(value.pending + event.clipboardData.getData('text'), true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && value.pending !== '') {
              // Enter must not submit the surrounding form while an entry is being typed.
              event.preventDefault();
              take(value.pending, true);
            } else if (event.key === 'Backspace' && value.pending === '') {
              const last = value.values.at(-1);
              if (last !== undefined) remove(last);
            }
          }}
        />
      </div>
    </Field>
  );
}
