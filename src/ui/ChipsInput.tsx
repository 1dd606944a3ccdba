import { useId, useRef } from 'react';
import { splitEntries } from '../domain/patterns';
import { CloseIcon } from './icons';
import './ChipsInput.css';

export type ChipTone = 'default' | 'invalid' | 'warning';

export interface ChipsValue {
  values: string[];
  /** Text typed after the last chip and not split yet. */
  pending: string;
}

/**
 * Splits typed or pasted text into entries on white space, commas and semicolons. Unless
 * `final`, a last token with no separator after it is still being typed and stays pending.
 */
export function takeEntries(value: ChipsValue, text: string, final: boolean): ChipsValue {
  const tokens = splitEntries(text);
  const typing = !final && tokens.length > 0 && !/[\s,;]$/.test(text);
  const complete = typing ? tokens.slice(0, -1) : tokens;
  const seen = new Set(value.values.map((entry) => entry.toLowerCase()));
  const values = [...value.values];
  for (const entry of complete) {
    if (seen.has(entry.toLowerCase())) continue;
    seen.add(entry.toLowerCase());
    values.push(entry);
  }
  return { values, pending: typing ? (tokens.at(-1) ?? '') : '' };
}

interface ChipsInputProps {
  label: string;
  value: ChipsValue;
  onChange: (value: ChipsValue) => void;
  /** Invalid entries are drawn in red, flagged ones in amber. */
  toneOf: (entry: string) => ChipTone;
  placeholder?: string;
  hint?: string;
  error?: string;
}

/** An address field that turns each entry into a chip (Enter, comma, semicolon or space). */
export function ChipsInput({
  label,
  value,
  onChange,
  toneOf,
  placeholder,
  hint,
  error,
}: ChipsInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  const remove = (entry: string) =>
    onChange({ ...value, values: value.values.filter((other) => other !== entry) });

  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div
        className={error ? 'chips-box is-invalid' : 'chips-box'}
        onClick={() => input.current?.focus()}
      >
        <ul className="chips-list" aria-label="Entries">
          {value.values.map((entry) => {
            const tone = toneOf(entry);
            return (
              <li key={entry} className={`chip chip-${tone}`}>
                <span>{entry}</span>
                {tone === 'invalid' && <span className="visually-hidden"> (invalid)</span>}
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove ${entry}`}
                  onClick={() => remove(entry)}
                >
                  <CloseIcon size={12} />
                </button>
              </li>
            );
          })}
        </ul>
        <input
          ref={input}
          id={id}
          className="chips-input"
          value={value.pending}
          placeholder={value.values.length === 0 ? placeholder : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          onChange={(event) => onChange(takeEntries(value, event.target.value, false))}
          onBlur={() => value.pending !== '' && onChange(takeEntries(value, value.pending, true))}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && value.pending !== '') {
              event.preventDefault();
              onChange(takeEntries(value, value.pending, true));
            } else if (event.key === 'Backspace' && value.pending === '') {
              const last = value.values.at(-1);
              if (last !== undefined) remove(last);
            }
          }}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
