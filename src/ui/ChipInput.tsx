import {
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { splitEntries } from '../domain/patterns';
import { CloseIcon } from './icons';
import './ChipInput.css';

export interface Chip {
  item: string;
  valid: boolean;
  /** False for entries that cannot be deleted (e.g. a workspace's default domains). */
  removable?: boolean;
  /** A short note shown in the chip, e.g. Default. */
  note?: string;
}

export interface ChipInputProps {
  label: string;
  hideLabel?: boolean;
  chips: readonly Chip[];
  /** Entries typed (on Enter, a separator or leaving the field) or pasted. */
  onAdd: (entries: string[]) => void;
  onRemove: (item: string) => void;
  placeholder?: string;
  /**
   * `words`: entries end at white space, commas and semicolons (addresses, domains).
   * `lines`: entries may hold spaces and end at Enter or a line break (free text).
   */
  split?: 'words' | 'lines';
  disabled?: boolean;
  /** Shown under the field, e.g. why some entries are invalid. */
  error?: ReactNode;
}

const splitLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

function ChipItem({ chip, onRemove }: { chip: Chip; onRemove?: () => void }) {
  return (
    <li className="chip" data-valid={chip.valid}>
      <span className="chip-text">{chip.item}</span>
      {!chip.valid && <span className="visually-hidden"> (not valid)</span>}
      {chip.note && <span className="chip-note">{chip.note}</span>}
      {chip.removable !== false && onRemove && (
        <button
          type="button"
          className="chip-remove"
          aria-label={`Remove ${chip.item}`}
          onClick={onRemove}
        >
          <CloseIcon size={14} />
        </button>
      )}
    </li>
  );
}

/** A multi-value input: each entry becomes a chip, red when invalid, with its own remove button. */
export function ChipInput({
  label,
  hideLabel,
  chips,
  onAdd,
  onRemove,
  placeholder,
  split = 'words',
  disabled,
  error,
}: ChipInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const entriesOf = split === 'words' ? splitEntries : splitLines;

  const commit = (value: string) => {
    const entries = entriesOf(value);
    setText('');
    if (entries.length > 0) onAdd(entries);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const separator = split === 'words' && [',', ';', ' '].includes(event.key);
    if (event.key === 'Enter' || separator) {
      // Enter must not submit the surrounding form while an entry is being typed.
      if (event.key !== 'Enter' || text.trim() !== '') event.preventDefault();
      commit(text);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    commit(text + event.clipboardData.getData('text'));
  };

  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <div
        className="chip-input"
        data-invalid={error ? true : undefined}
        data-disabled={disabled || undefined}
        // A click on the box's free space types into it, like a plain input.
        onClick={(event) => {
          if (event.target === event.currentTarget) inputRef.current?.focus();
        }}
      >
        {chips.length > 0 && (
          <ul className="chip-list" aria-label={`${label} entries`}>
            {chips.map((chip) => (
              <ChipItem
                key={chip.item}
                chip={chip}
                onRemove={disabled ? undefined : () => onRemove(chip.item)}
              />
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          id={id}
          className="chip-input-field"
          value={text}
          disabled={disabled}
          placeholder={disabled ? undefined : placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => commit(text)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
